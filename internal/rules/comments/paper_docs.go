package comments

// The paper's documentation-comment styles, as MultiCodeIF's evaluator
// reads them: Javadoc and KotlinDoc on /** */ tokens, GoDoc on raw source
// lines, Rustdoc on doc-comment tokens and Python docstrings on the syntax
// tree (a tree with errors stands in for ast.parse failing). Only the
// paper's implementation (paper.go) uses them; the lint profile reads
// every documentation style as its ecosystem's linter does (doclint).

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/alecthomas/chroma/v2"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/pygments"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// checkSlashStarDoc requires a /** */ doc comment, and rejects one that
// documents a return value without any @param (the evaluator's test,
// whatever the function's parameters).
func checkSlashStarDoc(u *check.Unit, id lang.ID, what string) check.Result {
	found := 0
	var bad *check.Finding
	m := work.Of(u)
	err := pygments.PygStream(u, id, func(t pygments.Ptok) bool {
		m.Add(1 + len(t.Value))
		v := pyStrip(t.Value)
		if t.Type != chroma.CommentMultiline || !strings.HasPrefix(v, "/**") || !strings.HasSuffix(v, "*/") {
			return true
		}
		found++
		if !strings.Contains(t.Value, "@param") && strings.Contains(t.Value, "@return") {
			f := tokFinding(u, &t, fmt.Sprintf("%s comment with @return but no @param", what))
			bad = &f
			return false
		}
		return true
	})
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: err.Error()}
	}
	if bad != nil {
		return check.Failed(fmt.Sprintf("%s comment has @return but no @param", what), *bad)
	}
	if found == 0 {
		return check.Failed(fmt.Sprintf("no %s comment (/** ... */) found", what))
	}
	return check.Passed(fmt.Sprintf("%d %s comment(s) found", found, what))
}

var goDeclRE = regexp.MustCompile(`^(func|type|var|const)\s+([\p{L}\p{Nd}\p{Mn}\p{Pc}]+)`)

// goDeclaration reports whether a source line starts a func, type, var
// or const declaration as the GoDoc rule reads lines (methods and grouped
// declarations do not), with its keyword and declared name.
func goDeclaration(line string) (keyword, name string, ok bool) {
	m := goDeclRE.FindStringSubmatch(pyStrip(line))
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// checkGoDoc requires every line starting a func/type/var/const
// declaration (methods and grouped declarations do not match) to follow
// a // comment that starts with the declared name.
func checkGoDoc(u *check.Unit) check.Result {
	src := string(u.Src)
	// The split, and each line matched against the declaration pattern
	// and its predecessor stripped: a bounded number of passes.
	work.Of(u).Add(4 * len(src))
	lines := strings.Split(src, "\n")
	off := 0
	checked := 0
	for i, raw := range lines {
		start := off
		off += len(raw) + 1
		kw, name, ok := goDeclaration(raw)
		if !ok {
			continue
		}
		checked++
		// The finding carries the declaration its fix documents.
		fail := func(msg string) check.Result {
			fs := []check.Finding{{Start: start, End: start + len(raw), Message: msg}}
			carry(fs, func(int) *target { return &target{keyword: kw, name: name} }, nil)
			return check.Failed(msg, fs[0])
		}
		if i == 0 {
			return fail(fmt.Sprintf("%s %s on the first line has no doc comment", kw, name))
		}
		prev := pyStrip(lines[i-1])
		if !strings.HasPrefix(prev, "//") {
			return fail(fmt.Sprintf("%s %s has no // doc comment on the line above", kw, name))
		}
		if !strings.HasPrefix(pyStrip(strings.TrimLeft(prev, "/")), name) {
			return fail(fmt.Sprintf("doc comment of %s %s does not start with %q", kw, name, name))
		}
	}
	return check.Passed(fmt.Sprintf("all %d top-of-line declarations have GoDoc comments", checked))
}

// checkRustdoc requires /// doc comments and no ordinary comments.
func checkRustdoc(u *check.Unit) check.Result {
	found := false
	var bad *check.Finding
	m := work.Of(u)
	err := pygments.PygStream(u, lang.Rust, func(t pygments.Ptok) bool {
		m.Add(1 + len(t.Value))
		switch {
		case t.Type == chroma.LiteralStringDoc && strings.HasPrefix(pyStrip(t.Value), "///"):
			found = true
		case isLineOrBlock(t.Type):
			f := tokFinding(u, &t, "ordinary comment; use /// doc comments")
			bad = &f
			return false
		}
		return true
	})
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: err.Error()}
	}
	if bad != nil {
		return check.Failed("ordinary comment where only Rustdoc comments are allowed", *bad)
	}
	if !found {
		return check.Failed("no /// doc comment found")
	}
	return check.Passed("doc comments are /// and no ordinary comments are used")
}

