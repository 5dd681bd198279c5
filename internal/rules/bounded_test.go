package rules

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/work"
)

// Pathological shapes per language (issue 22): one very long line, deep
// nesting on one line and over many lines, many findings per file, many
// names and definitions, many comments. Each is linear in n; %[1]d is
// the repetition's number (distinct names).
func pathologicalShapes(l lang.ID) map[string]func(n int) string {
	rep := func(tmpl string) func(n int) string {
		return func(n int) string {
			var b strings.Builder
			for i := 0; i < n; i++ {
				fmt.Fprintf(&b, tmpl, i)
			}
			return b.String()
		}
	}
	wrap := func(pre, open, mid, close, post string) func(n int) string {
		return func(n int) string {
			return pre + strings.Repeat(open, n) + mid + strings.Repeat(close, n) + post
		}
	}
	pre := func(head string, f func(int) string) func(int) string {
		return func(n int) string { return head + f(n) }
	}
	switch l {
	case lang.Python:
		return map[string]func(n int) string{
			"long line":     wrap("x = [", "1,", "", "", "]\n"),
			"keyword calls": wrap("x = f(", "a=1,", "", "", ")\n"),
			"nested":        wrap("x = ", "[", "", "]", "\n"),
			"nested lines":  wrap("x = ", "[\n", "1", "]\n", ""),
			"many findings": rep("if x:\n   y=1+2\n"),
			"many defs":     rep("def F(a,b):\n    return a+b\nclass c: pass\n"),
			"many names":    rep("def Do_It%[1]d(X_y):\n    Q_r = X_y\n    return Q_r\nclass foo_bar%[1]d:\n    Bad_Name = 1\n"),
			"many comments": rep("# c\n# d\ndef f%[1]d():\n    '''doc'''\n    return 1 # e\n"),
		}
	case lang.Go:
		return map[string]func(n int) string{
			"long line":     wrap("package p\n\nvar x = []int{", "1,", "", "", "}\n"),
			"nested":        wrap("package p\n\nvar x = ", "(", "1", ")", "\n"),
			"nested lines":  wrap("package p\n\nfunc f() ", "{\n", "", "}\n", ""),
			"many findings": pre("package p\n", rep("func F%[1]d(a,b int) int {\n   if a>b {\n return a+b}\n  return 1 }\n")),
			"many names":    pre("package p\n", rep("type Foo_bar%[1]d struct{ Bad_Name int }\nfunc Do_It%[1]d(X_y int) int { Q_r := X_y; return Q_r }\n")),
			"many comments": pre("package p\n", rep("// c\n/* d\n/* e */\n// F%[1]d does.\nfunc F%[1]d() {} // f\n")),
		}
	case lang.Rust:
		return map[string]func(n int) string{
			"long line":     wrap("fn main() { let x = [", "1,", "", "", "]; }\n"),
			"nested":        wrap("fn main() { let x = ", "(", "1", ")", "; }\n"),
			"nested lines":  wrap("fn f() ", "{\n", "", "}\n", ""),
			"many findings": rep("fn f%[1]d(a:i32,b:i32)->i32{\n   if a>b {\n return a+b}\n   else { 1 }\n}\n"),
			"many names":    rep("struct Foo_bar%[1]d { Bad_Name: i32 }\nfn Do_It%[1]d(X_y: i32) -> i32 { let Q_r = X_y; Q_r }\n"),
			"many comments": rep("// c\n/* d */\n/// doc\nfn f%[1]d() {} // e\n"),
		}
	case lang.JavaScript:
		return map[string]func(n int) string{
			"long line":     wrap("const x = [", "1,", "", "", "];\n"),
			"nested":        wrap("const x = ", "(", "1", ")", ";\n"),
			"nested lines":  wrap("function f() ", "{\n", "", "}\n", ""),
			"many findings": rep("function f%[1]d(a,b){\n   if(a>b){\n return a+b}\n  else {return 1}\n}\n"),
			"many names":    rep("class Foo_bar%[1]d { Do_It(X_y){ let Q_r = X_y; return Q_r } }\n"),
			"many comments": rep("// c\n/* d */\n/** doc */\nfunction f%[1]d() {} // e\n"),
		}
	case lang.Java:
		return map[string]func(n int) string{
			"long line":     wrap("class A { int[] x = {", "1,", "", "", "}; }\n"),
			"nested":        wrap("class A { void f() ", "{", "", "}", " }\n"),
			"nested parens": wrap("class A { int x = ", "(", "1", ")", "; }\n"),
			"nested lines":  wrap("class A { void f() ", "{\n", "", "}\n", "}\n"),
			"many findings": rep("class A%[1]d {\n void m(int a,int b)\n {\n   if(a>b){ int y=1+2;}\n   else { }\n }\n}\n"),
			"many names":    rep("class Foo_bar%[1]d { int Bad_Name; void Do_It(int X_y){ int Q_r = X_y; } }\n"),
			"many comments": rep("/* c */\n// d\n/** doc */\nclass C%[1]d {} // e\n"),
		}
	}
	return map[string]func(n int) string{
		"long line":     wrap("int x[] = {", "1,", "", "", "};\n"),
		"nested":        wrap("void f() ", "{", "", "}", "\n"),
		"nested parens": wrap("int x = ", "(", "1", ")", ";\n"),
		"nested lines":  wrap("void f() ", "{\n", "", "}\n", ""),
		"many findings": rep("void f%[1]d(int a,int b){\n   if(a){\n int y=1+2;}\n   else {y=3;}\n}\n"),
		"many names":    rep("class Foo_bar%[1]d { public: int Bad_Name; void Do_It(int X_y){ int Q_r = X_y; } };\n"),
		// Lines opening a comment the last one closes, and directives.
		"many comments": rep("/* c\n/* d\n*/\n// e\n#define X%[1]d 1\nint v%[1]d; /* f */\n"),
	}
}

