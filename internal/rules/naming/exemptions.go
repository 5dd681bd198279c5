package naming

// Names a language or framework forces on the code are not the author's
// choice, so the lint naming rule does not check them. Sites marked in
// the syntax (an @Override annotation, a trait impl) are captured by the
// queries as @exempt.<reason>; names exempt by spelling are decided
// here. Exemptions documents both (`iflint rules -values` prints them).

import (
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
)

// Exemption is one documented exemption.
type Exemption struct {
	Lang lang.ID
	What string
}

// Exemptions lists every exemption of the lint naming rule.
var Exemptions = []Exemption{
	{lang.Python, "dunder names, which Python reserves (`__init__`, `__all__`, `__version__`; all lower-case)"},
	{lang.Python, "methods decorated `@override` or `@typing.override`"},
	{lang.Python, "unittest's and Django's hooks and attributes pep8-naming ignores: " + strings.Join(sortedKeys(pythonForced), ", ")},
	{lang.Python, "visitor methods whose name the framework builds from a class name: `visit_<Node>`, `depart_<Node>`, `leave_<Node>` (ast.NodeVisitor, docutils, libcst)"},
	{lang.Python, "HTTP method handlers `do_<METHOD>` (http.server) and `render_<METHOD>` (Twisted)"},
	{lang.Java, "methods annotated `@Override`; `serialVersionUID` and `serialPersistentFields` (as checkstyle)"},
	{lang.Go, "`_`; `Test*`, `Benchmark*`, `Example*` and `Fuzz*` functions in `_test.go` files; `LastInsertId` (database/sql) and `kWh`; whole files marked `// Code generated ... DO NOT EDIT.` (all as revive)"},
	{lang.Rust, "functions of `impl Trait for Type` blocks (the trait names them); `main`"},
	{lang.C, "`main`"},
	{lang.CPP, "`main`; constructors and destructors (the class names them); methods marked `override`"},
	{lang.CSharp, "constructors; methods marked `override`"},
	{lang.TypeScript, "class members marked `override`"},
	{lang.Kotlin, "members marked `override`; names in backticks (test names written as sentences)"},
	{"", "names made only of underscores (`_`, `__`) as variables and parameters: the blank identifier"},
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, "`"+k+"`")
	}
	sort.Strings(out)
	return out
}

// pythonForced is pep8-naming's default --ignore-names.
var pythonForced = setOfWords(`setUp tearDown setUpClass tearDownClass setUpModule tearDownModule
	asyncSetUp asyncTearDown setUpTestData failureException longMessage maxDiff`)

var (
	pyDunderRE  = regexp.MustCompile(`^__[a-z][a-z0-9_]*__$`)
	pyVisitorRE = regexp.MustCompile(`^(visit|depart|leave)_[A-Z]\w*$`)
	pyHTTPRE    = regexp.MustCompile(`^(do|render)_[A-Z]+$`)
)

func pythonExempt(u *check.Unit, d *Declaration) string {
	switch {
	case blankName(d):
		return "blank"
	case pyDunderRE.MatchString(d.Name) && len(d.Name) > 4:
		return "dunder"
	case pythonForced[d.Name]:
		return "framework"
	case d.Kind == "method" && (pyVisitorRE.MatchString(d.Name) || pyHTTPRE.MatchString(d.Name)):
		return "framework"
	}
	return ""
}

func javaExempt(u *check.Unit, d *Declaration) string {
	if blankName(d) {
		return "blank"
	}
	if d.Name == "serialVersionUID" || d.Name == "serialPersistentFields" {
		return "serialization"
	}
	return ""
}

var goTestFuncRE = regexp.MustCompile(`^(Test|Benchmark|Example|Fuzz)`)

func goExempt(u *check.Unit, d *Declaration) string {
	switch {
	case d.Name == "_":
		return "blank"
	case d.Name == "LastInsertId" || d.Name == "kWh":
		return "api"
	case d.Kind == "function" && strings.HasSuffix(filepath.Base(u.Path), "_test.go") && goTestFuncRE.MatchString(d.Name):
		return "test"
	}
	return ""
}

func mainExempt(u *check.Unit, d *Declaration) string {
	if blankName(d) {
		return "blank"
	}
	if d.Name == "main" && (d.Kind == "function") {
		return "entry"
	}
	return ""
}

func kotlinExempt(u *check.Unit, d *Declaration) string {
	if blankName(d) {
		return "blank"
	}
	if strings.HasPrefix(d.Name, "`") {
		return "backticks"
	}
	return ""
}

// blankName: a variable or parameter spelled only with underscores is
// the blank identifier, not a name.
func blankName(d *Declaration) bool {
	switch d.Kind {
	case "variable", "parameter", "field":
		return strings.Trim(d.Name, "_") == ""
	}
	return false
}

func blankExempt(u *check.Unit, d *Declaration) string {
	if blankName(d) {
		return "blank"
	}
	return ""
}
