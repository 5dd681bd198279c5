package fixloop

import (
	"bytes"
	"fmt"
	"slices"
	"unicode"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/fix"
)

// A scope (FixOptions.InScope, a pull request's suggestable lines) is
// about the lines of the files as they were given to Fix. Candidates are
// built on top of earlier accepted ones, whose edits may have moved
// lines (a brace fixer joins two), so every line a candidate or finding
// names is first mapped back to the original through the diff.

// LineRange is an inclusive range of 1-based lines.
type LineRange struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

func (r LineRange) String() string {
	if r.Start == r.End {
		return fmt.Sprintf("line %d", r.Start)
	}
	return fmt.Sprintf("lines %d-%d", r.Start, r.End)
}

// lineMap maps lines of a current version of a file to the lines of its
// original: unchanged lines one to one, a changed line to the original
// lines its hunk replaced (a line only inserted maps to the line before
// it, where a suggestion adding it would be anchored).
type lineMap []fix.Hunk

func newLineMap(orig, cur []byte) lineMap {
	if bytes.Equal(orig, cur) {
		return nil
	}
	return lineMap(fix.Hunks(orig, cur))
}

// line maps one current line to the original lines it stands for.
func (m lineMap) line(l int) (lo, hi int) {
	delta := 0 // current minus original line numbers before l
	for _, h := range m {
		newEnd := h.NewStart + h.NewLines - 1
		if h.NewLines == 0 {
			newEnd = h.NewStart // a deletion after line NewStart
		}
		switch {
		case h.NewLines > 0 && l >= h.NewStart && l <= newEnd:
			if h.OldLines == 0 {
				return max(h.OldStart, 1), max(h.OldStart, 1)
			}
			return h.OldStart, h.OldStart + h.OldLines - 1
		case l < h.NewStart || (h.NewLines == 0 && l <= h.NewStart):
			return l - delta, l - delta
		}
		delta += h.NewLines - h.OldLines
	}
	return l - delta, l - delta
}

// span maps a current range to the original range covering it.
func (m lineMap) span(start, end int) LineRange {
	a, _ := m.line(start)
	_, b := m.line(end)
	return LineRange{min(a, b), max(a, b)}
}

// findingLines is the current line range of a finding: a range ending
// at the start of a later line ends with the line before.
func findingLines(u *check.Unit, fd check.Finding) (int, int) {
	l1, _ := u.Position(fd.Start)
	l2, c2 := u.Position(fd.End)
	if c2 <= 1 && l2 > l1 {
		l2--
	}
	return l1, max(l1, l2)
}

// origLines maps a finding on u (path's current or candidate content)
// to the original lines.
func (f *fixer) origLines(path string, u *check.Unit, fd check.Finding) LineRange {
	l1, l2 := findingLines(u, fd)
	return f.lineMapOf(path, u).span(l1, l2)
}

// lineMapOf is the line map of u, a version of path, computed once per
// unit: every finding of a candidate is mapped through it.
func (f *fixer) lineMapOf(path string, u *check.Unit) lineMap {
	return u.Memo("engine.lineMap", func() any { return newLineMap(f.orig[path], u.Src) }).(lineMap)
}

// keep says whether a finding located on a unit lies in FixOptions.InScope
// (nil: no scope, every finding counts).
func (f *fixer) keep(path string) func(*check.Unit, check.Finding) bool {
	if f.o.InScope == nil {
		return nil
	}
	return func(u *check.Unit, fd check.Finding) bool {
		r := f.origLines(path, u, fd)
		return f.o.InScope(path, r.Start, r.End)
	}
}

// scopeFindings splits r's findings into those in scope, which the fixer
// is shown, and the others, which come back as skipped.
func (f *fixer) scopeFindings(path string, u *check.Unit, r check.Result) (check.Result, []check.Skipped) {
	keep := f.keep(path)
	if keep == nil || len(r.Findings) == 0 {
		return r, nil
	}
	var in []check.Finding
	var out []check.Skipped
	for _, fd := range r.Findings {
		if keep(u, fd) {
			in = append(in, fd)
		} else {
			out = append(out, check.Skipped{Start: fd.Start, End: fd.End, Reason: f.outsideScope()})
		}
	}
	r.Findings = in
	return r, out
}

// outsideScope is why a finding outside the scope is left.
func (f *fixer) outsideScope() string {
	if f.o.OutsideScope != "" {
		return f.o.OutsideScope
	}
	return "outside the lines a suggestion can cover (the pull request's diff and filter mode); not fixed here"
}