// workOn is the work one rule and its composer count on src, and the
// size of their answer: the findings' messages and fixes, the composed
// edits and the skipped findings' reasons. It is -1 when the run passed
// its budget (reported as an error).
func workOn(t *testing.T, c constraint.Constraint, p check.Profile, src string) (used int64, answer int) {
	u := check.NewUnit(context.Background(), "x", []byte(src), p)
	defer u.Close()
	return workOnStop(t, c, u, false)
}

// workOnStop is workOn where a stop by the budget is expected (stop):
// then a run that is not stopped is the error, and a stop returns -1.
//
// u may be shared by the constraints of one language, as the engine
// shares it: its parse is then made once, and a derived value several
// rules read (comment spans, a declaration model) is charged to the
// first that reads it, in the same order at both sizes.
func workOnStop(t *testing.T, c constraint.Constraint, u *check.Unit, stop bool) (used int64, answer int) {
	t.Helper()
	p, src := u.Profile, u.Src
	r, _ := For(c.Type)
	res, err := r.Run(u, c)
	if err != nil {
		t.Fatal(err)
	}
	stopped := res.Verdict == check.Unverified && strings.Contains(res.Reason, "units of work")
	switch {
	case stopped && stop:
		return -1, 0
	case stopped:
		t.Errorf("%s %s (%s) on %d bytes: %s", c.Type, c.Spec, p, len(src), res.Reason)
		return -1, 0
	case stop:
		t.Errorf("%s %s (%s) on %d bytes: not stopped by the budget, as its answer's size says it must be", c.Type, c.Spec, p, len(src))
	}
	used = work.Of(u).Used()
	edits := func(es check.Edits) {
		for _, e := range es {
			answer += 1 + len(e.New)
		}
	}
	for _, f := range res.Findings {
		answer += 1 + len(f.Message)
		if f.Fix != nil {
			edits(f.Fix.Edits)
		}
	}
	if r.Compose != nil && len(res.Findings) > 0 {
		es, skipped, err := r.Compose(u, c, res.Findings)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range skipped {
			if strings.Contains(s.Reason, "units of work") {
				t.Errorf("%s %s (%s) fixer on %d bytes: %s", c.Type, c.Spec, p, len(src), s.Reason)
				return -1, 0
			}
			answer += 1 + len(s.Reason)
		}
		edits(es)
		used += work.Of(u).Used()
	}
	return used, answer
}

// metered are the types whose rules and composers charge the work meter
// in the loops that scale with the input: every rule type but
// language_version, whose verdict comes from compiling the file with the
// language's toolchain, bounded by that run's own timeout rather than by
// a count iflint keeps (boundedConstraints leaves it out).
var metered = func() map[constraint.Type]bool {
	m := map[constraint.Type]bool{}
	for _, t := range RuleTypes() {
		if t != constraint.LanguageVer {
			m[t] = true
		}
	}
	return m
}()

