package fix

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/layout"
	"github.com/iflint/iflint/internal/syntax"
)

// FixIndentation is the Fixer of indentation_spacing. It edits exactly
// what the findings it is given require, with the fix the rule computed
// for each (check.LayoutIssues): an indentation finding's line gets the
// leading blanks the rule wants and the lines judged relative to it (its
// block) shift along so the block keeps its shape; a spacing finding gets
// the blanks around its operator or comma (spacing.go). A finding the
// rule attached no fix to comes back Skipped with the rule's reason, and
// so does one the current rule no longer reports: the fixer never edits
// text its checker did not flag, and findings it is not given (outside a
// pull request's diff, say) are left alone.
func FixIndentation(u *check.Unit, c constraint.Constraint, r check.Result) (check.Edits, []check.Skipped, error) {
	if r.Verdict != check.Fail || c.Indent == nil {
		return nil, nil, nil
	}
	lu := u
	if u.Profile != check.Lint {
		lu = check.NewUnit(u.Ctx, u.Path, u.Src, check.Lint)
	}
	issues, err := layout.LayoutIssues(lu, c)
	if err != nil {
		return nil, nil, fmt.Errorf("indentation fix: %w", err)
	}
	var indent []layout.LayoutIssue
	var spacing []layout.LayoutIssue
	var skipped []check.Skipped
	taken := map[int]bool{} // indentation issues by line, each applied once
	for _, f := range r.Findings {
		is, ok := matchIssue(u.Src, issues, f, u.Profile == check.Lint)
		if ok && is.Block > 0 {
			// A statement of a block that moves whole: its fix is the
			// block's.
			if head, found := blockHead(issues, is.Block-1); found {
				is = head
			}
		}
		switch {
		case !ok:
			why := "the rule no longer reports this finding on the current text"
			if u.Profile != check.Lint {
				why = "the multicodeif profile reports what the paper's evaluator reports; the lint profile's rule, whose fixes this fixer makes, sees nothing to fix here"
			}
			skipped = append(skipped, check.Skipped{Start: f.Start, End: f.End, Reason: why})
		case is.Refusal != "":
			skipped = append(skipped, check.Skipped{Start: f.Start, End: f.End, Reason: "not fixed: " + is.Refusal})
		case is.Kind == layout.IndentIssue:
			if !taken[is.Line] {
				taken[is.Line] = true
				indent = append(indent, is)
			}
		default:
			spacing = append(spacing, is)
		}
	}
	edits, sk := indentEdits(u.Src, indent)
	skipped = append(skipped, sk...)
	se, sk := spacingEdits(spacing, edits)
	skipped = append(skipped, sk...)
	edits = append(edits, se...)
	if err := edits.Validate(u.Src); err != nil {
		return nil, nil, fmt.Errorf("indentation fix: own edits: %w", err)
	}
	slices.SortStableFunc(skipped, func(a, b check.Skipped) int { return cmp.Compare(a.Start, b.Start) })
	return edits, skipped, nil
}

// blockHead is the indentation issue of line.
func blockHead(issues []layout.LayoutIssue, line int) (layout.LayoutIssue, bool) {
	for _, is := range issues {
		if is.Kind == layout.IndentIssue && is.Line == line && is.Block == 0 {
			return is, true
		}
	}
	return layout.LayoutIssue{}, false
}

// matchIssue finds the rule's issue for finding f: the same finding in
// the lint profile, or (for another profile's findings) the lint issue
// of the same kind on the same line or span.
func matchIssue(src []byte, issues []layout.LayoutIssue, f check.Finding, lint bool) (layout.LayoutIssue, bool) {
	for _, is := range issues {
		if is.Start == f.Start && is.End == f.End && is.Message == f.Message {
			return is, true
		}
	}
	if lint {
		return layout.LayoutIssue{}, false
	}
	line := bytes.Count(src[:f.Start], []byte("\n"))
	indent := strings.HasPrefix(f.Message, "line indented")
	for _, is := range issues {
		if indent && is.Kind == layout.IndentIssue && is.Line == line {
			return is, true
		}
		if !indent && is.Kind == layout.SpacingIssue && is.Start < max(f.End, f.Start+1) && f.Start < is.End {
			return is, true
		}
	}
	return layout.LayoutIssue{}, false
}

