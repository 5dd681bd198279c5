package verify

// Comments are not code, with two kinds of exception the safety stage
// refuses without a test command:
//
//   - text that becomes a test: Rust doc comments (///, //!, /** */,
//     /*! */) are markdown whose code blocks rustdoc compiles and runs
//     under `cargo test`, so a conversion that puts a fenced (```, ~~~)
//     or indented code block into a doc comment adds a doctest. Python
//     docstrings are collected by `pytest --doctest-modules` and
//     `doctest.testmod()`: whether a repository runs them is configured
//     in files iflint does not interpret, so a new ">>>" example in a
//     docstring is refused as if a doctest runner were always used. Go
//     runs an Example function's "// Output:" comment as its test, so no
//     comment inside an Example function may change. Java (Javadoc), C,
//     C++ and JavaScript comments are never executed.
//   - comments the toolchain reads: Go directives (//go:build,
//     //go:generate, //go:embed, //line, //export, // +build) and the
//     preamble of a cgo file, a Python coding cookie or shebang, and
//     JavaScript/TypeScript pragmas (// @ts-ignore, /// <reference>,
//     /*#__PURE__*/, webpack magic comments, sourceMappingURL). These
//     must stay exactly as they were.
//
// Removing a doctest is allowed: it removes a test, not behaviour.

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// docHazard says why the comment changes between oa and na (of units
// old and new) are not safe without tests, or "".
func docHazard(old, new *check.Unit, id lang.ID, oa, na atoms) string {
	if sameDocs(oa.docs, na.docs) && len(oa.docs) == len(na.docs) {
		return ""
	}
	added := func(o, n []docItem) (docItem, bool) {
		have := map[string]int{}
		for _, it := range o {
			have[it.key]++
		}
		for _, it := range n {
			if have[it.key] > 0 {
				have[it.key]--
				continue
			}
			return it, true
		}
		return docItem{}, false
	}
	on, nn := docTests(old, id, oa.docs), docTests(new, id, na.docs)
	if it, ok := added(on, nn); ok {
		line, _ := new.Position(it.start)
		return fmt.Sprintf("the comment on line %d %s", line, it.what)
	}
	od, nd := directives(old, id, oa.docs), directives(new, id, na.docs)
	if it, ok := added(od, nd); ok {
		line, _ := new.Position(it.start)
		return fmt.Sprintf("the comment on line %d is %s, which the toolchain reads", line, it.what)
	}
	if it, ok := added(nd, od); ok {
		line, _ := old.Position(it.start)
		return fmt.Sprintf("the change touches %s (line %d of the original), which the toolchain reads", it.what, line)
	}
	return ""
}

// docItem is a doctest or directive found in a comment: key identifies
// it across the original and the candidate, what describes it.
type docItem struct {
	key   string
	what  string
	start int
}

// docTests lists the doctests the comments of u hold.
func docTests(u *check.Unit, id lang.ID, docs []atom) []docItem {
	var out []docItem
	switch id {
	case lang.Rust:
		for _, b := range rustDocBlocks(u, docs) {
			for _, code := range markdownCode(b.text) {
				out = append(out, docItem{key: code, what: "would become a Rust doc comment with a code block, which `cargo test` compiles and runs as a doctest", start: b.start})
			}
		}
	case lang.Python:
		for _, d := range docs {
			if d.typ != "expression_statement" {
				continue
			}
			for _, l := range strings.Split(d.text, "\n") {
				if t := strings.TrimSpace(l); strings.HasPrefix(t, ">>>") {
					out = append(out, docItem{key: t, what: "would become a docstring with a \">>>\" example, which a doctest runner (pytest --doctest-modules, doctest.testmod) runs", start: d.start})
				}
			}
		}
	case lang.Go:
		for _, d := range docs {
			if fn := enclosingFunc(d.node); fn != "" && strings.HasPrefix(fn, "Example") {
				out = append(out, docItem{key: fn + "\x00" + d.text, what: "is inside " + fn + ", whose \"Output:\" comment `go test` checks", start: d.start})
			}
		}
	}
	return out
}

func enclosingFunc(n syntax.Node) string {
	for a := n.Parent(); a.Valid(); a = a.Parent() {
		if t := a.Type(); t == "function_declaration" || t == "method_declaration" {
			return a.Field("name").Text()
		}
	}
	return ""
}

// docBlock is the markdown text of one Rust doc comment: a run of
// consecutive /// (or //!) lines, or one /** */ (or /*! */) comment.
type docBlock struct {
	text  string
	start int
}

