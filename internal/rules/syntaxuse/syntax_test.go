package syntaxuse

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// syntaxSpecs covers every language branch of the three syntax-group rules.
var syntaxSpecs = map[constraint.Type][]string{
	constraint.AdvancedSyntax: {
		"python;list comprehension", "javascript;async/await", "javascript;spread operator",
		"go;goroutine and channel", "go;defer statement", "kotlin;when expression",
		"rust;if let syntax sugar", "typescript;generics", "java;streams",
	},
	constraint.Function: {
		"Python;str.upper", "Java;Collections.max", "javascript;map", "Rust;f64::sqrt",
		"Go;strings.Split", "Cpp;std::max", "C#;Math.Min", "C;printf", "Kotlin;println",
	},
	constraint.Library: {
		"python;requests", "javascript;axios", "TypeScript;zod", "Go;Gin", "Rust;tokio",
		"Java;gson", "C++;boost", "ruby;json",
	},
}

// TestSyntaxPatternsCompile compiles every query the three rules can run,
// Lint-only ones included, so firstMatch never meets a bad pattern.
func TestSyntaxPatternsCompile(t *testing.T) {
	compile := func(id lang.ID, p nodePattern) {
		if _, err := syntax.CompileQuery(id, p.query()); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
	for id, feats := range advancedFeatures {
		for name, f := range feats {
			for _, p := range f.parts {
				if _, err := syntax.CompileQuery(id, p.pat.query()); err != nil {
					t.Errorf("%s %q: %v", id, name, err)
				}
			}
		}
	}
	for id, cl := range callLangs {
		compile(id, nodesOf(cl.call))
	}
	libPatterns := map[lang.ID][]nodePattern{
		lang.Python:     {nodesOf("import_statement", "import_from_statement")},
		lang.JavaScript: {nodesOf("import_statement", "call_expression")},
		lang.TypeScript: {nodesOf("import_statement", "call_expression")},
		lang.Go:         {nodesOf("import_spec")},
		lang.Rust:       {nodesOf("use_declaration", "extern_crate_declaration", "scoped_identifier", "scoped_type_identifier")},
		lang.Java:       {nodesOf("import_declaration")},
		lang.Kotlin:     {nodesOf("import_header")},
		lang.CSharp:     {nodesOf("using_directive")},
		lang.C:          {nodesOf("preproc_include")},
		lang.CPP:        {nodesOf("preproc_include")},
	}
	for id := range libLangs {
		if len(libPatterns[id]) == 0 {
			t.Errorf("%s: library patterns not listed in this test", id)
		}
		for _, p := range libPatterns[id] {
			compile(id, p)
		}
	}
}

// TestSyntaxRulesHostileInput: no panic, a verdict with a reason, and the
// same answer twice, on inputs no generator should produce but a linter
// must survive.
func TestSyntaxRulesHostileInput(t *testing.T) {
	inputs := map[string][]byte{
		"empty":       nil,
		"binary":      {0, 0xff, 0xfe, 0x80, 'd', 'e', 'f', 'e', 'r', 0, '\n'},
		"bad-utf8":    []byte("x = [\xc3\x28 for \xa0 in y]\n"),
		"deep-parens": []byte(strings.Repeat("(", 20000) + strings.Repeat(")", 20000)),
		"deep-braces": []byte(strings.Repeat("{", 20000)),
		"crlf-only":   []byte("\r\n\r\n"),
	}
	for name, src := range inputs {
		for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
			// One unit per input and profile: each language is parsed once.
			u := check.NewUnit(context.Background(), name, src, p)
			for typ, specs := range syntaxSpecs {
				for _, spec := range specs {
					c, err := constraint.ParseAnswer(typ, spec)
					if err != nil {
						t.Fatalf("%s %q: %v", typ, spec, err)
					}
					r1, r2 := runRule(u, c), runRule(u, c)
					if strings.Contains(r1.Reason, "internal error") {
						t.Fatalf("%s %q on %s (%s): %s", typ, spec, name, p, r1.Reason)
					}
					if r1.Reason == "" || r1.Verdict != r2.Verdict || r1.Reason != r2.Reason {
						t.Errorf("%s %q on %s (%s): unstable or unexplained: %+v vs %+v", typ, spec, name, p, r1, r2)
					}
					if p == check.MultiCodeIF && r1.Verdict == check.Unverified {
						t.Errorf("%s %q on %s: MultiCodeIF profile must decide, got unverified: %s", typ, spec, name, r1.Reason)
					}
				}
			}
		}
	}
}

// TestSyntaxRulesLargeInput keeps 5 MB files fast once parsed: a feature
// that is absent makes every search scan the whole tree.
func TestSyntaxRulesLargeInput(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	var b bytes.Buffer
	for b.Len() < 5<<20 {
		b.WriteString("const f = async (a) => { await g(a); };\n")
	}
	cases := []struct {
		typ  constraint.Type
		spec string
		want check.Verdict
	}{
		{constraint.AdvancedSyntax, "javascript;async/await", check.Pass},
		{constraint.AdvancedSyntax, "javascript;spread operator", check.Fail},
		{constraint.Function, "javascript;JSON.stringify", check.Fail},
		{constraint.Function, "javascript;f", check.Fail}, // "f" occurs, never as a callee
		{constraint.Library, "javascript;axios", check.Fail},
		{constraint.Library, "javascript;g", check.Fail}, // "g" occurs, never in an import
	}
	u := check.NewUnit(context.Background(), "big.js", b.Bytes(), check.MultiCodeIF)
	start := time.Now()
	if _, err := u.Tree(lang.JavaScript); err != nil {
		t.Fatal(err)
	}
	parse := time.Since(start)
	start = time.Now()
	for _, tc := range cases {
		c, _ := constraint.ParseAnswer(tc.typ, tc.spec)
		if r := runRule(u, c); r.Verdict != tc.want {
			t.Errorf("%s on 5 MB: %s: %s", tc.spec, r.Verdict, r.Reason)
		}
	}
	// Relative to the parse, so the bound holds on slow machines too.
	if d := time.Since(start); d > 2*parse+time.Second {
		t.Errorf("checks on a parsed 5 MB file took %v (parse %v)", d, parse)
	}
}
