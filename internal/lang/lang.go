// Package lang is iflint's language table: canonical identifiers, the
// aliases people and datasets use for them, file extensions, comment
// syntax and the name of the Pygments/chroma lexer that tokenizes them.
package lang

import (
	"path/filepath"
	"sort"
	"strings"
)

// ID is a canonical language identifier.
type ID string

// Languages iflint knows. Grammar-backed ones can be parsed with tree-sitter.
const (
	Unknown      ID = ""
	Python       ID = "python"
	Java         ID = "java"
	JavaScript   ID = "javascript"
	TypeScript   ID = "typescript"
	Go           ID = "go"
	Rust         ID = "rust"
	C            ID = "c"
	CPP          ID = "cpp"
	CSharp       ID = "csharp"
	Kotlin       ID = "kotlin"
	Haskell      ID = "haskell"
	Zig          ID = "zig"
	Lua          ID = "lua"
	Julia        ID = "julia"
	Prolog       ID = "prolog"
	CoffeeScript ID = "coffeescript"
	Ruby         ID = "ruby"
	PHP          ID = "php"
	Swift        ID = "swift"
	Scala        ID = "scala"
	Erlang       ID = "erlang"
	Perl         ID = "perl"
	Shell        ID = "shell"
)

// Info describes one language.
type Info struct {
	ID ID
	// Name is the display name, as Guesslang and GitHub spell it.
	Name string
	// Aliases are accepted spellings besides the ID (compared case-insensitively).
	Aliases []string
	// Extensions include the leading dot.
	Extensions []string
	// LineComment and BlockComment are the comment markers, used by fixers
	// that convert comment styles.
	LineComment          string
	BlockStart, BlockEnd string
	// Lexer is the chroma (Pygments) lexer name.
	Lexer string
	// Braces is true for languages whose blocks are delimited by { }.
	Braces bool
}

