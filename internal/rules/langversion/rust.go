package langversion

// Static version analysis for Rust: what rustc would reject when run the
// paper's way (a lone file, no dependencies), judged from the tree-sitter
// parse, the Rust versions that stabilised each feature and API, and the
// names std and rustc provide (language_version_rust_std.go).

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

var rustFeatureRe = regexp.MustCompile(`^feature\s*\(`)

// rustVersionIssues approximates rustc on a lone file with no
// dependencies: the file must parse, name only std's crates and modules,
// and use no feature or API newer than the version; without rust-edition
// it is edition 2015, where async and .await do not exist.
func rustVersionIssues(u *check.Unit, t target, r reading) []versionIssue {
	tree, err := u.Tree(lang.Rust)
	if err != nil {
		return []versionIssue{{0, 0, "could not parse: " + err.Error()}}
	}
	root := tree.Root()
	var issues []versionIssue
	seen := map[string]bool{}
	add := func(n syntax.Node, msg string) {
		// One finding per distinct problem: nested `.await`s or repeated
		// crate paths would only repeat the same message.
		if !seen[msg] {
			seen[msg] = true
			issues = append(issues, versionIssue{n.Start(), n.End(), msg})
		}
	}
	if bad, ok := firstSyntaxError(root); ok {
		issues = append(issues, syntaxIssue(bad))
	}
	need := func(n syntax.Node, minor int, what string) {
		if !t.atLeast(1, minor) {
			add(n, fmt.Sprintf("%s needs Rust 1.%d", what, minor))
		}
	}
	// One query pass serves the declared names, the comment and string
	// spans rustAPIUses skips, and the nodes checked below: the cost of a
	// query cursor is its walk over the tree. Each capture name keeps the
	// document order its own query would give.
	var declCaps, skipCaps, checkCaps []syntax.Node
	caps := syntax.MustQuery(lang.Rust, rustDeclQuery+"\n"+rustSkipQuery+"\n"+rustQuery).Captures(root)
	work.Of(u).Add(len(u.Src) + len(caps)) // the query's pass, then a visit per capture
	for _, c := range caps {
		switch c.Name {
		case "decl":
			declCaps = append(declCaps, c.Node)
		case "skip":
			skipCaps = append(skipCaps, c.Node)
		case "n":
			checkCaps = append(checkCaps, c.Node)
		}
	}
	items, imports := rustDeclaredNamesIn(declCaps)
	known := map[string]bool{}
	for k := range items {
		known[k] = true
	}
	for k := range imports {
		known[k] = true
	}
	edition2015 := !r.edition2021
	// Imported names count too (`use std::sync::LazyLock` is exactly what
	// needs 1.80); only the file's own items shadow an API name.
	for _, h := range rustAPIUsesOutside(u.Src, skipCaps) {
		name := string(u.Src[h[0]:h[1]])
		msg := fmt.Sprintf("`%s` needs Rust 1.%d", name, rustAPIs[name])
		if !items[name] && !t.atLeast(1, rustAPIs[name]) && !seen[msg] {
			seen[msg] = true
			issues = append(issues, versionIssue{h[0], h[1], msg})
		}
	}
	for _, n := range checkCaps {
		switch n.Type() {
		case "inner_attribute_item":
			if a := n.NamedChild(0); a.Valid() && rustFeatureRe.MatchString(a.Text()) {
				add(n, "#![feature] may not be used on the stable release channel")
			}
		case "extern_crate_declaration":
			if name := n.Field("name"); name.Valid() && !rustStdRoots[name.Text()] && name.Text() != "proc_macro" && name.Text() != "test" {
				add(n, fmt.Sprintf("can't find crate for `%s`: rustc gets no dependencies", name.Text()))
			}
		case "scoped_identifier", "scoped_type_identifier", "scoped_use_list", "use_declaration":
			// A use path must start at an item of this crate or a crate
			// rustc knows; other paths may also start at an import.
			scope := known
			if n.Type() == "use_declaration" {
				scope = items
			}
			if r := rustVersionPathRoot(n); r.Valid() && r.Type() == "identifier" {
				name := r.Text()
				if !scope[name] && !rustStdRoots[name] && !rustPrimitives[name] && name == strings.ToLower(name) {
					add(r, fmt.Sprintf("unresolved crate or module `%s`: rustc gets no dependencies", name))
				}
				if name == "std" || name == "core" {
					if msg := rustStdPathIssue(n); msg != "" {
						add(n, msg)
					}
				}
			}
		case "macro_invocation":
			if m := n.Field("macro"); m.Valid() && m.Type() == "identifier" {
				name := m.Text()
				if _, ok := rustAPIs[name]; ok {
					// reported by rustAPIUses
				} else if !rustBuiltinMacros[name] && !known[name] {
					add(m, fmt.Sprintf("cannot find macro `%s` in this scope", name))
				}
			}
		case "attribute":
			rustAttributeIssues(n, known, add)
		case "function_modifiers":
			if edition2015 && strings.Contains(n.Text(), "async") {
				add(n, "`async fn` is not permitted in Rust 2015 (the evaluator compiles without --edition)")
			}
			if p := n.Parent(); strings.Contains(n.Text(), "async") && p.Valid() && rustInTrait(p) {
				need(n, 75, "async fn in a trait")
			}
		case "async_block":
			if edition2015 {
				add(n, "async blocks are not permitted in Rust 2015 (the evaluator compiles without --edition)")
			}
		case "await_expression":
			if edition2015 {
				add(n, "`.await` is not permitted in Rust 2015 (the evaluator compiles without --edition)")
			}
		case "abstract_type":
			if p := n.Parent(); p.Valid() && (p.Type() == "function_signature_item" || p.Type() == "function_item") && n.Parent().Field("return_type").Valid() && rustInTrait(p) {
				need(n, 75, "`impl Trait` in a trait method's return type")
			}
		case "let_declaration":
			if n.Field("alternative").Valid() {
				need(n, 65, "let-else")
			}
		case "associated_type":
			if n.Field("type_parameters").Valid() {
				need(n, 65, "generic associated type")
			}
		case "const_block":
			need(n, 79, "inline const block")
		case "let_chain":
			add(n, "let chains are stable only since Rust 1.88 (edition 2024)")
		}
	}
	return issues
}

