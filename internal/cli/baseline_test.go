package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/newcode"
	"github.com/iflint/iflint/internal/syntax"
)

// TestBaselineAcceptance is issue 14's acceptance for baselines, on every
// fix-track task and on a generated tree: after -write-baseline, a run
// with -baseline reports 0 findings; moving a baselined declaration at
// least 40 lines down still reports 0; adding one new violation (a copy
// of a declaration holding exactly one finding, renamed when the finding
// is about its name) reports exactly 1.
func TestBaselineAcceptance(t *testing.T) {
	tasks, err := filepath.Glob(filepath.Join("..", "..", "benchmark", "fix", "tasks", "*"))
	if err != nil || len(tasks) == 0 {
		t.Fatalf("no fix-track tasks: %v", err)
	}
	moved, added := 0, 0
	for _, task := range tasks {
		t.Run(filepath.Base(task), func(t *testing.T) {
			dir := t.TempDir()
			copyTree(t, task, dir)
			m, a := baselineRoundTrip(t, dir)
			moved += m
			added += a
		})
	}
	t.Run("generated", func(t *testing.T) {
		dir := t.TempDir()
		generateTree(t, dir, 40)
		m, a := baselineRoundTrip(t, dir)
		moved += m
		added += a
	})
	t.Logf("%d trees: %d moved declarations, %d added violations, all as expected", len(tasks)+1, moved, added)
	// Every tree has findings to move. Two tasks' rules (Javadoc and
	// Rustdoc comment forms) report only the first undocumented item, so
	// no edit adds exactly one finding there.
	if moved < len(tasks)+1 || added < len(tasks)+1-2 {
		t.Errorf("only %d moves and %d additions exercised over %d trees", moved, added, len(tasks)+1)
	}
}

// baselineRoundTrip runs the three steps in dir and returns how many
// moves and additions it exercised (0 or 1 each).
func baselineRoundTrip(t *testing.T, dir string) (moved, added int) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil { // the repository root
		t.Fatal(err)
	}
	bl := filepath.Join(dir, ".git", "baseline.json")
	run := func(args ...string) (int, *engine.Result, string) {
		var out, errb bytes.Buffer
		cmd := &Command{Stdout: &out, Stderr: &errb, Dir: dir, Getenv: func(string) string { return "" }, BuildInfo: testBuildInfo}
		code := cmd.Main(context.Background(), append([]string{"check", "-format", "json", "-fail-on", "any"}, args...))
		var res engine.Result
		if code == ExitClean || code == ExitFindings {
			if err := json.Unmarshal(out.Bytes(), &res); err != nil {
				t.Fatalf("%v: %v\n%s", args, err, out.String())
			}
		}
		return code, &res, errb.String()
	}
	code, before, errs := run()
	if code != ExitFindings {
		t.Fatalf("the tree has no findings (exit %d):\n%s", code, errs)
	}
	if code, _, errs := run("-write-baseline", bl); code != ExitClean {
		t.Fatalf("-write-baseline: exit %d\n%s", code, errs)
	}
	if code, res, errs := run("-baseline", bl); code != ExitClean || len(res.Diagnostics) != 0 {
		t.Fatalf("-baseline right after -write-baseline: exit %d, %d findings\n%s", code, len(res.Diagnostics), errs)
	}

	// Move the declaration holding the first finding that is in one
	// 40 lines down: first by inserting 40 lines above it (order kept),
	// then by moving it below the rest of the file after 40 blank lines.
	var d engine.Diagnostic
	var path string
	var orig, src []byte
	var shifted []byte
	for _, d = range before.Diagnostics {
		path = filepath.Join(dir, filepath.FromSlash(d.Path))
		orig = readFile(t, path)
		var ok bool
		if src, shifted, ok = moveDown(t, d.Path, orig, d.Line, 40); ok {
			break
		}
	}
	if src == nil {
		t.Fatalf("%s: no finding is inside a declaration to move", t.Name())
	}
	// Rules that report only their first violation (the Rustdoc and
	// Javadoc checks report the first undocumented item) report another
	// item when the declaration moves past the others.
	firstOnly := strings.Contains(string(readFile(t, filepath.Join(dir, ".iflint.yml"))), "comment_formatting")
	for _, m := range []struct {
		how string
		src []byte
	}{{"inserting 40 lines above", shifted}, {"moving it below the rest of the file, 40 lines down,", src}} {
		if firstOnly && m.how != "inserting 40 lines above" {
			continue
		}
		writeFile(t, path, string(m.src))
		code, res, errs := run("-baseline", bl)
		if code != ExitClean || len(res.Diagnostics) != 0 {
			t.Errorf("after %s the declaration at %s:%d: exit %d, findings %v\n%s", m.how, d.Path, d.Line, code, res.Diagnostics, errs)
		}
	}
	moved = 1
	writeFile(t, path, string(orig))

	// Add one new violation: the first edit that adds exactly one
	// finding to a plain check (verified), after which the baseline run
	// must report exactly that one.
	for _, e := range newViolations(t, dir, before.Diagnostics) {
		path := filepath.Join(dir, filepath.FromSlash(e.path))
		src := readFile(t, path)
		if breaksParse(t, e.path, src, e.src) {
			continue // code nobody would commit: fingerprints name declarations
		}
		writeFile(t, path, string(e.src))
		if _, plain, _ := run(); len(plain.Diagnostics) != len(before.Diagnostics)+1 {
			writeFile(t, path, string(src))
			continue // not exactly one new violation; try the next edit
		}
		code, res, errs := run("-baseline", bl)
		if code != ExitFindings || len(res.Diagnostics) != 1 {
			t.Errorf("after %s: exit %d, %d findings, want 1:\n%v\n%s", e.what, code, len(res.Diagnostics), res.Diagnostics, errs)
		}
		writeFile(t, path, string(src))
		return moved, 1
	}
	t.Logf("%s: no edit adds exactly one violation", t.Name())
	return moved, 0
}

