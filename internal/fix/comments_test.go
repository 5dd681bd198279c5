package fix

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// commentCase is one testdata/fixers/comment_formatting/*.txtar: a "spec"
// file, an optional "profile" file (lint unless it says multicodeif) and
// one code file.
type commentCase struct {
	c       constraint.Constraint
	profile check.Profile
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

// TestCommentsGolden fixes every case in the profile it names and
// compares the fixed file and the skipped findings with <case>.out;
// verifyCommentFix proves the properties callers rely on.
func TestCommentsGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "fixers", "comment_formatting", "*.txtar"))
	if err != nil || len(paths) < 14 {
		t.Fatalf("want at least 14 comment fixer cases, found %d (%v)", len(paths), err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			cc := loadCommentCase(t, path)
			u := check.NewUnit(context.Background(), cc.name, cc.code, cc.profile)
			r := check.Run(u, cc.c)
			if r.Verdict != check.Fail {
				t.Fatalf("case does not fail the rule (%s: %s); it tests nothing", r.Verdict, r.Reason)
			}
			out, skipped := verifyCommentFix(t, u, cc.c, r)
			var sb strings.Builder
			fmt.Fprintf(&sb, "-- fixed %s (profile %s) --\n", cc.name, cc.profile)
			sb.Write(out)
			if len(out) > 0 && out[len(out)-1] != '\n' {
				sb.WriteString("\n(no newline at end)\n")
			}
			sb.WriteString("-- skipped --\n")
			for _, s := range skipped {
				l, c := lineCol(cc.code, s.Start)
				fmt.Fprintf(&sb, "%d:%d: %s\n", l, c, s.Reason)
			}
			goldentest.Check(t, strings.TrimSuffix(path, ".txtar")+".out", []byte(sb.String()))
		})
	}
}

