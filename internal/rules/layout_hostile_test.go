package rules

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Every layout rule must return a verdict, never panic, and be
// deterministic, whatever the input.
func TestLayoutHostileInputs(t *testing.T) {
	big := strings.Repeat("int f(int a,int b) {\n    return a+b; // c {\n}\n", 5<<20/48)
	inputs := map[string]string{
		"empty":         "",
		"binary":        "\x00\x01\xff\xfe{\x00}\n\t\x80=,",
		"invalid":       "int x\xc3=\xff1;\n  \xe2\x80{\n",
		"nested":        strings.Repeat("{(", 3000) + strings.Repeat(")}", 3000),
		"crlf":          "int f() {\r\n\treturn 1;\r\n}\r\n",
		"lone_cr":       "int f() {\r  return 1;\r}\r",
		"directive_eof": "int x;\n#define A 1 // no newline at the end",
		"unterminated":  "x = \"abc\n/* open comment {\n",
		"big":           big,
	}
	specs := []struct {
		typ  constraint.Type
		spec string
	}{
		{constraint.Indentation, "%s;spaces:4;spacing"},
		{constraint.Indentation, "%s;tabs;no spacing"},
		{constraint.Braces, "%s;K&R"},
		{constraint.Braces, "%s;1TBS"},
		{constraint.Braces, "%s;Allman"},
	}
	langs := []string{"c", "C++", "go", "java", "javascript", "kotlin", "python", "rust", "csharp"}
	for name, src := range inputs {
		for _, l := range langs {
			if name == "big" && (l != "c" || testing.Short()) {
				continue
			}
			for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
				// One unit per profile: the 5 MB input is parsed once; a
				// second unit checks the results are deterministic.
				u := check.NewUnit(context.Background(), "x", []byte(src), p)
				u2 := check.NewUnit(context.Background(), "x", []byte(src), p)
				for _, s := range specs {
					c, err := constraint.ParseAnswer(s.typ, strings.Replace(s.spec, "%s", l, 1))
					if err != nil {
						t.Fatal(err)
					}
					r := run(u, c)
					if r.Verdict == check.Unverified || r.Reason == "" {
						t.Errorf("%s %s %s: %s %q", name, c.Spec, p, r.Verdict, r.Reason)
					}
					if r.Verdict == check.Fail && len(r.Findings) == 0 {
						t.Errorf("%s %s %s: failure without findings", name, c.Spec, p)
					}
					for _, f := range r.Findings {
						if f.Start < 0 || f.End < f.Start || f.End > len(src) {
							t.Errorf("%s %s %s: finding out of range %+v", name, c.Spec, p, f)
						}
					}
					if name == "big" {
						continue
					}
					again := run(u2, c)
					if !reflect.DeepEqual(again, r) {
						t.Errorf("%s %s %s: not deterministic", name, c.Spec, p)
					}
				}
			}
		}
	}
}

// No silent cap: every finding is reported, in both profiles (a cap of
// 200 used to drop the rest without a word).
func TestLayoutReportsEveryFinding(t *testing.T) {
	var ind, br strings.Builder
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&ind, "int f%d(void) {\n   return %d;\n}\n", i, i)
		// A control statement's brace on its own line (K&R's own-line
		// function brace is K&R, not a finding).
		fmt.Fprintf(&br, "int g%d(int x) {\n    if (x)\n    {\n        return %d;\n    }\n    return 0;\n}\n", i, i)
	}
	for _, tc := range []struct{ spec, src string }{
		{"c;spaces:4", ind.String()},
	} {
		for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
			c, err := constraint.ParseAnswer(constraint.Indentation, tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			r := run(check.NewUnit(context.Background(), "x.c", []byte(tc.src), p), c)
			if len(r.Findings) != 300 {
				t.Errorf("%s %s: %d findings, want 300", tc.spec, p, len(r.Findings))
			}
		}
	}
	c, err := constraint.ParseAnswer(constraint.Braces, "c;K&R")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
		r := run(check.NewUnit(context.Background(), "x.c", []byte(br.String()), p), c)
		if len(r.Findings) != 300 {
			t.Errorf("braces %s: %d findings, want 300", p, len(r.Findings))
		}
	}
}
