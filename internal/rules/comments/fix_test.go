package comments

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
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
	"github.com/iflint/iflint/internal/syntax"
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

// verifyCommentFix runs FixComments on u handed r's findings (some or all
// of the rule's) and asserts: the edits apply, parse no worse, keep every
// word and every string literal, touch no comment but those the findings
// point at (comment kinds) or the text above the declarations they report
// (documentation styles), leave the rule failing only where something
// was skipped or where a finding was not handed over, are the same
// whichever profile found the failure, and fixing the result changes
// nothing but what a rule that stops at its first finding left for a
// later run.
func verifyCommentFix(t *testing.T, u *check.Unit, c constraint.Constraint, r check.Result) ([]byte, []check.Skipped) {
	t.Helper()
	ctx := context.Background()
	edits, skipped, err := fixResult(u, c, r)
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
	_, doc := DocStyleFor(c.Name)
	if !doc && err1 == nil && len(r.Findings) > 0 {
		verifyOnlyFlagged(t, u.Src, before.Root(), r.Findings, edits)
	}
	full := runRule(u, c)
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b check.Edit) int { return a.Start - b.Start })
	// notHanded: a finding of the fixed file the caller was shown on the
	// original and did not hand over, which stays the caller's.
	notHanded := func(fd check.Finding) bool {
		at := mapBack(sorted, fd.Start)
		return !slices.ContainsFunc(r.Findings, func(g check.Finding) bool { return g.Start == at && g.Message == fd.Message }) &&
			slices.ContainsFunc(full.Findings, func(o check.Finding) bool { return o.Start == at && o.Message == fd.Message })
	}
	fu := check.NewUnit(ctx, u.Path, out, u.Profile)
	rest := runRule(fu, c)
	owed := slices.DeleteFunc(slices.Clone(rest.Findings), notHanded)
	switch {
	case len(skipped) == 0 && rest.Verdict != check.Pass && (len(owed) > 0 || len(rest.Findings) == 0):
		t.Errorf("nothing skipped, yet the fixed file does not pass: %s %v", rest.Reason, rest.Findings)
	case rest.Verdict == check.Fail && len(rest.Findings) == 0 && !slices.ContainsFunc(skipped, func(s check.Skipped) bool { return s.Start == 0 && s.End == len(u.Src) }):
		t.Errorf("the fixed file fails (%s) but no file-level skip says so", rest.Reason)
	}
	for _, fd := range owed {
		at := mapBack(sorted, fd.Start)
		l, _ := lineCol(u.Src, at)
		if !slices.ContainsFunc(skipped, func(s check.Skipped) bool {
			sl, _ := lineCol(u.Src, s.Start)
			return sl == l || s.Start <= at && at <= s.End
		}) {
			t.Errorf("the fixed file fails at line %d (%s), where nothing was skipped", l, fd.Message)
		}
	}
	// The comment kinds mean the same in both profiles (lint only lists
	// every finding), so the fix of the same findings must not depend on
	// the profile. The documentation styles differ in kind, and each
	// profile's fix follows its own rule.
	if !doc {
		other := check.MultiCodeIF
		if u.Profile == check.MultiCodeIF {
			other = check.Lint
		}
		e2, _, err := fixResult(check.NewUnit(ctx, u.Path, u.Src, other), c, r)
		if err != nil || !reflect.DeepEqual(e2, edits) {
			t.Errorf("the %s profile, handed the same findings, gives another fix: %v (err %v)", other, e2, err)
		}
	}
	if u.Profile == check.Lint {
		verifyDocAgreement(t, u, c, r, edits, skipped)
	}
	// Where the code does not parse, a fix can mend the tree enough for a
	// second pass to see comments that error recovery hid; only sources
	// that parse must settle in one pass, and then only a finding left
	// for a later run may be fixed by one.
	again := rest
	again.Findings = owed
	more, _, err := fixResult(fu, c, again)
	later := slices.ContainsFunc(skipped, func(s check.Skipped) bool { return strings.HasPrefix(s.Reason, laterReason) })
	if err != nil || len(more) > 0 && !later && (err1 != nil || !before.HasError()) {
		t.Errorf("not idempotent: fixing the fixed file proposes %v (err %v)", more, err)
	}
	return out, skipped
}

