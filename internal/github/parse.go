package github

import (
	"fmt"
	"strings"
)

// ParsePatch reads the "patch" field of GitHub's list-files answer: only
// hunks, no file headers.
func ParsePatch(patch string) ([]Hunk, error) {
	lines := splitDiffLines(patch)
	var hunks []Hunk
	for i := 0; i < len(lines); {
		l := trimCR(lines[i])
		switch {
		case strings.HasPrefix(l, "@@"):
			h, next, err := parseHunk(lines, i)
			if err != nil {
				return nil, err
			}
			hunks = append(hunks, h)
			i = next
		case l == "":
			i++
		default:
			return nil, fmt.Errorf("patch line %d: expected a hunk header, got %q", i+1, clip(l))
		}
	}
	return hunks, nil
}

// ParseDiff reads a whole unified diff: `git diff` output (renames, copies,
// mode changes, binary files, quoted names) or plain `diff -u` output.
func ParseDiff(data []byte) (*Diff, error) {
	files, err := parseFiles(splitDiffLines(string(data)))
	if err != nil {
		return nil, err
	}
	return NewDiff(SourceText, files)
}

// fileState is a File being read; headerDone turns true at its first
// "---"/"+++" pair, hunk or binary marker, after which a new "---" line
// pair starts the next file of a plain unified diff.
type fileState struct {
	File
	headerDone bool
}

func parseFiles(lines []string) ([]File, error) {
	var files []File
	var cur *fileState
	flush := func() {
		if cur != nil {
			files = append(files, cur.File)
		}
		cur = nil
	}
	for i := 0; i < len(lines); {
		l := trimCR(lines[i])
		switch {
		case strings.HasPrefix(l, "diff --git "):
			flush()
			old, new, err := gitHeaderPaths(l[len("diff --git "):])
			if err != nil {
				return nil, fmt.Errorf("diff line %d: %w", i+1, err)
			}
			cur = &fileState{File: File{Path: new, OldPath: old, Status: StatusModified}}
			if old != new {
				cur.Status = StatusRenamed
			}
			i++
		case strings.HasPrefix(l, "diff --cc ") || strings.HasPrefix(l, "diff --combined "):
			return nil, fmt.Errorf("diff line %d: combined (merge) diffs are not supported", i+1)
		case strings.HasPrefix(l, "--- ") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "+++ "):
			if cur == nil || cur.headerDone {
				flush()
				cur = &fileState{File: File{Status: StatusModified}}
			}
			if err := cur.setPaths(l[4:], trimCR(lines[i+1])[4:]); err != nil {
				return nil, fmt.Errorf("diff line %d: %w", i+1, err)
			}
			cur.headerDone = true
			i += 2
		case strings.HasPrefix(l, "@@"):
			if cur == nil {
				return nil, fmt.Errorf("diff line %d: hunk before any file header", i+1)
			}
			h, next, err := parseHunk(lines, i)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", cur.Path, err)
			}
			cur.Hunks = append(cur.Hunks, h)
			cur.headerDone = true
			i = next
		case cur != nil && !cur.headerDone:
			if err := cur.extendedHeader(l); err != nil {
				return nil, fmt.Errorf("diff line %d: %w", i+1, err)
			}
			i++
		default:
			// Text around the diff (a commit message, a format-patch
			// signature, a binary patch's literal data) carries no hunks.
			i++
		}
	}
	flush()
	return files, nil
}

// extendedHeader reads one git header line between "diff --git" and the
// first hunk.
func (f *fileState) extendedHeader(l string) error {
	field := func(prefix string) (string, bool, error) {
		if !strings.HasPrefix(l, prefix) {
			return "", false, nil
		}
		p, err := headerPath(l[len(prefix):])
		return p, true, err
	}
	switch {
	case strings.HasPrefix(l, "new file mode"):
		f.Status = StatusAdded
	case strings.HasPrefix(l, "deleted file mode"):
		f.Status = StatusRemoved
	case strings.HasPrefix(l, "Binary files ") || l == "GIT binary patch":
		f.Binary = true
		f.headerDone = true
	}
	for _, h := range []struct {
		prefix string
		status FileStatus
		old    bool
	}{
		{"rename from ", StatusRenamed, true}, {"rename to ", StatusRenamed, false},
		{"copy from ", StatusCopied, true}, {"copy to ", StatusCopied, false},
	} {
		p, ok, err := field(h.prefix)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		f.Status = h.status
		if h.old {
			f.OldPath = p
		} else {
			f.Path = p
		}
	}
	return nil
}

// setPaths reads a "---"/"+++" pair; /dev/null marks an added or removed
// file, and the a/ and b/ prefixes are dropped.
func (f *fileState) setPaths(oldField, newField string) error {
	old, err := headerPath(oldField)
	if err != nil {
		return err
	}
	new, err := headerPath(newField)
	if err != nil {
		return err
	}
	switch {
	case old == "/dev/null" && new == "/dev/null":
		return fmt.Errorf("both sides of the file header are /dev/null")
	case old == "/dev/null":
		f.Status = StatusAdded
		f.Path = strings.TrimPrefix(new, "b/")
		f.OldPath = f.Path
	case new == "/dev/null":
		f.Status = StatusRemoved
		f.OldPath = strings.TrimPrefix(old, "a/")
		f.Path = f.OldPath
	default:
		f.OldPath = strings.TrimPrefix(old, "a/")
		f.Path = strings.TrimPrefix(new, "b/")
		if f.OldPath != f.Path && f.Status == StatusModified {
			f.Status = StatusRenamed
		}
	}
	return nil
}

// splitDiffLines cuts at "\n", dropping the empty piece after a final one.
func splitDiffLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func trimCR(s string) string { return strings.TrimSuffix(s, "\r") }

// clip shortens text quoted in an error.
func clip(s string) string {
	const max = 80
	if len(s) <= max {
		return s
	}
	return s[:max] + "…"
}
