package rules_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/fixloop"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules"
	"github.com/iflint/iflint/internal/syntax"
)

// The property every deterministic fixer owes its checker: given any
// subset of a failing result's findings (the Action hands a fixer only
// the findings inside a pull request's diff), its edits touch only text
// those findings flagged, and every finding it is given gets an edit or
// a refusal with a reason. It is checked over the fix track's tasks, the
// rules' and the fixers' goldens, and a fuzz corpus.
//
// -property.fixers selects the fixers; the default lists those that hold
// the property today. `-property.fixers=all` runs every one and reports
// each violation with the input that shows it.
var propertyFixers = flag.String("property.fixers", "braces,comments,naming", "comma-separated fixers the property test checks: braces, indentation, naming, comments, or all")

// propFixer is one fixer under test and its reading of "the text a
// finding flagged".
type propFixer struct {
	name string
	typ  constraint.Type
	fix  check.Composer
	// covers reports whether edit e lies within what finding f flagged.
	covers func(src []byte, id lang.ID, f check.Finding, e check.Edit) bool
}

var propFixerList = []propFixer{
	{"braces", constraint.Braces, fixloop.ComposerFor(constraint.Braces), bracesCover},
	{"indentation", constraint.Indentation, fixloop.ComposerFor(constraint.Indentation), indentationCover},
	{"naming", constraint.Naming, fixloop.ComposerFor(constraint.Naming), namingCover},
	{"comments", constraint.Comments, fixloop.ComposerFor(constraint.Comments), commentsCover},
}

// bracesCover: a brace fix changes only the blanks that touch the
// flagged token, into other blanks.
func bracesCover(src []byte, _ lang.ID, f check.Finding, e check.Edit) bool {
	lo, hi := f.Start, f.End
	for lo > 0 && isWS(src[lo-1]) {
		lo--
	}
	for hi < len(src) && isWS(src[hi]) {
		hi++
	}
	inside := lo <= e.Start && e.End <= f.Start || f.End <= e.Start && e.End <= hi
	return inside && blankSpan(src, e.Start, e.End) && blankSpan([]byte(e.New), 0, len(e.New))
}

// indentationCover: a layout fix stays on the flagged lines, or within
// the block the flagged line opens (a re-indent of that block).
func indentationCover(src []byte, id lang.ID, f check.Finding, e check.Edit) bool {
	lo := lineStartOf(src, f.Start)
	hi := lineEndOf(src, max(f.End-1, f.Start))
	if t, err := syntax.Parse(context.Background(), id, src); err == nil {
		first := lo
		for first < len(src) && (src[first] == ' ' || src[first] == '\t') {
			first++
		}
		t.Root().Walk(func(n syntax.Node) bool {
			if n.Start() == first && n.End() > hi {
				hi = lineEndOf(src, n.End()-1)
			}
			return n.Start() <= first && first < n.End()
		})
	}
	return lo <= e.Start && e.End <= hi
}

// namingCover: a rename replaces occurrences of the flagged name.
func namingCover(src []byte, _ lang.ID, f check.Finding, e check.Edit) bool {
	name := src[f.Start:f.End]
	return len(name) > 0 && bytes.Equal(src[e.Start:e.End], name)
}

