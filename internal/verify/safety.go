package verify

// The safety stage stands in for the tests when there are none. Without
// a test command nothing runs the program, so a candidate is kept only
// when its kind of change cannot alter what the program does, whatever
// the rest of the repository holds:
//
//   - layout: the same tokens, only the blanks between them differ (the
//     syntax stage already holds the block structure; blanks inside a
//     string literal are part of the token and count as code);
//   - comments and docstrings, unless the change creates a doctest the
//     language's tooling runs or touches a comment the toolchain reads
//     (safety_docs.go);
//   - a rename of a name that is provably local (safety_names.go).
//
// Anything else (an LLM's rewrite of code, above all) needs a test
// command. The stage compares the candidate's syntax tree with the
// original's token by token, so it judges what changed, not which fixer
// claims to have changed it.

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/naming"
	"github.com/iflint/iflint/internal/syntax"
)

// Elsewhere answers what the safety stage must know about the files of
// the repository other than the candidate's.
type Elsewhere interface {
	// Mentions returns, sorted, the repository's files other than path
	// whose text holds word as a whole word (identifier characters on
	// neither side): code, tests, scripts, HTML, strings and comments
	// alike. An error means the repository could not be read.
	Mentions(path, word string) ([]string, error)
}

// Safety is the safety stage of a candidate (new replacing old, both in
// language id) when no test command is configured; see the top of this
// file for what it keeps. other may be nil when the repository's other
// files are unknown: then only function-local renames are kept.
func Safety(old, new *check.Unit, id lang.ID, other Elsewhere) StageResult {
	res := StageResult{Stage: StageSafety}
	refuse := func(format string, args ...any) StageResult {
		res.Detail = fmt.Sprintf(format, args...) + "; without a test command nothing proves it keeps what the program does"
		return res
	}
	if bytes.Equal(old.Src, new.Src) {
		res.Passed = true
		return res
	}
	if !syntax.Supported(id) {
		return refuse("no grammar for %s, so the change cannot be shown to be layout, comments or a local rename", id)
	}
	ot, err := old.Tree(id)
	if err != nil {
		return refuse("the original does not parse as %s (%v)", id, err)
	}
	nt, err := new.Tree(id)
	if err != nil {
		return refuse("the candidate does not parse as %s (%v)", id, err)
	}
	oa, na := atomsOf(ot.Root(), old.Src, id), atomsOf(nt.Root(), new.Src, id)
	renames, where := diffCode(oa.code, na.code)
	if where >= 0 {
		line, _ := new.Position(where)
		return refuse("the candidate changes code on line %d, not only layout, comments or names", line)
	}
	if why := docHazard(old, new, id, oa, na); why != "" {
		return refuse("%s", why)
	}
	for _, rn := range renames {
		if why := renameRisk(old, new, id, rn, oa, na, other); why != "" {
			res.Detail = why
			return res
		}
	}
	res.Passed, res.Proof = true, ProofSyntaxTree
	switch {
	case len(renames) > 0:
		res.Detail = "renames only names provably local"
	case len(oa.docs) != len(na.docs) || !sameDocs(oa.docs, na.docs):
		res.Detail = "changes only comments"
	default:
		res.Detail = "changes only layout"
	}
	return res
}

// atom is one token of a file: a leaf of the tree, the text between the
// children of a string literal, or a whole comment or docstring.
type atom struct {
	typ   string
	text  string
	start int
	ident bool
	node  syntax.Node
}

type atoms struct {
	code []atom // everything but comments and docstrings, in order
	docs []atom // comments and docstrings, in order
}

