package github

import (
	"fmt"
	"strings"
)

// Filter decides which findings a pull request run reports, by where they
// are relative to the diff. The modes and their names follow reviewdog's,
// which Actions users already know.
type Filter int

const (
	// FilterAdded keeps a finding when every line of its range was added.
	FilterAdded Filter = iota + 1
	// FilterDiffContext keeps it when its range lies in one hunk, context
	// lines included: exactly what GitHub accepts for a line comment.
	FilterDiffContext
	// FilterFile keeps it when its file is changed and exists at head.
	FilterFile
	// FilterNoFilter keeps everything.
	FilterNoFilter
)

var filterNames = []struct {
	f    Filter
	name string
}{
	{FilterAdded, "added"},
	{FilterDiffContext, "diff_context"},
	{FilterFile, "file"},
	{FilterNoFilter, "nofilter"},
}

// ParseFilter reads a mode name: added, diff_context, file or nofilter.
func ParseFilter(s string) (Filter, error) {
	want := strings.TrimSpace(s)
	names := make([]string, 0, len(filterNames))
	for _, fn := range filterNames {
		if fn.name == want {
			return fn.f, nil
		}
		names = append(names, fn.name)
	}
	return 0, fmt.Errorf("unknown filter mode %q: expected one of %s", s, strings.Join(names, ", "))
}

func (f Filter) String() string {
	for _, fn := range filterNames {
		if fn.f == f {
			return fn.name
		}
	}
	return fmt.Sprintf("Filter(%d)", int(f))
}

// Allowed reports whether a finding on lines startLine..line of path (0
// startLine: the single line) passes filter mode f. A removed file has no
// head lines, so only FilterNoFilter keeps findings there.
func (d *Diff) Allowed(f Filter, path string, startLine, line int) bool {
	if f == FilterNoFilter {
		return true
	}
	if startLine == 0 {
		startLine = line
	}
	file, ok := d.files[path]
	if !ok || file.Status == StatusRemoved || startLine < 1 || startLine > line {
		return false
	}
	switch f {
	case FilterFile:
		return true
	case FilterDiffContext:
		return d.ValidComment(path, startLine, line) == nil
	case FilterAdded:
		for l := startLine; l <= line; l++ {
			if !file.IsAdded(l) {
				return false
			}
		}
		return true
	}
	return false
}
