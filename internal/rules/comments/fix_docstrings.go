package comments

// Python docstrings made of # comments, for both profiles: the paper's
// rule names a def or class without a docstring, the lint rule a public
// one (pydocstyle's D1xx); either way the # comments opening its body
// (when a blank line parts them from the code) or standing directly
// above it become its docstring, never a comment attached to the
// statement below it or a Sphinx #: comment.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
	"github.com/iflint/iflint/internal/srclines"
	"github.com/iflint/iflint/internal/syntax"
)

// planDocstrings gives each flagged def/class a docstring made of the #
// comment run opening its body, when a blank line parts it from the code
// below, or else the run directly above it at its indentation. A comment
// attached to the statement below it says what that statement does, and
// a Sphinx #: comment documents an assignment: neither is a docstring.
func (f *commentFile) planDocstrings(given []check.Finding) ([]change, []check.Skipped) {
	defs := map[int]syntax.Node{}
	f.tree.Root().Walk(func(n syntax.Node) bool {
		if t := n.Type(); t == "function_definition" || t == "class_definition" {
			at := n.Start()
			if name := n.Field("name"); name.Valid() {
				at = name.Start()
			}
			defs[at] = n
		}
		return true
	})
	var changes []change
	var skipped []check.Skipped
	for _, fd := range given {
		n, ok := defs[fd.Start]
		if !ok {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: "not a definition (" + fd.Message + "); the code must be valid Python 3 before docstrings can be added"})
			continue
		}
		ch, why := f.docstring(n)
		if why != "" {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: why})
			continue
		}
		ch.at, ch.end, ch.finds = fd.Start, fd.End, []check.Finding{fd}
		changes = append(changes, ch)
	}
	return changes, skipped
}

func (f *commentFile) docstring(n syntax.Node) (change, string) {
	kind, name := strings.TrimSuffix(n.Type(), "_definition"), n.Field("name").Text()
	body := n.Field("body")
	var colon, first syntax.Node
	for i := 0; i < n.ChildCount() && n.Child(i).Start() < body.Start(); i++ {
		if c := n.Child(i); c.Type() == ":" {
			colon = c
		}
	}
	for i := 0; body.Valid() && i < body.NamedChildCount() && !first.Valid(); i++ {
		if c := body.NamedChild(i); c.Type() != "comment" {
			first = c
		}
	}
	switch {
	case !colon.Valid() || !first.Valid():
		return change{}, fmt.Sprintf("%s %q has no body to hold a docstring", kind, name)
	case f.lineOf(first.Start()) == f.lineOf(colon.Start()):
		return change{}, fmt.Sprintf("the body of %s %q is on the header's line; move it to lines of its own first", kind, name)
	case first.Type() == "expression_statement" && first.NamedChildCount() == 1 && strings.Contains(first.NamedChild(0).Type(), "string"):
		return change{}, fmt.Sprintf("the body of %s %q starts with a string that is not a usable docstring (blank, f-string or bytes); fix it by hand", kind, name)
	}
	// A comment opening the body describes the definition only when a
	// blank line parts it from the code; attached to a statement, it says
	// what that statement does (or belongs to a nested definition).
	var in []cmt
	for _, k := range f.list {
		if k.start > colon.End() && k.end <= first.Start() && k.alone && (len(in) == 0 || k.line == in[len(in)-1].last+1) {
			in = append(in, k)
		}
	}
	bodyNote := len(in) > 0 && !blank([]byte(f.lineText(in[len(in)-1].last+1)))
	if bodyNote {
		in = nil
	}
	outer := n
	if p := n.Parent(); p.Type() == "decorated_definition" {
		outer = p
	}
	var above []cmt
	if line := f.lineOf(outer.Start()); blank(f.src[f.starts[line]:outer.Start()]) {
		above = f.runAbove(line)
	}
	for i := len(above) - 1; i >= 0; i-- {
		k := above[i]
		if srclines.Indent(f.src, k.start) != srclines.Indent(f.src, outer.Start()) || k.start == 0 && strings.HasPrefix(f.text(k), "#!") || k.line < 2 && codingRE.MatchString(f.text(k)) {
			above = above[i+1:]
			break
		}
	}
	run, fromBody := in, true
	lines, why := f.runLines(run)
	if len(lines) == 0 && why == "" {
		run, fromBody = above, false
		lines, why = f.runLines(run)
	}
	switch {
	case slices.ContainsFunc(run, func(k cmt) bool { return strings.HasPrefix(f.text(k), "#:") }):
		return change{}, fmt.Sprintf("the comment is a Sphinx attribute comment (#:), which documents an assignment, not %s %q; write the docstring by hand", kind, name)
	case why != "":
		return change{}, why
	case len(lines) > 0 && !hasSentence(lines):
		where := "comment above"
		if fromBody {
			where = "comment opening the body"
		}
		return change{}, notADescription(where, fmt.Sprintf("%s %q", kind, name), "docstring")
	case len(lines) == 0 && bodyNote:
		return change{}, fmt.Sprintf("the comment opening the body of %s %q is attached to the statement below it, which it describes, not the %s; write the docstring by hand (the fixer never invents words)", kind, name, kind)
	case len(lines) == 0:
		return change{}, fmt.Sprintf("%s %q has no comment to convert; write the docstring by hand (the fixer never invents text)", kind, name)
	}
	indent := srclines.Indent(f.src, first.Start())
	doc, ok := docstringLiteral(lines, indent, f.lb)
	if !ok {
		return change{}, "the comment's quotes or trailing backslash fit in no docstring literal unchanged; convert it by hand"
	}
	s, e := f.starts[run[0].line], run[len(run)-1].end
	if fromBody {
		return change{edits: check.Edits{{Start: s, End: e, New: doc}}, lo: s, hi: e}, ""
	}
	// The docstring is the body's first statement: it goes right below
	// the header, above any comment opening the body.
	at := f.starts[f.lineOf(colon.End())+1]
	return change{edits: check.Edits{{Start: s, End: f.starts[run[len(run)-1].last+1], New: ""}, {Start: at, End: at, New: doc + f.lb}}, lo: s, hi: at}, ""
}

