package signature

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// input_order: the named function takes exactly the listed kinds, in
// order. Kinds are matched case-insensitively against each parameter's
// type text with the evaluator's per-language keyword tables.

// orderTables are input_order's own tables (lowercase kind keys); they
// differ from the input_type ones (Java knows "tree", C++ and Rust know
// "graph", C++ "list" includes vector). Python has none: it compares
// prefixes of the annotation directly.
var orderTables = map[lang.ID]map[string][]string{
	lang.Java: {
		"list": {"List", "ArrayList", "LinkedList"}, "set": {"Set", "HashSet", "TreeSet", "LinkedHashSet"},
		"map": {"Map", "HashMap", "TreeMap", "LinkedHashMap"}, "tuple": {"Pair", "Triple", "AbstractMap.SimpleEntry"},
		"string":     {"String"},
		"jsonobject": {"JSONObject", "org.json.JSONObject", "com.google.gson.JsonObject", "com.fasterxml.jackson.databind.node.ObjectNode"},
		"boolean":    {"boolean", "Boolean"}, "integer": {"int", "Integer", "long", "Long", "short", "Short"},
		"float": {"float", "Float", "double", "Double"}, "tree": {"Tree", "BinaryTree", "Node", "node"},
	},
	lang.CPP: {
		"list": {"std::vector", "vector", "std::list", "list"}, "set": {"std::set", "std::unordered_set", "set", "unordered_set"},
		"map": {"std::map", "std::unordered_map", "map", "unordered_map"}, "tuple": {"std::pair", "std::tuple", "pair", "tuple"},
		"string": {"std::string", "string"}, "jsonobject": {"nlohmann::json", "Json::Value", "json"}, "boolean": {"bool"},
		"integer": {"int", "long", "short", "size_t", "uint32_t", "int64_t", "int32_t"}, "float": {"float", "double"},
		"graph": {"graph", "adj", "node"},
	},
	lang.Rust: {
		"list": {"Vec", "vec", "LinkedList"}, "set": {"HashSet", "BTreeSet"}, "map": {"HashMap", "BTreeMap"},
		"tuple": {"(", "tuple"}, "string": {"String", "&str", "str"}, "jsonobject": {"serde_json::Value", "serde_json::Map"},
		"boolean": {"bool"}, "integer": {"i32", "i64", "u32", "u64", "usize", "isize", "i16", "u16", "i8", "u8"},
		"float": {"f32", "f64"}, "graph": {"graph", "adj"},
	},
}

func checkInputOrder(u *check.Unit, c constraint.Constraint) check.Result {
	r := inputOrderReading(u.Profile)
	s := readTask(c, r, true)
	if !checkedIn(s, r, "python", "java", "cpp", "rust") {
		return unsupported(r, "input_order is not checked for %s", c.LangName)
	}
	funcs, fail := definitionsOf(u, c, s, r)
	if fail != nil {
		return *fail
	}
	// Python reads the first definition (ast.walk order); the others pool
	// the parameters of every definition with that name.
	if s.id == lang.Python {
		funcs = funcs[:1]
	}
	var params []param
	for _, f := range funcs {
		params = append(params, parametersOf(f, s.id)...)
	}
	if len(params) != len(s.kinds) {
		var types []string
		for _, p := range params {
			types = append(types, p.Type)
		}
		msg := fmt.Sprintf("%s takes %s (%s), expected %d (%s)", quote(s.fn), plural(len(params), "parameter"), quoteAll(types), len(s.kinds), kindList(s.kinds))
		return check.Failed(msg, findingAt(signatureSpan(funcs[0]), "%s", msg)...)
	}
	var unknown []string
	for i, p := range params {
		ok, known := orderMatches(s.id, s.kinds[i], p, r)
		if !known {
			// The evaluator raises at the first kind it has no entry
			// for; unverified, the other parameters still decide.
			if !r.unsupportedUnverified {
				return unsupported(r, "no type mapping for %s in %s", kindList(s.kinds[i:i+1]), c.LangName)
			}
			unknown = append(unknown, s.kinds[i])
			continue
		}
		if !ok {
			msg := fmt.Sprintf("parameter %d of %s has type %s, expected %s", i+1, quote(s.fn), quote(p.Type), strings.TrimSpace(s.kinds[i]))
			return check.Failed(msg, findingAt(p.Node, "%s", msg)...)
		}
	}
	if len(unknown) > 0 {
		return unsupported(r, "no type mapping for %s in %s", kindList(unknown), c.LangName)
	}
	return check.Passed(fmt.Sprintf("parameters of %s match (%s) in order", quote(s.fn), kindList(s.kinds)))
}

// orderMatches decides one parameter against one kind; known is false
// when the evaluator has no entry for the kind (it raises KeyError).
func orderMatches(id lang.ID, kind string, p param, r reading) (ok, known bool) {
	kl, t := strings.ToLower(kind), p.Type
	tl := strings.ToLower(t)
	switch id {
	case lang.Python:
		switch {
		case strings.Contains(kl, "map"):
			return strings.HasPrefix(tl, "dict") || strings.HasPrefix(tl, "map"), true
		case strings.Contains(kl, "matrix"):
			return strings.HasPrefix(tl, "list") && strings.Count(t, "[") >= 2, true
		case strings.Contains(kl, "graph"):
			return strings.Contains(tl, "graph") || strings.Contains(tl, "adj"), true
		}
		if r.pythonAbstractKinds {
			for k, names := range typeTables[lang.Python] {
				if strings.EqualFold(k, strings.TrimSpace(kind)) {
					for _, n := range names {
						if strings.HasPrefix(t, n) {
							return true, true
						}
					}
				}
			}
		}
		return strings.HasPrefix(tl, kl), true
	case lang.Java:
		switch {
		case strings.Contains(kl, "matrix"):
			listy := containsAny(t, "List", "ArrayList", "LinkedList", "Array") && strings.Count(t, "<") >= 2
			if !r.javaArrayMatrix {
				// The evaluator's "not (A and B) or C" rejects int[][].
				return !(!listy || strings.Contains(t, "[][]")), true
			}
			return listy || strings.Contains(t, "[][]"), true
		case strings.Contains(kl, "graph"):
			if !r.javaAdjacencyGraph {
				// "not 'graph' in t or 'adj' in t" rejects adjacency types.
				return strings.Contains(tl, "graph") && !strings.Contains(tl, "adj"), true
			}
			return strings.Contains(tl, "graph") || strings.Contains(tl, "adj"), true
		}
	case lang.CPP:
		switch {
		case strings.Contains(kl, "linkedlist"):
			return strings.HasPrefix(tl, "node") || strings.HasPrefix(tl, "linkedlist") || strings.HasPrefix(tl, "list"), true
		case strings.Contains(kl, "matrix"):
			return (strings.Contains(t, "vector") && strings.Count(t, "<") >= 2) || p.Array, true
		}
	}
	names, known := orderTables[id][kl]
	if !known {
		return false, false
	}
	for _, n := range names {
		if strings.Contains(tl, strings.ToLower(n)) {
			return true, true
		}
	}
	return false, true
}