// The metered rules and their fixers, in both profiles, on every
// pathological shape: the work counted at 8 times the size stays within
// 12 times the work at the size (n·log n; quadratic work grows 64
// times). Where the answer itself grows faster than the input (the
// wanted indentation of n nested lines holds n² blanks; a Python block's
// fix moves every line below it), no algorithm is linear in the input
// alone, and the bound is on the work per byte of input and answer,
// which may grow by half at most. A shape that counts no work is one the
// rule decides without reading the file (braces in Python). Work is
// counted by the meter the rules charge, never timed.
func TestRulesWorkIsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("parses files of tens of kilobytes in every language")
	}
	const n = 200
	measured := map[constraint.Type]int{}
	defer func() {
		for typ := range metered {
			if measured[typ] == 0 {
				t.Errorf("%s: no shape counted any work, so no bound is shown", typ)
			}
		}
	}()
	byLang := map[lang.ID][]constraint.Constraint{}
	var langs []lang.ID
	for _, c := range boundedConstraints(t) {
		if !metered[c.Type] {
			continue
		}
		if byLang[c.Lang] == nil {
			langs = append(langs, c.Lang)
		}
		byLang[c.Lang] = append(byLang[c.Lang], c)
	}
	for _, l := range langs {
		for name, gen := range pathologicalShapes(l) {
			for _, p := range []check.Profile{check.Lint, check.MultiCodeIF} {
				srcS, srcB := gen(n), gen(8*n)
				uS := check.NewUnit(context.Background(), "x", []byte(srcS), p)
				uB := check.NewUnit(context.Background(), "x", []byte(srcB), p)
				for _, c := range byLang[l] {
					small, ansS := workOnStop(t, c, uS, false)
					if stopsAt8n[stopKey{c.Type, c.Lang, p, name}] {
						// The answer is quadratic: the run at 8n must
						// end unverified by the budget, never hang.
						workOnStop(t, c, uB, true)
						measured[c.Type]++
						continue
					}
					big, ansB := workOnStop(t, c, uB, false)
					if small < 0 || big < 0 {
						continue // past the budget: reported by workOnStop
					}
					if small == 0 && big == 0 {
						t.Logf("%s %s (%s) on %s: decided without reading the file", c.Type, c.Spec, p, name)
						continue
					}
					measured[c.Type]++
					if big <= 12*small+1000 {
						continue
					}
					perS := float64(small) / float64(len(srcS)+ansS)
					perB := float64(big) / float64(len(srcB)+ansB)
					if ansB > 12*ansS && perB <= 1.5*perS {
						continue
					}
					t.Errorf("%s %s (%s) on %s: work %d at n=%d, %d at 8n: %.1f times (answer %d, %d bytes)",
						c.Type, c.Spec, p, name, small, n, big, float64(big)/float64(max(small, 1)), ansS, ansB)
				}
				uS.Close()
				uB.Close()
			}
		}
	}
}

type stopKey struct {
	typ     constraint.Type
	lang    lang.ID
	profile check.Profile
	shape   string
}

// stopsAt8n are the shapes whose answer is quadratic in the input, past
// the budget at 8n: Python lines nested 1,600 deep, where each line's
// fix moves every line nested below it (a block moves with its header),
// 1.3 million moved lines for 6 KB. The rule then says so (unverified,
// with the reason) instead of working through it.
var stopsAt8n = map[stopKey]bool{
	{constraint.Indentation, lang.Python, check.Lint, "nested lines"}: true,
}

// boundedConstraints are one constraint per rule type in Python and in
// a brace language, where the type has one.
func boundedConstraints(t *testing.T) []constraint.Constraint {
	var out []constraint.Constraint
	for _, c := range robustConstraints(t) {
		if c.Type == constraint.LanguageVer {
			continue // compiles with the toolchain; its own timeout bounds it
		}
		switch c.Lang {
		case lang.Python, lang.C, lang.CPP, lang.Java, lang.Go, lang.Rust, lang.JavaScript:
			out = append(out, c)
		}
	}
	return out
}

// The reproductions, as counts: N=25k list items on one line
// (34 s before), and suggest mode's composition of its ~25k findings
// (quadratic before), each within the file's budget.
func TestLongLineReproductionWithinBudget(t *testing.T) {
	c, err := constraint.ParseAnswer(constraint.Indentation, "python;spaces:4;spacing")
	if err != nil {
		t.Fatal(err)
	}
	src := "x = [" + strings.Repeat("1,", 25000) + "]\n"
	w, _ := workOn(t, c, check.Lint, src)
	if per := w / int64(len(src)); per > 200 {
		t.Errorf("%d units of work per byte (budget: %d)", per, work.PerByte)
	}
}

// A run past its budget is unverified with the reason, and a composer
// past it skips every finding with the reason: never a hang.
func TestBudgetStopsARule(t *testing.T) {
	c, err := constraint.ParseAnswer(constraint.Indentation, "python;spaces:4;spacing")
	if err != nil {
		t.Fatal(err)
	}
	endless := func(u *check.Unit, _ constraint.Constraint) check.Result {
		for {
			work.Of(u).Add(1 << 10)
		}
	}
	r := guarded(&check.Rule{Type: c.Type, Lint: endless, Paper: endless,
		Compose: func(u *check.Unit, _ constraint.Constraint, _ []check.Finding) (check.Edits, []check.Skipped, error) {
			endless(u, c)
			return nil, nil, nil
		}})
	u := check.NewUnit(context.Background(), "x.py", []byte("x = 1\n"), check.Lint)
	res, err := r.Run(u, c)
	if err != nil || res.Verdict != check.Unverified || !strings.Contains(res.Reason, "the indentation_spacing rule (python;spaces:4;spacing) on 6 bytes stopped after") {
		t.Fatalf("%+v %v", res, err)
	}
	edits, skipped, err := r.Compose(u, c, []check.Finding{{Start: 0, End: 1}})
	if err != nil || edits != nil || len(skipped) != 1 || !strings.Contains(skipped[0].Reason, "fixer") {
		t.Fatalf("%v %+v %v", edits, skipped, err)
	}
}
