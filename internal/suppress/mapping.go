package suppress

import (
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
)

// A rule of another linter that iflint honours maps to the constraint
// types that mean the same thing. Only rules that mean the same thing
// are mapped: `# noqa: E501` (line length) silences nothing here, and
// neither does `//nolint:errcheck`.
type rules struct {
	tool string
	// exact names, compared after lower-casing when fold is set.
	names map[string][]constraint.Type
	fold  bool
	// codes map a code pattern (flake8's N802, E111, D103) to types.
	codes []codeRule
	// glob allows '*' patterns in the names a marker lists (clang-tidy).
	glob bool
}

type codeRule struct {
	re    *regexp.Regexp
	doc   string
	types []constraint.Type
}

var (
	naming      = []constraint.Type{constraint.Naming}
	indentation = []constraint.Type{constraint.Indentation}
	braces      = []constraint.Type{constraint.Braces}
	comments    = []constraint.Type{constraint.Comments}
	layout      = []constraint.Type{constraint.Indentation, constraint.Braces}
	library     = []constraint.Type{constraint.Library}
	function    = []constraint.Type{constraint.Function}
)

func names(types []constraint.Type, ns ...string) map[string][]constraint.Type {
	m := map[string][]constraint.Type{}
	for _, n := range ns {
		m[n] = types
	}
	return m
}

func merge(ms ...map[string][]constraint.Type) map[string][]constraint.Type {
	out := map[string][]constraint.Type{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = append(append([]constraint.Type(nil), out[k]...), v...)
		}
	}
	return out
}

// flake8Codes are pycodestyle, pep8-naming and pydocstyle codes, as
// flake8 and ruff spell them in `# noqa: CODE`.
var flake8Codes = &rules{tool: "flake8", codes: []codeRule{
	{regexp.MustCompile(`^N80[123]$|^N806$|^N81[56]$`), "N801 N802 N803 N806 N815 N816 (pep8-naming: class, function, argument and variable names)", naming},
	{regexp.MustCompile(`^E1\d\d$|^W1\d\d$`), "E1xx, W1xx (pycodestyle indentation)", indentation},
	{regexp.MustCompile(`^E2\d\d$`), "E2xx (pycodestyle whitespace)", indentation},
	{regexp.MustCompile(`^D[1-4]\d\d$`), "D1xx-D4xx (pydocstyle docstrings)", comments},
}}

var pylintNames = &rules{tool: "pylint", fold: true, names: merge(
	names(naming, "invalid-name", "c0103"),
	names(comments, "missing-docstring", "c0111", "missing-module-docstring", "c0114", "missing-class-docstring", "c0115",
		"missing-function-docstring", "c0116", "empty-docstring", "c0112"),
	names(indentation, "bad-indentation", "w0311", "mixed-indentation", "w0312", "bad-whitespace", "c0326", "bad-continuation", "c0330"),
)}

var golangciNames = &rules{tool: "golangci-lint", fold: true, names: merge(
	names([]constraint.Type{constraint.Naming, constraint.Comments}, "revive", "golint", "stylecheck"),
	names(indentation, "gofmt", "gofumpt", "goimports"),
	names(library, "depguard", "gomodguard"),
	names(function, "forbidigo"),
)}

var eslintNames = &rules{tool: "eslint", names: merge(
	names(naming, "camelcase", "id-match", "@typescript-eslint/naming-convention"),
	names(indentation, "indent", "@typescript-eslint/indent", "@stylistic/indent", "@stylistic/js/indent", "@stylistic/ts/indent",
		"no-tabs", "@stylistic/no-tabs", "no-mixed-spaces-and-tabs", "@stylistic/no-mixed-spaces-and-tabs",
		"space-infix-ops", "@stylistic/space-infix-ops", "@typescript-eslint/space-infix-ops",
		"comma-spacing", "@stylistic/comma-spacing", "@typescript-eslint/comma-spacing"),
	names(braces, "brace-style", "@stylistic/brace-style", "@typescript-eslint/brace-style"),
	names(layout, "prettier/prettier"),
	names(comments, "jsdoc/require-jsdoc", "require-jsdoc", "valid-jsdoc", "multiline-comment-style", "@stylistic/multiline-comment-style"),
	names(library, "no-restricted-imports", "@typescript-eslint/no-restricted-imports", "no-restricted-modules"),
	names(function, "no-restricted-properties", "no-restricted-globals", "n/no-process-exit", "no-process-exit"),
)}

