package suppress

import (
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// parseJavaAnnotations reads @SuppressWarnings on declarations, with
// checkstyle's reading of its values (SuppressWarningsHolder): a check's
// name, case-insensitive, with or without the "checkstyle:" prefix and
// the "Check" suffix, or "all"; PMD's "PMD" and "PMD.<Rule>" names, and
// Eclipse's "javadoc", too.
// The annotated declaration's lines are covered.
func (f *file) parseJavaAnnotations(s *Set) {
	if !f.root.Valid() {
		return
	}
	q, err := syntax.CompileQuery(lang.Java, `(annotation) @a`)
	if err != nil {
		return
	}
	for _, c := range q.Captures(f.root) {
		a := c.Node
		name := a.Field("name").Text()
		if name != "SuppressWarnings" && name != "java.lang.SuppressWarnings" {
			continue
		}
		var values []string
		a.Field("arguments").Walk(func(n syntax.Node) bool {
			if n.Type() == "string_literal" {
				if v, err := strconv.Unquote(n.Text()); err == nil {
					values = append(values, v)
				}
				return false
			}
			return true
		})
		d := &Directive{Pos: f.pos(a.Start()), Tool: "checkstyle", Marker: clipText(a.Text())}
		all := false
		var names []Name
		for _, v := range values {
			low := strings.ToLower(strings.TrimSpace(v))
			if low == "all" || low == "pmd" || low == "checkstyle" {
				all = true
				continue
			}
			if !strings.HasPrefix(low, "pmd.") {
				low = strings.TrimSuffix(strings.TrimPrefix(low, "checkstyle:"), "check")
			}
			if types := checkstyleNames.lookup(low); len(types) > 0 {
				names = append(names, Name{Text: v, Types: types})
			}
		}
		if !all {
			if len(names) == 0 {
				continue
			}
			d.Names = names
		}
		decl := a.Parent()
		if decl.Valid() && decl.Type() == "modifiers" {
			decl = decl.Parent()
		}
		if !decl.Valid() {
			continue
		}
		s.add(lineRegion(d, f.pos(decl.Start()).Line, f.endLine(decl)))
	}
}

type javaState struct {
	off, formatter *Directive
}

// parseJavaComment reads checkstyle's SuppressionCommentFilter defaults,
// `// CHECKSTYLE:OFF` ... `// CHECKSTYLE:ON` (every check), and the
// Eclipse/IntelliJ formatter switches `// @formatter:off` ... `on`.
func (f *file) parseJavaComment(s *Set, st *javaState, c comment) {
	switch c.text {
	case "CHECKSTYLE:OFF":
		if st.off == nil {
			st.off = lineRegion(&Directive{Pos: c.start, Tool: "checkstyle", Marker: c.text}, c.start.Line, f.lines())
			s.add(st.off)
		}
	case "CHECKSTYLE:ON":
		if st.off != nil {
			st.off.To = Pos{Line: c.start.Line + 1}
			st.off = nil
		}
	case "@formatter:off":
		if st.formatter == nil {
			st.formatter = lineRegion(formatOff(&Directive{Pos: c.start, Tool: "formatter", Marker: c.text}), c.start.Line, f.lines())
			s.add(st.formatter)
		}
	case "@formatter:on":
		if st.formatter != nil {
			st.formatter.To = Pos{Line: c.start.Line + 1}
			st.formatter = nil
		}
	}
}
