package verify

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// RepoWords is an Elsewhere over a repository on disk: every file under
// the root (version-control directories aside, binary files aside) is
// read once, on the first question, into an index of its words. Files
// a fix run has changed are read from Changed instead.
type RepoWords struct {
	Root string
	// Changed, when set, returns the current content of the files a run
	// has changed so far (slash-separated paths relative to Root).
	Changed func() map[string][]byte

	once  sync.Once
	err   error
	files []string           // slash paths relative to Root
	words map[string][]int32 // word → indexes into files, ascending
}

// Mentions implements Elsewhere.
func (r *RepoWords) Mentions(path, word string) ([]string, error) {
	r.once.Do(r.load)
	if r.err != nil {
		return nil, r.err
	}
	var changed map[string][]byte
	if r.Changed != nil {
		changed = r.Changed()
	}
	var out []string
	for _, i := range r.words[word] {
		if p := r.files[i]; p != path {
			if _, ok := changed[p]; !ok {
				out = append(out, p)
			}
		}
	}
	for p, b := range changed {
		if p != path && hasWord(string(b), word) {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out, nil
}

var vcsDirs = map[string]bool{".git": true, ".hg": true, ".svn": true}

func (r *RepoWords) load() {
	r.words = map[string][]int32{}
	r.err = filepath.WalkDir(r.Root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != r.Root && vcsDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if bytes.IndexByte(b[:min(len(b), 8000)], 0) >= 0 {
			return nil // binary
		}
		rel, err := filepath.Rel(r.Root, p)
		if err != nil {
			return err
		}
		idx := int32(len(r.files))
		r.files = append(r.files, filepath.ToSlash(rel))
		seen := map[string]bool{}
		for i := 0; i < len(b); {
			if !isWordByte(b[i]) {
				i++
				continue
			}
			j := i
			for j < len(b) && isWordByte(b[j]) {
				j++
			}
			if w := string(b[i:j]); !seen[w] {
				seen[w] = true
				r.words[w] = append(r.words[w], idx)
			}
			i = j
		}
		return nil
	})
	if r.err != nil {
		r.err = fmt.Errorf("indexing the words of %s: %w", r.Root, r.err)
	}
}
