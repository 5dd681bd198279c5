package suppress

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
)

// ownMarker is `iflint:ignore[...]` or `iflint:ignore-file[...]`, at the
// start of a comment's text or after a nested comment marker (`# type:
// ignore  # iflint:ignore[...]`), so prose that mentions it is not one.
var ownMarker = regexp.MustCompile(`(?:^|\s(?:#|//|--)\s*)iflint:\s*(ignore-file|ignore)\b(\[[^\]\n]*\]?)?`)

// parseOwn reads iflint's own markers from one comment.
//
//	iflint:ignore[TYPE,...] reason       this line; standing alone, through the next code line
//	iflint:ignore reason                 every type
//	iflint:ignore-file[TYPE,...] reason  the whole file
//
// TYPE is a constraint type (naming_convention) or a category
// (coding_style).
func (f *file) parseOwn(s *Set, c comment) {
	m := ownMarker.FindStringSubmatchIndex(c.text)
	if m == nil {
		return
	}
	kind := c.text[m[2]:m[3]]
	d := &Directive{Pos: c.start, Tool: "iflint", Marker: strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(c.text[m[0]:m[1]]), "#/-"))}
	if m[4] >= 0 {
		list := c.text[m[4]:m[5]]
		if !strings.HasSuffix(list, "]") {
			s.problem(c.start, fmt.Sprintf("%s: unclosed '[': expected iflint:%s[TYPE,...] reason", clipText(c.text), kind))
			return
		}
		names, err := ownNames(strings.Trim(list, "[]"))
		if err != nil {
			s.problem(c.start, fmt.Sprintf("%s: %v", d.Marker, err))
			return
		}
		d.Names = names
	}
	d.Reason = cleanReason(c.text[m[1]:])
	if kind == "ignore-file" {
		s.add(fileRegion(d))
		return
	}
	to := c.end.Line
	if c.alone {
		if next := f.nextCodeLine(c.end.Line); next > 0 {
			to = next
		}
	}
	s.add(lineRegion(d, c.start.Line, to))
}

// ownNames resolves a marker's list: constraint types or categories.
func ownNames(list string) ([]Name, error) {
	var out []Name
	for _, item := range strings.Split(list, ",") {
		name := strings.TrimSpace(item)
		if name == "" {
			return nil, fmt.Errorf("empty name in the list: expected constraint types or categories separated by commas, such as [naming_convention,coding_style]")
		}
		if t := constraint.Type(name); t.Known() {
			out = append(out, Name{Text: name, Types: []constraint.Type{t}})
			continue
		}
		var types []constraint.Type
		for _, in := range constraint.All() {
			if string(in.Category) == name {
				types = append(types, in.Type)
			}
		}
		if types == nil {
			return nil, fmt.Errorf("unknown constraint type or category %q: expected a type such as naming_convention or a category such as coding_style (see iflint rules)", name)
		}
		out = append(out, Name{Text: name, Types: types})
	}
	return out, nil
}

func clipText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return s
}