// breaksParse reports whether after has syntax errors that before does
// not: a realistic new violation is code that still parses.
func breaksParse(t *testing.T, path string, before, after []byte) bool {
	in, ok := lang.ByPathContent(path, before)
	if !ok || !syntax.Supported(in.ID) {
		return false
	}
	b, err1 := syntax.Parse(context.Background(), in.ID, before)
	a, err2 := syntax.Parse(context.Background(), in.ID, after)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: parse: %v %v", path, err1, err2)
	}
	return a.HasError() && !b.HasError()
}

type edit struct {
	path, what string
	src        []byte
}

// newViolations proposes edits that should add one finding: a copy of a
// declaration holding a finding (renamed when the finding is about its
// name), a copy of a line with an indentation finding, a new badly named
// function.
func newViolations(t *testing.T, dir string, ds []engine.Diagnostic) []edit {
	var out []edit
	for _, d := range ds {
		src := readFile(t, filepath.Join(dir, filepath.FromSlash(d.Path)))
		if b, ok := duplicateDecl(t, d, ds, src); ok {
			out = append(out, edit{d.Path, fmt.Sprintf("copying the declaration of %s:%d (%s)", d.Path, d.Line, d.Message), b})
		}
		if s, e := newcode.Lines(d); d.Col == 1 && (d.Type == "indentation_spacing" || d.Type == "comment_formatting") {
			// A badly indented line or a comment of the wrong form, copied.
			ls := lines(src)
			if e <= len(ls) && strings.HasSuffix(ls[e-1], "\n") {
				b := strings.Join(ls[:e], "") + strings.Join(ls[s-1:e], "") + strings.Join(ls[e:], "")
				out = append(out, edit{d.Path, fmt.Sprintf("copying lines %s:%d-%d (%s)", d.Path, s, e, d.Message), []byte(b)})
			}
		}
	}
	return out
}

