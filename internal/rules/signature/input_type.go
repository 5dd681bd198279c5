package signature

import (
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// inputTypeRule: some parameter of the named function has a type of the
// required kind (List, Map, Matrix, Struct:Name, ...), matched by the
// evaluator's per-language tables of type names.
var InputTypeRule = &check.Rule{Type: constraint.InputType, Paper: checkInputType, Lint: checkInputType}

func checkInputType(u *check.Unit, c constraint.Constraint) check.Result {
	s, kind, funcs, fail := ioTypeTarget(u, c)
	if fail != nil {
		return *fail
	}
	var seen []string
	for _, f := range funcs {
		for _, p := range ioParams(f, s.id) {
			if p.Bare {
				continue
			}
			if ioTypeMatch(s.id, kind, p.Type, p.Array, false) {
				return check.Passed("parameter " + ioQuote(p.Node.Text()) + " of " + ioQuote(s.fn) + " is of kind " + kind)
			}
			seen = append(seen, p.Type)
		}
	}
	msg := "no parameter of " + ioQuote(s.fn) + " is of kind " + kind
	if len(seen) > 0 {
		msg += " (parameter types: " + ioQuoteAll(seen) + ")"
	} else {
		msg += " (it has no typed parameters)"
	}
	return check.Failed(msg, ioFinding(ioFuncSpan(funcs[0]), "%s", msg)...)
}

// ioTypeTables maps an abstract kind to the type names that satisfy it,
// per evaluator language (input_type/output_type). Python matches by
// prefix of the unparsed annotation, the others by substring.
var ioTypeTables = map[lang.ID]map[string][]string{
	lang.Python: {
		"List": {"List", "list"}, "Set": {"Set", "set"}, "Map": {"Dict", "dict", "Map"},
		"Tuple": {"Tuple", "tuple"}, "String": {"str", "String"}, "JSONObject": {"dict", "Dict"},
		"Boolean": {"bool"}, "Integer": {"int"}, "Float": {"float"},
	},
	lang.Java: {
		"List": {"List", "ArrayList", "LinkedList"}, "Set": {"Set", "HashSet", "TreeSet", "LinkedHashSet"},
		"Map": {"Map", "HashMap", "TreeMap", "LinkedHashMap"}, "Tuple": {"Pair", "Triple", "AbstractMap.SimpleEntry"},
		"String":     {"String"},
		"JSONObject": {"JSONObject", "org.json.JSONObject", "com.google.gson.JsonObject", "com.fasterxml.jackson.databind.node.ObjectNode"},
		"Boolean":    {"boolean", "Boolean"}, "Integer": {"int", "Integer", "long", "Long", "short", "Short"},
		"Float": {"float", "Float", "double", "Double"},
	},
	lang.CPP: {
		"Set": {"std::set", "std::unordered_set", "set", "unordered_set"}, "Map": {"std::map", "std::unordered_map", "map", "unordered_map"},
		"Tuple": {"std::pair", "std::tuple", "pair", "tuple"}, "String": {"std::string", "string"},
		"JSONObject": {"nlohmann::json", "Json::Value", "json"}, "Boolean": {"bool"},
		"Integer": {"int", "long", "short", "size_t", "uint32_t", "int64_t", "int32_t"}, "Float": {"float", "double"},
	},
	lang.Rust: {
		"List": {"Vec", "vec", "LinkedList"}, "Set": {"HashSet", "BTreeSet"}, "Map": {"HashMap", "BTreeMap"},
		"Tuple": {"(", "tuple"}, "String": {"String", "&str", "str"}, "JSONObject": {"serde_json::Value", "serde_json::Map"},
		"Boolean": {"bool"}, "Integer": {"i32", "i64", "u32", "u64", "usize", "isize", "i16", "u16", "i8", "u8"},
		"Float": {"f32", "f64"},
	},
}

// ioTypeKinds are the kinds input_type/output_type accept; anything else
// (except "Struct:<Name>") fails outright.
var ioTypeKinds = []string{"List", "Set", "Map", "Tuple", "Matrix", "Tree", "Graph", "Struct", "String", "JSONObject", "Boolean", "Integer", "Float"}

// ioTypeMatch reports whether type text t satisfies kind in language id
// under the evaluator's type rules. arr is C++'s array declarator; output
// selects the return-type variant (C++ Matrix looks for "[][]" instead of
// an array declarator).
func ioTypeMatch(id lang.ID, kind, t string, arr, output bool) bool {
	lower := strings.ToLower(t)
	switch {
	case kind == "Matrix":
		switch id {
		case lang.Python:
			return strings.Contains(lower, "list") && strings.Count(t, "[") >= 2
		case lang.Java:
			return (ioContainsAny(t, "List", "ArrayList", "LinkedList", "Array") && strings.Count(t, "<") >= 2) || strings.Contains(t, "[][]")
		case lang.CPP:
			if output {
				return (strings.Contains(t, "vector") && strings.Count(t, "<") >= 2) || strings.Contains(t, "[][]")
			}
			return (strings.Contains(t, "vector") && strings.Count(t, "<") >= 2) || arr
		case lang.Rust:
			return strings.Contains(t, "Vec") && strings.Count(t, "<") >= 2
		}
	case kind == "List" && id == lang.CPP:
		return strings.Contains(t, "vector") || strings.Contains(t, "list") || (arr && !output)
	case kind == "Tree":
		return strings.Contains(lower, "tree")
	case kind == "Graph":
		return strings.Contains(lower, "graph") || strings.Contains(lower, "adj")
	case strings.HasPrefix(kind, "Struct:"):
		return strings.Contains(t, kind[len("Struct:"):])
	}
	for _, m := range ioTypeTables[id][kind] {
		if id == lang.Python && strings.HasPrefix(t, m) || id != lang.Python && strings.Contains(t, m) {
			return true
		}
	}
	return false
}

func ioContainsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// ioKindKnown reports whether the type rules accept kind at all.
func ioKindKnown(kind string) bool {
	for _, k := range ioTypeKinds {
		if k == kind {
			return true
		}
	}
	return strings.Contains(kind, "Struct:")
}
