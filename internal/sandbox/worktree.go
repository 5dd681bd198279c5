package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Tree is one isolated copy of a repository for a series of test runs:
// a fix run verifies many candidate sets, and copying the repository
// afresh for each would cost the copy and, worse, every build cache
// keyed by path (Go's compile cache includes the package directory). A
// Tree lives at a stable path (see Runner.Open) and is reset before each
// run to exactly the repository plus that run's changes.
//
// Beside the copy it holds the command's own HOME, kept across the runs
// of one Tree, its TMPDIR, emptied before each run, and in a real
// sandbox its caches (beside the tree instead with Runner.KeepCache):
//
//	<dir>/repo   the copy; the command runs here
//	<dir>/home   HOME
//	<dir>/tmp    TMPDIR
//	<dir>/cache  XDG_CACHE_HOME, GOCACHE, npm_config_cache
type Tree struct {
	r                      *Runner
	orig                   string // the repository, resolved
	dir                    string
	repo, home, tmp, cache string
	manifest               map[string]entry
	runs                   int
	unlock                 func()
}

// entry is how a path of the pristine copy looked, to tell afterwards
// whether a run changed it. Inode and change time come from the
// system where it has them: a run can restore a file's size and
// modification time, but not its ctime.
type entry struct {
	kind   fs.FileMode // fs.ModeDir, fs.ModeSymlink or 0 (regular)
	mode   fs.FileMode // permission bits
	size   int64
	mtime  time.Time
	id     fileID
	target string // of a link
}

// Open copies repoDir into the Runner's stable tree for it: a directory
// named after the repository's path under TreeDir (default
// $TMPDIR/iflint-<uid>), so that a later fix run of the same repository
// lands on the same path and warm build caches stay warm. A tree in use
// by another run (a lock file says so) is not shared: the next free name
// is taken. Close removes the copy. The copy stops when ctx ends.
func (r *Runner) Open(ctx context.Context, repoDir string) (*Tree, error) {
	orig, err := resolveRepo(repoDir)
	if err != nil {
		return nil, err
	}
	parent, err := r.treeParent()
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256([]byte(orig))
	name := sanitize(filepath.Base(orig)) + "-" + hex.EncodeToString(sum[:])[:12]
	dir, unlock, err := lockFree(filepath.Join(parent, name))
	if err != nil {
		return nil, err
	}
	t := &Tree{r: r, orig: orig, dir: dir, unlock: unlock}
	if r.KeepCache {
		t.cache = filepath.Join(parent, name+".cache")
		trimCaches(parent, t.cache, time.Now())
	}
	if err := t.create(ctx); err != nil {
		return nil, errors.Join(err, t.Close())
	}
	return t, nil
}

// cacheMaxAge is how long a kept cache (Runner.KeepCache) unused by any
// run stays: a repository not fixed for a week starts cold again, and a
// machine does not fill up with the caches of copies long gone.
const cacheMaxAge = 7 * 24 * time.Hour

// trimCaches removes the kept caches in parent last used before
// now-cacheMaxAge, except keep, whose use now it records. A cache whose
// repository has a tree open (its lock file exists) is in use.
func trimCaches(parent, keep string, now time.Time) {
	_ = os.Chtimes(keep, now, now) // fails when it does not exist yet: created at the first run
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".cache")
		p := filepath.Join(parent, e.Name())
		if !ok || !e.IsDir() || p == keep {
			continue
		}
		info, err := e.Info()
		if err != nil || now.Sub(info.ModTime()) < cacheMaxAge {
			continue
		}
		if locks, _ := filepath.Glob(filepath.Join(parent, name+"*.lock")); len(locks) > 0 {
			continue
		}
		_ = removeTree(p)
	}
}

// openFresh is Open at a new temporary directory, for a single run.
func (r *Runner) openFresh(ctx context.Context, repoDir string) (*Tree, error) {
	orig, err := resolveRepo(repoDir)
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "iflint-verify-")
	if err != nil {
		return nil, fmt.Errorf("verify: creating temporary directory: %w", err)
	}
	t := &Tree{r: r, orig: orig, dir: work, unlock: func() {}}
	if err := t.create(ctx); err != nil {
		return nil, errors.Join(err, t.Close())
	}
	return t, nil
}

