package fix

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/braces"
	"github.com/iflint/iflint/internal/syntax"
)

// FixBraces is the Fixer of brace_block_formatting. It fixes exactly the
// findings it is given, each by the placement the rule reports there
// (check.BraceProblems, the rule's own reading): it moves an opening
// brace to its header's line (K&R, 1TBS) or onto a line of its own at
// the header's indentation (Allman), moves a block's first or last
// statement off the brace's line, and joins or parts "}" and a following
// else/catch/finally (1TBS, Allman). Every edit only changes the blanks
// between the flagged token and its neighbour, so no code moves from one
// statement to another: a block without a header is never reported, so
// never joined to the statement before it.
//
// Each given finding gets its edits or a Skipped reason. The edits are
// kept only if the reparsed tree keeps its shape (a brace whose meaning
// depends on its line, as in JavaScript after `return`, is caught) and
// the rule then reports exactly the other placements it reported before:
// nothing new, nothing the fixer was not asked to fix.
func FixBraces(u *check.Unit, c constraint.Constraint, r check.Result) (check.Edits, []check.Skipped, error) {
	if r.Verdict != check.Fail || len(r.Findings) == 0 {
		return nil, nil, nil
	}
	probs, err := braces.Problems(u, c)
	if errors.Is(err, braces.ErrNoTree) {
		why := fmt.Sprintf("braces in %s are read as text, not from a syntax tree, so they are not moved automatically", c.Lang)
		return nil, skipAll(r.Findings, why), nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("brace fix: %w", err)
	}
	before, err := u.Tree(c.Lang)
	if err != nil {
		return nil, nil, fmt.Errorf("brace fix: parse as %s: %w", c.Lang, err)
	}
	at := make(map[int]braces.Problem, len(probs))
	for _, p := range probs {
		at[p.At] = p
	}
	var parts []braceFix
	var skipped []check.Skipped
	for _, f := range r.Findings {
		p, ok := at[f.Start]
		if !ok {
			skipped = append(skipped, check.Skipped{Start: f.Start, End: f.End, Reason: "the brace rule's syntax-tree reading does not report this placement (it is not a block's brace there), so there is nothing to move"})
			continue
		}
		es, why := braceEdits(u.Src, c, p)
		if why != "" {
			skipped = append(skipped, check.Skipped{Start: f.Start, End: f.End, Reason: why})
			continue
		}
		parts = append(parts, braceFix{f, p, es})
	}
	fixes, rejected := verifyBraceFixes(u, c, before, probs, parts)
	var edits check.Edits
	for _, fx := range fixes {
		edits = append(edits, fx.edits...)
	}
	skipped = append(skipped, rejected...)
	sortSkipped(skipped)
	return edits, skipped, nil
}

// braceFix is one finding with the edits that fix it.
type braceFix struct {
	f     check.Finding
	p     braces.Problem
	edits check.Edits
}

func skipAll(fs []check.Finding, why string) []check.Skipped {
	out := make([]check.Skipped, len(fs))
	for i, f := range fs {
		out[i] = check.Skipped{Start: f.Start, End: f.End, Reason: why}
	}
	return out
}

// verifyBraceFixes keeps the fixes that prove out: all together when the
// result is sound, else each one that is sound on its own (a rejected
// one is Skipped with the reason).
func verifyBraceFixes(u *check.Unit, c constraint.Constraint, before *syntax.Tree, probs []braces.Problem, parts []braceFix) ([]braceFix, []check.Skipped) {
	if len(parts) == 0 {
		return nil, nil
	}
	var all check.Edits
	for _, fx := range parts {
		merged, err := check.Merge(all, fx.edits)
		if err != nil {
			all = nil
			break
		}
		all = merged
	}
	if all != nil && braceResultProblem(u, c, before, probs, parts, all) == "" {
		return parts, nil
	}
	var kept []braceFix
	var sk []check.Skipped
	var acc check.Edits
	for _, fx := range parts {
		merged, err := check.Merge(acc, fx.edits)
		if err != nil {
			sk = append(sk, check.Skipped{Start: fx.f.Start, End: fx.f.End, Reason: "its edit overlaps the fix of another brace next to it; fix that one first, then run the fixer again"})
			continue
		}
		if why := braceResultProblem(u, c, before, probs, []braceFix{fx}, fx.edits); why != "" {
			sk = append(sk, check.Skipped{Start: fx.f.Start, End: fx.f.End, Reason: why})
			continue
		}
		kept, acc = append(kept, fx), merged
	}
	if len(kept) > 1 {
		if why := braceResultProblem(u, c, before, probs, kept, acc); why != "" {
			// Sound one by one, not together: keep the first alone.
			for _, fx := range kept[1:] {
				sk = append(sk, check.Skipped{Start: fx.f.Start, End: fx.f.End, Reason: "sound alone but not together with the fix before it (" + why + "); run the fixer again"})
			}
			kept = kept[:1]
		}
	}
	return kept, sk
}

