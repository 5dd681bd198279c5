package check

import (
	"path"
	"sync"
)

// Repo is a run's view of the repository its units belong to, for the
// verdicts that read beyond one file's bytes: whether a Rust item is
// public API depends on the crate's module tree, which lib.rs and the
// module files between it and the item declare. A run's own files are
// read as the run has them (a fix candidate, a staged version); any other
// file from disk, through the reader the engine gives. Values derived
// from several files (a crate's module tree) are computed once per run
// and shared by every unit (Memo).
//
// A rule that reads a Repo says what it read through its Reads function
// (see Rule.Reads), so that a result cache keyed by one file's content
// never serves a verdict another file has since changed.
type Repo struct {
	files map[string][]byte
	read  func(p string) ([]byte, bool)

	mu   sync.Mutex
	memo map[string]*repoEntry
}

type repoEntry struct {
	once sync.Once
	v    any
}

// NewRepo returns the view over a run's files (by slash path, as units
// name them) and read, which returns any other file's content by the
// same kind of path, or false when there is none (read may be nil: only
// the run's files exist).
func NewRepo(files map[string][]byte, read func(p string) ([]byte, bool)) *Repo {
	return &Repo{files: files, read: read, memo: map[string]*repoEntry{}}
}

// Read returns the content of the file at the slash path p.
func (r *Repo) Read(p string) ([]byte, bool) {
	p = path.Clean(p)
	if b, ok := r.files[p]; ok {
		return b, true
	}
	if r.read == nil {
		return nil, false
	}
	return r.read(p)
}

// Memo computes a value derived from the repository once per run, under
// key, however many units ask for it at once.
func (r *Repo) Memo(key string, compute func() any) any {
	r.mu.Lock()
	e, ok := r.memo[key]
	if !ok {
		e = &repoEntry{}
		r.memo[key] = e
	}
	r.mu.Unlock()
	e.once.Do(func() { e.v = compute() })
	return e.v
}