func atomsOf(root syntax.Node, src []byte, id lang.ID) atoms {
	var a atoms
	var walk func(n syntax.Node)
	walk = func(n syntax.Node) {
		t := n.Type()
		if strings.Contains(t, "comment") || (id == lang.Python && isDocstring(n)) {
			a.docs = append(a.docs, atom{typ: t, text: n.Text(), start: n.Start(), node: n})
			return
		}
		if n.ChildCount() == 0 {
			a.code = append(a.code, atom{typ: t, text: n.Text(), start: n.Start(), ident: naming.IsIdentifier(n), node: n})
			return
		}
		literal := isLiteral(t)
		gap := func(from, to int) {
			if from >= to {
				return
			}
			g := string(src[from:to])
			if literal || strings.TrimSpace(g) != "" {
				a.code = append(a.code, atom{typ: "text of " + t, text: g, start: from})
			}
		}
		at := n.Start()
		for _, c := range n.Children() {
			gap(at, c.Start())
			walk(c)
			at = max(at, c.End())
		}
		gap(at, n.End())
	}
	walk(root)
	return a
}

// isLiteral reports whether the text between a node's children is data:
// the content of a string, character, regular expression or heredoc.
func isLiteral(t string) bool {
	if t == "concatenated_string" {
		return false // its parts are literals; between them are blanks
	}
	for _, s := range []string{"string", "heredoc", "char", "rune", "regex", "text_block", "template"} {
		if strings.Contains(t, s) && !strings.Contains(t, "argument") && !strings.Contains(t, "parameter") && !strings.Contains(t, "declaration") {
			return true
		}
	}
	return false
}

// isDocstring reports whether n is a Python docstring: a string alone in
// the first statement of a module, class or function body.
func isDocstring(n syntax.Node) bool {
	if n.Type() != "expression_statement" || n.NamedChildCount() != 1 {
		return false
	}
	if s := n.NamedChild(0).Type(); s != "string" && s != "concatenated_string" {
		return false
	}
	p := n.Parent()
	switch p.Type() {
	case "module":
	case "block":
		if g := p.Parent().Type(); g != "function_definition" && g != "class_definition" {
			return false
		}
	default:
		return false
	}
	for i := 0; i < p.NamedChildCount(); i++ {
		c := p.NamedChild(i)
		if strings.Contains(c.Type(), "comment") {
			continue
		}
		return c.Start() == n.Start()
	}
	return false
}

// rename is one spelling the candidate respells at every occurrence.
type rename struct {
	old, new string
	at       []int // indices of the respelled code atoms
}

// diffCode compares the code tokens of the original and the candidate.
// It returns the renames when the two differ only in identifiers, and
// where (an offset in the candidate, or the end of its last token) they
// first differ otherwise; where is -1 when they do not.
func diffCode(o, n []atom) ([]rename, int) {
	if len(o) != len(n) {
		i := 0
		for i < len(o) && i < len(n) && o[i].typ == n[i].typ && o[i].text == n[i].text {
			i++
		}
		if i < len(n) {
			return nil, n[i].start
		}
		if len(n) > 0 {
			return nil, n[len(n)-1].start
		}
		return nil, 0
	}
	var out []rename
	seen := map[string]int{}
	for i := range o {
		a, b := o[i], n[i]
		if a.typ == b.typ && a.text == b.text {
			continue
		}
		if !a.ident || !b.ident || a.typ != b.typ {
			return nil, b.start
		}
		if prev, ok := seen[a.text]; ok {
			if out[prev].new != b.text {
				return nil, b.start // one spelling respelled two ways
			}
			out[prev].at = append(out[prev].at, i)
			continue
		}
		seen[a.text] = len(out)
		out = append(out, rename{a.text, b.text, []int{i}})
	}
	return out, -1
}

func sameDocs(a, b []atom) bool {
	for i := range a {
		if a[i].text != b[i].text {
			return false
		}
	}
	return true
}

// isWordByte reports whether c continues an identifier (ASCII letters,
// digits, _ and $, and every byte of a multi-byte character).
func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= 0x80 || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// hasWord reports whether s holds w with no identifier character on
// either side.
func hasWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		if (j == 0 || !isWordByte(s[j-1])) && (end == len(s) || !isWordByte(s[end])) {
			return true
		}
		i = j + 1
	}
}