// treeParent is the directory holding stable trees: TreeDir, or a
// private directory of this user under the system's temporary
// directory. A shared /tmp is writable by everyone, so the directory
// must be ours, not a link, and closed to others.
func (r *Runner) treeParent() (string, error) {
	if r.TreeDir != "" {
		if err := os.MkdirAll(r.TreeDir, 0o700); err != nil {
			return "", fmt.Errorf("verify: tree directory: %w", err)
		}
		return r.TreeDir, nil
	}
	p := filepath.Join(os.TempDir(), fmt.Sprintf("iflint-%d", os.Getuid()))
	if err := os.Mkdir(p, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("verify: tree directory: %w", err)
	}
	if err := privateDir(p); err != nil {
		return "", fmt.Errorf("verify: tree directory %s: %w", p, err)
	}
	return p, nil
}

func resolveRepo(repoDir string) (string, error) {
	root, err := filepath.EvalSymlinks(repoDir)
	if err == nil {
		root, err = filepath.Abs(root)
	}
	if err != nil {
		return "", fmt.Errorf("verify: repository path %q: %w", repoDir, err)
	}
	if fi, err := os.Stat(root); err != nil {
		return "", fmt.Errorf("verify: repository: %w", err)
	} else if !fi.IsDir() {
		return "", fmt.Errorf("verify: repository %s: expected a directory", repoDir)
	}
	return root, nil
}

// sanitize keeps a directory name readable and safe as a path element.
func sanitize(s string) string {
	s = strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' {
			return r
		}
		return '_'
	}, s)
	s = strings.TrimLeft(s, ".")
	if len(s) > 40 {
		s = s[:40]
	}
	if s == "" {
		s = "repo"
	}
	return s
}

// create makes the directory layout and the pristine copy.
func (t *Tree) create(ctx context.Context) error {
	t.repo, t.home, t.tmp = filepath.Join(t.dir, "repo"), filepath.Join(t.dir, "home"), filepath.Join(t.dir, "tmp")
	if t.cache == "" {
		t.cache = filepath.Join(t.dir, "cache")
	}
	// A tree left by a run that was killed is not trusted: start over.
	if err := removeTree(t.dir); err != nil {
		return fmt.Errorf("verify: removing an old tree: %w", err)
	}
	for _, d := range []string{t.dir, t.home, t.tmp} {
		if err := os.Mkdir(d, 0o700); err != nil {
			return fmt.Errorf("verify: creating the isolated tree: %w", err)
		}
	}
	if _, err := copyTree(ctx, t.orig, t.repo); err != nil {
		return err
	}
	m, err := scan(t.repo, t.orig)
	if err != nil {
		return err
	}
	t.manifest = m
	return nil
}