// TestCommentsOnCheckCases runs the fixer over the rule's own golden
// inputs, written to break the check rather than the fixer, asserting
// only the properties.
func TestCommentsOnCheckCases(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "check", "testdata", "comment_formatting", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no check cases: %v", err)
	}
	fixed := 0
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			cc := loadCommentCase(t, path)
			for _, p := range []check.Profile{check.Lint, check.MultiCodeIF} {
				u := check.NewUnit(context.Background(), cc.name, cc.code, p)
				if r := check.Run(u, cc.c); r.Verdict == check.Fail {
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

// verifyCommentFix runs FixComments on u and asserts: the edits apply,
// parse no worse, keep every word and every string literal, leave the
// rule failing only where something was skipped, are the same whichever
// profile found the failure, and fixing the result changes nothing.
func verifyCommentFix(t *testing.T, u *check.Unit, c constraint.Constraint, r check.Result) ([]byte, []Skipped) {
	t.Helper()
	ctx := context.Background()
	edits, skipped, err := FixComments(u, c, r)
	if err != nil {
		t.Fatal(err)
	}
	out, err := edits.Apply(u.Src)
	if err != nil {
		t.Fatalf("edits do not apply: %v", err)
	}
	before, err1 := syntax.Parse(ctx, c.Lang, u.Src)
	after, err2 := syntax.Parse(ctx, c.Lang, out)
	if err1 == nil && err2 == nil {
		if after.HasError() && !before.HasError() {
			t.Errorf("the fix introduced a parse error:\n%s", out)
		}
		// A tree with errors holds guessed (even empty) string nodes.
		if missing := lostStrings(before.Root(), after.Root()); len(missing) > 0 && !before.HasError() {
			t.Errorf("string literals changed or lost: %q", missing)
		}
	}
	if w1, w2 := words(u.Src), words(out); !reflect.DeepEqual(w1, w2) {
		t.Errorf("the fix added or dropped words:\nbefore %q\nafter  %q", w1, w2)
	}
	fu := check.NewUnit(ctx, u.Path, out, u.Profile)
	rest := check.Run(fu, c)
	switch {
	case len(skipped) == 0 && rest.Verdict != check.Pass:
		t.Errorf("nothing skipped, yet the fixed file does not pass: %s %v", rest.Reason, rest.Findings)
	case rest.Verdict == check.Fail && len(rest.Findings) == 0 && !slices.ContainsFunc(skipped, func(s Skipped) bool { return s.Start == 0 && s.End == len(u.Src) }):
		t.Errorf("the fixed file fails (%s) but no file-level skip says so", rest.Reason)
	}
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b Edit) int { return a.Start - b.Start })
	for _, fd := range rest.Findings {
		at := mapBack(sorted, fd.Start)
		l, _ := lineCol(u.Src, at)
		if !slices.ContainsFunc(skipped, func(s Skipped) bool { sl, _ := lineCol(u.Src, s.Start); return sl == l || s.Start <= at && at <= s.End }) {
			t.Errorf("the fixed file fails at line %d (%s), where nothing was skipped", l, fd.Message)
		}
	}
	// The comment kinds mean the same in both profiles (lint only lists
	// every finding), so their fix must not depend on the profile. The
	// documentation styles differ in kind, and each profile's fix follows
	// its own rule.
	if _, doc := check.DocStyleFor(c.Name); !doc {
		other := check.MultiCodeIF
		if u.Profile == check.MultiCodeIF {
			other = check.Lint
		}
		ou := check.NewUnit(ctx, u.Path, u.Src, other)
		e2, s2, err := FixComments(ou, c, check.Run(ou, c))
		if err != nil || !reflect.DeepEqual(e2, edits) || !reflect.DeepEqual(s2, skipped) {
			t.Errorf("the %s profile gives another fix: %v %v (err %v)", other, e2, s2, err)
		}
	}
	if u.Profile == check.Lint {
		verifyDocAgreement(t, u, c, r, edits, skipped)
	}
	// Where the code does not parse, a fix can mend the tree enough for a
	// second pass to see comments that error recovery hid; only sources
	// that parse must settle in one pass.
	again, _, err := FixComments(fu, c, rest)
	if err != nil || len(again) > 0 && (err1 != nil || !before.HasError()) {
		t.Errorf("not idempotent: fixing the fixed file proposes %v (err %v)", again, err)
	}
	return out, skipped
}

// verifyDocAgreement asserts that the fixer agrees with a lint
// documentation rule: every finding gets an edit or a refusal at its
// place, and no edit touches text outside the comment above, or the
// lines between it and, a reported declaration.
func verifyDocAgreement(t *testing.T, u *check.Unit, c constraint.Constraint, r check.Result, edits Edits, skipped []Skipped) {
	t.Helper()
	ds, ok := check.DocStyleFor(c.Name)
	if !ok {
		return
	}
	issues, _, err := check.DocIssues(u, ds)
	if err != nil {
		return
	}
	for _, is := range issues {
		covered := slices.ContainsFunc(skipped, func(s Skipped) bool { return s.Start <= is.Start && is.Start <= max(s.End, s.Start) }) ||
			slices.ContainsFunc(edits, func(e Edit) bool { return e.Start >= issueTop(u, is) && e.End <= issueBottom(u, c, is) })
		if !covered {
			t.Errorf("finding %q at %d has neither an edit nor a refusal", is.Message, is.Start)
		}
	}
	for _, e := range edits {
		if !slices.ContainsFunc(issues, func(is check.DocIssue) bool { return e.Start >= issueTop(u, is) && e.End <= issueBottom(u, c, is) }) {
			t.Errorf("edit %v touches text above no reported declaration", e)
		}
	}
}

