// Package check decides the rule-based constraint types. Each type has one
// Rule in its own file; Rules lists them explicitly. A Rule reads a Unit
// (one piece of source, parsed at most once per language) and returns a
// Result: findings are data, never errors.
package check

import (
	"context"
	"fmt"
	"runtime/debug"
	"sort"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/lex"
	"github.com/iflint/iflint/internal/syntax"
)

// Verdict is the outcome of checking one constraint.
type Verdict string

const (
	Pass       Verdict = "pass"
	Fail       Verdict = "fail"
	Unverified Verdict = "unverified"
)

// Method says what decided a verdict.
type Method string

const (
	MethodRule      Method = "rule"
	MethodToolchain Method = "toolchain"
	MethodStatic    Method = "static"
	MethodLLM       Method = "llm"
)

// Profile selects semantics. MultiCodeIF reproduces the paper's evaluator
// verdict for verdict, quirks included; Lint corrects quirks that are
// plainly wrong (each divergence is documented in README and testdata).
type Profile string

const (
	Lint        Profile = "lint"
	MultiCodeIF Profile = "multicodeif"
)

// Finding is one violation, located by byte offsets into Unit.Src.
type Finding struct {
	Start, End int
	Message    string
}

// Result is a rule's answer for one constraint on one unit.
type Result struct {
	Verdict  Verdict
	Method   Method
	Reason   string
	Findings []Finding
	// Checked is how many units the rule judged (declarations, braces,
	// lines), or 0 when it does not count them; `iflint init` reads a
	// convention's share of a repository from it.
	Checked int
}

// Passed is shorthand for a passing rule result.
func Passed(reason string) Result { return Result{Verdict: Pass, Method: MethodRule, Reason: reason} }

// Failed is shorthand for a failing rule result with findings.
func Failed(reason string, f ...Finding) Result {
	return Result{Verdict: Fail, Method: MethodRule, Reason: reason, Findings: f}
}

// Verdictf returns Pass or Fail by ok, with the reason formatted.
func Verdictf(ok bool, format string, args ...any) Result {
	if ok {
		return Passed(fmt.Sprintf(format, args...))
	}
	return Failed(fmt.Sprintf(format, args...))
}

// Toolchains finds compilers for language_version checks. Find returns
// the command prefix that compiles a file of that language and version,
// or ok=false when no such toolchain is installed.
type Toolchains interface {
	Find(id lang.ID, version string) (cmd []string, ok bool)
}

// Unit is one piece of source under check. Trees and token streams are
// computed lazily and cached, so a file is parsed once per language
// however many constraints apply.
type Unit struct {
	Ctx        context.Context
	Path       string
	Src        []byte
	Profile    Profile
	Toolchains Toolchains

	trees map[lang.ID]treeEntry
	toks  map[lang.ID]tokEntry
	memo  map[string]any
}

type treeEntry struct {
	t   *syntax.Tree
	err error
}

type tokEntry struct {
	t   []lex.Token
	err error
}

// NewUnit returns a Unit for src.
func NewUnit(ctx context.Context, path string, src []byte, p Profile) *Unit {
	if ctx == nil {
		ctx = context.Background()
	}
	if p == "" {
		p = Lint
	}
	return &Unit{Ctx: ctx, Path: path, Src: src, Profile: p}
}

// Tree parses the unit with the grammar of id (once).
func (u *Unit) Tree(id lang.ID) (*syntax.Tree, error) {
	if e, ok := u.trees[id]; ok {
		return e.t, e.err
	}
	t, err := syntax.Parse(u.Ctx, id, u.Src)
	if u.trees == nil {
		u.trees = map[lang.ID]treeEntry{}
	}
	u.trees[id] = treeEntry{t, err}
	return t, err
}

// Close frees the unit's syntax trees. A caller that owns a unit and is
// done with it (nothing it returned refers to a node) calls it, so a
// large run does not hold every file's tree until garbage collection.
func (u *Unit) Close() {
	for id, e := range u.trees {
		if e.t != nil {
			e.t.Close()
		}
		delete(u.trees, id)
	}
	u.memo = nil
}

// Tokens lexes the unit with the Pygments lexer of id (once).
func (u *Unit) Tokens(id lang.ID) ([]lex.Token, error) {
	if e, ok := u.toks[id]; ok {
		return e.t, e.err
	}
	t, err := lex.Tokens(id, string(u.Src))
	if u.toks == nil {
		u.toks = map[lang.ID]tokEntry{}
	}
	u.toks[id] = tokEntry{t, err}
	return t, err
}

// lineStarts is the offset of every line's first byte, built once per unit.
func (u *Unit) LineStarts() []int {
	return u.Memo("check.lineStarts", func() any {
		s := []int{0}
		for i, b := range u.Src {
			if b == '\n' {
				s = append(s, i+1)
			}
		}
		return s
	}).([]int)
}

// memoErr is Memo for a computation that can fail: the value and the
// error are cached together, so a failure is not recomputed either.
func MemoErr[T any](u *Unit, key string, compute func() (T, error)) (T, error) {
	type entry struct {
		v   T
		err error
	}
	e := u.Memo(key, func() any {
		v, err := compute()
		return entry{v, err}
	}).(entry)
	return e.v, e.err
}

// Memo caches a derived value (e.g. the source without comments) under key.
func (u *Unit) Memo(key string, compute func() any) any {
	if v, ok := u.memo[key]; ok {
		return v
	}
	if u.memo == nil {
		u.memo = map[string]any{}
	}
	v := compute()
	u.memo[key] = v
	return v
}

// Rule decides one constraint type.
type Rule struct {
	Type  constraint.Type
	Check func(u *Unit, c constraint.Constraint) Result
}

// Run checks c on u with r. A rule that panics yields Unverified with
// the panic as reason, so one bad input never takes a run down.
func (r *Rule) Run(u *Unit, c constraint.Constraint) (res Result) {
	defer func() {
		if p := recover(); p != nil {
			res = Result{Verdict: Unverified, Method: MethodRule, Reason: fmt.Sprintf("internal error in %s rule: %v\n%s", c.Type, p, debug.Stack())}
		}
	}()
	res = r.Check(u, c)
	if res.Method == "" {
		res.Method = MethodRule
	}
	return res
}

// Position converts a byte offset in u.Src to a 1-based line and 1-based
// byte column. The line index is built once per unit.
func (u *Unit) Position(off int) (line, col int) {
	if off > len(u.Src) {
		off = len(u.Src)
	}
	if off < 0 {
		off = 0
	}
	starts := u.LineStarts()
	// The line is the last start <= off.
	i := sort.SearchInts(starts, off+1) - 1
	return i + 1, off - starts[i] + 1
}
