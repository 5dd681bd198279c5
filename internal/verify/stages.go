package verify

import (
	"fmt"
	"go/parser"
	"go/scanner"
	"go/token"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/pycodestyle"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/syntax"
)

// Stage names one verification step. Stages run in the order of Stages
// and stop at the first failure, cheapest first, so that a candidate
// that does not even parse never costs a test run.
type Stage string

const (
	// StageSyntax: the candidate parses without new syntax errors, and a
	// whitespace-only candidate of a cleanly parsing file keeps the syntax
	// tree's shape (in Python a re-indent can silently move a statement
	// into another block).
	StageSyntax Stage = "syntax"
	// StageFindings: the findings the candidate targets are gone.
	StageFindings Stage = "findings"
	// StageRegressions: no constraint that held before is now violated.
	StageRegressions Stage = "regressions"
	// StageSafety runs only when no test command is configured: the
	// candidate changes nothing but layout, comments that no tool runs
	// or reads, and names provably local (see Safety).
	StageSafety Stage = "safety"
	// StageTests: the repository's test command passes on an isolated
	// copy with the candidate applied.
	StageTests Stage = "tests"
)

// Stages is the order in which a candidate is verified. StageSafety
// stands in for the tests when there are none, and is recorded only then.
// StageFormatter is recorded for layout fixes only (formatter.go).
var Stages = []Stage{StageSyntax, StageFindings, StageRegressions, StageFormatter, StageSafety, StageTests}

// Doc says what a stage proves, for reports and the README.
func (s Stage) Doc() string {
	switch s {
	case StageSyntax:
		return "the candidate parses without new syntax errors, and a whitespace-only change keeps the syntax tree's shape"
	case StageFindings:
		return "the findings the candidate targets are gone"
	case StageRegressions:
		return "no constraint that held before is violated now"
	case StageFormatter:
		return "a layout fix: the formatter the repository configures (clang-format, rustfmt, gofmt, prettier) accepts the lines it changes as it accepted them before"
	case StageSafety:
		return "without a test command: the fix changes only layout, comments no tool runs or reads, and names provably local to the file (not mentioned in any other file), proven by the compiled output where a compiler builds the file (identical before and after, debug information off), else by the syntax tree"
	case StageTests:
		return "the repository's test command passes on an isolated copy with the fix applied"
	}
	return ""
}

// StageResult is one stage's outcome.
type StageResult struct {
	Stage  Stage `json:"stage"`
	Passed bool  `json:"passed"`
	// NotRun marks a stage that could not run and so proves nothing: the
	// tests stage of a repository without a test command. It counts as
	// passed (re-checks alone decide), and every report says so.
	NotRun bool   `json:"not_run,omitempty"`
	Detail string `json:"detail,omitempty"`
	// Proof names what kept a passing safety stage: "compiled output
	// identical (javac -g:none)" or "syntax tree" (see proof.go).
	Proof string `json:"proof,omitempty"`
	// Tool names the program a stage ran, where the stage is one of
	// several (the formatter stage's clang-format); reports print the
	// stage as "formatter (clang-format)".
	Tool string `json:"tool,omitempty"`
}

// Name is the stage as reports print it: with its tool when it has one.
func (r StageResult) Name() string {
	if r.Tool != "" {
		return string(r.Stage) + " (" + r.Tool + ")"
	}
	return string(r.Stage)
}

// NotTested is the tests stage of a repository without a test command.
func NotTested() StageResult {
	return StageResult{Stage: StageTests, Passed: true, NotRun: true, Detail: "no test command configured"}
}

// Verification is the record a candidate carries: every stage that ran,
// in order, and the test run when there was one.
type Verification struct {
	Stages []StageResult `json:"stages"`
	// Tests is the record of the test run that decided the candidate:
	// the passing run of the set it was kept in, or the failing run that
	// isolated it. nil when no test ran (no command configured, or an
	// earlier stage failed).
	Tests *sandbox.Record `json:"tests,omitempty"`
	// TestedWith is how many other candidates that run included: a kept
	// candidate was proven together with them.
	TestedWith int `json:"tested_with,omitempty"`
}

// Tested reports whether a test run took part in the verdict.
func (v Verification) Tested() bool { return v.Tests != nil }