// issueTop is the start of the comment lines directly above a reported
// declaration (blank lines and a detached comment included): the only
// text a documentation fix may edit.
func issueTop(u *check.Unit, is check.DocIssue) int {
	lines := strings.SplitAfter(string(u.Src[:is.Outer]), "\n")
	off := is.Outer
	seenComment := false
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if i == len(lines)-1 {
			off -= len(lines[i])
			continue
		}
		comment := strings.HasPrefix(l, "/") || strings.HasPrefix(l, "*") || strings.HasPrefix(l, "#")
		if l != "" && !comment || l == "" && seenComment {
			break
		}
		seenComment = seenComment || comment
		off -= len(lines[i])
	}
	return off
}

// issueBottom is where a documentation fix must stop: at the declared
// name, or for Python at the first statement of the body, which a
// docstring goes before.
func issueBottom(u *check.Unit, c constraint.Constraint, is check.DocIssue) int {
	if c.Lang != lang.Python {
		return is.Start
	}
	off := is.Start
	if i := bytes.IndexByte(u.Src[off:], '\n'); i >= 0 {
		off += i + 1
	} else {
		return len(u.Src)
	}
	for off < len(u.Src) {
		e := len(u.Src)
		if i := bytes.IndexByte(u.Src[off:], '\n'); i >= 0 {
			e = off + i + 1
		}
		if l := strings.TrimSpace(string(u.Src[off:e])); l != "" && !strings.HasPrefix(l, "#") {
			return off
		}
		off = e
	}
	return len(u.Src)
}

var wordRE = regexp.MustCompile(`[\p{L}\p{N}_]+`)

// words is the file's multiset of words, sorted; a raw docstring's "r"
// prefix is no word of the text.
func words(src []byte) []string {
	var out []string
	for _, w := range wordRE.FindAllString(string(src), -1) {
		if w != "r" {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// lostStrings lists the string literals of before that after lacks.
func lostStrings(before, after syntax.Node) []string {
	collect := func(root syntax.Node) map[string]int {
		m := map[string]int{}
		root.Walk(func(n syntax.Node) bool {
			if t := n.Type(); strings.Contains(t, "string") && !strings.Contains(t, "content") {
				m[n.Text()]++
				return false
			}
			return true
		})
		return m
	}
	have := collect(after)
	var lost []string
	for s, n := range collect(before) {
		if have[s] < n {
			lost = append(lost, s)
		}
	}
	slices.Sort(lost)
	return lost
}

func TestCommentsRejectsOtherConstraints(t *testing.T) {
	u := check.NewUnit(context.Background(), "a.py", []byte("x = 1\n"), check.Lint)
	_, _, err := FixComments(u, constraint.Constraint{Type: constraint.Naming, Lang: lang.Python}, check.Result{Verdict: check.Fail})
	if err == nil || !strings.Contains(err.Error(), "want a comment_formatting constraint") {
		t.Errorf("err = %v, want one naming the expected constraint type", err)
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
		got, ok := pyDocstring(tc.lines, "    ", "\n")
		if got != tc.want || ok != tc.ok {
			t.Errorf("pyDocstring(%q) = %q, %v; want %q, %v", tc.lines, got, ok, tc.want, tc.ok)
		}
	}
}

// TestCommentsEveryStyleOnEveryInput widens the net: every style is
// asked of every case's code, in its language, and each failing
// combination must come out with the promised properties.
func TestCommentsEveryStyleOnEveryInput(t *testing.T) {
	var paths []string
	for _, g := range []string{
		filepath.Join("testdata", "fixers", "comment_formatting", "*.txtar"),
		filepath.Join("..", "check", "testdata", "comment_formatting", "*.txt"),
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
				if r := check.Run(u, c); r.Verdict == check.Fail {
					verifyCommentFix(t, u, c, r)
				}
			})
		}
	}
}

// FuzzComments asks a style of arbitrary code in a language with a
// grammar and checks the fix's properties wherever the rule fails.
func FuzzComments(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "fixers", "comment_formatting", "*.txtar"))
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
		if r := check.Run(u, c); r.Verdict == check.Fail {
			verifyCommentFix(t, u, c, r)
		}
	})
}
