package constraint

// The accepted values of the spec fields that name something from a
// fixed vocabulary: naming kinds and conventions, brace styles, comment
// styles and language versions. These tables are the one source of
// truth: the spec validator (ParseSpec) checks against them and quotes
// them in its errors, the naming rule resolves kinds through them, and
// `iflint rules -values` prints them for the README.

import (
	"regexp"
	"strings"

	"github.com/iflint/iflint/internal/lang"
)

// NameKind is a kind of declared name a naming rule can govern.
type NameKind string

// The naming kinds. A declaration has the most specific kind the syntax
// tree gives it (an enum, a method, a parameter); a rule for that kind
// governs it, else the rule of the kind it falls back to (enum → class,
// method → function, parameter → variable).
const (
	KindClass      NameKind = "class"
	KindStruct     NameKind = "struct"
	KindEnum       NameKind = "enum"
	KindInterface  NameKind = "interface"
	KindTrait      NameKind = "trait"
	KindRecord     NameKind = "record"
	KindAnnotation NameKind = "annotation"
	KindAlias      NameKind = "alias"
	KindObject     NameKind = "object"
	KindUnion      NameKind = "union"
	KindFunction   NameKind = "function"
	KindMethod     NameKind = "method"
	KindVariable   NameKind = "variable"
	KindParameter  NameKind = "parameter"
	KindField      NameKind = "field"
	KindConstant   NameKind = "constant"
	KindImport     NameKind = "import"
)

// KindInfo documents one naming kind.
type KindInfo struct {
	Kind NameKind
	// Falls is the kind whose rule applies when this kind has none.
	Falls NameKind
	// Aliases are other spellings accepted in specs.
	Aliases []string
	Doc     string
}

// NameKinds lists the naming kinds in documentation order.
var NameKinds = []KindInfo{
	{KindClass, "", []string{"type"}, "every type declaration: classes, structs, enums, interfaces, records, traits, annotation types, unions, type aliases, Kotlin objects"},
	{KindStruct, KindClass, nil, "structs (Go, Rust, C, C++, C#)"},
	{KindEnum, KindClass, nil, "enums"},
	{KindInterface, KindClass, nil, "interfaces (Java, Go, TypeScript, C#, Kotlin)"},
	{KindTrait, KindClass, nil, "Rust traits"},
	{KindRecord, KindClass, nil, "Java and C# records"},
	{KindAnnotation, KindClass, nil, "Java annotation types"},
	{KindAlias, KindClass, []string{"typealias", "type_alias"}, "type aliases and typedefs, Python namedtuple/TypeVar/NewType assignments"},
	{KindObject, KindClass, nil, "Kotlin object declarations"},
	{KindUnion, KindClass, nil, "C, C++ and Rust unions"},
	{KindFunction, "", []string{"func"}, "functions and methods"},
	{KindMethod, KindFunction, nil, "methods (functions declared in a class, impl block or interface, Go methods)"},
	{KindVariable, "", []string{"var"}, "variables: locals, module-level and global variables, fields and parameters"},
	{KindParameter, KindVariable, []string{"param", "argument", "arg"}, "function, method, lambda and catch parameters"},
	{KindField, KindVariable, []string{"property", "member", "attribute"}, "fields, properties and class-level attributes"},
	{KindConstant, "", []string{"const"}, "constants: Java static final fields and interface fields, Rust const and static items, C# const, Kotlin const val, Go const, C/C++ object-like #define macros, C++ namespace-scope constexpr"},
	{KindImport, "", nil, "names bound by imports (checked only when configured)"},
}

var kindByName = func() map[string]NameKind {
	m := map[string]NameKind{}
	for _, k := range NameKinds {
		m[string(k.Kind)] = k.Kind
		for _, a := range k.Aliases {
			m[a] = k.Kind
		}
	}
	return m
}()

// LookupKind resolves a spec's kind spelling (case-insensitive, aliases
// included) to its naming kind.
func LookupKind(s string) (NameKind, bool) {
	k, ok := kindByName[strings.ToLower(strings.TrimSpace(s))]
	return k, ok
}

// Fallback returns the kind whose rule governs k when k has none, or "".
func (k NameKind) Fallback() NameKind {
	for _, in := range NameKinds {
		if in.Kind == k {
			return in.Falls
		}
	}
	return ""
}

// ConventionInfo documents one case convention.
type ConventionInfo struct {
	Name, Doc string
}

// ConventionGo is Go's MixedCaps convention.
const ConventionGo = "go"

// ConventionInfos lists the case conventions a naming rule may require.
var ConventionInfos = []ConventionInfo{
	{"PascalCase", "starts with an upper-case letter, no underscores (`HTTPServer`, `Γ`)"},
	{"camelCase", "starts with a lower-case letter, no underscores (`parseURL`, `γ`)"},
	{"snake_case", "no upper-case letters (`parse_url`, `v2`)"},
	{"kebab-case", "lower-case words joined by `-`"},
	{"UPPER_CASE", "no lower-case letters, words joined by single underscores (`MAX_SIZE`)"},
	{ConventionGo, "Go's MixedCaps as golint/revive read it: no underscores and no ALL_CAPS, initialisms in one case (`userID`, `ServeHTTP`, not `userId`); exported and unexported names alike"},
}

// Conventions are the convention names, in documentation order.
var Conventions = func() []string {
	var out []string
	for _, c := range ConventionInfos {
		out = append(out, c.Name)
	}
	return out
}()

// StyleInfo is one accepted value of a style field.
type StyleInfo struct {
	// Name is the canonical spelling; Aliases are other accepted ones
	// (all compared case-insensitively).
	Name    string
	Aliases []string
	Doc     string
}