// commentsCover: a comment fix stays on the flagged lines, the comment
// lines next to them (the comment block a flagged line belongs to, or
// the comment a missing doc comment is made from, above the decorators,
// annotations or attributes of the declaration) and the line below. A
// doc fix may also re-attach a comment that blank lines detach from the
// flagged declaration, by deleting those blank lines and only them.
func commentsCover(src []byte, _ lang.ID, f check.Finding, e check.Edit) bool {
	isComment := func(s, e int) bool {
		l := strings.TrimSpace(string(src[s:e]))
		for _, p := range []string{"//", "/*", "*", "#", `"""`, "'''"} {
			if strings.HasPrefix(l, p) {
				return true
			}
		}
		return strings.HasSuffix(l, "*/")
	}
	isAttr := func(s, e int) bool {
		l := strings.TrimSpace(string(src[s:e]))
		return strings.HasPrefix(l, "@") || strings.HasPrefix(l, "#[")
	}
	lo := lineStartOf(src, f.Start)
	if e.New == "" && e.End <= lo && e.Start > 0 && e.Start == lineStartOf(src, e.Start) && blankSpan(src, e.Start, lo) &&
		isComment(lineStartOf(src, e.Start-1), e.Start-1) {
		return true
	}
	for lo > 0 {
		prev := lineStartOf(src, lo-1)
		if !isComment(prev, lo-1) && !isAttr(prev, lo-1) {
			break
		}
		lo = prev
	}
	hi := lineEndOf(src, max(f.End-1, f.Start))
	for hi < len(src) {
		next := lineEndOf(src, hi)
		if !isComment(hi, next) {
			break
		}
		hi = next
	}
	// ... and the line after them, which a comment moved to the end of
	// its code line (Inline comment) lands on.
	hi = lineEndOf(src, min(hi, len(src)-1))
	return lo <= e.Start && e.End <= hi
}

func lineEndOf(src []byte, off int) int {
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(src)
}

