package layout

import (
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/work"
)

// Every finding of indentation_spacing carries its fix (check.Fix), made
// here from the lint reading's issue for it (lint.go): the edits that
// clear that finding alone, Applicability Safe (blanks only; the fix
// loop's syntax stage proves the tree keeps its shape), and as Data the
// facts the composer (fix.go) needs to combine it with other findings'
// fixes. A finding whose issue refuses a fix carries the refusal as
// NoFix instead.

// layoutFix is the Data of an indentation_spacing fix.
type layoutFix struct {
	kind issueKind
	// start, end is the issue's extent: an indentation fix's line starts
	// at start, and a spacing fix the composer cannot combine with
	// others is skipped there.
	start, end int
	// Indentation: line's leading blanks become lead (keepsColumn: at
	// the column it has, so a shift of its block still applies), and the
	// lines that stand with it (moves) shift by shift columns; tabWidth
	// and tabs say how columns render.
	line        int
	lead        string
	keepsColumn bool
	shift       int
	moves       []leadMove
	tabWidth    int
	tabs        bool
	// Spacing: the edits that clear it.
	edits check.Edits
	// leaves: lines the fix moves but leaves reported, with why.
	leaves []check.Skipped
}

// fixOfIssue is is's fix as the composer reads it.
func fixOfIssue(is *layoutIssue) *layoutFix {
	return &layoutFix{kind: is.Kind, start: is.Start, end: is.End, line: is.Line, lead: is.Lead, keepsColumn: is.KeepsColumn,
		shift: is.Shift, moves: is.Moves, tabWidth: is.TabWidth, tabs: is.Tabs, edits: is.Edits, leaves: is.Leaves}
}

// issueFixes finds, for a finding, the lint issue whose fix clears it,
// and makes each issue's check.Fix once (findings that share an issue
// share its fix).
type issueFixes struct {
	src    []byte
	issues []layoutIssue
	// exact is the first issue of each finding (start, end, message).
	exact map[findingKey]int
	// heads is, per line, the first indentation issue that is not part
	// of another's block: the issue whose fix moves a Python block's
	// later statements.
	heads map[int]int
	// The paper's findings are matched by line (indentation) or by
	// overlap (spacing): the first indentation issue of each line, and
	// the spacing issues in order with the widest one's width.
	indentOn map[int]int
	spacing  []int
	widest   int
	made     map[int]*check.Fix
	meter    *work.Meter
}

type findingKey struct {
	start, end int
	msg        string
}

func newIssueFixes(src []byte, issues []layoutIssue, m *work.Meter) *issueFixes {
	x := &issueFixes{src: src, issues: issues, meter: m, exact: map[findingKey]int{}, heads: map[int]int{}, made: map[int]*check.Fix{}}
	for i := range issues {
		is := &issues[i]
		k := findingKey{is.Start, is.End, is.Message}
		if _, ok := x.exact[k]; !ok {
			x.exact[k] = i
		}
		if _, ok := x.heads[is.Line]; !ok && is.Kind == indentIssue && is.Block == 0 {
			x.heads[is.Line] = i
		}
	}
	return x
}

// attach gives f the fix of issue i (-1: none; then NoFix is why).
func (x *issueFixes) attach(f *check.Finding, i int, why string) {
	if i < 0 {
		f.NoFix = why
		return
	}
	is := &x.issues[i]
	if is.Block > 0 {
		// A later statement of a Python block whose first statement's fix
		// moves it: fixing it means applying that fix.
		if h, ok := x.heads[is.Block-1]; ok {
			i, is = h, &x.issues[h]
		}
	}
	if is.Refusal != "" {
		f.NoFix = "not fixed: " + is.Refusal
		return
	}
	fix, ok := x.made[i]
	if !ok {
		fx := fixOfIssue(is)
		var edits check.Edits
		if fx.kind == indentIssue {
			edits, _ = indentEdits(x.src, []*layoutFix{fx}, x.meter)
		} else {
			edits, _ = spacingEdits([]*layoutFix{fx}, nil, x.meter)
		}
		fix = &check.Fix{Edits: edits, Applicability: check.Safe, Data: fx}
		x.made[i] = fix
	}
	f.Fix = fix
}

// lintFindings are the lint reading's findings, each with its fix.
func lintFindings(src []byte, issues []layoutIssue, m *work.Meter) []check.Finding {
	x := newIssueFixes(src, issues, m)
	out := make([]check.Finding, len(issues))
	for i, is := range issues {
		out[i] = is.Finding
		x.attach(&out[i], x.exact[findingKey{is.Start, is.End, is.Message}], "")
	}
	return out
}

// paperNoLintFix is why a paper finding the lint reading does not share
// carries no fix.
const paperNoLintFix = "the multicodeif profile reports what the paper's evaluator reports; the lint profile's rule, whose fixes this fixer makes, sees nothing to fix here"

// paperIssue is the lint issue whose fix clears paper finding f of kind k
// on line (0-based), or -1: the issue with f's very extent and message
// if there is one, else for indentation the lint reading's issue of the
// same line and for spacing its first issue overlapping f.
func (x *issueFixes) paperIssue(f check.Finding, k issueKind, line int) int {
	if i, ok := x.exact[findingKey{f.Start, f.End, f.Message}]; ok {
		return i
	}
	if x.indentOn == nil {
		x.indentOn = map[int]int{}
		for i := range x.issues {
			is := &x.issues[i]
			switch is.Kind {
			case indentIssue:
				if _, ok := x.indentOn[is.Line]; !ok {
					x.indentOn[is.Line] = i
				}
			case spacingIssue:
				x.spacing = append(x.spacing, i)
				x.widest = max(x.widest, is.End-is.Start)
			}
		}
	}
	if k == indentIssue {
		if i, ok := x.indentOn[line]; ok {
			return i
		}
		return -1
	}
	// Issues are in source order, so the first overlapping f starts
	// after f.Start minus the widest issue's width, and before f's end.
	end := max(f.End, f.Start+1)
	from := sort.Search(len(x.spacing), func(j int) bool { return x.issues[x.spacing[j]].Start > f.Start-x.widest })
	for _, i := range x.spacing[from:] {
		is := &x.issues[i]
		if is.Start >= end {
			break
		}
		if f.Start < is.End {
			return i
		}
	}
	return -1
}