// Summary says exactly which stages ran and how the tests went, in the
// words every report uses:
//
//	syntax, findings, regressions, tests (sh -c 'go test ./...' passed in 1.2s, sandbox: bwrap, in one run with 3 other fixes)
//	syntax, findings, regressions; not tested (no test command configured)
//
// quote renders the command (a Markdown code span, say; nil: as is);
// timed adds the test duration, left out where re-runs must render the
// same text, as in review comments.
func (v Verification) Summary(timed bool, quote func(string) string) string {
	var ran, notRun []string
	for _, s := range v.Stages {
		switch {
		case s.NotRun && s.Stage == StageTests:
			notRun = append(notRun, "not tested ("+s.Detail+")")
		case s.NotRun:
			notRun = append(notRun, fmt.Sprintf("%s not run (%s)", s.Name(), s.Detail))
		case !s.Passed:
			ran = append(ran, s.Name()+" failed")
		case s.Proof != "":
			ran = append(ran, s.Name()+" by "+s.Proof)
		default:
			ran = append(ran, s.Name())
		}
	}
	out := strings.Join(ran, ", ")
	if t := v.Tests; t != nil {
		cmd := t.Command
		if quote != nil {
			cmd = quote(cmd)
		}
		out += " (" + cmd + " " + t.Outcome()
		if timed {
			out += " in " + t.Duration.Round(time.Millisecond).String()
		}
		if t.Sandbox != "" {
			out += ", sandbox: " + string(t.Sandbox)
		}
		if v.TestedWith > 0 {
			out += fmt.Sprintf(", in one run with %d other fix(es)", v.TestedWith)
		}
		out += ")"
	}
	if len(notRun) > 0 {
		out += "; " + strings.Join(notRun, "; ")
	}
	return out
}

// Passed reports whether every stage ran and passed. A repository
// without a test command still records the tests stage, as passed but
// NotRun, so the record never hides that no test ran; its safety stage
// must then have passed too.
func (v Verification) Passed() bool {
	got := map[Stage]bool{}
	for _, s := range v.Stages {
		if !s.Passed {
			return false
		}
		got[s.Stage] = true
		if s.Stage == StageTests && s.NotRun && !got[StageSafety] {
			return false
		}
	}
	for _, s := range Stages {
		if s != StageSafety && s != StageFormatter && !got[s] {
			return false
		}
	}
	return true
}

// Failed returns the failing stage and its detail, if any.
func (v Verification) Failed() (Stage, string, bool) {
	for _, s := range v.Stages {
		if !s.Passed {
			return s.Stage, s.Detail, true
		}
	}
	return "", "", false
}

// Add appends a stage result and reports whether it passed, so callers
// can write `if !v.Add(...) { return }`.
func (v *Verification) Add(r StageResult) bool {
	v.Stages = append(v.Stages, r)
	return r.Passed
}

// Syntax compares the parse of the original and the candidate unit in
// language id; the units' cached trees are reused by later stages.
func Syntax(old, new *check.Unit, id lang.ID) (StageResult, error) {
	res := StageResult{Stage: StageSyntax}
	if !syntax.Supported(id) {
		res.Passed, res.Detail = true, fmt.Sprintf("no grammar for %s; not parsed", id)
		return res, nil
	}
	before, err := old.Tree(id)
	if err != nil {
		return res, fmt.Errorf("verify: parsing the original as %s: %w", id, err)
	}
	after, err := new.Tree(id)
	if err != nil {
		return res, fmt.Errorf("verify: parsing the candidate as %s: %w", id, err)
	}
	eb, ea := errorNodes(before.Root()), errorNodes(after.Root())
	if id == lang.Go {
		// tree-sitter-go accepts a function's brace on its own line, which
		// the compiler rejects (semicolon insertion); go/parser is the
		// compiler's own front end and knows better.
		eb, ea = goErrors(old.Src), goErrors(new.Src)
	}
	if id == lang.Python {
		// Python's indentation errors, which tree-sitter's recovery
		// often hides (a statement indented past its docstring).
		_, before := pycodestyle.IndentationError(old.Src)
		if line, msg := pycodestyle.IndentationError(new.Src); line > 0 && before == "" {
			res.Detail = fmt.Sprintf("Python would reject the fix: IndentationError: %s (line %d)", msg, line)
			return res, nil
		}
	}
	if ea > eb {
		res.Detail = fmt.Sprintf("%d syntax error(s) after the fix, %d before; first at line %d", ea, eb, firstErrorLine(after.Root()))
		return res, nil
	}
	// The shape is only evidence when the original parsed cleanly: a
	// whitespace fix of a broken file (a Go brace on its own line) may
	// repair the tree, which is what the error count above allows.
	if eb == 0 && whitespaceOnly(old.Src, new.Src) && syntax.Shape(before.Root()) != syntax.Shape(after.Root()) {
		res.Detail = "the change is whitespace only but changes the syntax tree's shape (block structure)"
		return res, nil
	}
	res.Passed = true
	return res, nil
}

