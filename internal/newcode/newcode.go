// Package newcode limits findings to the code changed since a revision
// (`-new-from-rev REV`), with the hunk model the GitHub Action uses: the
// working tree is diffed against the merge base of REV and HEAD, as a
// pull request's diff is, and a finding is kept when every line it
// covers was added (the Action's `added` filter mode). Files git does not
// track yet count as added in full.
package newcode

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/github"
)

// Changes are the lines changed since a revision.
type Changes struct {
	// Rev is the revision as given; Base is the merge base it resolved to.
	Rev, Base string
	diff      *github.Diff
}

// Since computes the changes of the working tree in dir since rev. Paths
// are relative to dir (git's --relative), like the engine's. env is
// git's whole environment.
func Since(ctx context.Context, dir, rev string, env []string) (*Changes, error) {
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, " \t\n") {
		return nil, fmt.Errorf("-new-from-rev %q: expected a commit, branch or tag name", rev)
	}
	g := git{dir: dir, env: env}
	base, err := g.run(ctx, "merge-base", rev, "HEAD")
	if err != nil {
		return nil, fmt.Errorf("-new-from-rev %s: %w", rev, err)
	}
	base = strings.TrimSpace(base)
	out, err := g.run(ctx, "-c", "core.quotePath=true", "-c", "diff.noprefix=false",
		"diff", "--no-color", "--no-ext-diff", "--no-textconv", "-U3",
		"--src-prefix=a/", "--dst-prefix=b/", "--relative", base, "--")
	if err != nil {
		return nil, err
	}
	d, err := github.ParseDiff([]byte(out))
	if err != nil {
		return nil, fmt.Errorf("git diff %s: %w", base, err)
	}
	untracked, err := g.run(ctx, "ls-files", "-z", "--others", "--exclude-standard", "--", ".")
	if err != nil {
		return nil, err
	}
	if untracked != "" {
		if d, err = withUntracked(dir, d, strings.Split(strings.TrimSuffix(untracked, "\x00"), "\x00")); err != nil {
			return nil, err
		}
	}
	d.Source = github.SourceLocalGit
	return &Changes{Rev: rev, Base: base, diff: d}, nil
}

// withUntracked adds files git does not track as added in full.
func withUntracked(dir string, d *github.Diff, paths []string) (*github.Diff, error) {
	var files []github.File
	for _, f := range d.Files() {
		files = append(files, *f)
	}
	for _, p := range paths {
		// An untracked file that is not a regular file, too large or
		// unreadable is not checked either (the check's own read says
		// why); it has no lines to count as new.
		b, skip, err := engine.ReadSource(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil || skip != "" {
			continue
		}
		n := bytes.Count(b, []byte("\n"))
		if len(b) > 0 && b[len(b)-1] != '\n' {
			n++
		}
		h := github.Hunk{NewStart: 1, NewLines: n}
		for l := 1; l <= n; l++ {
			h.Added = append(h.Added, l)
		}
		f := github.File{Path: p, Status: github.StatusAdded}
		if n > 0 {
			f.Hunks = []github.Hunk{h}
		}
		files = append(files, f)
	}
	return github.NewDiff(github.SourceLocalGit, files)
}

// Lines is the line range a diagnostic covers. A range ending at column
// 1 of a later line ends with the line before: it stops at a newline.
func Lines(d engine.Diagnostic) (start, end int) {
	end = max(d.EndLine, d.Line)
	if d.EndCol <= 1 && end > d.Line {
		end--
	}
	return d.Line, end
}

// Keeps reports whether lines start..end of path are new code.
func (c *Changes) Keeps(path string, start, end int) bool {
	return c.diff.Allowed(github.FilterAdded, path, start, end)
}

// Filter splits diagnostics into those on new code and the number of
// others.
func (c *Changes) Filter(ds []engine.Diagnostic) (kept []engine.Diagnostic, outside int) {
	kept = []engine.Diagnostic{}
	for _, d := range ds {
		if s, e := Lines(d); c.Keeps(d.Path, s, e) {
			kept = append(kept, d)
		} else {
			outside++
		}
	}
	return kept, outside
}

// KeepsIgnore reports whether an unused marker stands on new code.
func (c *Changes) KeepsIgnore(i engine.Ignore) bool { return c.Keeps(i.Path, i.Line, i.Line) }

type git struct {
	dir string
	env []string
}

func (g git) run(ctx context.Context, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = g.dir
	cmd.Env = g.env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		return "", fmt.Errorf("git %s in %s: %w: %s", strings.Join(args, " "), g.dir, err, msg)
	}
	return stdout.String(), nil
}
