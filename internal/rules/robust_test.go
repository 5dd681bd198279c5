package rules

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// robustSpecs gives, per rule type, constraints in several languages that
// the robustness tests and the fuzzer drive every rule with.
var robustSpecs = map[constraint.Type][]string{
	constraint.LanguageType:   {"python", "c++", "prolog", "haskell"},
	constraint.LanguageVer:    {"python;3.8", "java;jdk11", "rust;1.74.0"},
	constraint.AdvancedSyntax: {"python;list comprehension", "javascript;async/await", "go;defer statement", "kotlin;when expression", "rust;closures"},
	constraint.Function:       {"Python;str.upper", "Java;Collections.max", "Go;strings.Split", "Cpp;std::to_string", "C#;string.Split", "Rust;f64::sqrt"},
	constraint.Library:        {"Python;httpx", "Go;gorilla/mux", "Rust;tokio", "TypeScript;fp-ts"},
	constraint.InputType:      {"python;f;List", "java;f;Map", "Cpp;f;Struct:Contact", "Rust;f;Boolean"},
	constraint.InputOrder:     {"python;f;[int,str]", "Java;f;[Float,Integer]", "cpp;f;[Set,JSONObject]", "Rust;f;[List,Integer]"},
	constraint.OutputType:     {"python;f;Tuple", "java;f;Graph", "Cpp;f;Map", "Rust;f;Float"},
	constraint.OutputOrder:    {"python;f;[str,bool]", "Go;f;[int,error]", "Rust;f;[Vec,bool]"},
	constraint.DSType:         {"Python;collections.deque", "Java;TreeSet", "Cpp;vector", "Go;chan", "Rust;VecDeque"},
	constraint.DSSize:         {"python;dict;1000", "Java;HashMap;10000", "cpp;vector;1000", "go;chan;200", "Rust;Vec;1000"},
	constraint.DSOperation:    {"python;deque;['append','popleft']", "java;Stack;['push','pop']", "cpp;queue;['push','pop']", "go;slice;['append']", "rust;Vec;['push','pop']"},
	constraint.Naming:         {"python;class:PascalCase,function:snake_case,variable:snake_case", "java;class:PascalCase,function:camelCase", "go;struct:PascalCase,function:camelCase", "haskell;class:PascalCase,function:camelCase,variable:snake_case", "zig;class:PascalCase,function:camelCase,variable:snake_case", "csharp;class:PascalCase,function:PascalCase,variable:camelCase"},
	constraint.Indentation:    {"python;spaces:4;spacing", "C++;tabs;no spacing", "go;tabs", "rust;spaces:2;no spacing"},
	constraint.Braces:         {"java;K&R", "Cpp;Allman", "python;1TBS", "rust;1TBS"},
	constraint.Comments:       {"java;Javadoc", "go;GoDoc", "python;Python docstring", "Rust;Rustdoc", "kotlin;KotlinDoc", "C;Block comment"},
}

func robustConstraints(t testing.TB) []constraint.Constraint {
	var out []constraint.Constraint
	for _, typ := range RuleTypes() {
		specs := robustSpecs[typ]
		if len(specs) == 0 {
			t.Fatalf("no robustness specs for rule %s", typ)
		}
		for _, s := range specs {
			c, err := constraint.ParseAnswer(typ, s)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, c)
		}
	}
	return out
}

func TestRegistryCoversRuleTypes(t *testing.T) {
	var want []constraint.Type
	for _, in := range constraint.All() {
		if in.Method == constraint.ByRule {
			want = append(want, in.Type)
		}
	}
	if len(want) != 16 || len(RuleTypes()) != 16 {
		t.Fatalf("%d rule types in the taxonomy, %d registered; want 16 each", len(want), len(RuleTypes()))
	}
	for _, typ := range want {
		if _, ok := For(typ); !ok {
			t.Errorf("no rule registered for %s", typ)
		}
	}
}

// checkRobust runs every rule on src in both profiles and fails on a
// panic (reported by Run as an internal error) or an invalid verdict. As
// in the engine, one Unit per profile is shared by all constraints, so
// each grammar parses the input once.
func checkRobust(ctx context.Context, t testing.TB, name string, src []byte, cs []constraint.Constraint) {
	units := map[check.Profile]*check.Unit{}
	for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
		units[p] = check.NewUnit(ctx, "", src, p)
	}
	for _, c := range cs {
		for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
			r := run(units[p], c)
			switch r.Verdict {
			case check.Pass, check.Fail, check.Unverified:
			default:
				t.Errorf("%s: %s %q (%s): verdict %q", name, c.Type, c.Spec, p, r.Verdict)
			}
			if strings.HasPrefix(r.Reason, "internal error") {
				t.Errorf("%s: %s %q (%s): %s", name, c.Type, c.Spec, p, firstLine(r.Reason))
			}
			for _, f := range r.Findings {
				if f.Start < 0 || f.End < f.Start || f.End > len(src) {
					t.Errorf("%s: %s %q (%s): finding range %d-%d outside 0-%d", name, c.Type, c.Spec, p, f.Start, f.End, len(src))
				}
			}
		}
	}
}

func TestRobustInputs(t *testing.T) {
	cs := robustConstraints(t)
	deep := strings.Repeat("(", 10000) + "1" + strings.Repeat(")", 10000)
	deepBraces := "void f() " + strings.Repeat("{", 10000) + strings.Repeat("}", 10000)
	big := strings.Repeat("def f(x):\n    return [i for i in range(x)]  # {\n", 5<<20/48)
	inputs := map[string][]byte{
		"empty":         nil,
		"binary":        {0, 1, 2, 0xff, 0xfe, 0, '{', '\n', 0},
		"invalid utf8":  []byte("def f(x):\n    return \xff\xfe x\n\xc3\x28 = 1\n"),
		"nested parens": []byte("x = " + deep + "\n"),
		"nested braces": []byte(deepBraces),
		"crlf":          []byte("class A {\r\n    int x = 1;\r\n}\r\n"),
		"only comments": []byte("// {\n/* } */\n# x\n"),
	}
	for name, src := range inputs {
		checkRobust(context.Background(), t, name, src, cs)
	}
	if testing.Short() {
		return
	}
	// A 5 MB file is checked by the constraints of its own language (the
	// engine never parses a .py file with the Java grammar), and by
	// language_type, which looks at every file it is pointed at.
	var py []constraint.Constraint
	for _, c := range cs {
		if c.Lang == lang.Python || c.Type == constraint.LanguageType {
			py = append(py, c)
		}
	}
	checkRobust(context.Background(), t, "5MB python", []byte(big), py)
}

func FuzzRules(f *testing.F) {
	for _, s := range []string{"", "def f(x):\n    return x\n", "class A {\n  void f() { g(); }\n}\n", "fn main() { let v: Vec<i32> = Vec::new(); }", "package main\nfunc main() { go f(); c := make(chan int, 2); <-c }\n", "\xff{\r\n"} {
		f.Add([]byte(s))
	}
	// The Zig grammar's error recovery never finishes on this input; the
	// parse budget stops it (see syntax.Budget).
	f.Add([]byte("0<0>AA%{let x%"))
	cs := robustConstraints(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		// A deadline per input in place of the product's parse budget
		// (10 s and more): the fuzzer's minimizer gives up on inputs that
		// take that long, and what is checked here is that every rule
		// ends with a valid verdict whatever its parses return.
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		checkRobust(ctx, t, "fuzz", src, cs)
	})
}
