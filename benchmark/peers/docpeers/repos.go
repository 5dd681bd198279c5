package main

// Real repositories: each language's files are checked by iflint's lint
// rule and by the peer with default options, and compared declaration by
// declaration over the declarations both check.

import (
	"context"
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
	"github.com/iflint/iflint/internal/syntax"
)

func repos(w io.Writer, dirs []string) error {
	fmt.Fprintln(w, "### Real repositories")
	fmt.Fprintln(w)
	printHeader(w, "repository (peer)")
	type row struct {
		name string
		t    *tally
	}
	var rows []row
	for _, d := range dirs {
		files := map[string][]string{}
		err := filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.IsDir() {
				if n := e.Name(); p != d && (strings.HasPrefix(n, ".") || n == "vendor" || n == "node_modules" || n == "testdata" || n == "target") {
					return filepath.SkipDir
				}
				return nil
			}
			ext := filepath.Ext(p)
			files[ext] = append(files[ext], p)
			return nil
		})
		if err != nil {
			return err
		}
		base := filepath.Base(d)
		if len(files[".go"]) > 0 {
			t, err := goRepo(d, files[".go"])
			if err != nil {
				return err
			}
			rows = append(rows, row{base + " (revive exported)", t})
		}
		if len(files[".java"]) > 0 {
			t, err := javaRepo(files[".java"])
			if err != nil {
				return err
			}
			rows = append(rows, row{base + " (checkstyle MissingJavadocType/Method, JavadocMethod)", t})
		}
		if len(files[".py"]) > 0 {
			t, err := pyRepo(d, files[".py"])
			if err != nil {
				return err
			}
			rows = append(rows, row{base + " (pydocstyle D100-D107, D419)", t})
		}
		if len(files[".rs"]) > 0 {
			t, err := rustRepo(d, files[".rs"])
			if err != nil {
				return err
			}
			rows = append(rows, row{base + " (rustc missing_docs, crates that compile here)", t})
		}
	}
	for _, r := range rows {
		printTally(w, r.name, r.t)
	}
	fmt.Fprintln(w)
	for _, r := range rows {
		printDetails(w, r.name, r.t)
	}
	return nil
}

func goRepo(dir string, files []string) (*tally, error) {
	t := &tally{}
	if !have(*reviveBin) {
		t.notes = append(t.notes, "unverified: revive is not installed")
		return t, nil
	}
	fails, err := runRevive(dir, "./...")
	if err != nil {
		return nil, err
	}
	byFile := map[string][]reviveFailure{}
	for _, f := range fails {
		p := f.Position.Start.Filename
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		byFile[filepath.Clean(p)] = append(byFile[filepath.Clean(p)], f)
	}
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, src, parser.ParseComments)
		if err != nil {
			t.exclude("the file does not parse with go/parser")
			continue
		}
		if strings.HasSuffix(p, "_test.go") || f.Name.Name == "main" || goGeneratedFile(src) {
			continue // neither checks it: not importable, or generated
		}
		cases := goCases(fset, f)
		if ok, err := build.Default.MatchFile(filepath.Dir(p), filepath.Base(p)); err == nil && !ok {
			for _, c := range cases {
				if c.exported {
					t.exclude("in a file build constraints exclude on this platform, which revive does not read (iflint checks it)")
				}
			}
			continue
		}
		issues, u, err := iflintGo(p, src)
		if err != nil {
			return nil, err
		}
		for _, is := range issues {
			l, _ := u.Position(is.Start)
			for _, c := range assign(cases, l) {
				c.iflint = append(c.iflint, iflintGoKind(is.Problem))
			}
		}
		for _, fl := range byFile[filepath.Clean(p)] {
			if fl.RuleName != "exported" {
				continue
			}
			k := goKind(fl.Failure)
			if k == "" || k == "stutter" {
				continue
			}
			for _, c := range assign(cases, fl.Position.Start.Line) {
				c.peer = append(c.peer, k)
			}
		}
		rel, _ := filepath.Rel(dir, p)
		for _, c := range cases {
			if c.exported {
				t.add(c.iflint, c.peer, fmt.Sprintf("%s:%d %s", rel, c.lo, c.name))
			}
		}
	}
	return t, nil
}

func goGeneratedFile(src []byte) bool {
	for _, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(l, "// Code generated ") && strings.HasSuffix(l, " DO NOT EDIT.") {
			return true
		}
	}
	return false
}

