package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"
)

// ErrCommandFileChanged reports a test run that wrote to a workflow
// command file (see CommandFileVars). The file is restored, but the run
// proves nothing and the code under test has shown it tries to escape:
// callers stop rather than run it again.
var ErrCommandFileChanged = errors.New("the test command changed a workflow command file")

// maxGuardedSize bounds what is kept to restore a command file; GitHub
// caps the step summary at 1 MiB, and the others are smaller still.
const maxGuardedSize = 16 << 20

// guarded is a command file as it was before a run.
type guarded struct {
	name, path string
	exists     bool
	mode       fs.FileMode
	data       []byte
}

// commandFiles merges the command files named in env with the caller's.
func (r *Runner) commandFiles() map[string]string {
	out := map[string]string{}
	for _, name := range CommandFileVars {
		if v := lookupEnv(r.Env, name); v != "" {
			out[name] = v
		}
	}
	for name, p := range r.CommandFiles {
		if p != "" {
			out[name] = p
		}
	}
	return out
}

// guardFiles records each command file before a run.
func guardFiles(files map[string]string) ([]guarded, error) {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]guarded, 0, len(names))
	for _, n := range names {
		g := guarded{name: n, path: files[n]}
		fi, err := os.Lstat(g.path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, fmt.Errorf("verify: reading the workflow command file %s: %w", n, err)
		case !fi.Mode().IsRegular() || fi.Size() > maxGuardedSize:
			return nil, fmt.Errorf("verify: the workflow command file %s: expected a regular file of at most %d MiB", n, maxGuardedSize>>20)
		default:
			if g.data, err = os.ReadFile(g.path); err != nil {
				return nil, fmt.Errorf("verify: reading the workflow command file %s: %w", n, err)
			}
			g.exists, g.mode = true, fi.Mode().Perm()
		}
		out = append(out, g)
	}
	return out, nil
}

// unchanged reports whether the file is exactly as recorded.
func (g guarded) unchanged() bool {
	fi, err := os.Lstat(g.path)
	if !g.exists {
		return errors.Is(err, fs.ErrNotExist)
	}
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != g.mode || fi.Size() != int64(len(g.data)) {
		return false
	}
	b, err := os.ReadFile(g.path)
	return err == nil && bytes.Equal(b, g.data)
}

// restore puts the file back as recorded. What stands at the path now
// is removed first, so a link planted there is replaced, not followed.
func (g guarded) restore() error {
	if err := os.RemoveAll(g.path); err != nil {
		return err
	}
	if !g.exists {
		return nil
	}
	f, err := os.OpenFile(g.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(g.data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Chmod(g.path, g.mode)
}

// checkGuards restores every command file a run changed and reports
// them by variable name (never by path: the error may reach a log).
func checkGuards(gs []guarded) error {
	var changed []string
	var errs []error
	for _, g := range gs {
		if g.unchanged() {
			continue
		}
		changed = append(changed, g.name)
		if err := g.restore(); err != nil {
			errs = append(errs, fmt.Errorf("verify: restoring %s: %w", g.name, err))
		}
	}
	if len(changed) == 0 {
		return nil
	}
	state := "restored"
	if len(errs) > 0 {
		state = "NOT restored"
	}
	err := fmt.Errorf("verify: %w: %s (%s); code that writes there could set variables and PATH entries for later steps of the job, so the run is stopped",
		ErrCommandFileChanged, strings.Join(changed, ", "), state)
	return errors.Join(append([]error{err}, errs...)...)
}