// changedLines is the original line ranges a change of path from cur to
// src touches, as GitHub suggestions would place them; an error means
// suggestions cannot express the change at all.
func (f *fixer) changedLines(path string, cur, src []byte) ([]LineRange, error) {
	blocks, err := fix.Suggestion(cur, src)
	if err != nil {
		return nil, err
	}
	m := newLineMap(f.orig[path], cur)
	out := make([]LineRange, len(blocks))
	for i, b := range blocks {
		out[i] = m.span(b.StartLine, b.Line)
	}
	return out, nil
}

// outside returns the first of ranges the scope refuses.
func (f *fixer) outside(path string, ranges []LineRange) (LineRange, bool) {
	if f.o.InScope == nil {
		return LineRange{}, false
	}
	for _, r := range ranges {
		if !f.o.InScope(path, r.Start, r.End) {
			return r, true
		}
	}
	return LineRange{}, false
}

// confine makes a deterministic candidate stay inside the scope, so
// that a file's violations outside it never cost the fixes inside it:
//
//   - A whitespace-only candidate (re-indentation, spacing, brace
//     placement) loses its edits outside the scope. Whether what is left
//     keeps the program's block structure is the syntax stage's question,
//     which it asks of every whitespace-only change.
//   - Any other candidate is rebuilt from the findings whose own fix
//     stays inside; a finding whose fix reaches outside (a rename with a
//     call site on an unchanged line) is skipped with the lines named.
//
// It returns the edits to use (nil: nothing left) and the findings
// skipped on the way.
func (f *fixer) confine(path string, u *check.Unit, c constraint.Constraint, fx check.Composer, in check.Result, edits check.Edits) (check.Edits, []check.Skipped, error) {
	if f.o.InScope == nil || len(edits) == 0 {
		return edits, nil, nil
	}
	ok, err := f.editsInScope(path, u.Src, edits)
	if err != nil || ok {
		return edits, nil, err
	}
	if src, err := edits.Apply(u.Src); err == nil && whitespaceOnly(u.Src, src) {
		kept := f.editsInside(path, u, edits)
		if ok, err := f.editsInScope(path, u.Src, kept); err == nil && ok && len(kept) > 0 {
			return kept, nil, nil
		}
	}
	var keepF []check.Finding
	var skipped []check.Skipped
	for _, fd := range in.Findings {
		one := in
		one.Findings = []check.Finding{fd}
		es, _, err := fx(u, c, one.Findings)
		if err != nil || len(es) == 0 {
			continue // the whole candidate's fixer run already said why
		}
		src, err := es.Apply(u.Src)
		if err != nil {
			continue
		}
		ranges, err := f.changedLines(path, u.Src, src)
		if err != nil {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: "its fix cannot be shown as a suggestion: " + err.Error()})
			continue
		}
		if r, out := f.outside(path, ranges); out {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End,
				Reason: fmt.Sprintf("its fix also changes %s, outside the lines a suggestion can cover; fix it by hand", r)})
			continue
		}
		keepF = append(keepF, fd)
	}
	if len(keepF) == 0 {
		return nil, skipped, nil
	}
	some := in
	some.Findings = keepF
	es, _, err := fx(u, c, some.Findings)
	if err != nil {
		return nil, skipped, err
	}
	if ok, err := f.editsInScope(path, u.Src, es); err != nil || !ok {
		// The findings' fixes stay inside one by one but not together;
		// nothing here is safe to suggest.
		for _, fd := range keepF {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: "its fix, together with the others, reaches outside the lines a suggestion can cover"})
		}
		return nil, skipped, nil
	}
	return es, skipped, nil
}

// editsInScope reports whether applying edits to cur changes only lines
// in scope.
func (f *fixer) editsInScope(path string, cur []byte, edits check.Edits) (bool, error) {
	src, err := edits.Apply(cur)
	if err != nil {
		return false, err
	}
	ranges, err := f.changedLines(path, cur, src)
	if err != nil {
		return false, nil
	}
	_, out := f.outside(path, ranges)
	return !out, nil
}

// editsInside keeps the edits whose own lines are in scope.
func (f *fixer) editsInside(path string, u *check.Unit, edits check.Edits) check.Edits {
	m := f.lineMapOf(path, u)
	return slices.DeleteFunc(slices.Clone(edits), func(e check.Edit) bool {
		l1, _ := u.Position(e.Start)
		l2, _ := u.Position(e.End)
		r := m.span(l1, l2)
		return !f.o.InScope(path, r.Start, r.End)
	})
}

func whitespaceOnly(a, b []byte) bool {
	strip := func(s []byte) []byte {
		return bytes.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return -1
			}
			return r
		}, s)
	}
	return bytes.Equal(strip(a), strip(b))
}