func javaRepo(files []string) (*tally, error) {
	t := &tally{}
	if !have(*checkstyleBin) {
		t.notes = append(t.notes, "unverified: checkstyle is not installed")
		return t, nil
	}
	sort.Strings(files)
	found, failed, err := runCheckstyle([]string{"MissingJavadocType", "MissingJavadocMethod", "JavadocMethod"}, files)
	if err != nil {
		return nil, err
	}
	for _, p := range files {
		if failed[p] {
			t.exclude("checkstyle 8.36 cannot parse the file")
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		cases, err := javaCases(src)
		if err != nil {
			return nil, err
		}
		issues, u, err := iflintJava(p, src)
		if err != nil {
			return nil, err
		}
		for _, is := range issues {
			l, _ := u.Position(is.Start)
			for _, c := range javaAssign(cases, l) {
				c.iflint = append(c.iflint, iflintJavaKey(is))
			}
		}
		for _, f := range found[p] {
			if f.key == "" {
				continue
			}
			for _, c := range javaAssign(cases, f.line) {
				c.peer = append(c.peer, f.key)
			}
		}
		for _, c := range cases {
			t.add(c.iflint, c.peer, fmt.Sprintf("%s:%d %s", p, c.lo, c.name))
		}
	}
	return t, nil
}

var pydocstyleRE = regexp.MustCompile(`^(.+?):(\d+) `)
var pyCodeRE = regexp.MustCompile(`^\s+(D\d{3}):`)

type pyCase struct {
	name          string
	lo, hi        int
	module        bool
	iflint        []string
	peer          []string
	noqa          bool
	aliasOverload bool // @t.overload: pydocstyle 6.2.3 knows only a bare @overload
}

func pyRepo(dir string, files []string) (*tally, error) {
	t := &tally{}
	if !have(*pydocstyleBin) {
		t.notes = append(t.notes, "unverified: pydocstyle is not installed")
		return t, nil
	}
	cmd := exec.Command(*pydocstyleBin, "--select=D100,D101,D102,D103,D104,D105,D106,D107,D419", ".")
	cmd.Dir = dir
	out, _ := cmd.Output() // exits 1 when it reports
	found := map[string][]csFinding{}
	var cur string
	var line int
	for _, l := range strings.Split(string(out), "\n") {
		if m := pydocstyleRE.FindStringSubmatch(l); m != nil && !strings.HasPrefix(l, " ") {
			cur = filepath.Clean(filepath.Join(dir, m[1]))
			line, _ = strconv.Atoi(m[2])
			continue
		}
		if m := pyCodeRE.FindStringSubmatch(l); m != nil && cur != "" {
			found[cur] = append(found[cur], csFinding{line: line, key: m[1]})
		}
	}
	codeRE := regexp.MustCompile(`\((D\d{3})\)`)
	for _, p := range files {
		rel, _ := filepath.Rel(dir, p)
		if strings.HasPrefix(filepath.Base(p), "test_") {
			continue // pydocstyle's default --match skips it, and iflint does too
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		tr, err := syntax.Parse(context.Background(), lang.Python, src)
		if err != nil {
			return nil, err
		}
		cases := []*pyCase{{name: "(module)", module: true}}
		lines := strings.Split(string(src), "\n")
		tr.Root().Walk(func(n syntax.Node) bool {
			if t := n.Type(); t != "function_definition" && t != "class_definition" {
				return true
			}
			c := &pyCase{name: n.Field("name").Text(), lo: n.StartPoint().Row + 1, hi: n.Field("body").StartPoint().Row + 1}
			if first := n.Field("body").NamedChild(0); first.Valid() {
				c.hi = max(c.hi, first.EndPoint().Row+1)
			}
			c.noqa = c.lo-1 < len(lines) && strings.Contains(lines[c.lo-1], "# noqa")
			if p := n.Parent(); p.Type() == "decorated_definition" {
				for _, d := range p.Children() {
					if t := strings.TrimSpace(d.Text()); d.Type() == "decorator" && strings.HasSuffix(t, ".overload") {
						c.aliasOverload = true
					}
				}
			}
			cases = append(cases, c)
			return true
		})
		pick := func(l int, module bool) []*pyCase {
			if module {
				return cases[:1]
			}
			var best *pyCase
			for _, c := range cases[1:] {
				if c.lo <= l && l <= c.hi && (best == nil || c.lo > best.lo) {
					best = c
				}
			}
			if best == nil {
				return nil
			}
			return []*pyCase{best}
		}
		u := check.NewUnit(context.Background(), rel, src, check.Lint)
		ds, _ := doclint.StyleFor("python docstring")
		issues, _, err := doclint.Issues(u, ds)
		if err != nil {
			return nil, err
		}
		for _, is := range issues {
			l, _ := u.Position(is.Start)
			code := "?"
			if m := codeRE.FindStringSubmatch(is.Message); m != nil {
				code = m[1]
			}
			for _, c := range pick(l, is.Kind == "module" || is.Kind == "package") {
				c.iflint = append(c.iflint, code)
			}
		}
		for _, f := range found[filepath.Clean(p)] {
			for _, c := range pick(f.line, f.key == "D100" || f.key == "D104") {
				c.peer = append(c.peer, f.key)
			}
		}
		for _, c := range cases {
			if c.aliasOverload {
				t.exclude("an @overload stub spelt through a module (`@t.overload`): iflint does not check it, pydocstyle 6.2.3 does (its own D418 says an overload takes no docstring)")
				continue
			}
			if c.noqa && len(c.peer) == 0 && len(c.iflint) > 0 {
				t.exclude("suppressed by a `# noqa` comment on the definition (suppressions are the engine's, not the rule's)")
				continue
			}
			t.add(c.iflint, c.peer, fmt.Sprintf("%s:%d %s", rel, c.lo, c.name))
		}
	}
	return t, nil
}
