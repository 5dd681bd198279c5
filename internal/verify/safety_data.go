package verify

// Names that are data. A program may print, serialise or look up some
// names by their spelling, so renaming them changes its output even when
// every reference follows: an enum constant's name() and toString(), a
// Rust variant or field under derive(Debug) or serde, a Python
// dataclass field (asdict, repr, fields()), a function whose __name__
// the file reads. Without tests these are refused with that reason
// whatever the rest of the repository holds; the compiler proof refuses
// them anyway, as the compiled output keeps them.

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// dataName says why spelling name in u is data, or "".
func dataName(u *check.Unit, id lang.ID, name string, oa atoms) string {
	for _, a := range oa.code {
		if !a.ident || a.text != name || !a.node.Valid() {
			continue
		}
		line, _ := u.Position(a.start)
		p := a.node.Parent()
		switch p.Type() {
		case "enum_constant", "enum_member_declaration", "enum_entry", "enum_variant", "enum_assignment":
			return fmt.Sprintf("it names an enum constant or variant on line %d, whose name is data (name(), toString(), valueOf, Debug output, serialisation)", line)
		case "enum_body":
			return fmt.Sprintf("it names an enum member on line %d, whose name is data (reverse mappings, serialisation)", line)
		case "field_declaration":
			if id == lang.Rust {
				if d := rustDerives(p); d != "" {
					return fmt.Sprintf("it names a field on line %d of a type deriving %s, whose output spells the field's name", line, d)
				}
			}
		case "function_definition", "class_definition":
			if id == lang.Python && fieldOf(a.node) == "name" {
				if src := string(u.Src); hasWord(src, "__name__") || hasWord(src, "__qualname__") {
					return fmt.Sprintf("it names a %s on line %d and the file reads __name__ or __qualname__, which spell it", strings.TrimSuffix(p.Type(), "_definition"), line)
				}
			}
		}
		if id == lang.Python && dataclassField(a.node) {
			return fmt.Sprintf("it names a dataclass field on line %d, whose name is data (asdict(), repr(), fields(), JSON output)", line)
		}
	}
	return ""
}

// rustDerives returns the derives of the struct or enum holding a field
// that print or serialise field names ("" for none).
func rustDerives(field syntax.Node) string {
	item := declOf(field, "_item")
	if !item.Valid() {
		return ""
	}
	var found []string
	for s := item.PrevSibling(); s.Valid() && (s.Type() == "attribute_item" || strings.Contains(s.Type(), "comment")); s = s.PrevSibling() {
		t := s.Text()
		for _, d := range []string{"Debug", "Serialize", "Deserialize"} {
			if strings.Contains(t, "derive") && hasWord(t, d) {
				found = append(found, d)
			}
		}
	}
	return strings.Join(found, ", ")
}

// dataclassField reports whether Python identifier n is assigned or
// annotated directly in the body of a class decorated @dataclass (or
// attrs, pydantic-style: any decorator or base naming dataclass/attr).
func dataclassField(n syntax.Node) bool {
	stmt := n.Parent()
	for stmt.Valid() && stmt.Type() != "expression_statement" {
		if t := stmt.Type(); t != "assignment" && t != "type" {
			return false
		}
		stmt = stmt.Parent()
	}
	body := stmt.Parent()
	if body.Type() != "block" || body.Parent().Type() != "class_definition" {
		return false
	}
	class := body.Parent()
	head := class.Text()[:max(0, class.Field("body").Start()-class.Start())]
	if dec := class.Parent(); dec.Type() == "decorated_definition" {
		head = dec.Text()[:class.Start()-dec.Start()] + head
	}
	for _, w := range []string{"dataclass", "attr.s", "attrs", "define", "BaseModel", "NamedTuple", "TypedDict"} {
		if strings.Contains(head, w) {
			return true
		}
	}
	return false
}
