package comments

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/lang"
)

// commentCase is one testdata/comment_formatting/fix/*.txtar: a "spec"
// file, an optional "profile" file (lint unless it says multicodeif), an
// optional "given" file (the lines whose findings the fixer is handed, as
// the Action hands it those inside a diff; all of them when absent) and
// one code file.
type commentCase struct {
	c       constraint.Constraint
	profile check.Profile
	given   []int
	name    string
	code    []byte
}

func loadCommentCase(t *testing.T, path string) commentCase {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cc := commentCase{profile: check.Lint}
	var spec string
	for _, f := range ar.Files {
		switch f.Name {
		case "spec":
			spec = strings.TrimSpace(string(f.Data))
		case "profile":
			cc.profile = check.Profile(strings.TrimSpace(string(f.Data)))
		case "given":
			for _, w := range strings.Fields(string(f.Data)) {
				n, err := strconv.Atoi(w)
				if err != nil || n < 1 {
					t.Fatalf("%s: given: want line numbers, got %q", path, w)
				}
				cc.given = append(cc.given, n)
			}
		default:
			cc.name, cc.code = f.Name, f.Data
		}
	}
	if spec == "" || cc.name == "" || (cc.profile != check.Lint && cc.profile != check.MultiCodeIF) {
		t.Fatalf("%s: want a spec file, a code file and at most a profile file saying lint or multicodeif", path)
	}
	if cc.c, err = constraint.ParseAnswer(constraint.Comments, spec); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return cc
}

// handed is r with only the findings on the case's given lines, as the
// Action hands a fixer the findings inside a diff.
func (cc commentCase) handed(t *testing.T, r check.Result) check.Result {
	t.Helper()
	if cc.given == nil {
		return r
	}
	var in []check.Finding
	for _, fd := range r.Findings {
		if l, _ := lineCol(cc.code, fd.Start); slices.Contains(cc.given, l) {
			in = append(in, fd)
		}
	}
	if len(in) == 0 || len(in) == len(r.Findings) {
		t.Fatalf("given lines %v pick %d of the rule's %d findings; a subset case must hand over some, not all", cc.given, len(in), len(r.Findings))
	}
	r.Findings = in
	return r
}

// laterReason starts the reason of a finding that shows only once the
// given ones are fixed, which a later run fixes.
const laterReason = "not among the findings given to the fixer"

// TestCommentsGolden fixes every case in the profile it names, handed the
// findings it names, and compares the fixed file and the skipped findings
// with <case>.out; verifyCommentFix proves the properties callers rely
// on. Where a rule stops at its first finding, the run leaves the next
// one for a later run: the later runs follow, each as a diff, until
// nothing changes.
func TestCommentsGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "comment_formatting", "fix", "*.txtar"))
	if err != nil || len(paths) < 14 {
		t.Fatalf("want at least 14 comment fixer cases, found %d (%v)", len(paths), err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			cc := loadCommentCase(t, path)
			u := check.NewUnit(context.Background(), cc.name, cc.code, cc.profile)
			r := runRule(u, cc.c)
			if r.Verdict != check.Fail {
				t.Fatalf("case does not fail the rule (%s: %s); it tests nothing", r.Verdict, r.Reason)
			}
			out, skipped := verifyCommentFix(t, u, cc.c, cc.handed(t, r))
			var sb strings.Builder
			fmt.Fprintf(&sb, "-- fixed %s (profile %s", cc.name, cc.profile)
			if cc.given != nil {
				fmt.Fprintf(&sb, ", given the findings on lines %v", cc.given)
			}
			sb.WriteString(") --\n")
			sb.Write(out)
			if len(out) > 0 && out[len(out)-1] != '\n' {
				sb.WriteString("\n(no newline at end)\n")
			}
			writeSkipped(&sb, cc.code, skipped)
			for run := 2; cc.given == nil && slices.ContainsFunc(skipped, func(s check.Skipped) bool { return strings.HasPrefix(s.Reason, laterReason) }); run++ {
				if run > 20 {
					t.Fatalf("still leaving findings for a later run after %d runs", run-1)
				}
				nu := check.NewUnit(context.Background(), cc.name, out, cc.profile)
				var next []byte
				next, skipped = verifyCommentFix(t, nu, cc.c, runRule(nu, cc.c))
				fmt.Fprintf(&sb, "-- run %d --\n%s", run, fix.Unified(cc.name, out, next, 1))
				writeSkipped(&sb, out, skipped)
				out = next
			}
			goldentest.Check(t, strings.TrimSuffix(path, ".txtar")+".out", []byte(sb.String()))
		})
	}
}

func writeSkipped(sb *strings.Builder, src []byte, skipped []check.Skipped) {
	sb.WriteString("-- skipped --\n")
	for _, s := range skipped {
		l, c := lineCol(src, s.Start)
		fmt.Fprintf(sb, "%d:%d: %s\n", l, c, s.Reason)
	}
}