func goErrors(src []byte) int {
	_, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution|parser.AllErrors)
	if list, ok := err.(scanner.ErrorList); ok {
		return len(list)
	}
	if err != nil {
		return 1
	}
	return 0
}

func errorNodes(root syntax.Node) int {
	n := 0
	root.Walk(func(x syntax.Node) bool {
		if x.IsError() || x.IsMissing() {
			n++
		}
		return x.HasError()
	})
	return n
}

func firstErrorLine(root syntax.Node) int {
	line := 0
	root.Walk(func(x syntax.Node) bool {
		if line > 0 {
			return false
		}
		if x.IsError() || x.IsMissing() {
			line = int(x.StartPoint().Row) + 1
			return false
		}
		return x.HasError()
	})
	return line
}

func whitespaceOnly(a, b []byte) bool {
	strip := func(s []byte) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return -1
			}
			return r
		}, string(s))
	}
	return strip(a) == strip(b)
}

// Target is a constraint a candidate claims to fix, and how many of its
// findings the fixer said it had to leave (skipped with a reason).
type Target struct {
	Constraint constraint.Constraint
	// Left is the number of findings the fixer declined to fix; the
	// candidate may keep at most that many, and must remove some.
	Left int
	// Before is the number of findings before the candidate.
	Before int
	// LeftLines are the candidate's lines where the declined findings now
	// stand. Rules that report one finding at a time cannot show that the
	// count dropped; a finding on one of these lines is one the fixer left.
	LeftLines []int
	// Keep, when set, says which findings count: the others (outside the
	// lines a pull request's review may touch, say) may remain.
	// Findings are located on the unit passed along (the candidate's).
	Keep func(*check.Unit, check.Finding) bool
}

// Decide returns a constraint's verdict on the candidate; callers pass
// check.Run on the candidate's unit, or a judge for LLM-judged types.
type Decide func(constraint.Constraint) check.Result

// Findings re-checks the targets on the candidate.
func Findings(u *check.Unit, decide Decide, targets []Target) StageResult {
	res := StageResult{Stage: StageFindings}
	var bad []string
	for _, t := range targets {
		r := decide(t.Constraint)
		if t.Keep != nil && r.Verdict == check.Fail && len(r.Findings) > 0 {
			kept := slices.DeleteFunc(slices.Clone(r.Findings), func(f check.Finding) bool { return !t.Keep(u, f) })
			if len(kept) == 0 {
				continue
			}
			r.Findings = kept
		}
		switch {
		case r.Verdict == check.Pass:
		case r.Verdict == check.Fail && t.Left > 0 && len(r.Findings) <= t.Left && len(r.Findings) < t.Before:
		case r.Verdict == check.Fail && len(t.LeftLines) > 0 && onLines(u, r.Findings, t.LeftLines):
		default:
			bad = append(bad, describe(u, t.Constraint, r))
		}
	}
	if len(bad) > 0 {
		res.Detail = "still violated: " + strings.Join(bad, "; ")
		return res
	}
	res.Passed = true
	return res
}

// Regressions re-checks on the candidate every constraint that held on
// the original.
func Regressions(u *check.Unit, decide Decide, held []constraint.Constraint) StageResult {
	res := StageResult{Stage: StageRegressions}
	var bad []string
	for _, c := range held {
		if r := decide(c); r.Verdict == check.Fail {
			bad = append(bad, describe(u, c, r))
		}
	}
	if len(bad) > 0 {
		res.Detail = "now violated: " + strings.Join(bad, "; ")
		return res
	}
	res.Passed = true
	return res
}

// describe names a failing constraint and its first finding.
func describe(u *check.Unit, c constraint.Constraint, r check.Result) string {
	s := fmt.Sprintf("%s %q", c.Type, c.Spec)
	if len(r.Findings) > 0 {
		f := r.Findings[0]
		line, _ := u.Position(f.Start)
		msg := f.Message
		if msg == "" {
			msg = r.Reason
		}
		s += fmt.Sprintf(" (line %d: %s", line, firstLine(msg))
		if len(r.Findings) > 1 {
			s += fmt.Sprintf("; %d more", len(r.Findings)-1)
		}
		return s + ")"
	}
	if r.Reason != "" {
		s += " (" + firstLine(r.Reason) + ")"
	}
	return s
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// onLines reports whether every finding starts on one of lines.
func onLines(u *check.Unit, fs []check.Finding, lines []int) bool {
	if len(fs) == 0 {
		return false
	}
	for _, f := range fs {
		l, _ := u.Position(f.Start)
		if !slices.Contains(lines, l) {
			return false
		}
	}
	return true
}