// verifyOnlyFlagged asserts that a fix of the comment kinds touches no
// comment but those the given findings point at: every other comment of
// the tree keeps its bytes.
func verifyOnlyFlagged(t *testing.T, src []byte, root syntax.Node, given []check.Finding, edits check.Edits) {
	t.Helper()
	root.Walk(func(n syntax.Node) bool {
		if !strings.Contains(n.Type(), "comment") {
			return true
		}
		s, e := n.Start(), n.End()
		for e > s && (src[e-1] == '\n' || src[e-1] == '\r') {
			e--
		}
		if slices.ContainsFunc(given, func(g check.Finding) bool { return s <= g.Start && g.Start < max(e, s+1) }) {
			return false
		}
		for _, ed := range edits {
			if ed.Start < e && s < ed.End || ed.Start == ed.End && s < ed.Start && ed.Start < e {
				t.Errorf("edit %v touches the comment %q, which no given finding points at", ed, src[s:e])
			}
		}
		return false
	})
}

// verifyDocAgreement asserts that the fixer agrees with a lint
// documentation rule: every given finding gets an edit or a refusal at
// its place, and no edit touches text outside the comment above, or the
// lines between it and, a declaration a given finding reports.
func verifyDocAgreement(t *testing.T, u *check.Unit, c constraint.Constraint, r check.Result, edits check.Edits, skipped []check.Skipped) {
	t.Helper()
	ds, ok := DocStyleFor(c.Name)
	if !ok {
		return
	}
	all, _, err := DocIssues(u, ds)
	if err != nil {
		return
	}
	var issues []DocIssue
	for _, is := range all {
		if slices.ContainsFunc(r.Findings, func(f check.Finding) bool { return f.Start == is.Start && f.End == is.End && f.Message == is.Message }) {
			issues = append(issues, is)
		}
	}
	for _, is := range issues {
		covered := slices.ContainsFunc(skipped, func(s check.Skipped) bool { return s.Start <= is.Start && is.Start <= max(s.End, s.Start) }) ||
			slices.ContainsFunc(edits, func(e check.Edit) bool { return e.Start >= issueTop(u, is) && e.End <= issueBottom(u, c, is) })
		if !covered {
			t.Errorf("finding %q at %d has neither an edit nor a refusal", is.Message, is.Start)
		}
	}
	for _, e := range edits {
		if !slices.ContainsFunc(issues, func(is DocIssue) bool { return e.Start >= issueTop(u, is) && e.End <= issueBottom(u, c, is) }) {
			t.Errorf("edit %v touches text above no declaration a given finding reports", e)
		}
	}
}

