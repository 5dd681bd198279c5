package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// Fingerprint identifies a finding without its line number, so that a
// finding that merely moved is recognised on re-runs (code scanning's
// partialFingerprints, the Action's comments, a baseline), while two
// findings that read alike stay apart. It is a pure function of the
// file's path, the constraint, the message, the enclosing declaration
// ("Calc.f": the names of the declarations around the finding, outer
// first), the finding's line with its whitespace normalized, and the
// occurrence index among the file's findings that agree on all of
// those, in source order: moving code keeps a fingerprint, and a second
// identical finding gets a new one.
func Fingerprint(path string, c constraint.Constraint, msg, decl, line string, occurrence int) string {
	return fingerprintOf(path, c, msg, decl, lineDigest(line), occurrence)
}

// lineDigest stands for a line in a fingerprint: the SHA-256 of its
// normalized text, computed once per line however many findings it holds
// (a minified line can hold thousands).
func lineDigest(line string) string {
	d := sha256.Sum256([]byte(normalizeLine(line)))
	return string(d[:])
}

func fingerprintOf(path string, c constraint.Constraint, msg, decl, digest string, occurrence int) string {
	h := sha256.New()
	for _, s := range []string{path, string(c.Type), c.Spec, msg, decl, digest, strconv.Itoa(occurrence)} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:20]
}

// normalizeLine collapses runs of white space, so that re-indenting a
// block keeps its findings' fingerprints.
func normalizeLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// fingerprint sets the Fingerprint of diags, the findings of one file
// (u), whose start offsets are starts. A file-level finding (an absence,
// such as no required call) has no line or declaration of its own: its
// fingerprint must not change with the file's first line.
func fingerprint(u *check.Unit, id lang.ID, local string, diags []Diagnostic, starts []int, fileLevel []bool) {
	if len(diags) == 0 {
		return
	}
	decls := declarations(u, id)
	li := linesOf(u)
	order := make([]int, len(diags))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return starts[order[a]] < starts[order[b]] })
	type key struct{ t, spec, msg, decl, line string }
	seen := map[key]int{}
	sweep := decls.sweep()
	for _, i := range order {
		d := &diags[i]
		k := key{t: string(d.Type), spec: d.Spec, msg: d.Message}
		if !fileLevel[i] {
			k.decl, k.line = sweep(starts[i]), li.digest(d.Line)
		} else {
			k.line = lineDigest("")
		}
		c := constraint.Constraint{Type: d.Type, Spec: d.Spec}
		d.Fingerprint = fingerprintOf(local, c, k.msg, k.decl, k.line, seen[k])
		seen[k]++
	}
}

// declSpan is a named declaration's byte range.
type declSpan struct {
	start, end int
	name       string
}

type declList []declSpan // outer before inner: sorted by start, longer first

// around names the declarations enclosing off, outer first ("A.f").
func (l declList) around(off int) string {
	var names []string
	for _, d := range l {
		if d.start > off {
			break
		}
		if off < d.end {
			names = append(names, d.name)
		}
	}
	return strings.Join(names, ".")
}

// sweep returns around for offsets asked in ascending order, in one pass
// over the list: the declarations, nested as syntax trees nest them, are
// kept on a stack of those open at the last offset.
func (l declList) sweep() func(off int) string {
	var open []declSpan
	next := 0
	return func(off int) string {
		for len(open) > 0 && open[len(open)-1].end <= off {
			open = open[:len(open)-1]
		}
		for ; next < len(l) && l[next].start <= off; next++ {
			if off < l[next].end {
				for len(open) > 0 && open[len(open)-1].end <= l[next].start {
					open = open[:len(open)-1]
				}
				open = append(open, l[next])
			}
		}
		names := make([]string, 0, len(open))
		for _, d := range open {
			if d.start <= off && off < d.end {
				names = append(names, d.name)
			}
		}
		return strings.Join(names, ".")
	}
}

// declarations lists the named declarations of u, in language id (a
// header's, from its content), from its syntax tree (functions, methods,
// classes, types, modules); none where there is no grammar or no parse.
func declarations(u *check.Unit, id lang.ID) declList {
	if !syntax.Supported(id) {
		return nil
	}
	t, err := u.AnyTree(id) // a rule's variant serves: same declarations, no second parse
	if err != nil {
		return nil
	}
	return collectDecls(t.Root(), declQuery(id))
}

