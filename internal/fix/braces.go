package fix

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// literalBraceParents open values, not blocks (mirrors check's lint
// profile): no brace style governs them, so they never move.
var literalBraceParents = map[string]bool{
	"literal_value": true, "array_initializer": true, "element_value_array_initializer": true,
	"object": true, "object_pattern": true, "named_imports": true, "export_clause": true,
	"object_type": true, "initializer_list": true, "initializer_expression": true,
	"field_initializer_list": true, "use_list": true, "struct_pattern": true,
}

// FixBraces is the Fixer of brace_block_formatting: it moves opening
// block braces to the header line (K&R, 1TBS) or onto their own line at
// the header's indentation (Allman), and for 1TBS joins "}" with a
// following else/catch/finally. Each move is kept only if the reparsed
// tree keeps its shape, which catches a brace whose meaning depends on
// its line (Kotlin trailing lambdas, JavaScript's `return` + newline).
func FixBraces(u *check.Unit, c constraint.Constraint, r check.Result) (Edits, []Skipped, error) {
	if r.Verdict != check.Fail {
		return nil, nil, nil
	}
	t, err := u.Tree(c.Lang)
	if err != nil {
		return nil, nil, fmt.Errorf("brace fix: parse as %s: %w", c.Lang, err)
	}
	src := u.Src
	tokens := map[int]syntax.Node{}
	var comments []byteSpan
	t.Root().Walk(func(n syntax.Node) bool {
		typ := n.Type()
		switch {
		case strings.Contains(typ, "comment"):
			comments = append(comments, byteSpan{n.Start(), n.End()})
			return false
		case strings.Contains(typ, "string"):
			return false
		case (typ == "{" || typ == "}") && n.ChildCount() == 0:
			tokens[n.Start()] = n
		}
		return true
	})
	var edits Edits
	var skipped []Skipped
	for _, f := range r.Findings {
		es, why := braceEdits(src, c, tokens, comments, f)
		if why == "" {
			why = shapeProblem(u, c.Lang, es, t)
		}
		if why != "" {
			skipped = append(skipped, Skipped{f.Start, f.End, why})
			continue
		}
		edits = append(edits, es...)
	}
	if len(edits) == 0 {
		return nil, mergeSkipped(skipped, remaining(nil, r)), nil
	}
	out, err := edits.Apply(src)
	if err != nil {
		return nil, nil, fmt.Errorf("brace fix: own edits: %w", err)
	}
	rest := check.Run(check.NewUnit(u.Ctx, u.Path, out, check.Lint), c)
	return edits, mergeSkipped(skipped, remaining(edits, rest)), nil
}

// braceEdits returns the edits fixing one finding, or why it is refused.
func braceEdits(src []byte, c constraint.Constraint, tokens map[int]syntax.Node, comments []byteSpan, f check.Finding) (Edits, string) {
	tok, ok := tokens[f.Start]
	if !ok {
		return nil, "no brace token here (it is inside a string or comment)"
	}
	if tok.Type() == "}" {
		if c.Name != "1TBS" {
			return nil, "closing brace findings are only fixed for 1TBS"
		}
		return joinContinuation(src, tok.End())
	}
	parent := tok.Parent()
	if literalBraceParents[parent.Type()] {
		return nil, fmt.Sprintf("brace opens a %s (a value, not a block)", parent.Type())
	}
	for a := parent; a.Valid(); a = a.Parent() {
		if t := a.Type(); strings.Contains(t, "lambda") || strings.Contains(t, "closure") {
			return nil, fmt.Sprintf("brace belongs to a %s, whose line can change its meaning", t)
		}
		if a.Start() < tok.Start() {
			break
		}
	}
	if c.Name == "Allman" {
		if c.Lang == lang.Go {
			return nil, "Go's syntax forbids Allman: a \"{\" on its own line ends the statement before it"
		}
		return toAllman(src, tok, comments)
	}
	return toKR(src, tok, comments)
}

func inComment(comments []byteSpan, off int) bool {
	for _, s := range comments {
		if s.start <= off && off < s.end {
			return true
		}
	}
	return false
}

