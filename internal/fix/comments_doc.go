package fix

// The documentation-comment fixes of the multicodeif profile, as the
// paper's evaluator reads the styles: an existing comment directly above
// a declaration is re-spelled as the doc form the rule wants. A
// declaration without such a comment is Skipped: its documentation must
// be written. The lint profile's are in comments_lintdoc.go; both share
// the helpers here.

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// docDecls are the declarations a /** */ comment documents; docScopes
// are the nodes whose children may be such declarations (local and
// anonymous classes are not documented).
var (
	docDecls = map[lang.ID]map[string]bool{
		lang.Java: setOf(`class_declaration interface_declaration enum_declaration record_declaration
			annotation_type_declaration method_declaration constructor_declaration compact_constructor_declaration`),
		lang.Kotlin: setOf(`class_declaration object_declaration function_declaration secondary_constructor`),
	}
	docScopes = map[lang.ID]map[string]bool{
		lang.Java: setOf(`program class_body interface_body enum_body enum_body_declarations annotation_type_body
			class_declaration interface_declaration enum_declaration record_declaration annotation_type_declaration`),
		lang.Kotlin: setOf(`source_file class_body enum_class_body class_declaration object_declaration companion_object`),
	}
)

func isStarDoc(t string) bool { return strings.HasPrefix(t, "/**") && !strings.HasPrefix(t, "/**/") }

// planSlashStarDoc turns the comments directly above each declaration
// into one /** */ comment (Javadoc, KDoc).
func (f *commentFile) planSlashStarDoc(what string) ([]change, []Skipped) {
	var changes []change
	var skipped []Skipped
	for _, k := range f.list {
		if t := f.text(k); isStarDoc(t) && strings.Contains(t, "@return") && !strings.Contains(t, "@param") {
			skipped = append(skipped, Skipped{k.start, k.end, fmt.Sprintf("the rule rejects a %s comment with @return but no @param (whatever the parameters); add @param or drop @return by hand", what)})
		}
	}
	f.tree.Root().Walk(func(n syntax.Node) bool {
		t := n.Type()
		if docDecls[f.id][t] {
			ch, sk := f.starDoc(n, what)
			changes = append(changes, ch...)
			skipped = append(skipped, sk...)
		}
		return docScopes[f.id][t]
	})
	return changes, skipped
}

func (f *commentFile) starDoc(n syntax.Node, what string) ([]change, []Skipped) {
	name := n.Field("name")
	for i := 0; !name.Valid() && i < n.NamedChildCount(); i++ {
		if c := n.NamedChild(i); strings.Contains(c.Type(), "identifier") {
			name = c
		}
	}
	at, label := n.Start(), strings.TrimSuffix(n.Type(), "_declaration")
	if name.Valid() {
		at, label = name.Start(), label+" "+name.Text()
	}
	line := f.lineOf(n.Start())
	var run []cmt
	if blank(f.src[f.starts[line]:n.Start()]) {
		run = f.runAbove(line)
	}
	for i := len(run) - 1; i >= 0; i-- {
		if isStarDoc(f.text(run[i])) {
			if i == len(run)-1 {
				return nil, nil // documented already
			}
			run = run[i+1:]
			break
		}
	}
	lines, why := f.runLines(run)
	text := strings.Join(lines, "\n")
	switch {
	case why != "":
	case len(lines) == 0:
		why = fmt.Sprintf("%s has no comment to convert; write the %s by hand (the fixer never invents text)", label, what)
	case strings.Contains(text, "*/") || strings.Contains(text, "/*"):
		why = "the comment's text contains /* or */, which would end or nest the doc comment"
	case strings.Contains(text, "@return") && !strings.Contains(text, "@param"):
		why = fmt.Sprintf("the comment mentions @return but no @param, which the rule rejects in a %s comment; convert it by hand", what)
	}
	if why != "" {
		return nil, []Skipped{{at, at, why}}
	}
	first, last := run[0], run[len(run)-1]
	return []change{{edits: Edits{{first.start, last.end, starBlock("/**", lines, indentOf(f.src, first.start), f.lb)}}, lo: first.start, hi: n.Start()}}, nil
}