// collectDecls lists the named declarations under root: the captures of
// q, or with q nil every node a walk finds that isDeclaration accepts.
func collectDecls(root syntax.Node, q *syntax.Query) declList {
	var out declList
	add := func(n syntax.Node) {
		if name := declName(n); name != "" {
			if recv := receiverType(n); recv != "" {
				name = recv + "." + name // Go: methods of two types may share a name
			}
			out = append(out, declSpan{n.Start(), n.End(), name})
		}
	}
	if q != nil {
		for _, c := range q.Captures(root) {
			add(c.Node)
		}
	} else {
		root.Walk(func(n syntax.Node) bool {
			if isDeclaration(n.Type()) {
				add(n)
			}
			return true
		})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].start != out[j].start {
			return out[i].start < out[j].start
		}
		return out[i].end > out[j].end
	})
	return out
}

var declQueries sync.Map // lang.ID → *syntax.Query (nil: walk the tree)

// declQuery is a node-type-list query for the named node types of id's
// grammar that isDeclaration accepts: one pass in C over a file with
// findings, where walking it calls back into Go for every node (most of
// a fingerprint's cost on a large file). nil when it cannot be built;
// declarations then walks the tree, with the same result.
func declQuery(id lang.ID) *syntax.Query {
	if q, ok := declQueries.Load(id); ok {
		return q.(*syntax.Query)
	}
	var q *syntax.Query
	if types, err := syntax.NamedTypes(id); err == nil {
		var alts []string
		for _, t := range types {
			if isDeclaration(t) {
				alts = append(alts, "("+t+")")
			}
		}
		if len(alts) > 0 {
			q, _ = syntax.CompileQuery(id, "["+strings.Join(alts, " ")+"] @d")
		}
	}
	declQueries.Store(id, q)
	return q
}

// declKinds and declSuffixes describe declaration node types across the
// tree-sitter grammars: function_definition (Python, C), class_declaration
// (Java, JS), method_declaration (Go, Java), function_item and impl_item
// (Rust), struct_specifier (C), type_spec (Go) ...; a call or a field is
// none of them.
var (
	declKinds    = []string{"function", "method", "class", "struct", "interface", "enum", "trait", "impl", "mod", "module", "namespace", "constructor", "type", "union", "object", "protocol"}
	declSuffixes = []string{"_definition", "_declaration", "_item", "_specifier", "_spec"}
)

func isDeclaration(typ string) bool {
	kind := ""
	for _, s := range declSuffixes {
		if k, ok := strings.CutSuffix(typ, s); ok {
			kind = k
			break
		}
	}
	if kind == "" {
		return false
	}
	for _, k := range declKinds {
		if kind == k || strings.HasSuffix(kind, "_"+k) || strings.HasPrefix(kind, k+"_") {
			return true
		}
	}
	return false
}

// receiverType is the type of a Go method's receiver: "Server" for
// func (s *Server[T]) f().
func receiverType(n syntax.Node) string {
	if n.Type() != "method_declaration" {
		return ""
	}
	r := n.Field("receiver")
	if !r.Valid() {
		return ""
	}
	s := strings.Trim(r.Text(), "()")
	if i := strings.IndexAny(s, "[,"); i >= 0 {
		s = s[:i]
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return strings.TrimLeft(f[len(f)-1], "*")
}

// declName is a declaration's name: its name field, a Rust impl's type,
// or the identifier at the bottom of a C declarator.
func declName(n syntax.Node) string {
	short := func(c syntax.Node) bool {
		return c.Valid() && len(c.Text()) <= 200 && !strings.ContainsAny(c.Text(), "\n{")
	}
	if c := n.Field("name"); short(c) {
		return c.Text()
	}
	for d := n.Field("declarator"); d.Valid(); d = d.Field("declarator") {
		if strings.Contains(d.Type(), "identifier") || d.Type() == "operator_name" || d.Type() == "destructor_name" {
			return d.Text()
		}
	}
	if n.Type() == "impl_item" {
		if c := n.Field("type"); short(c) {
			return c.Text()
		}
	}
	return ""
}
