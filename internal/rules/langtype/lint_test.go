package langtype

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lintevaltest"
)

func guessOf(src string) languageGuess {
	return guessLanguage(check.NewUnit(context.Background(), "", []byte(src), check.Lint))
}

func TestGuessLanguageSnippets(t *testing.T) {
	for _, c := range []struct{ want, src string }{
		{"Python", "import os\n\nclass Walker:\n    def __init__(self, root):\n        self.root = root\n"},
		{"Go", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tx := 1\n\tfmt.Println(x)\n}\n"},
		{"Rust", "fn main() {\n    let mut v = Vec::new();\n    v.push(1);\n    println!(\"{:?}\", v);\n}\n"},
		{"Prolog", "edge(a, b).\npath(X, Y) :- edge(X, Y).\npath(X, Y) :- edge(X, Z), path(Z, Y).\n"},
		{"CoffeeScript", "square = (x) -> x * x\nconsole.log square 3\n"},
		{"Julia", "function area(r::Float64)\n    return pi * r^2\nend\n\nprintln(area.([1.0, 2.0]))\n"},
		{"TypeScript", "interface User {\n  name: string;\n  age: number;\n}\n\nconst greet = (u: User): string => `hi ${u.name}`;\n"},
		{"C#", "using System;\n\nnamespace App {\n    class P {\n        static void Main() { Console.WriteLine(\"hi\"); }\n    }\n}\n"},
	} {
		if g := guessOf(c.src); g.name != c.want {
			t.Errorf("want %s, got %q (%s) for:\n%s", c.want, g.name, g.why, c.src)
		}
	}
}

func TestGuessLanguageIsDeterministic(t *testing.T) {
	src := "x = 1\n"
	first := guessOf(src)
	for i := 0; i < 20; i++ {
		if g := guessOf(src); g != first {
			t.Fatalf("run %d: %+v, first %+v", i, g, first)
		}
	}
}

func TestLanguageTypeWithoutEvidenceFails(t *testing.T) {
	c, err := constraint.ParseAnswer(constraint.LanguageType, "python")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
		for _, src := range []string{"", " \n\t\n", "\x1c\n", "42\n"} {
			r := runRule(check.NewUnit(context.Background(), "", []byte(src), p), c)
			blank := strings.TrimSpace(strings.Trim(src, "\x1c")) == ""
			if r.Verdict != check.Fail || (blank || p == check.Lint) && !strings.Contains(r.Reason, "no programming language detected") {
				t.Errorf("%s %q: got %s: %s", p, src, r.Verdict, r.Reason)
			}
		}
	}
}

// countFeatureRef is countFeature as it was before the hint automaton:
// one scan per hint.
func countFeatureRef(text string, f langFeature) int {
	if len(f.hints) == 0 {
		return len(f.re.FindAllStringIndex(text, f.cap))
	}
	var lines [][2]int
	for _, h := range f.hints {
		for off := 0; off < len(text); {
			i := strings.Index(text[off:], h)
			if i < 0 {
				break
			}
			p := off + i
			start := strings.LastIndexByte(text[:p], '\n') + 1
			end := strings.IndexByte(text[p:], '\n')
			if end < 0 {
				end = len(text)
			} else {
				end += p
			}
			lines = append(lines, [2]int{start, end})
			off = end + 1
		}
	}
	if len(lines) == 0 {
		return 0
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i][0] < lines[j][0] })
	n, prev := 0, -1
	for _, l := range lines {
		if l[0] == prev {
			continue
		}
		prev = l[0]
		n += len(f.re.FindAllStringIndex(text[l[0]:l[1]], f.cap-n))
		if n >= f.cap {
			return f.cap
		}
	}
	return n
}

// TestCountFeatureMatchesPerHintScan pins the hint automaton to one scan
// per hint, on every generation of the LintEval data and random text.
func TestCountFeatureMatchesPerHintScan(t *testing.T) {
	var texts []string
	dir := filepath.Join(lintevaltest.Dir(t), "multicodeif", "results", "single_level")
	filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		b, _ := os.ReadFile(path)
		var v []map[string]any
		if json.Unmarshal(b, &v) == nil {
			for _, e := range v {
				if s, err := json.Marshal(e["response"]); err == nil {
					var out []any
					json.Unmarshal(s, &out)
					texts = append(texts, fmt.Sprint(out...))
				}
			}
		}
		return nil
	})
	r := rand.New(rand.NewSource(1))
	var hints []string
	for _, f := range languageFeatures() {
		hints = append(hints, f.hints...)
	}
	for i := 0; i < 2000; i++ {
		var b strings.Builder
		for n := r.Intn(40); n > 0; n-- {
			switch r.Intn(4) {
			case 0:
				b.WriteString(hints[r.Intn(len(hints))])
			case 1:
				b.WriteString("\n")
			default:
				b.WriteString([]string{" ", "x", "(", ")", ":", "\t", "def f", "= 1", "é"}[r.Intn(9)])
			}
		}
		texts = append(texts, b.String())
	}
	for i, text := range texts {
		if i%3 != 0 && os.Getenv("IFLINT_FULL") == "" {
			continue // a third of the texts keeps the test quick; IFLINT_FULL=1 checks all
		}
		hl := featureHints().scan(text)
		for _, f := range languageFeatures() {
			if got, want := countFeatureIn(text, f, hl, nil), countFeatureRef(text, f); got != want {
				t.Fatalf("%s feature %s: %d, per-hint scan %d, on:\n%s", f.lang, f.re, got, want, text)
			}
		}
	}
	t.Logf("%d texts", len(texts))
}
