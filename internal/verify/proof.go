package verify

// The compiler proof (issue 18). Without a test command a candidate is
// kept only with a proof that the program is unchanged, the strongest
// available: where a compiler builds the file here, the compiled output
// before and after, debug information off, must be identical, modulo the
// candidate's renaming of the names the compiler erases (Python's local
// names; Java's and C's locals do not reach the output at all). A name
// the compiler keeps (an enum constant, a field, a method, a class, an
// exported symbol, a string) therefore cannot be renamed without tests.
// Where no compiler builds the original, the syntax-tree proof of
// Safety stands alone, and the report says so.
//
// The syntax-tree proof runs in every case: the compiler sees one file,
// not who else reads its names (a test, a script, a C file including
// another), so the compiler proof strengthens it and never replaces it.

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/toolchain"
)

// Prover builds one file for the compiler proof: toolchain.Equivalence,
// or a test's fake compiler.
type Prover interface {
	// Method names how id is built ("javac -g:none"), "" when it is not.
	Method(id lang.ID) string
	// Build compiles src as the repository's file path: the original
	// with like nil, a candidate with like the original's build, so that
	// both are built alike (C's dialect is chosen on the original). An
	// error means the compiler could not run or ran out of time: no
	// verdict.
	Build(ctx context.Context, id lang.ID, path string, src []byte, like *toolchain.Build) (toolchain.Build, error)
}

// Proof names of the safety stage, as reports print them.
const (
	ProofSyntaxTree = "syntax tree"
	proofCompiled   = "compiled output identical"
)

// SafetyProven is the safety stage with the compiler proof: Safety's
// syntax-tree proof, then, where p builds the file, the compiled outputs
// compared. p may be nil (the syntax-tree proof alone).
func SafetyProven(ctx context.Context, old, new *check.Unit, id lang.ID, other Elsewhere, p Prover) StageResult {
	res := Safety(old, new, id, other)
	if !res.Passed || p == nil {
		return res
	}
	method := p.Method(id)
	if method == "" || bytesEqual(old.Src, new.Src) {
		return res
	}
	refuse := func(format string, args ...any) StageResult {
		res.Passed, res.Proof = false, ""
		res.Detail = fmt.Sprintf(format, args...) + "; without a test command nothing proves it keeps what the program does"
		return res
	}
	bo, err := p.Build(ctx, id, old.Path, old.Src, nil)
	if err != nil || !bo.OK {
		why := "it did not build here"
		if err != nil {
			why = err.Error()
		} else if bo.Output != "" {
			why = "it did not build here: " + firstError(bo.Output)
		}
		res.Detail += fmt.Sprintf("; no compiler proof (%s: %s)", method, why)
		return res
	}
	if bo.Method != "" {
		method = bo.Method // the dialect the original was built in
	}
	bn, err := p.Build(ctx, id, new.Path, new.Src, &bo)
	if err != nil {
		return refuse("the compiler proof (%s) built the original but not the candidate: %v", method, err)
	}
	if !bn.OK {
		return refuse("the candidate does not compile (%s), the original does: %s", method, firstError(bn.Output))
	}
	renames, _ := renamesOf(old, new, id)
	if why := compareBuilds(bo, bn, renames); why != "" {
		return refuse("compiled output differs (%s): %s", method, why)
	}
	if w := newWarning(bo.Warnings, bn.Warnings, renames); w != "" {
		return refuse("the candidate draws a warning the original does not (%s): %s", method, w)
	}
	if ic, ok := p.(inactiveLines); ok {
		var changed []int
		for _, h := range fix.Hunks(old.Src, new.Src) {
			for l := h.OldStart; l < h.OldStart+h.OldLines; l++ {
				changed = append(changed, l)
			}
		}
		off, err := ic.Inactive(ctx, id, old.Path, old.Src, changed, &bo)
		if err != nil {
			res.Detail += fmt.Sprintf("; no compiler proof (%s: %v)", method, err)
			return res
		}
		if len(off) > 0 {
			// Identical objects say nothing of code the build skips: the
			// syntax-tree proof stands alone there.
			res.Detail += fmt.Sprintf("; no compiler proof (%s): line %s in a preprocessor branch this build does not compile", method, joinInts(off))
			return res
		}
	}
	res.Proof = proofCompiled + " (" + method + ")"
	return res
}

// inactiveLines is a Prover that can tell which changed lines its build
// does not compile (C's skipped preprocessor branches).
type inactiveLines interface {
	Inactive(ctx context.Context, id lang.ID, path string, src []byte, lines []int, like *toolchain.Build) ([]int, error)
}

func joinInts(ns []int) string {
	var out []string
	for _, n := range ns {
		out = append(out, fmt.Sprint(n))
	}
	return strings.Join(out, ", ")
}

// compareBuilds says how two builds differ, or "" when they are the
// same modulo renames (old spelling → new) of local names.
func compareBuilds(a, b toolchain.Build, renames map[string]string) string {
	names := func(bs toolchain.Build) []string {
		var out []string
		for _, o := range bs.Objects {
			out = append(out, o.Name)
		}
		return out
	}
	if an, bn := names(a), names(b); !slices.Equal(an, bn) {
		return fmt.Sprintf("it compiles to %s, the original to %s", strings.Join(bn, ", "), strings.Join(an, ", "))
	}
	for i, o := range a.Objects {
		n := b.Objects[i]
		if o.Digest != n.Digest {
			return fmt.Sprintf("%s changed", o.Name)
		}
		if len(o.Locals) != len(n.Locals) {
			return fmt.Sprintf("the local names of %s changed in number", o.Name)
		}
		for j, l := range o.Locals {
			want := l
			if r, ok := renames[l]; ok {
				want = r
			}
			if n.Locals[j] != want {
				return fmt.Sprintf("the local %q of %s became %q, not %q", l, o.Name, n.Locals[j], want)
			}
		}
	}
	return ""
}

// newWarning is a warning of the candidate that the original does not
// have (counted, the original's read through the renaming: gcc quotes
// the names it warns about), or "".
func newWarning(old, new []string, renames map[string]string) string {
	have := map[string]int{}
	for _, w := range old {
		for o, n := range renames {
			w = strings.ReplaceAll(w, "'"+o+"'", "'"+n+"'")
		}
		have[w]++
	}
	for _, w := range new {
		if have[w] == 0 {
			return w
		}
		have[w]--
	}
	return ""
}

// renamesOf is the candidate's renaming, old spelling to new.
func renamesOf(old, new *check.Unit, id lang.ID) (map[string]string, error) {
	ot, err := old.Tree(id)
	if err != nil {
		return nil, err
	}
	nt, err := new.Tree(id)
	if err != nil {
		return nil, err
	}
	rs, _ := diffCode(atomsOf(ot.Root(), old.Src, id).code, atomsOf(nt.Root(), new.Src, id).code)
	out := map[string]string{}
	for _, r := range rs {
		out[r.old] = r.new
	}
	return out, nil
}

// firstError is the compiler's first line that says "error" (gcc opens
// with "In function …"), else its first line.
func firstError(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "error:") || strings.Contains(l, "Error:") {
			return strings.TrimSpace(l)
		}
	}
	return firstLine(out)
}

func bytesEqual(a, b []byte) bool { return string(a) == string(b) }