// runLines is the text of a run of comments, blank lines inside kept.
func (f *commentFile) runLines(run []cmt) ([]string, string) {
	var lines []string
	for _, k := range run {
		if f.isDirective(k) {
			return nil, "the comment above is a tool directive, which works only as written; convert by hand"
		}
		if t := f.text(k); strings.HasPrefix(t, "/*") && !closedBlock(t) {
			return nil, "the comment above is an unterminated block comment; fix it by hand"
		}
		if ls := commentLines(f.text(k), f.id); len(ls) > 0 {
			lines = append(lines, ls...)
		} else {
			lines = append(lines, "")
		}
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines, ""
}

// commentLines is the text of any comment, by its delimiters.
func commentLines(s string, id lang.ID) []string {
	if strings.HasPrefix(s, "/*") {
		return blockCommentLines(s)
	}
	marker := lang.Get(id).LineComment
	if id == lang.Python {
		s = "#" + strings.TrimLeft(s, "#") // "## Section" reads as "Section"
	}
	if t := lineCommentText(s, marker); t != "" {
		return []string{t}
	}
	return nil
}

// lineCommentText is the text of a line comment after its marker and
// one space.
func lineCommentText(s, marker string) string {
	s = strings.TrimPrefix(s, marker)
	s = strings.TrimPrefix(s, " ")
	return strings.TrimRight(s, " \t\r")
}

// rustItems are what a /// comment may document.
var rustItems = setOf(`function_item function_signature_item struct_item enum_item union_item trait_item
	impl_item mod_item const_item static_item type_item associated_type macro_definition use_declaration
	extern_crate_declaration foreign_mod_item field_declaration enum_variant`)

// planRustdoc turns each run of ordinary comments standing directly above
// an item (attributes between are fine) into /// lines. The rule rejects
// every ordinary comment, but one elsewhere cannot become ///: it would
// document nothing, which rustc rejects or warns about.
func (f *commentFile) planRustdoc() ([]change, []Skipped) {
	bad, skipped := f.ruleComments("single-line comment", "multi-line comment")
	if len(bad) == 0 && len(skipped) == 0 {
		return nil, []Skipped{f.wholeFile("no comment to convert; write a /// doc comment by hand (the fixer never invents text)")}
	}
	items, attrs := map[int]bool{}, map[int]int{}
	f.tree.Root().Walk(func(n syntax.Node) bool {
		switch t := n.Type(); {
		case rustItems[t]:
			items[n.Start()] = true
		case t == "attribute_item":
			attrs[n.Start()] = n.End()
		}
		return true
	})
	cands := bad[:0:0]
	for _, k := range bad {
		if strings.HasPrefix(f.text(k), "////") {
			skipped = append(skipped, Skipped{k.start, k.end, "the comment starts with ////, which rustdoc does not read as documentation; convert it by hand"})
		} else {
			cands = append(cands, k)
		}
	}
	bad = cands
	var changes []change
	for i := 0; i < len(bad); {
		run := bad[i : i+1]
		for j := i + 1; bad[i].alone && j < len(bad) && bad[j].alone && bad[j].line == bad[j-1].last+1; j++ {
			run = bad[i : j+1]
		}
		i += len(run)
		var edits Edits
		why := ""
		if !run[0].alone {
			why = "an ordinary comment beside code; a /// comment must stand on its own lines above an item, so remove or move this one by hand"
		} else if !f.aboveItem(run[len(run)-1].last+1, items, attrs) {
			why = "this comment does not stand directly above an item (fn, struct, field, ...); /// there would document nothing, which rustc rejects or warns about, so remove or move it by hand"
		}
		for _, k := range run {
			t := f.text(k)
			switch {
			case why != "":
			case strings.HasPrefix(t, "//"):
				edits = append(edits, Edit{k.start, k.start + 2, "///"})
			case !closedBlock(t):
				why = "an unterminated block comment; fix it by hand"
			default:
				edits = append(edits, Edit{k.start, k.end, asLines("///", blockCommentLines(t), indentOf(f.src, k.start), f.lb)})
			}
		}
		if why != "" {
			for _, k := range run {
				skipped = append(skipped, Skipped{k.start, k.end, why})
			}
			continue
		}
		changes = append(changes, change{edits: edits, lo: run[0].start, hi: run[len(run)-1].end})
	}
	return changes, skipped
}

// aboveItem reports whether line l starts an item, possibly after
// attributes.
func (f *commentFile) aboveItem(l int, items map[int]bool, attrs map[int]int) bool {
	if l >= len(f.starts) {
		return false
	}
	off := f.starts[l]
	for {
		for off < len(f.src) && isWS(f.src[off]) {
			off++
		}
		end, ok := attrs[off]
		if !ok || end <= off {
			return items[off]
		}
		off = end
	}
}

// pyDefLike are statements whose directly preceding comment is their own.
var pyDefLike = setOf(`function_definition class_definition decorated_definition`)

// planDocstrings gives each def/class the rule reports a docstring made
// of the # comment run opening its body or, failing that, the run
// directly above it at its indentation.
func (f *commentFile) planDocstrings() ([]change, []Skipped) {
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
	var skipped []Skipped
	for _, fd := range check.Run(check.NewUnit(f.u.Ctx, f.u.Path, f.u.Src, f.prof), f.c).Findings {
		n, ok := defs[fd.Start]
		if !ok {
			skipped = append(skipped, Skipped{fd.Start, fd.End, "not a definition (" + fd.Message + "); the code must be valid Python 3 before docstrings can be added"})
			continue
		}
		ch, why := f.docstring(n)
		if why != "" {
			skipped = append(skipped, Skipped{fd.Start, fd.End, why})
			continue
		}
		ch.at, ch.end = fd.Start, fd.End
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
	firstLine := f.lineOf(first.Start())
	var in []cmt
	for _, k := range f.list {
		if k.start > colon.End() && k.end <= first.Start() && k.alone && (len(in) == 0 || k.line == in[len(in)-1].last+1) {
			in = append(in, k)
		}
	}
	ownTop := firstLine // where a docstring goes: before the first statement
	if len(in) > 0 && in[len(in)-1].last+1 == firstLine && pyDefLike[first.Type()] {
		if f.lintDoc != nil {
			ownTop = in[0].line // and before the comments of a nested definition, which keep their place above it
		}
		in = nil // the comment is the nested definition's
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
		if indentOf(f.src, k.start) != indentOf(f.src, outer.Start()) || k.start == 0 && strings.HasPrefix(f.text(k), "#!") || k.line < 2 && codingRE.MatchString(f.text(k)) {
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
	if why != "" {
		return change{}, why
	}
	if len(lines) == 0 {
		return change{}, fmt.Sprintf("%s %q has no comment to convert; write the docstring by hand (the fixer never invents text)", kind, name)
	}
	indent := indentOf(f.src, first.Start())
	doc, ok := pyDocstring(lines, indent, f.lb)
	if !ok {
		return change{}, "the comment's quotes or trailing backslash fit in no docstring literal unchanged; convert it by hand"
	}
	s, e := f.starts[run[0].line], run[len(run)-1].end
	if fromBody {
		return change{edits: Edits{{s, e, doc}}, lo: s, hi: e}, ""
	}
	at := f.starts[ownTop]
	return change{edits: Edits{{s, f.starts[run[len(run)-1].last+1], ""}, {at, at, doc + f.lb}}, lo: s, hi: at}, ""
}

// pyDocstring renders lines as a docstring statement at indent: triple
// double quotes unless the text needs single ones, raw when it holds a
// backslash, so its value is the comment's text.
func pyDocstring(lines []string, indent, lb string) (string, bool) {
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
