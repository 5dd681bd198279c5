package signature

// The kinds input_type and output_type accept and the evaluator's
// per-language tables of the type names that satisfy each.

import (
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// typeTask is what input_type and output_type share: the spec's one
// kind, known to the evaluator's type tables, in a language they cover,
// and the definitions of the named function. A non-nil Result ends the
// check with it.
func typeTask(u *check.Unit, c constraint.Constraint, r reading) (task, string, []definition, *check.Result) {
	s := readTask(c, r, false)
	fail := func(res check.Result) (task, string, []definition, *check.Result) { return s, "", nil, &res }
	if len(s.kinds) != 1 {
		return fail(check.Failed(string(c.Type) + " needs exactly one kind"))
	}
	kind := s.kinds[0]
	if !kindKnown(kind) {
		return fail(unsupported(r, "no type mapping for kind %q", kind))
	}
	if !checkedIn(s, r, "python", "java", "cpp", "rust") {
		return fail(unsupported(r, "%s is not checked for %s", c.Type, c.LangName))
	}
	funcs, res := definitionsOf(u, c, s, r)
	if res != nil {
		return s, kind, nil, res
	}
	return s, kind, funcs, nil
}

// typeTables maps an abstract kind to the type names that satisfy it,
// per evaluator language (input_type/output_type). Python matches by
// prefix of the unparsed annotation, the others by substring.
var typeTables = map[lang.ID]map[string][]string{
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

// typeKinds are the kinds input_type/output_type accept; anything else
// (except "Struct:<Name>") fails outright.
var typeKinds = []string{"List", "Set", "Map", "Tuple", "Matrix", "Tree", "Graph", "Struct", "String", "JSONObject", "Boolean", "Integer", "Float"}

// typeMatches reports whether type text t satisfies kind in language id
// under the evaluator's type rules. arr is C++'s array declarator; output
// selects the return-type variant (C++ Matrix looks for "[][]" instead of
// an array declarator).
func typeMatches(id lang.ID, kind, t string, arr, output bool) bool {
	lower := strings.ToLower(t)
	switch {
	case kind == "Matrix":
		switch id {
		case lang.Python:
			return strings.Contains(lower, "list") && strings.Count(t, "[") >= 2
		case lang.Java:
			return (containsAny(t, "List", "ArrayList", "LinkedList", "Array") && strings.Count(t, "<") >= 2) || strings.Contains(t, "[][]")
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
	for _, m := range typeTables[id][kind] {
		if id == lang.Python && strings.HasPrefix(t, m) || id != lang.Python && strings.Contains(t, m) {
			return true
		}
	}
	return false
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// kindKnown reports whether the type rules accept kind at all.
func kindKnown(kind string) bool {
	for _, k := range typeKinds {
		if k == kind {
			return true
		}
	}
	return strings.Contains(kind, "Struct:")
}