// scan records every path of the copy at tree; directory modes come
// from the original, since the copy's are writable until restored.
func scan(tree, orig string) (map[string]entry, error) {
	m := map[string]entry{}
	err := filepath.WalkDir(tree, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(tree, p)
		if err != nil || rel == "." {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		e, err := entryOf(p, info)
		if err != nil {
			return err
		}
		if e.kind == fs.ModeDir {
			oi, err := os.Lstat(filepath.Join(orig, rel))
			if err != nil {
				return err
			}
			e.mode = oi.Mode().Perm()
		}
		m[rel] = e
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("verify: scanning the isolated tree: %w", err)
	}
	return m, nil
}

func entryOf(p string, info fs.FileInfo) (entry, error) {
	e := entry{kind: info.Mode().Type(), mode: info.Mode().Perm(), size: info.Size(), mtime: info.ModTime(), id: idOf(info)}
	if e.kind == fs.ModeSymlink {
		target, err := os.Readlink(p)
		if err != nil {
			return e, err
		}
		e.target = target
	}
	return e, nil
}

// same reports whether a path still looks as the pristine copy did.
func (e entry) same(p string, info fs.FileInfo) bool {
	if info.Mode().Type() != e.kind {
		return false
	}
	switch e.kind {
	case fs.ModeDir:
		return true // its entries are checked one by one, its mode restored
	case fs.ModeSymlink:
		target, err := os.Readlink(p)
		return err == nil && target == e.target
	}
	return info.Mode().Perm() == e.mode && info.Size() == e.size && info.ModTime().Equal(e.mtime) && idOf(info) == e.id
}

// reset makes the copy the pristine copy again: whatever a run added is
// removed, whatever it changed, removed or replaced is copied again from
// the repository (with a fresh modification time, so that a make-style
// build sees it as newer than anything built from the candidate). Only
// changed paths are touched, so a reset of a large tree costs a walk.
// Directories stay writable for the changes; run restores their modes.
func (t *Tree) reset() error {
	seen := make(map[string]bool, len(t.manifest))
	err := filepath.WalkDir(t.repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(t.repo, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			// Writable before its entries are read or removed; a run
			// may have closed it (chmod 0).
			if err := os.Chmod(p, 0o700); err != nil {
				return err
			}
		}
		if rel == "." {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		e, ok := t.manifest[rel]
		if ok && e.same(p, info) {
			seen[rel] = true
			return nil
		}
		if err := removeTree(p); err != nil {
			return err
		}
		if d.IsDir() {
			return filepath.SkipDir
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("verify: resetting the isolated tree: %w", err)
	}
	rels := make([]string, 0, len(t.manifest))
	for rel := range t.manifest {
		if !seen[rel] {
			rels = append(rels, rel)
		}
	}
	sort.Strings(rels) // parents before their entries
	for _, rel := range rels {
		if err := t.restore(rel); err != nil {
			return fmt.Errorf("verify: resetting the isolated tree: %s: %w", rel, err)
		}
	}
	return nil
}

// restore puts one path of the pristine copy back.
func (t *Tree) restore(rel string) error {
	e := t.manifest[rel]
	p := filepath.Join(t.repo, rel)
	if !inside(t.repo, filepath.Dir(p)) {
		return errors.New("expected its directory inside the tree")
	}
	switch e.kind {
	case fs.ModeDir:
		if err := os.Mkdir(p, 0o700); err != nil {
			return err
		}
	case fs.ModeSymlink:
		if err := os.Symlink(e.target, p); err != nil {
			return err
		}
	default:
		if err := copyFile(filepath.Join(t.orig, rel), p, e.mode); err != nil {
			return err
		}
	}
	info, err := os.Lstat(p)
	if err != nil {
		return err
	}
	ne, err := entryOf(p, info)
	if err != nil {
		return err
	}
	if e.kind == fs.ModeDir {
		ne.mode = e.mode
	}
	t.manifest[rel] = ne
	return nil
}

// dirModes are the original modes of the copy's directories.
func (t *Tree) dirModes() map[string]fs.FileMode {
	out := map[string]fs.FileMode{}
	for rel, e := range t.manifest {
		if e.kind == fs.ModeDir {
			out[rel] = e.mode
		}
	}
	return out
}

// Run resets the tree, applies changes (slash-separated paths relative
// to the repository root → new contents) and runs command at the root
// of the copy, as Runner.Run describes. After the run, every workflow
// command file must be as it was (see CommandFileVars): one that
// changed is restored and the run fails with ErrCommandFileChanged.
func (t *Tree) Run(ctx context.Context, changes map[string][]byte, command []string) (rec Record, err error) {
	rec = Record{Command: quoteCommand(command), Dir: ".", ExitCode: -1}
	if len(command) == 0 {
		return rec, errors.New("verify: empty command, expected a program and its arguments")
	}
	if t.manifest == nil {
		return rec, errors.New("verify: the tree is closed")
	}
	if err := checkChanges(changes); err != nil {
		return rec, err
	}
	if t.runs > 0 {
		if err := t.reset(); err != nil {
			return rec, err
		}
	}
	t.runs++
	if err := removeTree(t.tmp); err != nil {
		return rec, fmt.Errorf("verify: emptying TMPDIR: %w", err)
	}
	if err := os.Mkdir(t.tmp, 0o700); err != nil {
		return rec, fmt.Errorf("verify: creating TMPDIR: %w", err)
	}
	if err := writeChanges(t.repo, changes); err != nil {
		return rec, err
	}
	// Read-only directories get their modes back only now, after the
	// changes have been written into them.
	if err := restoreDirModes(t.repo, t.dirModes()); err != nil {
		return rec, err
	}
	guards, err := guardFiles(t.r.commandFiles())
	if err != nil {
		return rec, err
	}
	if err := os.MkdirAll(t.cache, 0o700); err != nil {
		return rec, fmt.Errorf("verify: creating the command's cache directory: %w", err)
	}
	rec, err = t.r.execute(ctx, paths{repo: t.repo, home: t.home, tmp: t.tmp, cache: t.cache}, t.orig, command, rec)
	return rec, errors.Join(err, checkGuards(guards))
}

// Runs is how many times Run started the command.
func (t *Tree) Runs() int { return t.runs }

// Dir is the tree's directory (its copy is Dir/repo).
func (t *Tree) Dir() string { return t.dir }

// Close removes the tree and releases its name.
func (t *Tree) Close() error {
	if t.unlock == nil {
		return nil
	}
	err := removeTree(t.dir)
	t.unlock()
	t.unlock, t.manifest = nil, nil
	return err
}