// checkDocstrings requires a non-blank docstring on every function and
// class, at any depth. Queries, not tree walks, find the definitions:
// walking every node of a large file costs far more than the parse.
func checkDocstrings(u *check.Unit) check.Result {
	if len(u.Src) > pygments.MaxLexBytes {
		return pygments.TooLarge(u)
	}
	tree, err := u.Tree(lang.Python)
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: err.Error()}
	}
	root := tree.Root()
	m := work.Of(u)
	if e := pySyntaxError(root, m); e.Valid() {
		return check.Failed("the code is not valid Python (ast.parse would fail)", notADefinition(
			check.Finding{Start: e.Start(), End: e.End(), Message: "syntax error"}))
	}
	var findings []check.Finding
	defs := 0
	caps := syntax.MustQuery(lang.Python, `[(function_definition) (class_definition) (print_statement) (exec_statement)] @n`).Captures(root)
	m.Add(len(u.Src) + len(caps)) // the query's pass, then a visit per capture
	for _, c := range caps {
		n := c.Node
		m.Add(1 + n.Field("body").ChildCount()) // HasDocstring reads the body's first statements
		if t := n.Type(); t == "print_statement" || t == "exec_statement" {
			// Python 2 statements the grammar accepts; ast.parse does not.
			return check.Failed("the code is not valid Python 3 (ast.parse would fail)", notADefinition(
				check.Finding{Start: n.Start(), End: n.End(), Message: "Python 2 " + strings.TrimSuffix(t, "_statement") + " statement"}))
		}
		defs++
		if doclint.HasDocstring(n.Field("body")) {
			continue
		}
		kind := "function"
		if n.Type() == "class_definition" {
			kind = "class"
		}
		at, name := n, n.Field("name")
		if name.Valid() {
			at = name
		}
		findings = append(findings, check.Finding{Start: at.Start(), End: at.End(), Message: fmt.Sprintf("%s %q has no docstring", kind, name.Text())})
	}
	sort.SliceStable(findings, func(i, j int) bool { return findings[i].Start < findings[j].Start })
	carry(findings, nil, func(i int) bool { return docConversionSafe(u, lang.Python, findings[i].Start, findings[i].Start) })
	if len(findings) > 0 {
		return check.Failed(fmt.Sprintf("%d of %d functions/classes lack a docstring", len(findings), defs), findings...)
	}
	return check.Passed(fmt.Sprintf("all %d functions/classes have docstrings", defs))
}

// pySyntaxError returns the first parse error (or missing node), if any.
func pySyntaxError(root syntax.Node, m *work.Meter) syntax.Node {
	if !root.HasError() {
		return syntax.Node{}
	}
	var bad syntax.Node
	root.Walk(func(n syntax.Node) bool {
		m.Add(1)
		if bad.Valid() || !n.HasError() {
			return false
		}
		if n.IsError() || n.IsMissing() {
			bad = n
			return false
		}
		return true
	})
	if !bad.Valid() {
		return root
	}
	return bad
}

// notADefinition is a docstring finding that names no definition (the
// code does not parse as Python 3), which no docstring fixes.
func notADefinition(f check.Finding) check.Finding {
	f.NoFix = "not a definition (" + f.Message + "); the code must be valid Python 3 before docstrings can be added"
	return f
}