// braceResultProblem applies es (the edits of fixes) and says why the
// result is not the same program with exactly those placements fixed,
// or "".
func braceResultProblem(u *check.Unit, c constraint.Constraint, before *syntax.Tree, probs []braces.Problem, fixes []braceFix, es check.Edits) string {
	if why := shapeProblem(u, c.Lang, es, before); why != "" {
		return why
	}
	out, err := es.Apply(u.Src)
	if err != nil {
		return fmt.Sprintf("edit does not apply: %v", err)
	}
	after, err := braces.Problems(check.NewUnit(u.Ctx, u.Path, out, check.Lint), c)
	if err != nil {
		return "the fixed file cannot be re-read: " + err.Error()
	}
	fixed := map[int]bool{}
	for _, fx := range fixes {
		fixed[fx.p.At] = true
	}
	sorted, _ := es.Normalize(len(u.Src), check.EditName)
	want := map[[2]int]bool{} // mapped offset, kind
	for _, p := range probs {
		if !fixed[p.At] {
			want[[2]int{mapForward(sorted, p.At), int(p.Kind)}] = true
		}
	}
	got := map[[2]int]bool{}
	for _, p := range after {
		k := [2]int{p.At, int(p.Kind)}
		got[k] = true
		if !want[k] {
			return "after the move the rule reports a new placement: " + p.Message
		}
	}
	for k := range want {
		if !got[k] {
			return "the move would also change a placement it was not asked to fix"
		}
	}
	return ""
}

// mapForward maps an offset of the original source, outside every
// edited range, to the edited source.
func mapForward(sorted check.Edits, off int) int {
	delta := 0
	for _, e := range sorted {
		if e.End > off {
			break
		}
		delta += len(e.New) - (e.End - e.Start)
	}
	return off + delta
}

