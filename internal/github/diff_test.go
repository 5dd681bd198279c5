package github

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/goldentest"
)

// render prints a parsed diff for golden comparison.
func render(d *Diff) string {
	var sb strings.Builder
	for _, f := range d.Files() {
		fmt.Fprintf(&sb, "%q status=%s", f.Path, f.Status)
		if f.OldPath != f.Path {
			fmt.Fprintf(&sb, " from=%q", f.OldPath)
		}
		if f.Binary {
			sb.WriteString(" binary")
		}
		sb.WriteByte('\n')
		for _, h := range f.Hunks {
			fmt.Fprintf(&sb, "  %s right=%d-%d added=%v\n", h, h.NewStart, h.End(), h.Added)
		}
	}
	return sb.String()
}

// TestParseDiffGolden reads real `git diff` output (renames, a pure
// rename, deletion, binary, mode change, CRLF, no final newline, quoted
// and spaced names) and plain diff -u output with "--- "/"+++ " content.
func TestParseDiffGolden(t *testing.T) {
	ins, err := filepath.Glob("testdata/diffs/*.diff")
	if err != nil || len(ins) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	for _, in := range ins {
		t.Run(filepath.Base(in), func(t *testing.T) {
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			d, err := ParseDiff(data)
			if err != nil {
				t.Fatal(err)
			}
			goldentest.Check(t, strings.TrimSuffix(in, ".diff")+".out", []byte(render(d)))
		})
	}
}

func TestParsePatchErrors(t *testing.T) {
	for _, tc := range []struct{ name, patch, want string }{
		{"short hunk", "@@ -1,3 +1,3 @@\n a\n", "ends early"},
		{"too many added", "@@ -1 +1 @@\n-a\n+b\n+c\n", "expected a hunk header"},
		{"bad header", "@@ -x +1 @@\n", "bad line number"},
		{"garbage", "hello\n", "expected a hunk header"},
		{"junk inside", "@@ -1,2 +1,2 @@\n a\n?b\n", "not a diff line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePatch(tc.patch)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestParsePatchCRLFAndNoNewline(t *testing.T) {
	hs, err := ParsePatch("@@ -1,2 +1,3 @@\r\n a\r\n-b\r\n\\ No newline at end of file\r\n+B\r\n+c\r\n\\ No newline at end of file")
	if err != nil {
		t.Fatal(err)
	}
	if len(hs) != 1 || fmt.Sprint(hs[0].Added) != "[2 3]" || hs[0].End() != 3 {
		t.Fatalf("hunks = %+v", hs)
	}
}

func testDiff(t *testing.T) *Diff {
	t.Helper()
	data, err := os.ReadFile("testdata/diffs/git.diff")
	if err != nil {
		t.Fatal(err)
	}
	d, err := ParseDiff(data)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestValidComment(t *testing.T) {
	d := testDiff(t)
	for _, tc := range []struct {
		path        string
		start, line int
		want        string // "" valid, else part of the reason
	}{
		{"two_hunks.txt", 0, 3, ""},
		{"two_hunks.txt", 0, 1, ""},           // context line
		{"two_hunks.txt", 1, 6, ""},           // whole first hunk
		{"two_hunks.txt", 22, 29, ""},         // whole second hunk
		{"two_hunks.txt", 0, 7, "outside"},    // between hunks
		{"two_hunks.txt", 0, 30, "outside"},   // after the last hunk
		{"two_hunks.txt", 3, 25, "one hunk"},  // spans both
		{"two_hunks.txt", 10, 25, "outside"},  // start between hunks
		{"two_hunks.txt", 5, 3, "after line"}, // reversed
		{"two_hunks.txt", 0, 0, "valid line"},
		{"gone.txt", 0, 1, "deleted"},
		{"img.bin", 0, 1, "binary"},
		{"pure_new.txt", 0, 1, "outside"},
		{"nope.txt", 0, 1, "not changed"},
		{"new_name.go", 0, 3, ""},
		{"nonl.txt", 3, 4, ""},
		{"tab\tnäme.txt", 0, 1, ""},
		{"with space.txt", 0, 1, ""},
	} {
		err := d.ValidComment(tc.path, tc.start, tc.line)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("ValidComment(%q, %d, %d) = %v, want nil", tc.path, tc.start, tc.line, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrNotInDiff)):
			t.Errorf("ValidComment(%q, %d, %d) = %v, want ErrNotInDiff mentioning %q", tc.path, tc.start, tc.line, err, tc.want)
		}
	}
}

func TestFilter(t *testing.T) {
	d := testDiff(t)
	type pos struct {
		path        string
		start, line int
	}
	cases := []pos{
		{"two_hunks.txt", 0, 3},   // added
		{"two_hunks.txt", 0, 2},   // context
		{"two_hunks.txt", 25, 26}, // both added
		{"two_hunks.txt", 24, 25}, // context + added
		{"two_hunks.txt", 0, 10},  // outside hunks
		{"gone.txt", 0, 1},        // removed file
		{"nope.txt", 0, 1},        // not in the diff
	}
	want := map[Filter][]bool{
		FilterAdded:       {true, false, true, false, false, false, false},
		FilterDiffContext: {true, true, true, true, false, false, false},
		FilterFile:        {true, true, true, true, true, false, false},
		FilterNoFilter:    {true, true, true, true, true, true, true},
	}
	for f, ws := range want {
		g, err := ParseFilter(f.String())
		if err != nil || g != f {
			t.Fatalf("ParseFilter(%q) = %v, %v", f.String(), g, err)
		}
		for i, c := range cases {
			if got := d.Allowed(f, c.path, c.start, c.line); got != ws[i] {
				t.Errorf("%s: Allowed(%+v) = %v, want %v", f, c, got, ws[i])
			}
		}
	}
	if _, err := ParseFilter("added_lines"); err == nil || !strings.Contains(err.Error(), "added, diff_context, file, nofilter") {
		t.Errorf("unknown mode error = %v", err)
	}
}

// FuzzParseDiff: any input parses or fails cleanly, and a parsed hunk's
// added lines are ascending and inside its RIGHT-side range.
func FuzzParseDiff(f *testing.F) {
	for _, p := range []string{"testdata/diffs/git.diff", "testdata/diffs/plain.diff"} {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("@@ -1 +1 @@\n-a\n+b\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		check := func(hs []Hunk) {
			for _, h := range hs {
				for i, l := range h.Added {
					if !h.Contains(l) || (i > 0 && h.Added[i-1] >= l) {
						t.Fatalf("hunk %s: added %v", h, h.Added)
					}
				}
			}
		}
		if d, err := ParseDiff(data); err == nil {
			for _, file := range d.Files() {
				check(file.Hunks)
			}
		}
		if hs, err := ParsePatch(string(data)); err == nil {
			check(hs)
		}
	})
}