// BraceStyles are the brace styles of brace_block_formatting.
var BraceStyles = []StyleInfo{
	{"K&R", []string{"kr"}, "opening brace at the end of the header line"},
	{"1TBS", []string{"otbs"}, "K&R with braces on every block"},
	{"Allman", nil, "opening brace on a line of its own"},
}

// CommentStyles are the comment styles comment_formatting checks, with
// the spellings internal/check/comment_formatting.go dispatches on.
var CommentStyles = []StyleInfo{
	{"single-line comment", nil, "single-line comments (`//`, `#`) and no multi-line ones"},
	{"multi-line comment", nil, "multi-line comments (`/* */`) and no single-line ones"},
	{"inline comment", nil, "comments at the end of code lines, none on a line of their own"},
	{"block comment", nil, "a comment block directly above code"},
	{"Python docstring", nil, "docstrings on functions and classes"},
	{"Javadoc", nil, "`/** */` documentation comments"},
	{"KotlinDoc", nil, "KDoc `/** */` documentation comments"},
	{"GoDoc", nil, "Go doc comments on declarations, starting with the declared name"},
	{"Rustdoc", nil, "`///` documentation comments"},
}

// LookupStyle resolves s among styles, case-insensitively.
func LookupStyle(styles []StyleInfo, s string) (StyleInfo, bool) {
	s = strings.TrimSpace(s)
	for _, st := range styles {
		if strings.EqualFold(st.Name, s) {
			return st, true
		}
		for _, a := range st.Aliases {
			if strings.EqualFold(a, s) {
				return st, true
			}
		}
	}
	return StyleInfo{}, false
}

// VersionGrammar says which version spellings a language has.
type VersionGrammar struct {
	Lang lang.ID
	// Doc describes the accepted spellings; Examples are some of them.
	Doc      string
	Examples []string
	re       *regexp.Regexp
}

// Accepts reports whether v spells an existing version of the language.
func (g VersionGrammar) Accepts(v string) bool { return g.re.MatchString(strings.TrimSpace(v)) }

// VersionGrammars are the version spellings of language_version, per
// language. Versions are the released ones up to early 2026 (Python
// 3.15 and JDK 26 included, as they are close), so `python;4.0` is an
// error rather than a constraint nothing can satisfy. Languages not
// listed accept any version.
var VersionGrammars = []VersionGrammar{
	{lang.Python, "2.0-2.7 or 3.0-3.15, optionally with a patch level or a `python` prefix", []string{"3.8", "3.12.1", "python3.11"},
		regexp.MustCompile(`^(?i:python\s*)?(?:2\.[0-7]|3\.(?:[0-9]|1[0-5]))(?:\.\d+)?$`)},
	{lang.Java, "1.0-1.8 or 5-26, optionally prefixed `jdk`, `java` or `openjdk`", []string{"jdk11", "17", "1.8", "java 21"},
		regexp.MustCompile(`^(?i:jdk|java|openjdk|jdk-|java-|java\s*)?\s*(?:1\.[0-8]|[5-9]|1[0-9]|2[0-6])$`)},
	{lang.Rust, "1.0-1.99, optionally with a patch level", []string{"1.74.0", "1.85"},
		regexp.MustCompile(`^(?i:rust\s*)?1\.[0-9]{1,2}(?:\.\d+)?$`)},
	{lang.Go, "1.0-1.29, optionally prefixed `go`", []string{"1.21", "go1.22"},
		regexp.MustCompile(`^(?i:go\s*)?1\.(?:[0-9]|1[0-9]|2[0-9])(?:\.\d+)?$`)},
	{lang.C, "C89, C90, C99, C11, C17, C18, C23 (`c99`, `gnu11`, `ansi`)", []string{"c99", "C11", "gnu17"},
		regexp.MustCompile(`^(?i:(?:c|gnu|iso\s*c)\s*(?:89|90|95|99|11|17|18|23)|ansi(?:\s*c)?)$`)},
	{lang.CPP, "C++98, 03, 11, 14, 17, 20, 23, 26 (`c++17`, `cpp20`, `gnu++14`)", []string{"c++17", "C++20", "cpp11"},
		regexp.MustCompile(`^(?i:(?:c\+\+|cpp|cxx|gnu\+\+)\s*(?:98|03|11|14|17|20|23|26))$`)},
	{lang.JavaScript, "ES3, ES5, ES6, ES2015-ES2026 (`es6`, `ES2020`, `ECMAScript 2022`)", []string{"es6", "ES2020"},
		regexp.MustCompile(`^(?i:(?:es|ecmascript)\s*(?:3|5|5\.1|6|7|8|9|20(?:1[5-9]|2[0-6])))$`)},
	{lang.TypeScript, "1.0-1.8, 2.0-2.9, 3.0-3.9, 4.0-4.9, 5.0-5.9", []string{"5.4", "4.9"},
		regexp.MustCompile(`^(?i:typescript\s*|ts\s*)?[1-5]\.[0-9](?:\.\d+)?$`)},
	{lang.Kotlin, "1.0-1.9, 2.0-2.3", []string{"1.9", "2.0"},
		regexp.MustCompile(`^(?i:kotlin\s*)?(?:1\.[0-9]|2\.[0-3])(?:\.\d+)?$`)},
	{lang.CSharp, "C# 1-14 (`12`, `C# 11`, `7.3`)", []string{"12", "C# 11"},
		regexp.MustCompile(`^(?i:c#\s*|csharp\s*)?(?:[1-9]|1[0-4])(?:\.[0-9])?$`)},
}

// VersionGrammarOf returns the version grammar of a language, if any.
func VersionGrammarOf(id lang.ID) (VersionGrammar, bool) {
	for _, g := range VersionGrammars {
		if g.Lang == id {
			return g, true
		}
	}
	return VersionGrammar{}, false
}
