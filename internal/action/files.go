package action

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/github"
)

// git runs git in dir with exactly env (no token, no INPUT_*).
type git struct {
	dir string
	env []string
}

func (g git) output(ctx context.Context, stdin io.Reader, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir, cmd.Env, cmd.Stdin = g.dir, g.env, stdin
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("git %s: %w: %s", args[0], err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
}

// revParse resolves rev to a full commit SHA.
func (g git) revParse(ctx context.Context, rev string) (string, error) {
	out, err := g.output(ctx, nil, "rev-parse", "--verify", "--end-of-options", rev+"^{commit}")
	return strings.TrimSpace(string(out)), err
}

// changedPaths lists the files of diff worth reading: present at head,
// not binary, not excluded by the configuration governing them, and with
// at least one constraint of it applicable. Paths that would leave the
// workspace are refused, not read.
func changedPaths(diff *github.Diff, set *config.Set) (paths []string, skipped []engine.Skipped, err error) {
	for _, f := range diff.Files() {
		if f.Status == github.StatusRemoved || f.Binary {
			continue
		}
		if !filepath.IsLocal(filepath.FromSlash(f.Path)) || strings.ContainsAny(f.Path, "\n\x00") {
			skipped = append(skipped, engine.Skipped{Path: f.Path, Reason: "not a path inside the repository"})
			continue
		}
		cfg, err := set.For(f.Path)
		if err != nil {
			return nil, nil, fmt.Errorf("configuration of %s: %w", f.Path, err)
		}
		if !cfg.Excluded(f.Path) && engine.MayApply(cfg, f.Path) {
			paths = append(paths, f.Path)
		}
	}
	return paths, skipped, nil
}

// headFiles reads paths as they are at the pull request's head commit:
// from the workspace when it is checked out at head, otherwise from git,
// because review comments are anchored to head's lines and
// actions/checkout checks out the merge commit by default. note says
// which source was used when it was not the plain workspace.
func headFiles(ctx context.Context, g git, head string, paths []string) (*engine.Files, string, error) {
	at, err := g.revParse(ctx, "HEAD")
	if err != nil {
		files, err := diskFiles(g.dir, paths)
		return files, "The workspace is not a git checkout; the changed files were read from disk as they are.", err
	}
	if at == head {
		files, err := diskFiles(g.dir, paths)
		return files, "", err
	}
	if _, err := g.revParse(ctx, head); err != nil {
		return nil, "", fmt.Errorf("the workspace is at %s and does not have the pull request's head %s (check out with fetch-depth: 0, or ref: the head SHA): %w", short(at), short(head), err)
	}
	files, err := catFiles(ctx, g, head, paths)
	if err != nil {
		return nil, "", fmt.Errorf("reading the changed files at head %s: %w", short(head), err)
	}
	return files, fmt.Sprintf("The workspace is at %s, not the pull request's head %s (actions/checkout checks out the merge commit unless ref is set); the changed files were read at head from git.", short(at), short(head)), nil
}

func diskFiles(root string, paths []string) (*engine.Files, error) {
	out := &engine.Files{}
	for _, p := range paths {
		full := filepath.Join(root, filepath.FromSlash(p))
		st, err := os.Lstat(full)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			out.Skipped = append(out.Skipped, engine.Skipped{Path: p, Reason: "not in the workspace"})
			continue
		case err != nil:
			out.Skipped = append(out.Skipped, engine.Skipped{Path: p, Reason: "cannot be read: " + pathErr(err), Unreadable: true})
			continue
		case !st.Mode().IsRegular():
			// A symlink in a pull request could point anywhere on the runner.
			out.Skipped = append(out.Skipped, engine.Skipped{Path: p, Reason: "not a regular file"})
			continue
		}
		// ReadSource reads at most the size cap and refuses a file
		// swapped for a FIFO or device since the Lstat.
		b, skip, err := engine.ReadSource(full)
		switch {
		case err != nil:
			out.Skipped = append(out.Skipped, engine.Skipped{Path: p, Reason: "cannot be read: " + pathErr(err), Unreadable: true})
		case skip != "":
			out.Skipped = append(out.Skipped, engine.Skipped{Path: p, Reason: skip})
		default:
			out.Files = append(out.Files, engine.File{Path: p, Src: b})
		}
	}
	return out, nil
}

// pathErr is err's cause without the path, which the caller names.
func pathErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// catFiles reads rev:path for every path with one `git cat-file --batch`.
func catFiles(ctx context.Context, g git, rev string, paths []string) (*engine.Files, error) {
	var req strings.Builder
	for _, p := range paths {
		fmt.Fprintf(&req, "%s:%s\n", rev, p)
	}
	raw, err := g.output(ctx, strings.NewReader(req.String()), "cat-file", "--batch")
	if err != nil {
		return nil, err
	}
	out := &engine.Files{}
	r := bufio.NewReader(bytes.NewReader(raw))
	for _, p := range paths {
		header, err := r.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("git cat-file: truncated output at %s", p)
		}
		fields := strings.Fields(header)
		if len(fields) == 2 && fields[1] == "missing" {
			out.Skipped = append(out.Skipped, engine.Skipped{Path: p, Reason: "not in the head commit"})
			continue
		}
		if len(fields) != 3 {
			return nil, fmt.Errorf("git cat-file: unexpected header %q for %s", strings.TrimSpace(header), p)
		}
		size, err := strconv.Atoi(fields[2])
		if err != nil {
			return nil, fmt.Errorf("git cat-file: bad size in %q", strings.TrimSpace(header))
		}
		body := make([]byte, size+1) // content and its trailing newline
		if _, err := io.ReadFull(r, body); err != nil {
			return nil, fmt.Errorf("git cat-file: truncated content of %s", p)
		}
		switch {
		case fields[1] != "blob":
			out.Skipped = append(out.Skipped, engine.Skipped{Path: p, Reason: "not a file (" + fields[1] + ")"})
		case size > engine.MaxFileSize:
			out.Skipped = append(out.Skipped, engine.Skipped{Path: p, Reason: fmt.Sprintf("larger than %d MiB", engine.MaxFileSize>>20)})
		default:
			out.Files = append(out.Files, engine.File{Path: p, Src: body[:size]})
		}
	}
	return out, nil
}

func short(sha string) string {
	if len(sha) > 7 {
		return sha[:7]
	}
	return sha
}