func selectedFixers(t testing.TB) []propFixer {
	want := map[string]bool{}
	for _, n := range strings.Split(*propertyFixers, ",") {
		want[strings.TrimSpace(n)] = true
	}
	var out []propFixer
	for _, p := range propFixerList {
		if want["all"] || want[p.name] {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		t.Fatalf("-property.fixers=%q names no fixer", *propertyFixers)
	}
	return out
}

// propCase is one input: a constraint and a file.
type propCase struct {
	name string
	c    constraint.Constraint
	path string
	src  []byte
}

func TestFixersAgreeWithCheckers(t *testing.T) {
	for _, pf := range selectedFixers(t) {
		t.Run(pf.name, func(t *testing.T) {
			cases := propCases(t, pf.typ)
			failing, findings := 0, 0
			for _, pc := range cases {
				n, bad := checkFixerProperty(pf, pc, -1)
				findings += n
				if n > 0 {
					failing++
				}
				for _, b := range bad {
					t.Errorf("%s: %s", pc.name, b)
				}
			}
			t.Logf("%d inputs, %d failing the rule, %d findings", len(cases), failing, findings)
			if failing == 0 {
				t.Errorf("no input fails the rule: the property is tested on nothing")
			}
		})
	}
}

// FuzzFixersAgreeWithCheckers holds the property on arbitrary sources
// for every spec of propFuzzSpecs; the seeds are the rule fuzz corpus
// and the golden inputs.
func FuzzFixersAgreeWithCheckers(f *testing.F) {
	fixers := selectedFixers(f)
	for _, pf := range fixers {
		for _, pc := range propCases(f, pf.typ) {
			if len(pc.src) <= fuzzMaxSeed {
				f.Add(pc.src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > fuzzMaxInput {
			t.Skip("long inputs are TestFixersAgreeWithCheckers' job; the fuzzer explores short ones fast")
		}
		for _, pf := range fixers {
			for _, spec := range propFuzzSpecs[pf.typ] {
				c, err := constraint.ParseAnswer(pf.typ, spec)
				if err != nil {
					t.Fatal(err)
				}
				name := "fuzz" + lang.Get(c.Lang).Extensions[0]
				_, bad := checkFixerProperty(pf, propCase{spec, c, name, src}, fuzzSingles)
				for _, b := range bad {
					t.Errorf("%s %s on %q: %s", pf.name, spec, src, b)
				}
			}
		}
	})
}

// The fuzzer's inputs stay short and each gives its first findings alone
// (then every other one and all): its worth is in many inputs. Its seeds
// are the short inputs of TestFixersAgreeWithCheckers.
const (
	fuzzMaxSeed  = 600
	fuzzMaxInput = 2048
	fuzzSingles  = 4
)

// propFuzzSpecs are the constraints fuzz inputs are checked against.
var propFuzzSpecs = map[constraint.Type][]string{
	constraint.Braces:      {"c;K&R", "java;1TBS", "javascript;Allman", "go;K&R", "rust;Allman", "cpp;1TBS", "kotlin;K&R", "csharp;Allman", "typescript;1TBS"},
	constraint.Indentation: {"python;spaces:4;spacing", "java;spaces:4;spacing", "go;tabs", "c;spaces:2;no spacing"},
	constraint.Naming:      {"python;class:PascalCase,function:snake_case", "java;class:PascalCase,function:camelCase", "go;function:camelCase"},
	constraint.Comments:    {"go;GoDoc", "java;Javadoc", "c;Single-line comment", "python;Python docstring"},
}

// checkFixerProperty runs the fixer on every finding alone (the first
// singles of them when singles >= 0), on every other finding and on all
// of them, and returns the number of findings and each violation of the
// property.
func checkFixerProperty(pf propFixer, pc propCase, singles int) (int, []string) {
	u := check.NewUnit(context.Background(), pc.path, pc.src, check.Lint)
	r := mustRun(u, pc.c)
	if r.Verdict != check.Fail || len(r.Findings) == 0 {
		return 0, nil
	}
	subsets := [][]check.Finding{r.Findings}
	if len(r.Findings) > 1 {
		var odd []check.Finding
		for i, f := range r.Findings {
			if singles < 0 || i < singles {
				subsets = append(subsets, []check.Finding{f})
			}
			if i%2 == 1 {
				odd = append(odd, f)
			}
		}
		subsets = append(subsets, odd)
	}
	var bad []string
	for _, given := range subsets {
		edits, skipped, err := pf.fix(check.NewUnit(context.Background(), pc.path, pc.src, check.Lint), pc.c, given)
		if err != nil {
			continue // a broken input: the fixer says so instead of fixing
		}
		if err := edits.Validate(pc.src); err != nil {
			bad = append(bad, fmt.Sprintf("given %d finding(s): invalid edits: %v", len(given), err))
			continue
		}
		for _, e := range edits {
			if !slicesAny(given, func(f check.Finding) bool { return pf.covers(pc.src, pc.c.Lang, f, e) }) {
				l, col := lineCol(pc.src, e.Start)
				bad = append(bad, fmt.Sprintf("given %d finding(s) %s: edit %v at %d:%d (replacing %q) is outside every given finding", len(given), describe(pc.src, given), e, l, col, pc.src[e.Start:e.End]))
			}
		}
		for _, f := range given {
			edited := slicesAny(edits, func(e check.Edit) bool { return pf.covers(pc.src, pc.c.Lang, f, e) })
			refused := false
			for _, s := range skipped {
				if s.Start >= f.Start && s.Start <= max(f.End, f.Start) && strings.TrimSpace(s.Reason) != "" {
					refused = true
				}
			}
			if !edited && !refused {
				bad = append(bad, fmt.Sprintf("given %d finding(s): %s gets neither an edit nor a refusal (edits %v, skipped %v)", len(given), describe(pc.src, []check.Finding{f}), edits, skipped))
			}
		}
	}
	return len(r.Findings), bad
}

func slicesAny[T any](xs []T, pred func(T) bool) bool {
	for _, x := range xs {
		if pred(x) {
			return true
		}
	}
	return false
}

func describe(src []byte, fs []check.Finding) string {
	var parts []string
	for _, f := range fs {
		l, c := lineCol(src, f.Start)
		parts = append(parts, fmt.Sprintf("%d:%d %q", l, c, firstLine(f.Message)))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// propCases collects the inputs of a constraint type: the fix track's
// files under each task's constraints, the rule's goldens, the fixer's
// goldens and the rule fuzz corpus (under propFuzzSpecs).
func propCases(t testing.TB, typ constraint.Type) []propCase {
	t.Helper()
	var out []propCase
	tasks, err := filepath.Glob(filepath.Join("..", "..", "benchmark", "fix", "tasks", "*"))
	if err != nil || len(tasks) == 0 {
		t.Fatalf("no fix-track tasks: %v", err)
	}
	for _, dir := range tasks {
		cfg, err := config.Load(dir, "")
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		for _, e := range cfg.Constraints {
			if e.Constraint.Type != typ {
				continue
			}
			_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				rel, _ := filepath.Rel(dir, p)
				rel = filepath.ToSlash(rel)
				info, ok := lang.ByPath(rel)
				if !ok || info.ID != e.Constraint.Lang || !e.Applies(rel) || cfg.Excluded(rel) {
					return nil
				}
				src, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				out = append(out, propCase{filepath.Base(dir) + "/" + rel + " " + e.Constraint.Spec, e.Constraint, rel, src})
				return nil
			})
		}
	}
	for _, glob := range []string{
		filepath.Join("*", "testdata", string(typ), "*.txt"),
		filepath.Join("*", "testdata", string(typ), "fix", "*.txtar"),
		filepath.Join("..", "fix", "testdata", "fixers", string(typ), "*.txtar"),
	} {
		paths, _ := filepath.Glob(glob)
		for _, p := range paths {
			gc, err := goldentest.ReadCase(p)
			if err != nil {
				t.Fatal(err)
			}
			spec, name, code := gc.Spec, gc.Name, gc.Code
			c, err := constraint.ParseAnswer(typ, spec)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			out = append(out, propCase{p, c, name, code})
		}
	}
	corpus, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzRules", "*"))
	for _, p := range corpus {
		src, ok := fuzzInput(p)
		if !ok {
			continue
		}
		for _, spec := range propFuzzSpecs[typ] {
			c, err := constraint.ParseAnswer(typ, spec)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, propCase{p + " " + spec, c, "fuzz" + lang.Get(c.Lang).Extensions[0], src})
		}
	}
	return out
}

// fuzzInput reads a `go test fuzz v1` file holding one []byte.
func fuzzInput(path string) ([]byte, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	lines := strings.SplitN(string(b), "\n", 3)
	if len(lines) < 2 || !strings.HasPrefix(lines[1], "[]byte(") {
		return nil, false
	}
	s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
	if err != nil {
		return nil, false
	}
	return []byte(s), true
}

// TestPropertyCatchesOverreach shows the property test can fail: a
// brace fixer that fixes every finding of the file, whatever it was
// given, and one that drops a finding silently, are both caught.
func TestPropertyCatchesOverreach(t *testing.T) {
	src := []byte("class A\n{\n    void f()\n    {\n    }\n}\n")
	c, err := constraint.ParseAnswer(constraint.Braces, "java;K&R")
	if err != nil {
		t.Fatal(err)
	}
	pc := propCase{"overreach", c, "A.java", src}
	braces := fixloop.ComposerFor(constraint.Braces)
	greedy := func(u *check.Unit, c constraint.Constraint, _ []check.Finding) (check.Edits, []check.Skipped, error) {
		return braces(u, c, mustRun(u, c).Findings)
	}
	if _, bad := checkFixerProperty(propFixer{"greedy", constraint.Braces, greedy, bracesCover}, pc, -1); len(bad) == 0 {
		t.Errorf("a fixer that fixes findings it was not given passes the property")
	}
	silent := func(u *check.Unit, c constraint.Constraint, fs []check.Finding) (check.Edits, []check.Skipped, error) {
		return braces(u, c, fs[:1])
	}
	if _, bad := checkFixerProperty(propFixer{"silent", constraint.Braces, silent, bracesCover}, pc, -1); len(bad) == 0 {
		t.Errorf("a fixer that ignores a finding without a reason passes the property")
	}
	if n, bad := checkFixerProperty(propFixer{"braces", constraint.Braces, braces, bracesCover}, pc, -1); n != 2 || len(bad) != 0 {
		t.Errorf("the brace composer: %d findings, violations %v", n, bad)
	}
}

// blankSpan reports whether src[s:e] is only blanks and line breaks.
func blankSpan(src []byte, s, e int) bool {
	for _, b := range src[s:e] {
		if !isWS(b) {
			return false
		}
	}
	return true
}

func isWS(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

func lineStartOf(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

func lineCol(src []byte, off int) (int, int) {
	line := strings.Count(string(src[:off]), "\n") + 1
	return line, off - lineStartOf(src, off) + 1
}

// mustRun is rules.Run for tests: a rule's internal failure fails the
// test with its stack.
func mustRun(u *check.Unit, c constraint.Constraint) check.Result {
	r, err := rules.Run(u, c)
	if err != nil {
		panic(err)
	}
	return r
}