func rustDocBlocks(u *check.Unit, docs []atom) []docBlock {
	var out []docBlock
	lastLine, lastKind := -2, ""
	for _, d := range docs {
		line, _ := u.Position(d.start)
		var kind, body string
		switch t := d.text; {
		case strings.HasPrefix(t, "///") && !strings.HasPrefix(t, "////"):
			kind, body = "///", strings.TrimPrefix(t, "///")
		case strings.HasPrefix(t, "//!"):
			kind, body = "//!", strings.TrimPrefix(t, "//!")
		case (strings.HasPrefix(t, "/**") && !strings.HasPrefix(t, "/***") && t != "/**/") || strings.HasPrefix(t, "/*!"):
			body = strings.TrimSuffix(t[3:], "*/")
			var lines []string
			for _, l := range strings.Split(body, "\n") {
				l = strings.TrimLeft(l, " \t")
				l = strings.TrimPrefix(l, "*")
				lines = append(lines, strings.TrimPrefix(l, " "))
			}
			out = append(out, docBlock{strings.Join(lines, "\n"), d.start})
			lastLine = -2
			continue
		default:
			lastLine = -2
			continue
		}
		body = strings.TrimSuffix(strings.TrimPrefix(body, " "), "\n")
		if kind == lastKind && line == lastLine+1 && len(out) > 0 {
			out[len(out)-1].text += "\n" + body
		} else {
			out = append(out, docBlock{body, d.start})
		}
		lastLine, lastKind = line, kind
	}
	return out
}

// markdownCode returns the code blocks of markdown text that rustdoc
// runs: fenced blocks whose info string is empty or names only Rust
// attributes, and indented blocks (four spaces or a tab after a blank
// line or at the start).
func markdownCode(text string) []string {
	var out []string
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		t := strings.TrimLeft(l, " ")
		if len(l)-len(t) <= 3 && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")) {
			fence := t[:3]
			info := strings.TrimSpace(strings.TrimLeft(t, fence[:1]))
			var body []string
			for i++; i < len(lines); i++ {
				if strings.HasPrefix(strings.TrimSpace(lines[i]), fence) {
					break
				}
				body = append(body, lines[i])
			}
			if rustInfo(info) {
				out = append(out, "fence "+info+"\n"+strings.Join(body, "\n"))
			}
			continue
		}
		if indented(l) && strings.TrimSpace(l) != "" && (i == 0 || strings.TrimSpace(lines[i-1]) == "") {
			var body []string
			for ; i < len(lines) && (indented(lines[i]) || strings.TrimSpace(lines[i]) == ""); i++ {
				body = append(body, strings.TrimSpace(lines[i]))
			}
			i-- // the line that ended the block is read again
			out = append(out, "indented\n"+strings.TrimSpace(strings.Join(body, "\n")))
		}
	}
	return out
}

func indented(l string) bool { return strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t") }

// rustInfo reports whether rustdoc treats a fence's info string as Rust
// code it compiles: no words, or only rustdoc's own attributes.
func rustInfo(info string) bool {
	for _, w := range strings.FieldsFunc(info, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		switch {
		case w == "rust", w == "should_panic", w == "no_run", w == "compile_fail", w == "test_harness", w == "standalone_crate",
			strings.HasPrefix(w, "edition"), rustErrorCode.MatchString(w):
		default:
			return false // ignore, text and other languages are not compiled
		}
	}
	return true
}

var rustErrorCode = regexp.MustCompile(`^E\d{4}$`)

// directives lists the comments of u that a toolchain reads.
func directives(u *check.Unit, id lang.ID, docs []atom) []docItem {
	var out []docItem
	add := func(d atom, what string) {
		out = append(out, docItem{key: d.text, what: what, start: d.start})
	}
	switch id {
	case lang.Go:
		cgo := strings.Contains(string(u.Src), `import "C"`) || strings.Contains(string(u.Src), "\t\"C\"\n")
		for _, d := range docs {
			switch t := d.text; {
			case cgo:
				add(d, "a comment of a cgo file (its preamble is C code)")
			case strings.HasPrefix(t, "//go:") || strings.HasPrefix(t, "//line ") || strings.HasPrefix(t, "/*line ") ||
				strings.HasPrefix(t, "//export ") || strings.HasPrefix(t, "//extern ") || strings.HasPrefix(t, "// +build"):
				add(d, fmt.Sprintf("the directive %q", firstLine(t)))
			}
		}
	case lang.Python:
		for _, d := range docs {
			line, _ := u.Position(d.start)
			if d.typ == "comment" && (line == 1 && strings.HasPrefix(d.text, "#!") || line <= 2 && pyCoding.MatchString(d.text)) {
				add(d, fmt.Sprintf("the interpreter line or coding declaration %q", d.text))
			}
		}
	case lang.JavaScript, lang.TypeScript:
		for _, d := range docs {
			for _, p := range jsPragmas {
				if strings.Contains(d.text, p) {
					add(d, fmt.Sprintf("the pragma %q", firstLine(d.text)))
					break
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

var pyCoding = regexp.MustCompile(`^#.*coding[:=]\s*[-\w.]+`)

var jsPragmas = []string{"@ts-", "<reference", "sourceMappingURL", "__PURE__", "webpack", "@jsx", "@flow", "@vite-ignore", "istanbul ignore"}