// checkstyleNames are checkstyle check names as @SuppressWarnings lists
// them: lower case, without the "checkstyle:" prefix or "Check" suffix
// (checkstyle's SuppressWarningsHolder compares them that way).
var checkstyleNames = &rules{tool: "checkstyle", fold: true, names: merge(
	names(naming, "typename", "methodname", "membername", "parametername", "localvariablename", "localfinalvariablename",
		"staticvariablename", "constantname", "abstractclassname", "classtypeparametername", "methodtypeparametername",
		"interfacetypeparametername", "packagename", "lambdaparametername", "catchparametername", "patternvariablename",
		"recordcomponentname", "recordtypeparametername", "illegalidentifiername", "abbreviationaswordinname"),
	names(comments, "javadocmethod", "javadoctype", "javadocvariable", "javadocstyle", "javadocparagraph", "javadocpackage",
		"missingjavadocmethod", "missingjavadoctype", "missingjavadocpackage", "summaryjavadoc", "invalidjavadocposition",
		"singlelinejavadoc", "nonemptyatclausedescription", "javadocblocktaglocation", "javadoccontentlocation",
		"javadocmissingleadingasterisk", "javadocmissingwhitespaceafterasterisk", "javadoctagcontinuationindentation"),
	names(braces, "leftcurly", "rightcurly"),
	names(indentation, "indentation", "filetabcharacter", "whitespacearound", "whitespaceafter", "nowhitespacebefore",
		"nowhitespaceafter", "operatorwrap", "parenpad", "methodparampad", "genericwhitespace", "typecastparenpad",
		"singlespaceseparator", "commentsindentation"),
	names(library, "illegalimport"),
	names(naming, "pmd.classnamingconventions", "pmd.methodnamingconventions", "pmd.fieldnamingconventions",
		"pmd.localvariablenamingconventions", "pmd.formalparameternamingconventions"),
	names(comments, "pmd.commentrequired", "javadoc"),
)}

var rustNames = &rules{tool: "rustc", names: merge(
	names(naming, "non_snake_case", "non_camel_case_types", "non_upper_case_globals", "nonstandard_style"),
	names(comments, "missing_docs", "clippy::missing_docs_in_private_items", "rustdoc::missing_crate_level_docs"),
	names([]constraint.Type{constraint.Naming, constraint.Comments}, "warnings"),
	names(function, "clippy::disallowed_methods"),
)}

// clangTidyNames are clang-tidy checks and cpplint categories, the two
// tools that read `// NOLINT(...)`.
var clangTidyNames = &rules{tool: "clang-tidy", glob: true, names: merge(
	names(naming, "readability-identifier-naming", "readability/naming"),
	names(indentation, "whitespace/indent", "whitespace/tab", "whitespace/operators", "whitespace/comma", "whitespace/parens"),
	names(braces, "whitespace/braces"),
)}

// resolve maps the names a marker lists to Names; names iflint does not
// map are dropped. ok is false when names were listed but none maps.
func (r *rules) resolve(list []string) (out []Name, ok bool) {
	for _, raw := range list {
		n := strings.TrimSpace(raw)
		if n == "" {
			continue
		}
		key := n
		if r.fold {
			key = strings.ToLower(n)
		}
		if types := r.lookup(key); len(types) > 0 {
			out = append(out, Name{Text: n, Types: types})
		}
	}
	return out, len(out) > 0
}

func (r *rules) lookup(key string) []constraint.Type {
	if t, ok := r.names[key]; ok {
		return t
	}
	for _, c := range r.codes {
		if c.re.MatchString(key) {
			return c.types
		}
	}
	if r.glob && strings.Contains(key, "*") {
		seen := map[constraint.Type]bool{}
		var out []constraint.Type
		for _, name := range sortedKeys(r.names) {
			if ok, _ := path.Match(key, name); ok {
				for _, t := range r.names[name] {
					if !seen[t] {
						seen[t] = true
						out = append(out, t)
					}
				}
			}
		}
		return out
	}
	return nil
}

func sortedKeys(m map[string][]constraint.Type) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
