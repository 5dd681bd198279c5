package fix

// The documentation-comment fixes of the multicodeif profile, as the
// paper's evaluator reads the styles: an existing comment directly above
// a declaration is re-spelled as the doc form the rule wants. A
// declaration without such a comment is Skipped: its documentation must
// be written. The lint profile's are in comments_lintdoc.go; both share
// the helpers here.

import (
	"fmt"
	"slices"
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

// planSlashStarDoc answers the paper's Javadoc and KDoc rule. Its one
// finding is a /** */ comment with @return but no @param, which needs
// words; its failure of the whole file (no /** */ comment at all) is
// answered by proposing, declaration by declaration, the comments
// directly above it as one /** */ comment (settleFirst keeps the first
// that passes).
func (f *commentFile) planSlashStarDoc(what string, given []check.Finding) ([]change, []check.Skipped) {
	if len(given) > 0 {
		var skipped []check.Skipped
		for _, fd := range given {
			why := fmt.Sprintf("the rule rejects a %s comment with @return but no @param (whatever the parameters); add @param or drop @return by hand", what)
			if k, ok := f.commentAt(fd.Start); !ok || !isStarDoc(f.text(k)) {
				why = fmt.Sprintf("the rule reports no %s comment here (%s); left alone", what, firstLineOf(fd.Message))
			}
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: why})
		}
		return nil, skipped
	}
	var changes []change
	var skipped []check.Skipped
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

func (f *commentFile) starDoc(n syntax.Node, what string) ([]change, []check.Skipped) {
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
	case !hasSentence(lines):
		why = notADescription("comment above", label, what)
	}
	if why != "" {
		return nil, []check.Skipped{{Start: at, End: at, Reason: why}}
	}
	first, last := run[0], run[len(run)-1]
	return []change{{edits: check.Edits{{Start: first.start, End: last.end, New: starBlock("/**", lines, indentOf(f.src, first.start), f.lb)}}, lo: first.start, hi: n.Start()}}, nil
}

// hasSentence reports whether a comment's description (its lines before
// the first block tag such as "@param") holds a whole sentence: a ".",
// "!" or "?" followed by a blank or the end (closing quotes and brackets
// aside), as Javadoc finds its summary sentence and as PEP 257 has a
// docstring be "a phrase ending in a period". A comment without one reads
// as a label or a note (a section header such as "Overridable Interface",
// a reminder such as "public for unit tests"), which is not the
// declaration's description even when it stands right above it.
func hasSentence(lines []string) bool {
	var desc []string
	for _, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "@") {
			break
		}
		desc = append(desc, l)
	}
	text := strings.Join(desc, " ")
	for i := 0; i < len(text); i++ {
		if c := text[i]; c != '.' && c != '!' && c != '?' {
			continue
		}
		j := i + 1
		for j < len(text) && strings.IndexByte(")]}\"'`", text[j]) >= 0 {
			j++
		}
		if j == len(text) || text[j] == ' ' || text[j] == '\t' {
			return true
		}
	}
	return false
}

// notADescription is the refusal of a comment without a sentence: where
// says which comment, decl what it would document.
func notADescription(where, decl, form string) string {
	return fmt.Sprintf("the %s holds no sentence, so it reads as a label or a note, not as the description of %s; write the %s by hand (the fixer never invents words)", where, decl, form)
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

// planRustdoc turns each flagged ordinary comment standing in a run of
// comments directly above an item (attributes between are fine) into ///
// lines; the run's other comments keep their form unless flagged too, as
// rustdoc reads a /// line whatever comments stand between it and its
// item. The rule rejects every ordinary comment, but one elsewhere cannot
// become ///: it would document nothing, which rustc rejects or warns
// about.
func (f *commentFile) planRustdoc(given []check.Finding) ([]change, []check.Skipped) {
	if len(given) == 0 {
		return nil, []check.Skipped{f.wholeFile("no comment to convert; write a /// doc comment by hand (the fixer never invents text)")}
	}
	flags, skipped := f.flagged(given, "single-line comment", "multi-line comment")
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
	var changes []change
	for _, fl := range flags {
		k := fl.k
		t := f.text(k)
		why := ""
		switch {
		case strings.HasPrefix(t, "////"):
			why = "the comment starts with ////, which rustdoc does not read as documentation; convert it by hand"
		case !k.alone:
			why = "an ordinary comment beside code; a /// comment must stand on its own lines above an item, so remove or move this one by hand"
		case !f.aboveItem(f.runBelow(k).last+1, items, attrs):
			why = "this comment does not stand directly above an item (fn, struct, field, ...); /// there would document nothing, which rustc rejects or warns about, so remove or move it by hand"
		case strings.HasPrefix(t, "/*") && !closedBlock(t):
			why = "an unterminated block comment; fix it by hand"
		}
		if why != "" {
			skipped = append(skipped, skipAll(fl.finds, why)...)
			continue
		}
		e := check.Edit{Start: k.start, End: k.start + 2, New: "///"}
		if !strings.HasPrefix(t, "//") {
			e = check.Edit{Start: k.start, End: k.end, New: asLines("///", blockCommentLines(t), indentOf(f.src, k.start), f.lb)}
		}
		changes = append(changes, change{edits: check.Edits{e}, lo: k.start, hi: k.end, finds: fl.finds})
	}
	return changes, skipped
}

// runBelow is the last comment of the run of comments standing alone on
// consecutive lines from k down.
func (f *commentFile) runBelow(k cmt) cmt {
	for {
		next, ok := f.commentAt(f.firstNonBlank(k.last + 1))
		if !ok || !next.alone || next.line != k.last+1 {
			return k
		}
		k = next
	}
}

// firstNonBlank is the offset of line l's first non-blank byte (its end
// when it has none, the source's end past the last line).
func (f *commentFile) firstNonBlank(l int) int {
	if l >= len(f.starts) {
		return len(f.src)
	}
	off := f.starts[l]
	for off < f.lineEnd(l) && isBlankByte(f.src[off]) {
		off++
	}
	return off
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
	indent := indentOf(f.src, first.Start())
	doc, ok := pyDocstring(lines, indent, f.lb)
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