// indentEdits rewrites the leading blanks the given issues require. A
// line an issue targets gets that issue's blanks; every other line an
// issue moves shifts by its column delta, and a line moved by several
// issues (a block inside another re-indented block) by their sum.
func indentEdits(src []byte, issues []layout.LayoutIssue) (check.Edits, []check.Skipped) {
	type lineFix struct {
		start, end, col int
		target          string
		set, keep       bool
		shift           int
		tw              int
		tabs            bool
	}
	lines := map[int]*lineFix{}
	get := func(line, start, end, col, tw int, tabs bool) *lineFix {
		lf := lines[line]
		if lf == nil {
			lf = &lineFix{start: start, end: end, col: col, tw: tw, tabs: tabs}
			lines[line] = lf
		}
		return lf
	}
	for _, is := range issues {
		ls := is.Start
		le := ls
		for le < len(src) && (src[le] == ' ' || src[le] == '\t') {
			le++
		}
		lf := get(is.Line, ls, le, layout.ExpandCols(src[ls:le], is.TabWidth), is.TabWidth, is.Tabs)
		lf.target, lf.set, lf.keep = is.Lead, true, is.KeepsColumn
		for _, mv := range is.Moves {
			lf := get(mv.Line, mv.Start, mv.End, mv.Col, is.TabWidth, is.Tabs)
			if mv.Set {
				if !lf.set {
					lf.target, lf.set = renderColumns(mv.Want, is.TabWidth, is.Tabs), true
				}
				continue
			}
			lf.shift += is.Shift
		}
	}
	keys := make([]int, 0, len(lines))
	for k := range lines {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var edits check.Edits
	var skipped []check.Skipped
	for _, k := range keys {
		lf := lines[k]
		lead := lf.target
		if !lf.set {
			lead = string(src[lf.start:lf.end])
		}
		// A line's own target is where it belongs, unless the target only
		// rewrites its blanks at its current column.
		if lf.shift != 0 && (!lf.set || lf.keep) {
			col := layout.ExpandCols([]byte(lead), lf.tw) + lf.shift
			if col < 0 {
				skipped = append(skipped, check.Skipped{Start: lf.start, End: lf.end, Reason: "moving its block would take this line left of column 0"})
				continue
			}
			lead = renderColumns(col, lf.tw, lf.tabs)
		}
		if lead != string(src[lf.start:lf.end]) {
			edits = append(edits, check.Edit{Start: lf.start, End: lf.end, New: lead})
		}
	}
	return edits, skipped
}

// renderColumns writes col columns of indentation in the unit: spaces,
// or tabs and fewer than a tab's width of spaces (an alignment).
func renderColumns(col, tw int, tabs bool) string {
	if !tabs {
		return strings.Repeat(" ", col)
	}
	return strings.Repeat("\t", col/tw) + strings.Repeat(" ", col%tw)
}

// byteSpan is a half-open byte range.
type byteSpan struct{ start, end int }

// opaqueSpans are the strings and comments: a line starting inside one
// belongs to its text, so its leading blanks are content, not indentation.
func opaqueSpans(root syntax.Node) []byteSpan {
	var out []byteSpan
	root.Walk(func(n syntax.Node) bool {
		t := n.Type()
		if strings.Contains(t, "comment") || strings.Contains(t, "string") || strings.Contains(t, "heredoc") || t == "template_literal" {
			out = append(out, byteSpan{n.Start(), n.End()})
			return false
		}
		return true
	})
	return out
}

func insideSpan(sp []byteSpan, off int) bool {
	for _, s := range sp {
		if s.start < off && off < s.end {
			return true
		}
	}
	return false
}

// TreeShape renders a tree's node types and nesting without positions,
// so two sources with the same structure (whitespace aside) compare equal.
func TreeShape(root syntax.Node) string {
	var sb strings.Builder
	var rec func(n syntax.Node)
	rec = func(n syntax.Node) {
		sb.WriteString("(" + n.Type())
		for i := 0; i < n.ChildCount(); i++ {
			rec(n.Child(i))
		}
		sb.WriteString(")")
	}
	rec(root)
	return sb.String()
}

// remaining turns the findings of a re-check of out (src with edits
// applied) into Skipped entries located in src.
func remaining(edits check.Edits, r check.Result) []check.Skipped {
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b check.Edit) int { return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End)) })
	var sk []check.Skipped
	for _, f := range r.Findings {
		s := mapBack(sorted, f.Start)
		sk = append(sk, check.Skipped{Start: s, End: max(s, mapBack(sorted, f.End)), Reason: "not safely fixable: " + f.Message})
	}
	return sk
}

// mapBack maps an offset of the edited text to the original: text an
// edit inserted maps to the start of the range it replaced.
func mapBack(sorted check.Edits, off int) int {
	delta := 0
	for _, e := range sorted {
		at := e.Start + delta
		if off < at {
			break
		}
		if off < at+len(e.New) {
			return e.Start
		}
		delta += len(e.New) - (e.End - e.Start)
	}
	return off - delta
}

// mergeSkipped adds the re-check's leftovers to the reasons already given,
// keeping one entry per line (the more specific, earlier reason wins).
func mergeSkipped(given, rest []check.Skipped) []check.Skipped {
	out := given
	for _, r := range rest {
		dup := false
		for _, g := range given {
			if g.Start >= r.Start && g.Start <= r.End {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b check.Skipped) int { return cmp.Compare(a.Start, b.Start) })
	return out
}
