package syntaxuse

import (
	"fmt"
	"sort"
	"strings"

	"github.com/alecthomas/chroma/v2"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/lex"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// The advanced_syntax rule decides "the code uses <feature>". The
// reference evaluator knows a fixed list of features per language: some
// by tree node (Python ast, Kotlin/Rust tree-sitter), some by Pygments
// tokens (JavaScript, Go). Token checks are reproduced on tree-sitter's
// anonymous leaves: the keywords and operators involved ("async", "=>",
// "chan", "<-", ...) are leaves there too, and outside comments and
// strings Pygments classifies them the same way. Only when the tree is
// broken and lacks a token does the chroma lexer (Pygments' port) decide.

// syntaxPart is one thing a feature needs; a feature holds when every
// part is found.
type syntaxPart struct {
	desc string
	// pat selects the construct; accept, if set, refines it.
	pat    nodePattern
	accept func(syntax.Node) bool
	// token parts are what the evaluator finds with Pygments: the value
	// and the token types that count (chroma files async/await under
	// Keyword.Reserved where Pygments 2.19 says Keyword).
	token    string
	tokTypes []chroma.TokenType
	// needs are texts the construct cannot occur without (keywords,
	// operators): when one is missing from the source the part is
	// absent, with no parse at all.
	needs []string
}

func (p syntaxPart) needing(texts ...string) syntaxPart {
	p.needs = texts
	return p
}

type syntaxFeature struct {
	parts []syntaxPart
	// more features are unknown to the reference evaluator (divergence
	// more-features).
	more bool
}

func nodePart(desc string, types ...string) syntaxPart {
	return syntaxPart{desc: desc, pat: nodesOf(types...)}
}

// leafPart matches an anonymous token such as "=>" or "go".
func leafPart(tok string, types ...chroma.TokenType) syntaxPart {
	return syntaxPart{desc: fmt.Sprintf("%q token", tok), pat: tokenOf(tok), token: tok, tokTypes: types, needs: []string{tok}}
}

func feat(parts ...syntaxPart) syntaxFeature { return syntaxFeature{parts: parts} }

// moreFeat is a feature only the lint profile checks.
func moreFeat(parts ...syntaxPart) syntaxFeature {
	return syntaxFeature{parts: parts, more: true}
}

// rustIfLet matches `if let` only as the evaluator does: a let_condition
// directly under if_expression (so `if let .. && ..` chains do not count).
var rustIfLet = syntaxPart{desc: "if let expression", pat: nodesOf("if_expression"), needs: []string{"if", "let"}, accept: func(n syntax.Node) bool {
	for i := 0; i < n.ChildCount(); i++ {
		if n.Child(i).Type() == "let_condition" {
			return true
		}
	}
	return false
}}

var jsMoreFeatures = map[string]syntaxFeature{
	"destructuring":      moreFeat(nodePart("destructuring pattern", "object_pattern", "array_pattern")),
	"template literals":  moreFeat(nodePart("template literal", "template_string").needing("`")),
	"optional chaining":  moreFeat(nodePart("optional chain", "optional_chain").needing("?.")),
	"classes":            moreFeat(nodePart("class", "class_declaration", "class").needing("class")),
	"generator function": moreFeat(nodePart("generator function", "generator_function_declaration", "generator_function").needing("function", "*")),
}

var advancedFeatures = map[lang.ID]map[string]syntaxFeature{
	lang.JavaScript: mergeFeatures(map[string]syntaxFeature{
		"async/await":     feat(leafPart("async", chroma.Keyword, chroma.KeywordReserved), leafPart("await", chroma.Keyword, chroma.KeywordReserved)),
		"arrow functions": feat(leafPart("=>", chroma.Punctuation)),
		"spread operator": feat(leafPart("...", chroma.Punctuation)),
	}, jsMoreFeatures),
	lang.TypeScript: mergeFeatures(map[string]syntaxFeature{
		"async/await":     moreFeat(leafPart("async"), leafPart("await")),
		"arrow functions": moreFeat(leafPart("=>")),
		"spread operator": moreFeat(leafPart("...")),
		"generics":        moreFeat(nodePart("type parameter list", "type_parameters").needing("<")),
		"interfaces":      moreFeat(nodePart("interface declaration", "interface_declaration").needing("interface")),
	}, jsMoreFeatures),
	lang.Python: {
		"generator and yield":      feat(nodePart("yield expression", "yield").needing("yield")),
		"list comprehension":       feat(nodePart("list comprehension", "list_comprehension").needing("for")),
		"dictionary comprehension": feat(nodePart("dictionary comprehension", "dictionary_comprehension").needing("for")),
		"set comprehension":        feat(nodePart("set comprehension", "set_comprehension").needing("for")),
		"generator expression":     moreFeat(nodePart("generator expression", "generator_expression").needing("for")),
		"lambda":                   moreFeat(nodePart("lambda", "lambda").needing("lambda")),
		"decorators":               moreFeat(nodePart("decorator", "decorator").needing("@")),
		"context manager":          moreFeat(nodePart("with statement", "with_statement").needing("with")),
		"walrus operator":          moreFeat(nodePart("assignment expression", "named_expression").needing(":=")),
		"match statement":          moreFeat(nodePart("match statement", "match_statement").needing("match")),
	},
	lang.Go: {
		"goroutine and channel": feat(leafPart("go", chroma.Keyword), leafPart("chan", chroma.KeywordDeclaration), leafPart("<-", chroma.Operator)),
		"defer statement":       feat(leafPart("defer", chroma.Keyword)),
		"select statement":      moreFeat(nodePart("select statement", "select_statement").needing("select")),
		"generics":              moreFeat(nodePart("type parameter list", "type_parameter_list").needing("[")),
	},
	lang.Kotlin: {
		"lambda expression": feat(nodePart("lambda literal", "lambda_literal").needing("{")),
		"when expression":   feat(nodePart("when expression", "when_expression").needing("when")),
	},
	lang.Rust: {
		"match expression":    feat(nodePart("match expression", "match_expression").needing("match")),
		"if let syntax sugar": feat(rustIfLet),
		"closures":            feat(nodePart("closure", "closure_expression").needing("|")),
		"traits":              moreFeat(nodePart("trait definition", "trait_item").needing("trait")),
		"lifetimes":           moreFeat(nodePart("lifetime", "lifetime").needing("'")),
		"macros":              moreFeat(nodePart("macro definition", "macro_definition").needing("macro_rules")),
	},
}

func mergeFeatures(a, b map[string]syntaxFeature) map[string]syntaxFeature {
	out := make(map[string]syntaxFeature, len(a)+len(b))
	for k, v := range b {
		out[k] = v
	}
	for k, v := range a {
		out[k] = v
	}
	return out
}

// featureKey folds a feature name the way the evaluator compares it
// (lower case), also collapsing inner whitespace.
func featureKey(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

func checkAdvancedSyntax(u *check.Unit, c constraint.Constraint) check.Result {
	r := featureReadingOf(u.Profile)
	feats, ok := advancedFeatures[c.Lang]
	if !ok || knownFeatures(feats, r) == "" {
		return unsupported(r.unsupportedUnverified, fmt.Sprintf("advanced syntax is not checked for %s", c.LangName))
	}
	key := featureKey(c.Name)
	f, ok := feats[key]
	if !ok || (f.more && !r.moreFeatures) {
		return unsupported(r.unsupportedUnverified, fmt.Sprintf("%s feature %q is not among the checked ones (%s)", c.LangName, c.Name, knownFeatures(feats, r)))
	}
	// Parts whose keywords never occur are settled first: a feature
	// needs all its parts, so one such part decides without parsing.
	var found, missing []string
	for _, p := range f.parts {
		if len(p.needs) > 0 && srcLacks(u, false, p.needs...) {
			missing = append(missing, p.desc)
		}
	}
	if len(missing) > 0 {
		return check.Failed(fmt.Sprintf("%s not used: no %s found", c.Name, strings.Join(missing, ", no ")))
	}
	root, bad := parsedRoot(u, c.Lang)
	if bad != nil {
		return *bad
	}
	if c.Lang == lang.Python {
		if errNode, failed := pythonSyntaxError(root, work.Of(u)); failed {
			return syntaxErrorResult(u, errNode, c.Name)
		}
	}
	for _, p := range f.parts {
		if n, ok := firstMatch(u, root, c.Lang, p.pat, p.accept); ok {
			line, _ := u.Position(n.Start())
			found = append(found, fmt.Sprintf("%s at line %d", p.desc, line))
			continue
		}
		// Pygments lexes through anything (an HTML page with a <script>,
		// a truncated file) where tree-sitter's error recovery may
		// swallow tokens: on a broken tree, ask the lexer before
		// declaring a token absent. Lexing is slow, so very large
		// inputs keep the tree's answer.
		if len(p.tokTypes) > 0 && root.HasError() && len(u.Src) <= maxTokenFallback && tokenPresent(u, c.Lang, p) {
			found = append(found, p.desc+" (by token)")
			continue
		}
		missing = append(missing, p.desc)
	}
	if len(missing) > 0 {
		reason := fmt.Sprintf("%s not used: no %s found", c.Name, strings.Join(missing, ", no "))
		if len(found) > 0 {
			reason += " (found " + strings.Join(found, ", ") + ")"
		}
		return check.Failed(reason)
	}
	return check.Passed(fmt.Sprintf("%s used: %s", c.Name, strings.Join(found, ", ")))
}

// maxTokenFallback bounds the input size lexed by tokenPresent.
const maxTokenFallback = 1 << 20

// tokenPresent reports whether the chroma token stream of the unit has
// the part's token, outside comments.
func tokenPresent(u *check.Unit, id lang.ID, p syntaxPart) bool {
	toks, err := u.Tokens(id)
	if err != nil {
		return false
	}
	m := work.Of(u)
	for _, t := range toks {
		m.Add(1)
		if t.Value != p.token || !lex.NotComment(t) {
			continue
		}
		for _, want := range p.tokTypes {
			if t.Type == want {
				return true
			}
		}
	}
	return false
}

// knownFeatures lists, for a message, the features the reading checks.
func knownFeatures(feats map[string]syntaxFeature, r featureReading) string {
	var names []string
	for k, f := range feats {
		if !f.more || r.moreFeatures {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
