package github

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// ErrNotInDiff marks a comment position GitHub would refuse because it is
// not inside one hunk of the pull request's RIGHT (head) side.
var ErrNotInDiff = errors.New("not part of the pull request's diff")

// FileStatus is how a pull request changes a file, in GitHub's words.
type FileStatus string

const (
	StatusAdded    FileStatus = "added"
	StatusModified FileStatus = "modified"
	StatusRemoved  FileStatus = "removed"
	StatusRenamed  FileStatus = "renamed"
	StatusCopied   FileStatus = "copied"
)

// Hunk is one "@@ -a,b +c,d @@" block. Counts are as in the header; the
// RIGHT side covers NewStart..NewStart+NewLines-1, context lines included,
// because GitHub anchors comments to any line a hunk shows on that side.
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
	// Added holds the RIGHT-side numbers of the hunk's "+" lines, ascending.
	Added []int
	// Right holds the text of the hunk's RIGHT-side lines (context and
	// added, NewStart onwards, without the prefix and line ending): what
	// a suggestion on them replaces, which a publisher that trusts no
	// one else's copy of the file can compare against.
	Right []string
}

// End is the last RIGHT-side line of the hunk (NewStart-1 when it has none).
func (h Hunk) End() int { return h.NewStart + h.NewLines - 1 }

// Contains reports whether RIGHT-side line is shown by the hunk.
func (h Hunk) Contains(line int) bool {
	return h.NewLines > 0 && h.NewStart <= line && line <= h.End()
}

func (h Hunk) String() string {
	return fmt.Sprintf("@@ -%d,%d +%d,%d @@", h.OldStart, h.OldLines, h.NewStart, h.NewLines)
}

// File is one changed file of a diff.
type File struct {
	Path    string // path at head; for a removed file, its path at base
	OldPath string // path at base; differs from Path for renames and copies
	Status  FileStatus
	Binary  bool
	// NoPatch is set when GitHub listed the file as changed but sent no
	// patch and no other source recovered one, so no line can be anchored.
	NoPatch bool
	Hunks   []Hunk // in file order
}

// hunkAt returns the index of the hunk showing RIGHT-side line, or -1.
func (f *File) hunkAt(line int) int {
	i := sort.Search(len(f.Hunks), func(i int) bool { return f.Hunks[i].End() >= line })
	for ; i < len(f.Hunks); i++ {
		if f.Hunks[i].Contains(line) {
			return i
		}
		if f.Hunks[i].NewStart > line {
			break
		}
	}
	return -1
}

// IsAdded reports whether RIGHT-side line is a "+" line of the diff.
func (f *File) IsAdded(line int) bool {
	i := f.hunkAt(line)
	if i < 0 {
		return false
	}
	_, found := slices.BinarySearch(f.Hunks[i].Added, line)
	return found
}

// Line returns the text of RIGHT-side line (without its line ending)
// when a hunk of the diff shows it.
func (f *File) Line(line int) (string, bool) {
	i := f.hunkAt(line)
	if i < 0 {
		return "", false
	}
	h := f.Hunks[i]
	if k := line - h.NewStart; k < len(h.Right) {
		return h.Right[k], true
	}
	return "", false
}

// DiffSource says where a Diff's hunks came from, for logs.
type DiffSource string

const (
	SourceFiles    DiffSource = "list-files"     // patches of GET .../pulls/{n}/files
	SourceAPIDiff  DiffSource = "pull-diff"      // GET .../pulls/{n} as application/vnd.github.v3.diff
	SourceLocalGit DiffSource = "local-git-diff" // the injected LocalDiff
	SourceText     DiffSource = "text"           // ParseDiff of caller-supplied text
)

// Diff is a pull request's change seen from its head: every file with its
// hunks. The zero value is an empty diff.
type Diff struct {
	Source DiffSource
	files  map[string]*File
}

// NewDiff indexes files by Path. A path given twice is an error: which
// hunks to trust would be a guess.
func NewDiff(source DiffSource, files []File) (*Diff, error) {
	d := &Diff{Source: source, files: make(map[string]*File, len(files))}
	for i := range files {
		f := files[i]
		if f.Path == "" {
			return nil, fmt.Errorf("diff: file #%d has no path", i+1)
		}
		if _, dup := d.files[f.Path]; dup {
			return nil, fmt.Errorf("diff: %s appears twice", f.Path)
		}
		d.files[f.Path] = &f
	}
	return d, nil
}

// File returns the changed file at path (its head path).
func (d *Diff) File(path string) (*File, bool) {
	f, ok := d.files[path]
	return f, ok
}

// Files returns every file sorted by path.
func (d *Diff) Files() []*File {
	out := make([]*File, 0, len(d.files))
	for _, f := range d.files {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b *File) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// Len is the number of changed files.
func (d *Diff) Len() int { return len(d.files) }

// ValidComment says why GitHub would refuse a RIGHT-side comment on lines
// start..line of path, or nil when it would accept it: both ends must lie
// in one hunk of the head side. start 0 means a single-line comment. The
// error wraps ErrNotInDiff.
func (d *Diff) ValidComment(path string, start, line int) error {
	if start == 0 {
		start = line
	}
	f, ok := d.files[path]
	switch {
	case !ok:
		return fmt.Errorf("%s: %w: the file is not changed by the pull request", path, ErrNotInDiff)
	case line < 1 || start < 1:
		return fmt.Errorf("%s: %w: line %d..%d is not a valid line range", path, ErrNotInDiff, start, line)
	case start > line:
		return fmt.Errorf("%s: %w: start line %d is after line %d", path, ErrNotInDiff, start, line)
	case f.Status == StatusRemoved:
		return fmt.Errorf("%s: %w: the file is deleted, so it has no lines on the RIGHT side", path, ErrNotInDiff)
	case f.Binary:
		return fmt.Errorf("%s: %w: binary file", path, ErrNotInDiff)
	case f.NoPatch:
		return fmt.Errorf("%s: %w: GitHub sent no patch for the file (too large)", path, ErrNotInDiff)
	}
	hl := f.hunkAt(line)
	if hl < 0 {
		return fmt.Errorf("%s:%d: %w: the line is outside every hunk (%s)", path, line, ErrNotInDiff, hunkRanges(f.Hunks))
	}
	if hs := f.hunkAt(start); hs != hl {
		where := "outside every hunk"
		if hs >= 0 {
			where = "in hunk " + f.Hunks[hs].String()
		}
		return fmt.Errorf("%s:%d-%d: %w: start line %d is %s, line %d in hunk %s; GitHub requires one hunk",
			path, start, line, ErrNotInDiff, start, where, line, f.Hunks[hl])
	}
	return nil
}

// hunkRanges lists up to a handful of RIGHT-side ranges for an error.
func hunkRanges(hs []Hunk) string {
	const show = 4
	var parts []string
	for _, h := range hs {
		if h.NewLines == 0 {
			continue
		}
		if len(parts) == show {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, fmt.Sprintf("%d-%d", h.NewStart, h.End()))
	}
	if len(parts) == 0 {
		return "the file has no lines in the diff"
	}
	return "diff lines " + strings.Join(parts, ", ")
}
