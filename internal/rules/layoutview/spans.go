package layoutview

// Comment and string spans as Pygments lexes them.

import (
	"bytes"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// Spans are the source ranges Pygments classifies as comment and as
// string for one unit and language.
type Spans struct {
	comments []check.Span
	strings  []check.Span
	// literals are string-like spans whatever Pygments says (used by the
	// lint profile to ignore braces inside literals).
	literals []check.Span
}

var queries = map[lang.ID]string{
	lang.Python:     `[(comment) @c (string) @s]`,
	lang.JavaScript: `[(comment) @c (string) @s (template_string) @s (regex) @s]`,
	lang.TypeScript: `[(comment) @c (string) @s (template_string) @s (regex) @s]`,
	lang.Go:         `[(comment) @c (interpreted_string_literal) @s (raw_string_literal) @s (rune_literal) @s]`,
	lang.Java:       `[(line_comment) @c (block_comment) @c (string_literal) @s (character_literal) @s]`,
	lang.Kotlin:     `[(line_comment) @c (multiline_comment) @c (string_literal) @s (character_literal) @s]`,
	lang.Rust:       `[(line_comment) @c (block_comment) @c (attribute_item) @a (inner_attribute_item) @a (string_literal) @s (raw_string_literal) @s (char_literal) @s]`,
	lang.C:          `[(comment) @c (string_literal) @s (char_literal) @s]`,
	lang.CPP:        `[(comment) @c (string_literal) @s (char_literal) @s (raw_string_literal) @s]`,
}

// holeTypes are the nodes inside a string whose text Pygments lexes as
// code, with how many delimiter bytes at each end still count as string.
var holeTypes = map[lang.ID]map[string][2]int{
	lang.Python:     {"interpolation": {1, 0}},
	lang.JavaScript: {"template_substitution": {2, 1}},
	lang.TypeScript: {"template_substitution": {2, 1}},
	lang.Kotlin:     {"interpolated_identifier": {0, 0}, "interpolated_expression": {0, 0}},
}

// SpansFor computes (once per unit and language) the comment and string
// spans of the source.
func SpansFor(u *check.Unit, id lang.ID) (*Spans, error) {
	return check.MemoErr(u, "layout.spans."+string(id), func() (*Spans, error) {
		t, err := u.Tree(id)
		if err != nil {
			return nil, err
		}
		return computeSpans(t.Root(), u.Src, id, work.Of(u))
	})
}

// computeSpans charges m per node it visits and per byte it scans.
func computeSpans(root syntax.Node, src []byte, id lang.ID, m *work.Meter) (*Spans, error) {
	sp := &Spans{}
	var attrs []syntax.Node
	if pattern, ok := queries[id]; ok {
		q, err := syntax.CompileQuery(id, pattern)
		if err != nil {
			return nil, err
		}
		caps := q.Captures(root)
		m.Add(len(caps))
		for _, c := range caps {
			switch c.Name {
			case "c":
				addComment(sp, c.Node, src, id)
			case "s":
				addString(sp, c.Node, src, id, m)
			case "a":
				attrs = append(attrs, c.Node)
			}
		}
	} else {
		// Languages the evaluator data never uses: classify by node name.
		root.Walk(func(n syntax.Node) bool {
			m.Add(1)
			t := n.Type()
			switch {
			case containsFold(t, "comment"):
				sp.comments = append(sp.comments, check.Span{Start: n.Start(), End: n.End()})
				return false
			case n.IsNamed() && (containsFold(t, "string") || containsFold(t, "char")) && n.ChildCount() > 0:
				sp.strings = append(sp.strings, check.Span{Start: n.Start(), End: n.End()})
				sp.literals = append(sp.literals, check.Span{Start: n.Start(), End: n.End()})
				return false
			}
			return true
		})
	}
	// Rust attributes are Pygments comments, except the strings inside
	// them, which stay strings.
	if len(attrs) > 0 {
		strs := append([]check.Span(nil), sp.strings...)
		sort.Slice(strs, func(i, j int) bool { return strs[i].Start < strs[j].Start })
		for _, a := range attrs {
			var inner []check.Span
			m.Add(1 + work.Log(len(strs)))
			k := sort.Search(len(strs), func(j int) bool { return strs[j].Start >= a.Start() })
			for ; k < len(strs) && strs[k].Start < a.End(); k++ {
				m.Add(1)
				if strs[k].End <= a.End() {
					inner = append(inner, strs[k])
				}
			}
			sp.comments = append(sp.comments, subtract(check.Span{Start: a.Start(), End: a.End()}, inner)...)
		}
	}
	if id == lang.C || id == lang.CPP {
		sp.comments = append(sp.comments, preprocSpans(src, sp, m)...)
	}
	for _, set := range [][]check.Span{sp.comments, sp.strings, sp.literals} {
		for i := range set {
			set[i].Start = max(0, min(set[i].Start, len(src)))
			set[i].End = max(set[i].Start, min(set[i].End, len(src)))
		}
	}
	return sp, nil
}

func containsFold(s, sub string) bool {
	return bytes.Contains(bytes.ToLower([]byte(s)), []byte(sub))
}

// addComment records a comment node with Pygments' extent and category.
func addComment(sp *Spans, n syntax.Node, src []byte, id lang.ID) {
	s, e := n.Start(), n.End()
	text := src[s:e]
	line := bytes.HasPrefix(text, []byte("//"))
	if id == lang.Rust && rustDoc(text) {
		// Pygments: String.Doc, so it survives comment removal.
		sp.strings = append(sp.strings, check.Span{Start: s, End: eatNewline(src, e)})
		return
	}
	if line && (id == lang.C || id == lang.CPP || id == lang.Rust) {
		e = eatNewline(src, e)
	}
	if !line && id == lang.Kotlin {
		// Kotlin block comments nest, Pygments' do not: its comment ends
		// at the first "*/" and the rest is lexed as code.
		if k := bytes.Index(text[2:], []byte("*/")); k >= 0 {
			e = s + 2 + k + 2
		}
	}
	sp.comments = append(sp.comments, check.Span{Start: s, End: e})
}

func rustDoc(text []byte) bool {
	switch {
	case bytes.HasPrefix(text, []byte("//!")):
		return true
	case bytes.HasPrefix(text, []byte("///")):
		return len(text) == 3 || text[3] != '/'
	case bytes.HasPrefix(text, []byte("/*!")):
		return true
	case bytes.HasPrefix(text, []byte("/**")):
		return len(text) > 3 && text[3] != '/' && text[3] != '*'
	}
	return false
}

// eatNewline extends a line comment ending at e over the line break that
// follows it (unless the node already includes it).
func eatNewline(src []byte, e int) int {
	if e > 0 && e <= len(src) && src[e-1] == '\n' {
		return e
	}
	if e < len(src) && src[e] == '\r' {
		e++
	}
	if e < len(src) && src[e] == '\n' {
		e++
	}
	return e
}

// addString records a string node minus its interpolated expressions.
func addString(sp *Spans, n syntax.Node, src []byte, id lang.ID, meter *work.Meter) {
	whole := check.Span{Start: n.Start(), End: n.End()}
	sp.literals = append(sp.literals, whole)
	types := holeTypes[id]
	// Fields need "{" (Python, JavaScript) or "$" (Kotlin): skip the walk
	// for the many strings without one.
	mark := byte('{')
	if id == lang.Kotlin {
		mark = '$'
	}
	meter.Add(whole.End - whole.Start)
	if types == nil || bytes.IndexByte(src[whole.Start:whole.End], mark) < 0 {
		sp.strings = append(sp.strings, whole)
		return
	}
	var holes []check.Span
	n.Walk(func(m syntax.Node) bool {
		meter.Add(1)
		if m.Start() == n.Start() && m.End() == n.End() {
			return true
		}
		if trim, ok := types[m.Type()]; ok {
			h := check.Span{Start: m.Start() + trim[0], End: m.End() - trim[1]}
			if id == lang.Python {
				h.End = pyFieldEnd(m)
			}
			if h.End > h.Start {
				holes = append(holes, h)
			}
			return false // nested strings are captured on their own
		}
		return true
	})
	sp.strings = append(sp.strings, subtract(whole, holes)...)
}

// pyFieldEnd is where Pygments stops lexing an f-string field as
// code: at "=", "!r" or ":" after the expression, else at the closing "}".
func pyFieldEnd(m syntax.Node) int {
	end := m.End() - 1
	for i := 1; i < m.ChildCount(); i++ {
		c := m.Child(i)
		switch c.Type() {
		case "=", "type_conversion", "format_specifier", "}":
			return c.Start()
		}
	}
	return end
}

// subtract returns whole minus the disjoint holes (in any order).
func subtract(whole check.Span, holes []check.Span) []check.Span {
	sort.Slice(holes, func(i, j int) bool { return holes[i].Start < holes[j].Start })
	var out []check.Span
	at := whole.Start
	for _, h := range holes {
		if h.Start > at {
			out = append(out, check.Span{Start: at, End: h.Start})
		}
		if h.End > at {
			at = h.End
		}
	}
	if at < whole.End {
		out = append(out, check.Span{Start: at, End: whole.End})
	}
	return out
}