// issueTop is the start of the comment lines directly above a reported
// declaration (blank lines and a detached comment included): the only
// text a documentation fix may edit.
func issueTop(u *check.Unit, is DocIssue) int {
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
func issueBottom(u *check.Unit, c constraint.Constraint, is DocIssue) int {
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
	_, _, err := fixResult(u, constraint.Constraint{Type: constraint.Naming, Lang: lang.Python}, check.Result{Verdict: check.Fail})
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

// TestCommentsStopsAtFirst holds stopsAtFirst to the rule: on code with
// several offences, a rule it says stops at its first finding reports
// one, and every other rule reports them all.
func TestCommentsStopsAtFirst(t *testing.T) {
	for _, tc := range []struct{ spec, path, src string }{
		{"c;Single-line comment", "a.c", "/* a */\nint x;\n/* b */\nint y;\n"},
		{"c;Multi-line comment", "a.c", "// a\nint x;\n// b\nint y;\n"},
		{"c;Inline comment", "a.c", "// a\nint x;\n\n// b\nint y;\n"},
		{"go;GoDoc", "a.go", "package p\n\nfunc A() {}\n\nfunc B() {}\n"},
		{"rust;Rustdoc", "a.rs", "// a\npub fn a() {}\n// b\npub fn b() {}\n"},
		{"java;Javadoc", "A.java", "/** A. */\npublic class A {\n    /** @return one */\n    public int a(int x) { return 1; }\n    /** @return two */\n    public int b(int y) { return 2; }\n}\n"},
		{"kotlin;KotlinDoc", "a.kt", "/** @return one */\nfun a(x: Int) = 1\n/** @return two */\nfun b(y: Int) = 2\n// c\nfun c() = 3\nfun d() = 4\n"},
		{"python;Python docstring", "a.py", "\"\"\"M.\"\"\"\n\n\ndef a():\n    pass\n\n\ndef b():\n    pass\n"},
	} {
		c, err := constraint.ParseAnswer(constraint.Comments, tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []check.Profile{check.Lint, check.MultiCodeIF} {
			r := runRule(check.NewUnit(context.Background(), tc.path, []byte(tc.src), p), c)
			n, stops := len(r.Findings), stopsAtFirst(c.Name, p)
			if r.Verdict != check.Fail || stops && n != 1 || !stops && n < 2 {
				t.Errorf("%s (%s): %s with %d finding(s), but stopsAtFirst = %v", tc.spec, p, r.Verdict, n, stops)
			}
		}
	}
}

// TestCommentsFixOnlyGiven hands the fixer one finding of several, as the
// Action hands it those inside a pull request's diff, and checks the
// whole output: only that finding's comment changed.
func TestCommentsFixOnlyGiven(t *testing.T) {
	for _, tc := range []struct {
		name, spec, profile, path string
		src                       string
		given                     int // index of the finding handed over
		want                      string
	}{
		{"single-line first", "c;Single-line comment", "lint", "a.c",
			"/* one */\nint a;\n/* two */\nint b;\n", 0,
			"// one\nint a;\n/* two */\nint b;\n"},
		{"single-line second, adjacent", "c;Single-line comment", "lint", "a.c",
			"/* one */\n/* two */\nint a;\n", 1,
			"/* one */\n// two\nint a;\n"},
		{"single-line multicodeif", "c;Single-line comment", "multicodeif", "a.c",
			"/* one */\nint a;\n/* two */\nint b;\n", 0,
			"// one\nint a;\n/* two */\nint b;\n"},
		{"multi-line, middle of a run", "cpp;Multi-line comment", "lint", "a.cpp",
			"// one\n// two\n// three\nint a;\n", 1,
			"// one\n/* two */\n// three\nint a;\n"},
		{"multi-line, other run", "cpp;Multi-line comment", "lint", "a.cpp",
			"// one\n// two\nint a;\n// three\nint b;\n", 2,
			"// one\n// two\nint a;\n/* three */\nint b;\n"},
		{"inline", "c;Inline comment", "lint", "a.c",
			"int f(void) {\n    // one\n    int a = 1;\n    int b = a;\n    // two\n    return b;\n}\n", 0,
			"int f(void) {\n    int a = 1; // one\n    int b = a;\n    // two\n    return b;\n}\n"},
		{"docstring lint", "python;Python docstring", "lint", "a.py",
			"\"\"\"Module.\"\"\"\n\n\n# One.\ndef one():\n    pass\n\n\n# Two.\ndef two():\n    pass\n", 1,
			"\"\"\"Module.\"\"\"\n\n\n# One.\ndef one():\n    pass\n\n\ndef two():\n    \"\"\"Two.\"\"\"\n    pass\n"},
		{"docstring multicodeif", "python;Python docstring", "multicodeif", "a.py",
			"def one():\n    # One.\n\n    pass\n\n\ndef two():\n    # Two.\n\n    pass\n", 0,
			"def one():\n    \"\"\"One.\"\"\"\n\n    pass\n\n\ndef two():\n    # Two.\n\n    pass\n"},
		{"rustdoc lint", "rust;Rustdoc", "lint", "lib.rs",
			"//! Crate.\n\n// One.\npub fn one() {}\n\n// Two.\npub fn two() {}\n", 1,
			"//! Crate.\n\n// One.\npub fn one() {}\n\n/// Two.\npub fn two() {}\n"},
		{"rustdoc multicodeif, one line of a run", "rust;Rustdoc", "multicodeif", "lib.rs",
			"// One.\n// More.\nfn one() {}\n", 0,
			"/// One.\n// More.\nfn one() {}\n"},
		{"godoc lint", "go;GoDoc", "lint", "a.go",
			"// Package p is p.\npackage p\n\n// One is one.\n\nfunc One() {}\n\n// Two is two.\n\nfunc Two() {}\n", 1,
			"// Package p is p.\npackage p\n\n// One is one.\n\nfunc One() {}\n\n// Two is two.\nfunc Two() {}\n"},
		{"javadoc lint", "java;Javadoc", "lint", "A.java",
			"/** A. */\npublic class A {\n    // One.\n    public void one() {}\n\n    // Two.\n    public void two() {}\n}\n", 1,
			"/** A. */\npublic class A {\n    // One.\n    public void one() {}\n\n    /**\n     * Two.\n     */\n    public void two() {}\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := constraint.ParseAnswer(constraint.Comments, tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			u := check.NewUnit(context.Background(), tc.path, []byte(tc.src), check.Profile(tc.profile))
			r := runRule(u, c)
			if r.Verdict != check.Fail || len(r.Findings) < 2 && tc.profile == "lint" && tc.spec != "c;Inline comment" {
				t.Fatalf("want several findings to choose from, got %s %v", r.Verdict, r.Findings)
			}
			if tc.given >= len(r.Findings) {
				t.Fatalf("finding %d of %d", tc.given, len(r.Findings))
			}
			one := r
			one.Findings = r.Findings[tc.given : tc.given+1]
			out, _ := verifyCommentFix(t, u, c, one)
			if string(out) != tc.want {
				t.Errorf("given %v:\ngot\n%s\nwant\n%s", one.Findings, out, tc.want)
			}
		})
	}
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

// TestFindingsCarryTheirFix: every finding of the rule, in both
// profiles, carries a Fix naming its target or a NoFix reason, and
// compose, given a NoFix finding alone, refuses it with that reason.
func TestFindingsCarryTheirFix(t *testing.T) {
	var paths []string
	for _, g := range []string{filepath.Join("testdata", "comment_formatting", "*.txt"), filepath.Join("testdata", "comment_formatting", "fix", "*.txtar")} {
		ps, _ := filepath.Glob(g)
		paths = append(paths, ps...)
	}
	carried, refused := 0, 0
	for _, path := range paths {
		cc := loadCommentCase(t, path)
		for _, p := range []check.Profile{check.Lint, check.MultiCodeIF} {
			u := check.NewUnit(context.Background(), cc.name, cc.code, p)
			for _, f := range runRule(u, cc.c).Findings {
				_, ok := targetOf(f)
				switch {
				case ok && f.NoFix == "":
					carried++
				case f.Fix == nil && f.NoFix != "":
					refused++
					if _, skipped, err := compose(u, cc.c, []check.Finding{f}); err != nil || !slices.ContainsFunc(skipped, func(s check.Skipped) bool { return s.Reason == f.NoFix }) {
						t.Errorf("%s (%s): %q has no fix (%s), but compose skips %v (err %v)", path, p, f.Message, f.NoFix, skipped, err)
					}
				default:
					t.Errorf("%s (%s): %q carries neither a target nor why it has none", path, p, f.Message)
				}
			}
		}
	}
	if carried == 0 || refused == 0 {
		t.Errorf("%d findings carry a target, %d a NoFix: the test sees too little", carried, refused)
	}
}
