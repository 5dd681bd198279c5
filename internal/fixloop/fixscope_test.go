package fixloop

import (
	"context"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/verify"
)

// TestLineMap: lines of a later version map back to the original's:
// unchanged lines by offset, changed ones to the lines their hunk
// replaced, inserted ones to the line before them.
func TestLineMap(t *testing.T) {
	orig := []byte("a\nb\nc\nd\ne\n")
	cur := []byte("a\nc\nD\nd\nnew\ne\n") // b deleted; D and new inserted
	m := newLineMap(orig, cur)
	for _, tc := range []struct {
		line   int
		lo, hi int
	}{
		{1, 1, 1}, // a
		{2, 3, 3}, // c, after b's deletion
		{3, 3, 3}, // D: inserted after c
		{4, 4, 4}, // d
		{5, 4, 4}, // new: inserted after d
		{6, 5, 5}, // e
	} {
		if lo, hi := m.line(tc.line); lo != tc.lo || hi != tc.hi {
			t.Errorf("line %d maps to %d-%d, want %d-%d", tc.line, lo, hi, tc.lo, tc.hi)
		}
	}
	joined := newLineMap([]byte("f() {\n  x\n}\ng()\n{\n  y\n}\n"), []byte("f() {\n  x\n}\ng() {\n  y\n}\n"))
	if r := joined.span(4, 4); r.Start != 4 || r.End != 5 {
		t.Errorf("a joined line maps to %v, want lines 4-5", r)
	}
	if r := joined.span(5, 5); r.Start != 6 || r.End != 6 {
		t.Errorf("the line after a join maps to %v, want line 6", r)
	}
}

// TestFixConfinedToScope: with a scope (the Action's suggestable lines),
// the fixes of findings inside it are kept although the file has
// violations outside it: the re-indentation loses its edits outside,
// and a rename whose call site is outside is skipped with that line
// named, while the other renames inside are kept.
func TestFixConfinedToScope(t *testing.T) {
	// Private names: without a test command only those may be renamed.
	src := "def _oldHelper(x):\n  return x * 2\n\n\ndef _addOne(c):\n  return c + 1\n\n\ndef _getValue():\n    return 42\n\n\nprint(_oldHelper(1), _getValue())\n"
	dir := writeRepo(t, map[string]string{
		".iflint.yml": "version: 1\nconstraints:\n  - type: naming_convention\n    spec: python;function:snake_case\n  - type: indentation_spacing\n    spec: python;spaces:4\n",
		"m.py":        src,
	})
	cfg, files := loadRepo(t, dir)
	inScope := func(path string, start, end int) bool { return path == "m.py" && start >= 5 && end <= 10 }
	res, err := Fix(context.Background(), files, FixOptions{Options: engine.Options{Config: cfg}, Root: dir, InScope: inScope})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 1 {
		t.Fatalf("files %+v; candidates %+v", res.Files, res.Candidates)
	}
	got := string(res.Files[0].New)
	want := "def _oldHelper(x):\n  return x * 2\n\n\ndef _add_one(c):\n    return c + 1\n\n\ndef _getValue():\n    return 42\n\n\nprint(_oldHelper(1), _getValue())\n"
	if got != want {
		t.Errorf("fixed file:\n%s\nwant:\n%s", got, want)
	}
	var reasons []string
	for _, c := range res.Candidates {
		if !c.Accepted && c.Proposed {
			t.Errorf("candidate rejected: %+v", c)
		}
		for _, sk := range c.Skipped {
			reasons = append(reasons, sk.Reason)
		}
		for _, r := range c.Lines {
			if !inScope("m.py", r.Start, r.End) {
				t.Errorf("candidate %s changes %v, outside the scope", c.Targets, r)
			}
		}
		if c.Accepted && c.Verification.Stages[len(c.Verification.Stages)-1] != verify.NotTested() {
			t.Errorf("no test command, but the tests stage is %+v", c.Verification.Stages)
		}
	}
	all := strings.Join(reasons, "\n")
	if !strings.Contains(all, "its fix also changes line 13, outside") || !strings.Contains(all, "outside the lines a suggestion can cover (the pull request") {
		t.Errorf("skipped reasons:\n%s", all)
	}
}
