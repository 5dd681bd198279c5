package signature

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// TestIORulesHostileInput feeds every input/output rule inputs that must
// never panic: empty, binary, invalid UTF-8, very large and very deeply
// nested sources, in every language the rules read.
func TestIORulesHostileInput(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	binary := make([]byte, 4096)
	rng.Read(binary)
	deep := strings.Repeat("List[", 1000) + "int" + strings.Repeat("]", 1000) + strings.Repeat("Vec<", 1000) + strings.Repeat(">", 1000)
	// Well-formed functions per language: "%d" makes each name unique,
	// and the constrained function is defined once, at the end.
	fns := map[string]string{
		"python": "def g%d(a: int, b: str) -> Tuple[int, str]:\n    return a, b\n",
		"java":   "class C%d { int f1(int a, String b) { return a; } }\n",
		"cpp":    "int g%d(int a, std::string b) { return a; }\n",
		"rust":   "fn g%d(a: i32, b: String) -> (i32, String) { (a, b) }\n",
		"go":     "func g%d(a int, b string) (int, string) { return a, b }\n",
	}
	big := func(l string) []byte {
		var b strings.Builder
		for i := 0; b.Len() < 256<<10; i++ {
			fmt.Fprintf(&b, fns[l], i)
		}
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(fns[l], "g%d", "target"), "C%d", "D"))
		return []byte(b.String())
	}
	// Many definitions all named target: nothing can be skipped.
	same := func(l string) []byte {
		return []byte(strings.Repeat(strings.ReplaceAll(strings.ReplaceAll(fns[l], "g%d", "target"), "C%d", "D"), 300))
	}
	inputs := map[string][]byte{
		"empty":   nil,
		"binary":  binary,
		"badutf8": []byte("def target(x: \xff\xfe) -> \xc3\x28:\n  pass\nfn target(x: \xff) -> (\xfe, i32) {}\n"),
		"deep":    []byte("def target(x: " + deep + ") -> " + deep + ":\nfn target(x: " + deep + ") -> (" + deep + ") {}\n"),
	}
	specs := map[constraint.Type][]string{
		constraint.InputType:   {"python;target;List", "java;target;Matrix", "cpp;target;List", "rust;target;Struct: X", "go;target;List"},
		constraint.OutputType:  {"python;target;Tuple", "java;target;Map", "Cpp;target;Matrix", "rust;target;Float"},
		constraint.InputOrder:  {"python;target;[int,str]", "java;target;[Matrix,Graph]", "cpp;target;[LinkedList]", "rust;target;[Matrix]"},
		constraint.OutputOrder: {"python;target;[int,str]", "rust;target;[i32]", "go;target;[[]int,error]"},
	}
	// Units are shared per language, input and profile so each source is
	// parsed once; a second Run on the same unit checks determinism.
	units := map[string]*check.Unit{}
	for typ, list := range specs {
		for _, spec := range list {
			c, err := constraint.ParseAnswer(typ, spec)
			if err != nil {
				t.Fatal(err)
			}
			own := map[string][]byte{"big": big(string(c.Lang)), "same": same(string(c.Lang))}
			for name, src := range inputs {
				own[name] = src
			}
			for name, src := range own {
				for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
					key := string(c.Lang) + "/" + name + "/" + string(p)
					u := units[key]
					if u == nil {
						u = check.NewUnit(context.Background(), "", src, p)
						units[key] = u
					}
					r1, r2 := runRule(u, c), runRule(u, c)
					if strings.Contains(r1.Reason, "internal error") || r1.Verdict == "" {
						t.Errorf("%s %q on %s (%s): %s", typ, spec, name, p, r1.Reason)
					}
					if r1.Verdict != r2.Verdict || r1.Reason != r2.Reason {
						t.Errorf("%s %q on %s (%s): not deterministic", typ, spec, name, p)
					}
					for _, f := range r1.Findings {
						if f.Start < 0 || f.End > len(src) || f.Start > f.End {
							t.Errorf("%s %q on %s: finding %d-%d out of range", typ, spec, name, f.Start, f.End)
						}
					}
				}
			}
		}
	}
}

func TestIOSplitTopLevel(t *testing.T) {
	for in, want := range map[string]string{
		"HashMap<String, i32>, usize":          "HashMap<String, i32>|usize",
		"SmallVec<[(&str, &str); 8]>, Vec<u8>": "SmallVec<[(&str, &str); 8]>|Vec<u8>",
		"Box<dyn Fn(i32) -> i32>, bool":        "Box<dyn Fn(i32) -> i32>|bool",
		"i32,":                                 "i32",
		"list[str], int":                       "list[str]|int",
	} {
		var got []string
		for _, p := range splitTopLevel(in, definition{}.Ret) {
			got = append(got, p.Type)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("splitTopLevel(%q) = %q, want %q", in, got, want)
		}
	}
}