// declAt returns the outermost declaration-like node starting a line
// and containing line (1-based), with the comments and attributes
// directly above it, as a line range.
func declRange(t *testing.T, path string, src []byte, line int, outermost bool) (from, to int, name string, ok bool) {
	t.Helper()
	in, known := lang.ByPathContent(path, src)
	if !known {
		return 0, 0, "", false
	}
	tree, err := syntax.Parse(context.Background(), in.ID, src)
	if err != nil {
		return 0, 0, "", false
	}
	var best syntax.Node
	tree.Root().Walk(func(n syntax.Node) bool {
		s, e := n.StartPoint().Row+1, n.EndPoint().Row+1
		if s > line || e < line {
			return false
		}
		if n.IsNamed() && declLike.MatchString(n.Type()) && n.StartPoint().Col == indentOf(src, n.Start()) {
			if !best.Valid() || !outermost {
				best = n
			}
			if outermost {
				return false
			}
		}
		return true
	})
	if !best.Valid() && outermost {
		// A finding on a comment above a declaration (or about the whole
		// file): the next declaration, which takes its comments along.
		root := tree.Root()
		for i := 0; i < root.NamedChildCount(); i++ {
			if c := root.NamedChild(i); c.StartPoint().Row+1 > line && declLike.MatchString(c.Type()) {
				best = c
				break
			}
		}
	}
	if !best.Valid() {
		return 0, 0, "", false
	}
	from, to = best.StartPoint().Row+1, best.EndPoint().Row+1
	if best.EndPoint().Col == 0 {
		to--
	}
	for p := best.PrevSibling(); p.Valid() && (strings.Contains(p.Type(), "comment") || strings.Contains(p.Type(), "attribute")); p = p.PrevSibling() {
		end := p.EndPoint().Row + 1
		if p.EndPoint().Col == 0 {
			end--
		}
		if end < from-1 {
			break
		}
		from = p.StartPoint().Row + 1
	}
	if n := best.Field("name"); n.Valid() {
		name = n.Text()
	}
	return from, to, name, true
}

var quotedName = regexp.MustCompile(`name "([^"]+)"`)

var declLike = regexp.MustCompile(`^(function|method|class|struct|impl|interface|enum|constructor|type)_?(definition|declaration|item|specifier|spec)?$|^(function|method)_|_(definition|item)$|^(class|method|function|constructor)_declaration$|^decorated_definition$`)

// indentOf is the indentation (in bytes) of the line holding off: a
// declaration-like node counts only when it starts its line.
func indentOf(src []byte, off int) int {
	i := off
	for i > 0 && src[i-1] != '\n' {
		i--
	}
	n := 0
	for i+n < off && (src[i+n] == ' ' || src[i+n] == '\t') {
		n++
	}
	return n
}

func lines(src []byte) []string {
	return strings.SplitAfter(string(src), "\n")
}

// moveDown returns src with the outermost declaration holding line cut
// and pasted after n blank lines at the end of the file, and src with n
// blank lines inserted above that declaration.
func moveDown(t *testing.T, path string, src []byte, line, n int) (moved, shifted []byte, ok bool) {
	from, to, _, ok := declRange(t, path, src, line, true)
	if !ok {
		return nil, nil, false
	}
	ls := lines(src)
	shifted = []byte(strings.Join(ls[:from-1], "") + strings.Repeat("\n", n) + strings.Join(ls[from-1:], ""))
	block := strings.Join(ls[from-1:to], "")
	rest := strings.Join(ls[:from-1], "") + strings.Join(ls[to:], "")
	if !strings.HasSuffix(rest, "\n") {
		rest += "\n"
	}
	if !strings.HasSuffix(block, "\n") {
		block += "\n"
	}
	return []byte(rest + strings.Repeat("\n", n) + block), shifted, true
}

