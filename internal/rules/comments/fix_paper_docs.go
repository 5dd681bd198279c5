package comments

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/srclines"
	"github.com/iflint/iflint/internal/syntax"
)

// The documentation-comment fixes of the multicodeif profile, as the
// paper's evaluator reads the styles: an existing comment directly above
// a declaration is re-spelled as the doc form the rule wants. A
// declaration without such a comment is Skipped: its documentation must
// be written. The lint profile's are in fix_lint_docs.go.

// planGoDoc reads lines as the rule does. For each flagged declaration
// line it re-spells a one-line /* */ doc comment as //, or re-attaches a
// // comment starting with the name that blank lines separate from its
// declaration; any other missing or misworded doc comment needs words, so
// it is Skipped.
func (f *commentFile) planGoDoc(given []check.Finding) ([]change, []check.Skipped) {
	var changes []change
	var skipped []check.Skipped
	for _, fd := range given {
		l := f.lineOf(fd.Start)
		t, ok := targetOf(fd)
		if !ok || t.name == "" {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: "the rule reads no func, type, var or const declaration on this line; nothing to document"})
			continue
		}
		kw, name := t.keyword, t.name
		ch, why := f.goDoc(l, kw+" "+name, name)
		switch {
		case why != "":
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: why})
		case ch == nil:
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: fmt.Sprintf("the line above %s %s already starts with %q, as the rule asks; nothing to change", kw, name, name)})
		default:
			ch.finds = []check.Finding{fd}
			changes = append(changes, *ch)
		}
	}
	return changes, skipped
}

func (f *commentFile) goDoc(l int, decl, name string) (*change, string) {
	startsName := func(s string) bool { return strings.HasPrefix(strings.TrimSpace(strings.TrimLeft(s, "/")), name) }
	isLine := func(j int) bool { return j >= 0 && strings.HasPrefix(strings.TrimSpace(f.lineText(j)), "//") }
	missing := fmt.Sprintf("no // doc comment directly above %s; write one starting with %q by hand (the fixer never invents words)", decl, name)
	reflow := fmt.Sprintf("the rule reads only the line directly above %s, which must start with %q, so a doc comment of several lines fails; reflow it by hand", decl, name)
	if insideSpan(f.opaque, f.starts[l]) {
		return nil, fmt.Sprintf("this line of a string or comment reads as %s to the rule, which reads raw lines; reword it by hand", decl)
	}
	if l == 0 {
		return nil, fmt.Sprintf("%s is on the first line, so no comment can stand above it", decl)
	}
	prev := strings.TrimSpace(f.lineText(l - 1))
	switch {
	case strings.HasPrefix(prev, "//"):
		if startsName(prev) {
			return nil, ""
		}
		top := l - 1
		for isLine(top - 1) {
			top--
		}
		if top < l-1 && startsName(f.lineText(top)) {
			return nil, reflow
		}
		return nil, fmt.Sprintf("the doc comment of %s does not start with %q; reword it by hand (the fixer never invents words)", decl, name)
	case strings.HasSuffix(prev, "*/"):
		k, ok := f.commentAt(f.contentEnd(l-1) - 1)
		if !ok || !k.alone || k.last != l-1 || !closedBlock(f.text(k)) {
			return nil, missing
		}
		lines := blockCommentLines(f.text(k))
		switch {
		case len(lines) == 1 && startsName(lines[0]):
			return &change{edits: check.Edits{{Start: k.start, End: k.end, New: asLines("//", lines, "", f.lb)}}, lo: k.start, hi: f.starts[l], at: f.starts[l], end: f.lineEnd(l)}, ""
		case len(lines) > 1 && startsName(lines[0]):
			return nil, reflow
		}
		return nil, fmt.Sprintf("the doc comment of %s does not start with %q; reword it by hand (the fixer never invents words)", decl, name)
	case prev == "":
		j := l - 1
		for j >= 0 && strings.TrimSpace(f.lineText(j)) == "" {
			j--
		}
		if k, ok := f.lineComment(j); ok && isLine(j) && !isLine(j-1) && startsName(f.text(k)) {
			return &change{edits: check.Edits{{Start: f.starts[j+1], End: f.starts[l], New: ""}}, lo: k.start, hi: f.starts[l], at: f.starts[l], end: f.lineEnd(l)}, ""
		}
	}
	return nil, missing
}

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
	return []change{{edits: check.Edits{{Start: first.start, End: last.end, New: starBlock("/**", lines, srclines.Indent(f.src, first.start), f.lb)}}, lo: first.start, hi: n.Start()}}, nil
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
	flags, skipped := f.flagged(given)
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
			e = check.Edit{Start: k.start, End: k.end, New: asLines("///", blockCommentLines(t), srclines.Indent(f.src, k.start), f.lb)}
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
