package check

import (
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// braceLiteralParents are the node types whose "{" opens a value (a
// composite literal, an initializer list, an object or import list), not
// a block. Brace styles govern blocks, so the lint profile ignores these.
var braceLiteralParents = map[lang.ID]map[string]bool{
	lang.Go:         {"literal_value": true},
	lang.Java:       {"array_initializer": true, "element_value_array_initializer": true},
	lang.JavaScript: {"object": true, "object_pattern": true, "named_imports": true, "export_clause": true},
	lang.TypeScript: {"object": true, "object_pattern": true, "named_imports": true, "export_clause": true, "object_type": true},
	lang.C:          {"initializer_list": true},
	lang.CPP:        {"initializer_list": true},
	lang.CSharp:     {"initializer_expression": true},
	lang.Rust:       {"field_initializer_list": true, "use_list": true, "struct_pattern": true},
}

// literalBraces returns the source offsets of "{" tokens that open values
// rather than blocks. A file that does not parse yields what parsed.
func literalBraces(u *Unit, id lang.ID) map[int]bool {
	parents := braceLiteralParents[id]
	if parents == nil {
		return nil
	}
	return u.Memo("braces.literal."+string(id), func() any {
		out := map[int]bool{}
		t, err := u.Tree(id)
		if err != nil {
			return out
		}
		t.Root().Walk(func(n syntax.Node) bool {
			if parents[n.Type()] && n.ChildCount() > 0 {
				if open := n.Child(0); open.Type() == "{" {
					out[open.Start()] = true
				}
			}
			return true
		})
		return out
	}).(map[int]bool)
}
