// Package baseline records the findings a repository accepts as they are
// today, so that only new ones are reported. Findings are matched by
// fingerprint (which does not contain the line number, so code that
// moves stays baselined) and counted: a baseline that accepts a finding
// once accepts it once, and a second identical finding is new.
package baseline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"

	"github.com/iflint/iflint/internal/atomicfile"
	"github.com/iflint/iflint/internal/engine"
)

// Version is the file format's version.
const Version = 1

// File is a baseline document.
type File struct {
	Version int `json:"version"`
	// Findings are sorted by path, type, constraint, message and
	// fingerprint, with no line numbers, so the file changes only when
	// findings do.
	Findings []Entry `json:"findings"`
}

// Entry is one accepted finding, Count times. Path, type, constraint
// and message are for the people reading the file; matching uses the
// fingerprint alone.
type Entry struct {
	Path        string `json:"path"`
	Type        string `json:"type"`
	Constraint  string `json:"constraint"`
	Message     string `json:"message"`
	Fingerprint string `json:"fingerprint"`
	Count       int    `json:"count"`
}

// FromDiagnostics builds the baseline accepting exactly ds.
func FromDiagnostics(ds []engine.Diagnostic) *File {
	byFP := map[string]*Entry{}
	var order []string
	for _, d := range ds {
		e, ok := byFP[d.Fingerprint]
		if !ok {
			e = &Entry{Path: d.Path, Type: string(d.Type), Constraint: d.Spec, Message: d.Message, Fingerprint: d.Fingerprint}
			byFP[d.Fingerprint] = e
			order = append(order, d.Fingerprint)
		}
		e.Count++
	}
	f := &File{Version: Version, Findings: make([]Entry, 0, len(order))}
	for _, fp := range order {
		f.Findings = append(f.Findings, *byFP[fp])
	}
	sort.Slice(f.Findings, func(i, j int) bool {
		a, b := f.Findings[i], f.Findings[j]
		switch {
		case a.Path != b.Path:
			return a.Path < b.Path
		case a.Type != b.Type:
			return a.Type < b.Type
		case a.Constraint != b.Constraint:
			return a.Constraint < b.Constraint
		case a.Message != b.Message:
			return a.Message < b.Message
		}
		return a.Fingerprint < b.Fingerprint
	})
	return f
}

// Total is the number of findings the baseline accepts.
func (f *File) Total() int {
	n := 0
	for _, e := range f.Findings {
		n += e.Count
	}
	return n
}

// Marshal renders f deterministically: indented, sorted, without HTML
// escaping, ending in a newline.
func (f *File) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Write writes f to path through a temporary file and a rename, so a
// reader never sees half a baseline.
func Write(path string, f *File) error {
	b, err := f.Marshal()
	if err != nil {
		return err
	}
	if err := atomicfile.Write(path, b, 0o644); err != nil {
		return fmt.Errorf("writing baseline %s: %w", path, err)
	}
	return nil
}

// ErrNotExist marks a baseline file that is not there.
var ErrNotExist = errors.New("no such baseline file")

// Load reads a baseline; errors name the file and say what was expected.
func Load(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w (create it with `iflint check -write-baseline %s`)", path, ErrNotExist, path)
	}
	if err != nil {
		return nil, err
	}
	var f File
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: not a baseline: %v (expected {\"version\": 1, \"findings\": [...]} as written by -write-baseline)", path, err)
	}
	if f.Version != Version {
		return nil, fmt.Errorf("%s: baseline version %d: expected %d", path, f.Version, Version)
	}
	for i, e := range f.Findings {
		if e.Fingerprint == "" || e.Count < 1 {
			return nil, fmt.Errorf("%s: finding #%d: expected a fingerprint and a count of at least 1", path, i+1)
		}
	}
	return &f, nil
}

// Filter returns the diagnostics the baseline does not accept and how
// many it accepted. Each entry accepts up to Count diagnostics with its
// fingerprint, in the order given (sorted results: the first ones).
func (f *File) Filter(ds []engine.Diagnostic) (fresh []engine.Diagnostic, accepted int) {
	m := f.Matcher()
	fresh = []engine.Diagnostic{}
	for _, d := range ds {
		if m.Accept(d) {
			accepted++
			continue
		}
		fresh = append(fresh, d)
	}
	return fresh, accepted
}

// Matcher accepts diagnostics one by one as Filter does, for a run whose
// diagnostics are matched against several baselines (one per
// subproject of a monorepo) in one pass.
type Matcher struct{ left map[string]int }

// Matcher starts matching against f; each entry accepts up to Count
// diagnostics with its fingerprint.
func (f *File) Matcher() *Matcher {
	left := make(map[string]int, len(f.Findings))
	for _, e := range f.Findings {
		left[e.Fingerprint] += e.Count
	}
	return &Matcher{left: left}
}

// Accept reports whether the baseline accepts d, using up one count.
func (m *Matcher) Accept(d engine.Diagnostic) bool {
	if m.left[d.Fingerprint] > 0 {
		m.left[d.Fingerprint]--
		return true
	}
	return false
}