// duplicateDecl copies the innermost declaration holding d right after
// itself; a naming finding's copy is renamed so it is a new name breaking
// the same rule.
func duplicateDecl(t *testing.T, d engine.Diagnostic, _ []engine.Diagnostic, src []byte) ([]byte, bool) {
	from, to, _, ok := declRange(t, d.Path, src, d.Line, false)
	if !ok {
		return nil, false
	}
	name := ""
	if m := quotedName.FindStringSubmatch(d.Message); m != nil {
		name = m[1]
	}
	ls := lines(src)
	block := strings.Join(ls[from-1:to], "")
	if !strings.HasSuffix(block, "\n") {
		block += "\n"
	}
	if d.Type == "naming_convention" {
		if name == "" || !strings.Contains(block, name) {
			return nil, false
		}
		suffix := "Two"
		if strings.Contains(name, "_") {
			suffix = "_two"
		}
		block = regexp.MustCompile(`\b`+regexp.QuoteMeta(name)+`\b`).ReplaceAllString(block, name+suffix)
	}
	out := strings.Join(ls[:to], "")
	if !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	return []byte(out + "\n" + block + strings.Join(ls[to:], "")), true
}

// generateTree writes n files in four languages with a deterministic mix
// of well-named and badly named functions, some badly indented lines and
// misplaced braces, and a configuration for them.
func generateTree(t *testing.T, dir string, n int) {
	t.Helper()
	r := rand.New(rand.NewSource(14))
	words := []string{"load", "save", "parse", "render", "fetch", "merge", "split", "count", "build", "check"}
	name := func(i int, bad bool, snake bool) string {
		a, b := words[r.Intn(len(words))], words[r.Intn(len(words))]
		if snake != bad {
			return fmt.Sprintf("%s_%s_%d", a, b, i)
		}
		return fmt.Sprintf("%s%s%d", a, strings.ToUpper(b[:1])+b[1:], i)
	}
	writeFile(t, filepath.Join(dir, ".iflint.yml"), `constraints:
  - type: naming_convention
    spec: python;function:snake_case
  - type: indentation_spacing
    spec: python;spaces:4
  - type: naming_convention
    spec: go;function:camelCase
  - type: naming_convention
    spec: javascript;function:camelCase
  - type: brace_block_formatting
    spec: java;K&R
`)
	for f := 0; f < n; f++ {
		var b strings.Builder
		var p string
		switch f % 4 {
		case 0:
			p = fmt.Sprintf("py/mod%d.py", f)
			for i := 0; i < 6; i++ {
				indent := "    "
				if r.Intn(5) == 0 {
					indent = "  "
				}
				fmt.Fprintf(&b, "def %s(x):\n%sreturn x + %d\n\n\n", name(i, r.Intn(3) == 0, true), indent, i)
			}
		case 1:
			p = fmt.Sprintf("go/pkg%d/f.go", f)
			fmt.Fprintf(&b, "package pkg%d\n\n", f)
			for i := 0; i < 6; i++ {
				fmt.Fprintf(&b, "func %s() int {\n\treturn %d\n}\n\n", name(i, r.Intn(3) == 0, false), i)
			}
		case 2:
			p = fmt.Sprintf("js/m%d.js", f)
			for i := 0; i < 6; i++ {
				fmt.Fprintf(&b, "function %s(a) {\n  return a + %d;\n}\n\n", name(i, r.Intn(3) == 0, false), i)
			}
		case 3:
			p = fmt.Sprintf("java/C%d.java", f)
			fmt.Fprintf(&b, "class C%d {\n", f)
			for i := 0; i < 6; i++ {
				brace := " {\n"
				if r.Intn(4) == 0 {
					brace = "\n    {\n"
				}
				fmt.Fprintf(&b, "    int m%d()%s        return %d;\n    }\n\n", i, brace, i)
			}
			b.WriteString("}\n")
		}
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, full, b.String())
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
