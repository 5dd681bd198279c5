package check

import (
	"context"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/guesslang"
)

func guessOf(src string) languageGuess {
	return guessLanguage(NewUnit(context.Background(), "", []byte(src), Lint))
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
	for _, p := range []Profile{MultiCodeIF, Lint} {
		for _, src := range []string{"", " \n\t\n", "\x1c\n", "42\n"} {
			r := Run(NewUnit(context.Background(), "", []byte(src), p), c)
			blank := strings.TrimSpace(strings.Trim(src, "\x1c")) == ""
			if r.Verdict != Fail || (blank || p == Lint) && !strings.Contains(r.Reason, "no programming language detected") {
				t.Errorf("%s %q: got %s: %s", p, src, r.Verdict, r.Reason)
			}
		}
	}
}

// A model that fails to load (damaged weights) decides nothing: the
// verdict is unverified, never a guess.
func TestLanguageTypeWithoutModelIsUnverified(t *testing.T) {
	defer func(f func() (*guesslang.Model, error)) { guesslangModel = f }(guesslangModel)
	guesslangModel = func() (*guesslang.Model, error) {
		return guesslang.Load(nil, nil, nil)
	}
	c, err := constraint.ParseAnswer(constraint.LanguageType, "python")
	if err != nil {
		t.Fatal(err)
	}
	r := Run(NewUnit(context.Background(), "", []byte("def f():\n    return 1\n"), MultiCodeIF), c)
	if r.Verdict != Unverified || !strings.Contains(r.Reason, "could not be loaded") || !strings.Contains(r.Reason, "sha256") {
		t.Errorf("got %s: %s", r.Verdict, r.Reason)
	}
}