var table = []Info{
	{ID: Python, Name: "Python", Aliases: []string{"py", "python3"}, Extensions: []string{".py", ".pyi"}, LineComment: "#", Lexer: "python"},
	{ID: Java, Name: "Java", Extensions: []string{".java"}, LineComment: "//", BlockStart: "/*", BlockEnd: "*/", Lexer: "java", Braces: true},
	{ID: JavaScript, Name: "JavaScript", Aliases: []string{"js", "node", "nodejs"}, Extensions: []string{".js", ".mjs", ".cjs", ".jsx"}, LineComment: "//", BlockStart: "/*", BlockEnd: "*/", Lexer: "javascript", Braces: true},
	{ID: TypeScript, Name: "TypeScript", Aliases: []string{"ts"}, Extensions: []string{".ts", ".mts", ".cts", ".tsx"}, LineComment: "//", BlockStart: "/*", BlockEnd: "*/", Lexer: "typescript", Braces: true},
	{ID: Go, Name: "Go", Aliases: []string{"golang"}, Extensions: []string{".go"}, LineComment: "//", BlockStart: "/*", BlockEnd: "*/", Lexer: "go", Braces: true},
	{ID: Rust, Name: "Rust", Aliases: []string{"rs"}, Extensions: []string{".rs"}, LineComment: "//", BlockStart: "/*", BlockEnd: "*/", Lexer: "rust", Braces: true},
	{ID: C, Name: "C", Extensions: []string{".c", ".h"}, LineComment: "//", BlockStart: "/*", BlockEnd: "*/", Lexer: "c", Braces: true},
	{ID: CPP, Name: "C++", Aliases: []string{"c++", "cxx", "cc"}, Extensions: []string{".cpp", ".cc", ".cxx", ".hpp", ".hh", ".hxx"}, LineComment: "//", BlockStart: "/*", BlockEnd: "*/", Lexer: "cpp", Braces: true},
	{ID: CSharp, Name: "C#", Aliases: []string{"c#", "cs"}, Extensions: []string{".cs"}, LineComment: "//", BlockStart: "/*", BlockEnd: "*/", Lexer: "csharp", Braces: true},
	{ID: Kotlin, Name: "Kotlin", Aliases: []string{"kt"}, Extensions: []string{".kt", ".kts"}, LineComment: "//", BlockStart: "/*", BlockEnd: "*/", Lexer: "kotlin", Braces: true},
	{ID: Haskell, Name: "Haskell", Aliases: []string{"hs"}, Extensions: []string{".hs", ".lhs"}, LineComment: "--", BlockStart: "{-", BlockEnd: "-}", Lexer: "haskell"},
	{ID: Zig, Name: "Zig", Extensions: []string{".zig"}, LineComment: "//", Lexer: "zig", Braces: true},
	{ID: Lua, Name: "Lua", Extensions: []string{".lua"}, LineComment: "--", BlockStart: "--[[", BlockEnd: "]]", Lexer: "lua"},
	{ID: Julia, Name: "Julia", Aliases: []string{"jl"}, Extensions: []string{".jl"}, LineComment: "#", BlockStart: "#=", BlockEnd: "=#", Lexer: "julia"},
	{ID: Prolog, Name: "Prolog", Extensions: []string{".pl", ".pro", ".prolog"}, LineComment: "%", BlockStart: "/*", BlockEnd: "*/", Lexer: "prolog"},
	{ID: CoffeeScript, Name: "CoffeeScript", Aliases: []string{"coffee"}, Extensions: []string{".coffee"}, LineComment: "#", BlockStart: "###", BlockEnd: "###", Lexer: "coffeescript"},
	{ID: Ruby, Name: "Ruby", Aliases: []string{"rb"}, Extensions: []string{".rb"}, LineComment: "#", Lexer: "ruby"},
	{ID: PHP, Name: "PHP", Extensions: []string{".php"}, LineComment: "//", BlockStart: "/*", BlockEnd: "*/", Lexer: "php", Braces: true},
	{ID: Swift, Name: "Swift", Extensions: []string{".swift"}, LineComment: "//", BlockStart: "/*", BlockEnd: "*/", Lexer: "swift", Braces: true},
	{ID: Scala, Name: "Scala", Extensions: []string{".scala"}, LineComment: "//", BlockStart: "/*", BlockEnd: "*/", Lexer: "scala", Braces: true},
	{ID: Erlang, Name: "Erlang", Extensions: []string{".erl"}, LineComment: "%", Lexer: "erlang"},
	{ID: Perl, Name: "Perl", Extensions: []string{".pm"}, LineComment: "#", Lexer: "perl"},
	{ID: Shell, Name: "Shell", Aliases: []string{"bash", "sh"}, Extensions: []string{".sh", ".bash"}, LineComment: "#", Lexer: "bash"},
}

var byKey = func() map[string]*Info {
	m := map[string]*Info{}
	for i := range table {
		in := &table[i]
		m[string(in.ID)] = in
		m[strings.ToLower(in.Name)] = in
		for _, a := range in.Aliases {
			m[strings.ToLower(a)] = in
		}
	}
	return m
}()

var byExt = func() map[string]*Info {
	m := map[string]*Info{}
	for i := range table {
		for _, e := range table[i].Extensions {
			m[e] = &table[i]
		}
	}
	return m
}()

// Lookup resolves a language name or alias ("C++", "cpp", "C#", "golang").
func Lookup(name string) (Info, bool) {
	in, ok := byKey[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Info{}, false
	}
	return *in, true
}

// Get returns the Info of a known ID; unknown IDs yield a zero Info.
func Get(id ID) Info {
	if in, ok := byKey[string(id)]; ok {
		return *in
	}
	return Info{}
}

// ByPath detects a language from a file name's extension.
func ByPath(path string) (Info, bool) {
	in, ok := byExt[strings.ToLower(filepath.Ext(path))]
	if !ok {
		return Info{}, false
	}
	return *in, true
}

// All lists every known language, sorted by ID.
func All() []Info {
	out := append([]Info(nil), table...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