// pyDocstring renders lines as a docstring statement at indent: triple
// double quotes unless the text needs single ones, raw when it holds a
// backslash, so its value is the comment's text.
func docstringLiteral(lines []string, indent, lb string) (string, bool) {
	text := strings.Join(lines, "\n")
	q := `"""`
	if strings.Contains(text, q) || strings.HasSuffix(text, `"`) {
		q = `'''`
		if strings.Contains(text, q) || strings.HasSuffix(text, `'`) {
			return "", false
		}
	}
	prefix := ""
	if strings.Contains(text, `\`) {
		if strings.HasSuffix(text, `\`) {
			return "", false
		}
		prefix = "r"
	}
	var sb strings.Builder
	sb.WriteString(indent + prefix + q + lines[0])
	if len(lines) > 1 {
		for _, l := range lines[1:] {
			sb.WriteString(lb)
			if l != "" {
				sb.WriteString(indent + l)
			}
		}
		sb.WriteString(lb + indent)
	}
	sb.WriteString(q)
	return sb.String(), true
}

// pyDefsByName maps each def/class's name offset to its node.
func pyDefsByName(root syntax.Node) map[int]syntax.Node {
	defs := map[int]syntax.Node{}
	root.Walk(func(n syntax.Node) bool {
		if t := n.Type(); t == "function_definition" || t == "class_definition" {
			if name := n.Field("name"); name.Valid() {
				defs[name.Start()] = n
			}
		}
		return true
	})
	return defs
}

// pyConvert gives a definition the docstring made of its #
func (f *commentFile) pyConvert(is doclint.Issue, defs map[int]syntax.Node) (change, string) {
	if is.Kind == "module" || is.Kind == "package" {
		return change{}, "a module docstring needs words of its own (a header comment is usually a licence, a shebang or a tool's directive); write it by hand"
	}
	n, ok := defs[is.Start]
	if !ok {
		return change{}, "not a definition the fixer can find (" + is.Message + ")"
	}
	return f.docstring(n)
}