// toKR moves the brace at tok to the end of the previous code line.
func toKR(src []byte, tok syntax.Node, comments []byteSpan) (Edits, string) {
	b := tok.Start()
	p := b - 1
	for p >= 0 && isWS(src[p]) {
		p--
	}
	switch {
	case p < 0:
		return nil, "no block header before the brace"
	case inComment(comments, p):
		return nil, "a comment sits between the block header and the brace"
	case bytes.IndexByte(src[p:b], '\n') < 0:
		return nil, "brace is already on the header's line"
	case bytes.HasPrefix(bytes.TrimLeft(src[lineStartOf(src, p):p+1], " \t"), []byte("#")):
		return nil, "a preprocessor line precedes the brace"
	}
	k := b + 1
	for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
		k++
	}
	if k >= len(src) || src[k] == '\n' || src[k] == '\r' || inComment(comments, k) {
		return Edits{{p + 1, b + 1, " {"}}, ""
	}
	// Code shared the brace's line: it stays on a line of its own.
	return Edits{{p + 1, k, " {\n" + indentOf(src, b)}}, ""
}

// toAllman puts the brace at tok on its own line, indented like the line
// where its header starts.
func toAllman(src []byte, tok syntax.Node, comments []byteSpan) (Edits, string) {
	b := tok.Start()
	q := b
	for q > 0 && (src[q-1] == ' ' || src[q-1] == '\t') {
		q--
	}
	if q == 0 || src[q-1] == '\n' {
		return nil, "code follows the brace on its line; splitting a block body is not done"
	}
	if inComment(comments, q-1) {
		return nil, "a comment sits between the block header and the brace"
	}
	header := tok.Parent()
	for header.Valid() && header.Start() >= b && header.Parent().Valid() {
		header = header.Parent()
	}
	indent := indentOf(src, header.Start())
	edits := Edits{{q, b, lineBreak(src) + indent}}
	k := b + 1
	for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
		k++
	}
	switch {
	case k >= len(src) || src[k] == '\n' || src[k] == '\r' || inComment(comments, k):
	case src[k] == '}' && tok.Parent().Child(tok.Parent().ChildCount()-1).Start() == k:
		// An empty block: the "}" gets a line of its own too.
		edits = append(edits, Edit{b + 1, k, lineBreak(src) + indent})
	default:
		return nil, "code follows the brace on its line; splitting a block body is not done"
	}
	return edits, ""
}

// joinContinuation joins "}" (ending at e) with the else/catch/finally
// on a following line.
func joinContinuation(src []byte, e int) (Edits, string) {
	k := e
	for k < len(src) && isWS(src[k]) {
		k++
	}
	rest := src[k:]
	if !bytes.HasPrefix(rest, []byte("else")) && !bytes.HasPrefix(rest, []byte("catch")) && !bytes.HasPrefix(rest, []byte("finally")) {
		return nil, "a comment or other code sits between \"}\" and the continuation keyword"
	}
	return Edits{{e, k, " "}}, ""
}

func isWS(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

func lineStartOf(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

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
// program, or "". A source that did not parse has no shape worth
// keeping: there the edit must instead remove every parse error. Go is
// that case in disguise: semicolon insertion makes `func main()` +
// newline + "{" a body-less declaration and a stray block, which
// tree-sitter accepts but the compiler rejects, so a move there is kept
// if the result parses.
func shapeProblem(u *check.Unit, id lang.ID, es Edits, before *syntax.Tree) string {
	out, err := es.Apply(u.Src)
	if err != nil {
		return fmt.Sprintf("edit does not apply: %v", err)
	}
	t, err := syntax.Parse(u.Ctx, id, out)
	switch {
	case err != nil || t.HasError():
		if before.HasError() {
			return "the source does not parse and moving this brace does not repair it"
		}
		return "moving this brace would introduce a parse error"
	case before.HasError() || id == lang.Go || TreeShape(t.Root()) == TreeShape(before.Root()):
		return ""
	}
	return "moving this brace changes the syntax tree (its line is significant here)"
}
