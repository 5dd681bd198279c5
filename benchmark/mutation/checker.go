package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/iflint/iflint/internal/constraint"
)

// draft is a file given to the checker: a repository file's copy, or
// one mutant of it.
type draft struct {
	path    string // the repository's file, whose path decides its language
	copy    string // where the checker reads it
	src     []byte
	line    int // 0-based mutated line; -1 for the clean copy
	kind    int
	cleanOf *draft
	lines   [][]byte
}

// runChecked is run for a reference that is a checker (checkstyle's
// Indentation, pycodestyle, eslint's indent) rather than a formatter.
// A file is clean when the checker flags none of its lines, and a
// mutation counts when the checker flags the mutated line and no other:
// the checker's way of saying what a formatter says by reverting it. A
// mutation it accepts, or one that makes it flag other lines as well (a
// moved block opener re-judges its body, a dedent Python then rejects),
// is not counted: which of the lines is the mistake is then the
// author's call, not the checker's. Every file
// and mutant of a repository goes to one checker run: a JVM start per
// mutant would be most of checkstyle's cost.
func runChecked(repo string, c constraint.Constraint, o options, t *tally) error {
	fs, rng, err := pick(repo, c, o)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "iflint-mutation-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var all []*draft
	for k, p := range fs {
		src, ok, err := t.read(p)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		lines := bytes.SplitAfter(src, []byte("\n"))
		orig := &draft{path: p, copy: filepath.Join(tmp, strconv.Itoa(k), "clean", filepath.Base(p)), src: src, line: -1, lines: lines}
		all = append(all, orig)
		for m := 0; m < o.perFile; m++ {
			i := rng.IntN(len(lines))
			mut, ok := mutate(lines, i, m%3, o, c)
			if !ok {
				continue
			}
			all = append(all, &draft{path: p, copy: filepath.Join(tmp, strconv.Itoa(k), strconv.Itoa(m), filepath.Base(p)),
				src: mut, line: i, kind: m % 3, cleanOf: orig})
		}
	}
	paths := make([]string, len(all))
	for j, d := range all {
		if err := os.MkdirAll(filepath.Dir(d.copy), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(d.copy, d.src, 0o644); err != nil {
			return err
		}
		paths[j] = d.copy
	}
	flagged, err := checkFiles(o.checker, paths)
	if err != nil {
		return err
	}
	notClean := map[*draft]bool{}
	for _, d := range all {
		got := flagged[d.copy]
		if d.cleanOf == nil {
			if len(got) > 0 {
				t.unformattable++
				notClean[d] = true
				continue
			}
			if err := t.clean(d.path, d.src, c, o); err != nil {
				return err
			}
			continue
		}
		if notClean[d.cleanOf] {
			continue
		}
		if len(got) != 1 || !got[d.line+1] {
			t.skippedMutations++
			continue
		}
		if err := t.mutant(d.path, d.cleanOf.src, d.src, d.cleanOf.lines, d.line, d.kind, c, o); err != nil {
			return err
		}
	}
	return nil
}

// flaggedLine reads a checker's "path:line" (anything may follow), and
// unjudged its "UNJUDGED path" for a file it could not read.
var (
	flaggedLine = regexp.MustCompile(`^(\S+?):(\d+)\b`)
	unjudged    = regexp.MustCompile(`^UNJUDGED (\S+)$`)
)

// checkFiles runs the checker command on the paths, in batches that
// keep the command line short, and returns each path's flagged lines;
// line 0 marks a file the checker could not judge, which is then
// neither clean nor a counted mutation.
// A checker's non-zero exit is how it says it found something, so only
// output decides; a run with no parseable line and a failed exit is an
// error.
func checkFiles(cmdline string, paths []string) (map[string]map[int]bool, error) {
	out := map[string]map[int]bool{}
	for len(paths) > 0 {
		n := min(len(paths), 400)
		batch := paths[:n]
		paths = paths[n:]
		cmd := exec.Command("sh", append([]string{"-c", cmdline, "sh"}, batch...)...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		runErr := cmd.Run()
		seen := 0
		sc := bufio.NewScanner(&stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if u := unjudged.FindStringSubmatch(sc.Text()); u != nil {
				out[u[1]] = map[int]bool{0: true}
				seen++
				continue
			}
			m := flaggedLine.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			l, _ := strconv.Atoi(m[2])
			if out[m[1]] == nil {
				out[m[1]] = map[int]bool{}
			}
			out[m[1]][l] = true
			seen++
		}
		if runErr != nil && seen == 0 {
			var ee *exec.ExitError
			if !errors.As(runErr, &ee) || stderr.Len() > 0 {
				return nil, fmt.Errorf("checker %q: %w: %s", cmdline, runErr, stderr.String())
			}
		}
	}
	return out, nil
}