// rustQuery selects the node kinds rustVersionIssues looks at.
const rustQuery = `[(inner_attribute_item) (extern_crate_declaration) (scoped_identifier) (scoped_type_identifier)
 (scoped_use_list) (use_declaration) (macro_invocation) (attribute) (function_modifiers) (async_block)
 (await_expression) (abstract_type) (let_declaration) (associated_type) (const_block) (let_chain)] @n`

// rustAPIRe finds the names of rustAPIs in the source text; hits inside
// comments and strings are dropped using the tree.
var rustAPIRe = sync.OnceValue(func() *regexp.Regexp {
	names := make([]string, 0, len(rustAPIs))
	for k := range rustAPIs {
		names = append(names, k)
	}
	sort.Strings(names)
	return regexp.MustCompile(`\b(?:` + strings.Join(names, "|") + `)\b`)
})

// rustAPIWords returns what rustAPIRe().FindAllIndex(src, -1) returns,
// without the regexp: every name in rustAPIs is made of ASCII word
// characters, so `\b(?:name|...)\b` matches exactly the maximal runs of
// ASCII word bytes that equal a name (a word boundary cannot fall inside
// a run), in order.
func rustAPIWords(src []byte) [][]int {
	var hits [][]int
	for i := 0; i < len(src); {
		if !isASCIIWordByte(src[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(src) && isASCIIWordByte(src[j]) {
			j++
		}
		if _, ok := rustAPIs[string(src[i:j])]; ok {
			hits = append(hits, []int{i, j})
		}
		i = j
	}
	return hits
}

func isASCIIWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// rustSkipQuery captures the comments and strings whose API names do
// not count.
const rustSkipQuery = `[(line_comment) (block_comment) (string_literal) (raw_string_literal) (char_literal)] @skip`

// rustAPIUsesOutside returns the byte ranges of API names used in code:
// the hits of rustAPIWords outside the comment and string nodes skips.
func rustAPIUsesOutside(src []byte, skips []syntax.Node) [][2]int {
	hits := rustAPIWords(src)
	if len(hits) == 0 {
		return nil
	}
	var skip [][2]int
	for _, n := range skips {
		skip = append(skip, [2]int{n.Start(), n.End()})
	}
	var out [][2]int
	for _, h := range hits {
		inside := false
		for _, r := range skip {
			inside = inside || (h[0] >= r[0] && h[1] <= r[1])
		}
		if !inside {
			out = append(out, [2]int{h[0], h[1]})
		}
	}
	return out
}

// rustVersionPathRoot returns the leftmost segment of a path-like node.
func rustVersionPathRoot(n syntax.Node) syntax.Node {
	for i := 0; i < 64 && n.Valid(); i++ {
		switch n.Type() {
		case "use_declaration":
			n = n.Field("argument")
		case "scoped_identifier", "scoped_type_identifier", "scoped_use_list", "use_as_clause":
			p := n.Field("path")
			if !p.Valid() {
				return syntax.Node{} // ::name or a list
			}
			n = p
		case "use_wildcard":
			n = n.NamedChild(0)
		case "generic_type":
			n = n.Field("type")
		default:
			return n
		}
	}
	return syntax.Node{}
}

// rustStdPathIssue checks that a std:: path walks through modules that
// exist: std::<module>, and a lowercase segment followed by more segments
// must be a submodule.
func rustStdPathIssue(n syntax.Node) string {
	var segs []string
	for x := n; x.Valid(); {
		switch x.Type() {
		case "use_declaration":
			x = x.Field("argument")
			continue
		case "scoped_identifier", "scoped_type_identifier", "scoped_use_list":
			if name := x.Field("name"); name.Valid() {
				segs = append([]string{name.Text()}, segs...)
			} else {
				segs = append([]string{"{…}"}, segs...)
			}
			x = x.Field("path")
			continue
		case "identifier":
			segs = append([]string{x.Text()}, segs...)
		}
		break
	}
	if len(segs) < 3 || segs[0] != "std" {
		return ""
	}
	mod := segs[1]
	subs, ok := rustStdModules[mod]
	if !ok {
		if mod == strings.ToLower(mod) && !strings.HasSuffix(mod, "!") {
			return fmt.Sprintf("could not find `%s` in `std`", mod)
		}
		return ""
	}
	next := segs[2]
	if len(segs) > 3 && next == strings.ToLower(next) && next != "{…}" {
		for _, s := range subs {
			if s == next {
				return ""
			}
		}
		return fmt.Sprintf("could not find module `%s` in `std::%s`", next, mod)
	}
	return ""
}

func rustAttributeIssues(a syntax.Node, known map[string]bool, add func(syntax.Node, string)) {
	head := a.NamedChild(0)
	if !head.Valid() || head.Type() != "identifier" {
		return
	}
	name := head.Text()
	if name == "derive" {
		if args := a.Field("arguments"); args.Valid() {
			for i := 0; i < args.NamedChildCount(); i++ {
				d := args.NamedChild(i)
				if d.Type() == "identifier" && !rustBuiltinDerives[d.Text()] && !known[d.Text()] {
					add(d, fmt.Sprintf("cannot find derive macro `%s` in this scope", d.Text()))
				}
			}
		}
		return
	}
	if !rustBuiltinAttrs[name] && !known[name] {
		add(head, fmt.Sprintf("cannot find attribute `%s` in this scope", name))
	}
}

func rustInTrait(item syntax.Node) bool {
	p := item.Parent()
	return p.Valid() && p.Type() == "declaration_list" && p.Parent().Valid() && p.Parent().Type() == "trait_item"
}
