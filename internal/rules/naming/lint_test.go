package naming

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// Every embedded declaration query compiles against its grammar, and
// every @exempt reason a query uses is one Exemptions documents
// (by language).
func TestNamingDeclarationQueries(t *testing.T) {
	reasonRE := regexp.MustCompile(`@exempt\.(\w+)`)
	for id := range namingLangs {
		q, ok := namingQuery(id)
		if !ok {
			t.Errorf("%s: no embedded query", id)
			continue
		}
		if _, err := syntax.CompileQuery(id, q); err != nil {
			t.Errorf("%s: %v", id, err)
		}
		documented := false
		for _, e := range Exemptions {
			documented = documented || e.Lang == id
		}
		if reasonRE.MatchString(q) && !documented {
			t.Errorf("%s: the query exempts names but Exemptions says nothing about %s", id, id)
		}
	}
}

func TestNameMatches(t *testing.T) {
	for _, tc := range []struct {
		id        lang.ID
		name      string
		conv      string
		want      bool
		reasoning string
	}{
		{lang.Python, "_private_name", "snake_case", true, "leading underscore is privacy, not case"},
		{lang.Python, "__mangled", "snake_case", true, ""},
		{lang.Python, "_Registry", "PascalCase", true, ""},
		{lang.Python, "Γ", "PascalCase", true, "Unicode upper case"},
		{lang.Python, "Δ", "snake_case", false, "Unicode upper case is not lower case"},
		{lang.Python, "größe", "snake_case", true, ""},
		{lang.Python, "Not_Good", "PascalCase", false, "pep8-naming N801"},
		{lang.Python, "MEHHHH", "PascalCase", true, "pep8-naming accepts"},
		{lang.Python, "_", "PascalCase", false, "pep8-naming N801 on class _"},
		{lang.Java, "_count", "camelCase", false, "checkstyle's pattern has no underscore"},
		{lang.Java, "count$", "camelCase", false, ""},
		{lang.Java, "getHTTPResponse", "camelCase", true, ""},
		{lang.Java, "MAX_ROWS", "UPPER_CASE", true, ""},
		{lang.Java, "MAX__ROWS", "UPPER_CASE", false, "checkstyle ConstantName"},
		{lang.Java, "MAX_", "UPPER_CASE", false, ""},
		{lang.JavaScript, "$el", "camelCase", true, "$ has no case"},
		{lang.JavaScript, "#privateField", "camelCase", true, "# marks privacy"},
		{lang.JavaScript, "_Object$keys", "PascalCase", true, ""},
		{lang.Go, "userID", "go", true, ""},
		{lang.Go, "userId", "go", false, "revive wants userID"},
		{lang.Go, "ServeHTTP", "go", true, ""},
		{lang.Go, "MAX_SIZE", "go", false, "ALL_CAPS"},
		{lang.Go, "parse_json", "go", false, ""},
		{lang.Go, "_", "go", true, ""},
		{lang.Rust, "_unused", "snake_case", true, ""},
		{lang.Python, "x", "kebab-case", true, ""},
		{lang.Python, "a-b", "kebab-case", true, ""},
		{lang.Python, "anything", "Unknown", false, "unknown conventions never match"},
	} {
		if got := nameMatches(tc.id, tc.name, tc.conv); got != tc.want {
			t.Errorf("nameMatches(%s, %q, %s) = %v, want %v %s", tc.id, tc.name, tc.conv, got, tc.want, tc.reasoning)
		}
	}
}

// goName agrees with revive's rule.Name on the cases of its own tests
// (internal/rule/name_test.go), rewritten here.
func TestGoName(t *testing.T) {
	for in, want := range map[string]string{
		"foo_bar": "fooBar", "foo_bar_baz": "fooBarBaz", "Foo_bar": "FooBar", "foo_WiFi": "fooWiFi",
		"id": "id", "Id": "ID", "foo_id": "fooID", "fooId": "fooID", "fooUid": "fooUID", "idFoo": "idFoo",
		"uidFoo": "uidFoo", "midIdDle": "midIDDle", "APIProxy": "APIProxy", "ApiProxy": "APIProxy",
		"apiProxy": "apiProxy", "_Leading": "_Leading", "___Leading": "_Leading", "trailing_": "trailing",
		"trailing___": "trailing", "a_b": "aB", "a__b": "aB", "a___b": "aB", "Rpc1150": "RPC1150",
		"case3_1": "case3_1", "case3__1": "case3_1", "IEEE802_16bit": "IEEE802_16bit", "IEEE802_16Bit": "IEEE802_16Bit",
		"IDs": "IDs",
	} {
		if got := goName(in); got != want {
			t.Errorf("goName(%q) = %q, want %q", in, got, want)
		}
	}
}

// The lint naming rule copes with any bytes in every language it models.
func TestNamingLintOddInputs(t *testing.T) {
	for id := range namingLangs {
		for _, src := range []string{"", "\x00\xff\xfe", "(((((((((", "class", "def", "func (", "{", strings.Repeat("a = (", 200)} {
			c := constraint.Constraint{Type: constraint.Naming, Lang: id, LangName: string(id), Spec: string(id) + ";class:PascalCase", Naming: []constraint.NamingRule{{Kind: "class", Convention: "PascalCase"}, {Kind: "variable", Convention: "snake_case"}}}
			r := runRule(check.NewUnit(context.Background(), "x", []byte(src), check.Lint), c)
			if r.Verdict == check.Unverified {
				t.Errorf("%s %q: unverified: %s", id, src, r.Reason)
			}
		}
	}
}

// A large file is checked in full, with no cap on the findings.
func TestNamingLintNoCap(t *testing.T) {
	var sb strings.Builder
	for i := 0; i < 5000; i++ {
		sb.WriteString("def badName():\n    pass\n")
	}
	c, err := constraint.ParseAnswer(constraint.Naming, "python;function:snake_case")
	if err != nil {
		t.Fatal(err)
	}
	r := runRule(check.NewUnit(context.Background(), "x.py", []byte(sb.String()), check.Lint), c)
	if len(r.Findings) != 5000 {
		t.Errorf("%d findings, want all 5000 declaration sites", len(r.Findings))
	}
}