// TestCommentsOnCheckCases runs the fixer over the rule's own golden
// inputs, written to break the check rather than the fixer, asserting
// only the properties.
func TestCommentsOnCheckCases(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "comment_formatting", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no check cases: %v", err)
	}
	fixed := 0
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			cc := loadCommentCase(t, path)
			for _, p := range []check.Profile{check.Lint, check.MultiCodeIF} {
				u := check.NewUnit(context.Background(), cc.name, cc.code, p)
				if r := runRule(u, cc.c); r.Verdict == check.Fail {
					if out, _ := verifyCommentFix(t, u, cc.c, r); string(out) != string(cc.code) {
						fixed++
					}
				}
			}
		})
	}
	if fixed == 0 {
		t.Error("no check case was fixed; the net catches nothing")
	}
}

func TestCommentsBlockLines(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"/* one */", []string{"one"}},
		{"/**\n * Adds.\n *\n * @param a x\n */", []string{"Adds.", "", "@param a x"}},
		{"/* first\n   second\n     indented */", []string{"first", "second", "  indented"}},
		{"/*\r\n\tcrlf\r\n*/", []string{"crlf"}},
		{"/*****\n banner\n *****/", []string{"banner"}},
		{"/**/", nil},
		{"/* ptr* */", []string{"ptr*"}},
	} {
		if got := blockCommentLines(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("blockCommentLines(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCommentsPyDocstring(t *testing.T) {
	for _, tc := range []struct {
		lines []string
		want  string
		ok    bool
	}{
		{[]string{"Adds one."}, `    """Adds one."""`, true},
		{[]string{"Adds.", "", "More."}, "    \"\"\"Adds.\n\n    More.\n    \"\"\"", true},
		{[]string{`Says "hi"`}, `    '''Says "hi"'''`, true},
		{[]string{`C:\dir`}, `    r"""C:\dir"""`, true},
		{[]string{`ends \`}, "", false},
		{[]string{`both """ and '''`}, "", false},
	} {
		got, ok := docstringLiteral(tc.lines, "    ", "\n")
		if got != tc.want || ok != tc.ok {
			t.Errorf("docstringLiteral(%q) = %q, %v; want %q, %v", tc.lines, got, ok, tc.want, tc.ok)
		}
	}
}

// TestCommentsEveryStyleOnEveryInput widens the net: every style is
// asked of every case's code, in its language, and each failing
// combination must come out with the promised properties.
func TestCommentsEveryStyleOnEveryInput(t *testing.T) {
	var paths []string
	for _, g := range []string{
		filepath.Join("testdata", "comment_formatting", "fix", "*.txtar"),
		filepath.Join("testdata", "comment_formatting", "*.txt"),
	} {
		ps, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, ps...)
	}
	styles := []string{"Single-line comment", "Multi-line comment", "Inline comment", "Block comment",
		"Javadoc", "KotlinDoc", "GoDoc", "Rustdoc", "Python docstring"}
	for _, path := range paths {
		cc := loadCommentCase(t, path)
		for _, style := range styles {
			c, err := constraint.ParseAnswer(constraint.Comments, string(cc.c.Lang)+";"+style)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(filepath.Base(path)+"/"+style, func(t *testing.T) {
				u := check.NewUnit(context.Background(), cc.name, cc.code, check.Lint)
				if r := runRule(u, c); r.Verdict == check.Fail {
					verifyCommentFix(t, u, c, r)
				}
			})
		}
	}
}

// FuzzComments asks a style of arbitrary code in a language with a
// grammar and checks the fix's properties wherever the rule fails.
func FuzzComments(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "comment_formatting", "fix", "*.txtar"))
	for i, path := range paths {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), uint8(i), ar.Files[len(ar.Files)-1].Data)
	}
	langs := []lang.ID{lang.C, lang.CPP, lang.CSharp, lang.Go, lang.Java, lang.JavaScript, lang.Kotlin, lang.Python, lang.Rust, lang.TypeScript}
	styles := []string{"Single-line comment", "Multi-line comment", "Inline comment", "Block comment",
		"Javadoc", "KotlinDoc", "GoDoc", "Rustdoc", "Python docstring"}
	f.Fuzz(func(t *testing.T, li, si uint8, code []byte) {
		if len(code) > 4096 {
			return
		}
		c, err := constraint.ParseAnswer(constraint.Comments, string(langs[int(li)%len(langs)])+";"+styles[int(si)%len(styles)])
		if err != nil {
			t.Fatal(err)
		}
		u := check.NewUnit(context.Background(), "code", code, check.Lint)
		if r := runRule(u, c); r.Verdict == check.Fail {
			verifyCommentFix(t, u, c, r)
		}
	})
}

// fixResult composes the fixes of r's findings, as the fix loop does for
// a failing result (a passing one has nothing to fix).
func fixResult(u *check.Unit, c constraint.Constraint, r check.Result) (check.Edits, []check.Skipped, error) {
	if r.Verdict != check.Fail {
		return nil, nil, nil
	}
	return compose(u, c, r.Findings)
}

func lineCol(src []byte, off int) (int, int) {
	return check.NewUnit(context.Background(), "", src, check.Lint).Position(off)
}