// braceEdits returns the edits fixing one problem, or why it is refused.
// Every edit replaces blanks next to the flagged token with blanks.
func braceEdits(src []byte, c constraint.Constraint, p braces.Problem) (check.Edits, string) {
	nl := lineBreak(src)
	switch p.Kind {
	case braces.OpenOwnLine:
		if !blankSpan(src, p.Gap, p.At) {
			return nil, "a comment sits between the block header and the brace"
		}
		if p.Gap == 0 || bytes.IndexByte(src[p.Gap:p.At], '\n') < 0 {
			return nil, "no block header on an earlier line to move the brace to"
		}
		if preprocessorLine(src, p.Gap-1) {
			return nil, "a preprocessor line precedes the brace; joining them would put the brace into the directive"
		}
		es := check.Edits{{Start: p.Gap, End: p.At, New: " "}}
		if codeAfterOnLine(src, p.End, p.Next) && !oneLineBlockAt(src, p) {
			in, ok := bodyIndent(src, p.Next, p.Indent)
			if !ok {
				return nil, "code follows the brace on its line and the block's indentation cannot be told; splitting the block body is not done"
			}
			es = append(es, check.Edit{Start: p.End, End: p.Next, New: nl + in})
		}
		return es, ""
	case braces.OpenOnHeader:
		if c.Lang == lang.Go {
			return nil, "Go's syntax forbids Allman: a \"{\" on its own line ends the statement before it"
		}
		if !blankSpan(src, p.Gap, p.At) {
			return nil, "a comment sits between the block header and the brace"
		}
		if p.Next < len(src) && src[p.Next] == '}' && blankSpan(src, p.End, p.Next) && bytes.IndexByte(src[p.End:p.Next], '\n') < 0 {
			// `{ }`: Allman lets the empty "{}" stay on its header's line.
			return check.Edits{{Start: p.End, End: p.Next, New: ""}}, ""
		}
		es := check.Edits{{Start: p.Gap, End: p.At, New: nl + p.Indent}}
		if codeAfterOnLine(src, p.End, p.Next) {
			if oneLineBlockAt(src, p) {
				return nil, "the block is written on one line; putting its brace on a line of its own means splitting its body over lines, which is not done"
			}
			in, ok := bodyIndent(src, p.Next, p.Indent)
			if !ok {
				return nil, "code follows the brace on its line and the block's indentation cannot be told; splitting the block body is not done"
			}
			es = append(es, check.Edit{Start: p.End, End: p.Next, New: nl + in})
		}
		return es, ""
	case braces.CodeAfterOpen:
		in, ok := bodyIndent(src, p.Next, p.Indent)
		if !ok {
			return nil, "the block's indentation cannot be told from its other lines; splitting the block body is not done"
		}
		return check.Edits{{Start: p.End, End: p.Next, New: nl + in}}, ""
	case braces.CodeBeforeClose:
		s := p.At
		for s > p.Gap && (src[s-1] == ' ' || src[s-1] == '\t') {
			s--
		}
		return check.Edits{{Start: s, End: p.At, New: nl + p.Indent}}, ""
	case braces.KeywordApart:
		if !blankSpan(src, p.Gap, p.At) {
			return nil, "a comment sits between \"}\" and the keyword"
		}
		if preprocessorBetween(src, p.Gap, p.At) {
			return nil, "a preprocessor line sits between \"}\" and the keyword"
		}
		return check.Edits{{Start: p.Gap, End: p.At, New: " "}}, ""
	case braces.KeywordCuddled:
		if !blankSpan(src, p.Gap, p.At) {
			return nil, "a comment sits between \"}\" and the keyword"
		}
		return check.Edits{{Start: p.Gap, End: p.At, New: nl + p.Indent}}, ""
	}
	return nil, "no automatic fix for this brace placement"
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

// codeAfterOnLine reports whether the code token at next (after the
// blanks from end) is on the same line.
func codeAfterOnLine(src []byte, end, next int) bool {
	return next < len(src) && next > end-1 && bytes.IndexByte(src[end:next], '\n') < 0 && blankSpan(src, end, next)
}

// oneLineBlockAt reports whether the block opened by the brace of p
// closes on the brace's line: its "{" and "}" balance before the line
// ends (strings and comments are beyond this check's care, so a false
// answer only makes the fix split or refuse).
func oneLineBlockAt(src []byte, p braces.Problem) bool {
	depth := 0
	for i := p.At; i < len(src) && src[i] != '\n'; i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

// bodyIndent is the indentation of the block's body: that of the first
// line after the one holding off, if it is deeper than the header's.
func bodyIndent(src []byte, off int, header string) (string, bool) {
	nl := bytes.IndexByte(src[off:], '\n')
	if nl < 0 {
		return "", false
	}
	next := off + nl + 1
	in := indentOf(src, next)
	if len(in) <= len(header) || in[:len(header)] != header || next+len(in) >= len(src) || src[next+len(in)] == '\n' {
		return "", false
	}
	return in, true
}

func preprocessorLine(src []byte, off int) bool {
	return bytes.HasPrefix(bytes.TrimLeft(src[lineStartOf(src, off):off+1], " \t"), []byte("#"))
}

func preprocessorBetween(src []byte, s, e int) bool {
	for _, l := range bytes.Split(src[s:e], []byte("\n")) {
		if bytes.HasPrefix(bytes.TrimLeft(l, " \t"), []byte("#")) {
			return true
		}
	}
	return false
}

func sortSkipped(s []check.Skipped) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].Start < s[j-1].Start; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func isWS(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

func indentOf(src []byte, off int) string {
	s := lineStartOf(src, off)
	e := s
	for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
		e++
	}
	return string(src[s:e])
}

// lineBreak keeps a CRLF file CRLF.
func lineBreak(src []byte) string {
	if bytes.Contains(src, []byte("\r\n")) {
		return "\r\n"
	}
	return "\n"
}

// shapeProblem applies es alone and says why the result is not the same
// program, or "". Brace edits change only blanks, so the tree's shape
// must stay, except where the tree was wrong to begin with: a source
// with parse errors may keep them (a brace moved elsewhere in the file
// leaves the same shape) or lose some (the move repaired them), never
// gain any. Go is that case in disguise: semicolon insertion makes
// `func main()` + newline + "{" a body-less declaration and a stray
// block, which tree-sitter accepts but the compiler rejects, and its
// newline tokens are part of the tree, so a move there is kept if the
// result parses.
func shapeProblem(u *check.Unit, id lang.ID, es check.Edits, before *syntax.Tree) string {
	out, err := es.Apply(u.Src)
	if err != nil {
		return fmt.Sprintf("edit does not apply: %v", err)
	}
	t, err := syntax.Parse(u.Ctx, id, out)
	if err != nil {
		return "the moved source cannot be parsed: " + err.Error()
	}
	was, now := parseErrors(before.Root()), parseErrors(t.Root())
	switch {
	case now > was:
		return "moving this brace would introduce a parse error"
	case id == lang.Go || now < was:
		return ""
	case TreeShape(t.Root()) != TreeShape(before.Root()):
		return "moving this brace changes the syntax tree (its line is significant here)"
	}
	return ""
}

// parseErrors counts the ERROR and MISSING nodes under n.
func parseErrors(n syntax.Node) int {
	if !n.HasError() {
		return 0
	}
	count := 0
	n.Walk(func(m syntax.Node) bool {
		if m.IsError() || m.IsMissing() {
			count++
		}
		return m.HasError() || m.IsMissing()
	})
	return count
}
