package main

// Real repositories: per declaration, iflint against the ecosystem's
// linter where both check it, and an independent check that every iflint
// finding is at a name the file declares (Python's ast, go/ast,
// checkstyle's own naming checks, eslint's scope analysis).

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/naming"
)

// declKey locates one declared name.
type declKey struct {
	file string
	line int
	name string
}

// repoTally is one language's comparison on real code.
type repoTally struct {
	lang, peer, repos     string
	files                 int
	both, agree           int
	iflintFindings        int
	notDeclared           int
	peerOnly, iflintOnly  []string
	notDeclaredExamples   []string
	findingsForReview     []string
	iflintFlaggedBothSeen int
	peerFlaggedBothSeen   int
	// skipped files the peer cannot parse, left out of the comparison.
	skipped int
}

func (t *repoTally) row() {
	pct := 0.0
	if t.both > 0 {
		pct = 100 * float64(t.agree) / float64(t.both)
	}
	files := fmt.Sprint(t.files)
	if t.skipped > 0 {
		files = fmt.Sprintf("%d (%d the peer cannot parse left out)", t.files-t.skipped, t.skipped)
	}
	fmt.Printf("| %s | %s | %s | %d | %d / %d | %d | %.2f%% | %d | %d |\n", t.lang, t.repos, files, t.both,
		t.iflintFlaggedBothSeen, t.peerFlaggedBothSeen, t.agree, pct, t.iflintFindings, t.notDeclared)
	if *verbose {
		// Targets come from maps: sort for a stable listing.
		for _, l := range [][]string{t.iflintOnly, t.peerOnly, t.notDeclaredExamples, t.findingsForReview} {
			sort.Strings(l)
		}
		for _, s := range t.iflintOnly {
			fmt.Fprintf(os.Stderr, "  %s iflint only: %s\n", t.lang, s)
		}
		for _, s := range t.peerOnly {
			fmt.Fprintf(os.Stderr, "  %s %s only: %s\n", t.lang, t.peer, s)
		}
		for _, s := range t.notDeclaredExamples {
			fmt.Fprintf(os.Stderr, "  %s finding at a non-declaration: %s\n", t.lang, s)
		}
		for _, s := range t.findingsForReview {
			fmt.Fprintf(os.Stderr, "  %s finding: %s\n", t.lang, s)
		}
	}
}

// compare fills the agreement counts from iflint's checked declarations
// (those the peer also checks), iflint's verdicts and the peer's
// finding counts one iflint finding at k, for review, and whether the
// language's own tools see a declaration there.
func (t *repoTally) finding(k declKey, declared bool) {
	t.iflintFindings++
	at := fmt.Sprintf("%s:%d %s", k.file, k.line, k.name)
	t.findingsForReview = append(t.findingsForReview, at)
	if !declared {
		t.notDeclared++
		t.notDeclaredExamples = append(t.notDeclaredExamples, at)
	}
}

// findings.
func (t *repoTally) compare(checked map[declKey]bool, peer map[declKey]bool) {
	for k, flagged := range checked {
		t.both++
		if flagged {
			t.iflintFlaggedBothSeen++
		}
		if peer[k] {
			t.peerFlaggedBothSeen++
		}
		if flagged == peer[k] {
			t.agree++
		} else if flagged {
			t.iflintOnly = append(t.iflintOnly, fmt.Sprintf("%s:%d %s", k.file, k.line, k.name))
		} else {
			t.peerOnly = append(t.peerOnly, fmt.Sprintf("%s:%d %s", k.file, k.line, k.name))
		}
	}
	for k := range peer {
		if _, ok := checked[k]; !ok {
			t.both++
			t.peerFlaggedBothSeen++
			t.peerOnly = append(t.peerOnly, fmt.Sprintf("%s:%d %s (not checked by iflint)", k.file, k.line, k.name))
		}
	}
	sort.Strings(t.iflintOnly)
	sort.Strings(t.peerOnly)
}

func compareRepos(dir string) error {
	fmt.Println("| language | repositories | files | declarations compared | flagged (iflint / peer) | agree | agreement | iflint findings | at names not declared |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	for _, f := range []struct {
		family string
		run    func(string) (*repoTally, error)
	}{
		{"pep8", pythonRepos}, {"checkstyle", javaRepos}, {"eslint", jsRepos}, {"eslint-ts", tsRepos}, {"revive", goRepos},
	} {
		if *only != "" && *only != f.family {
			continue
		}
		t, err := f.run(dir)
		if err != nil {
			return fmt.Errorf("%s: %w", f.family, err)
		}
		t.row()
	}
	return nil
}

// sourceFiles lists a repository's files with one of exts, skipping what
// iflint's embedded default excludes (vendor, node_modules, third_party,
// testdata) and hidden directories.
func sourceFiles(root string, exts ...string) []string {
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			switch n := d.Name(); {
			case n != "." && strings.HasPrefix(n, "."), n == "vendor", n == "node_modules", n == "third_party", n == "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		for _, e := range exts {
			if strings.HasSuffix(p, e) && !strings.HasSuffix(p, ".d.ts") {
				out = append(out, p)
				break
			}
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// runIflint checks every file and returns, per file, the targets.
func runIflint(files []string, spec string) (map[string][]naming.Target, map[string][]byte, error) {
	targets := map[string][]naming.Target{}
	srcs := map[string][]byte{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, nil, err
		}
		ts, _, err := iflintTargets(f, src, spec)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", f, err)
		}
		targets[f], srcs[f] = ts, src
	}
	return targets, srcs, nil
}

// ---- Python: flake8 + pep8-naming ----

var flake8RE = regexp.MustCompile(`^(.+?):(\d+):\d+: (N8\d\d) .*?'([^']+)'`)

func pythonRepos(dir string) (*repoTally, error) {
	t := &repoTally{lang: "Python", peer: "pep8-naming", repos: "scrapy, flask, requests"}
	var files []string
	for _, r := range []string{"scrapy", "flask", "requests"} {
		files = append(files, sourceFiles(filepath.Join(dir, r), ".py")...)
	}
	t.files = len(files)
	targets, srcs, err := runIflint(files, pep8Spec)
	if err != nil {
		return nil, err
	}
	// The peer, on the same files.
	peer := map[declKey]bool{}
	for _, chunk := range chunks(files, 200) {
		args := append([]string{"--select=N801,N802,N806,N815,N816", "--format=%(path)s:%(row)d:%(col)d: %(code)s %(text)s"}, chunk...)
		out, _ := exec.Command("flake8", args...).Output()
		for _, l := range strings.Split(string(out), "\n") {
			if m := flake8RE.FindStringSubmatch(l); m != nil {
				var line int
				fmt.Sscan(m[2], &line)
				peer[declKey{m[1], line, m[4]}] = true
			}
		}
	}
	// Declarations per Python's own ast, to prove each finding is one.
	declared, err := pyDeclared(files)
	if err != nil {
		return nil, err
	}
	checked := map[declKey]bool{}
	for f, ts := range targets {
		for _, tg := range ts {
			k := declKey{f, lineOf(srcs[f], tg.Start), tg.Name}
			if !tg.OK {
				t.finding(k, declared[k])
			}
			if code := pep8Code(tg); pep8Codes[code] {
				checked[k] = checked[k] || !tg.OK
			}
		}
	}
	t.compare(checked, peer)
	return t, nil
}

func chunks(xs []string, n int) [][]string {
	var out [][]string
	for len(xs) > n {
		out = append(out, xs[:n])
		xs = xs[n:]
	}
	if len(xs) > 0 {
		out = append(out, xs)
	}
	return out
}

// pyDeclared asks Python's ast for every name each file binds.
func pyDeclared(files []string) (map[declKey]bool, error) {
	cmd := exec.Command("python3", script("py_bindings.py"))
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n"))
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("py_bindings.py: %v", err)
	}
	return readDeclared(out)
}

// readDeclared reads "file\tline\tname" lines.
func readDeclared(out []byte) (map[declKey]bool, error) {
	m := map[declKey]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 {
			continue
		}
		var line int
		fmt.Sscan(f[1], &line)
		m[declKey{f[0], line, f[2]}] = true
	}
	return m, sc.Err()
}

// ---- Java: checkstyle ----

// javaCovers maps a Java declaration to the checkstyle check that
// covers it among the five.
func javaCovers(t naming.Target) string {
	for _, cs := range csChecks {
		if cs.kinds(t) {
			return cs.check
		}
	}
	return ""
}

// allNamingChecks are every checkstyle naming check that looks at a
// declared name: their union says what a declaration is.
var allNamingChecks = []string{"TypeName", "MethodName", "LocalVariableName", "LocalFinalVariableName", "MemberName",
	"StaticVariableName", "ConstantName", "ParameterName", "LambdaParameterName", "CatchParameterName",
	"PatternVariableName", "ClassTypeParameterName", "MethodTypeParameterName", "InterfaceTypeParameterName"}

func javaRepos(dir string) (*repoTally, error) {
	t := &repoTally{lang: "Java", peer: "checkstyle", repos: "commons-lang, gson"}
	var files []string
	for _, r := range []string{"commons-lang", "gson"} {
		files = append(files, sourceFiles(filepath.Join(dir, r), ".java")...)
	}
	t.files = len(files)
	targets, srcs, err := runIflint(files, javaSpec)
	if err != nil {
		return nil, err
	}
	tmp := mustTemp()
	defer os.RemoveAll(tmp)
	var mods strings.Builder
	for _, c := range []string{"TypeName", "MethodName", "LocalVariableName", "MemberName", "ConstantName"} {
		fmt.Fprintf(&mods, "<module name=%q><property name=\"id\" value=\"flagged-%s\"/></module>\n", c, c)
	}
	for _, c := range allNamingChecks {
		fmt.Fprintf(&mods, "<module name=%q><property name=\"id\" value=\"covered-%s\"/><property name=\"format\" value=\"^$\"/></module>\n", c, c)
	}
	cfg := writeFile(tmp, "all.xml", []byte(`<?xml version="1.0"?>
<!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN" "https://checkstyle.org/dtds/configuration_1_3.dtd">
<module name="Checker"><module name="TreeWalker">
`+mods.String()+`</module></module>`))
	peer := map[declKey]bool{}
	covered := map[declKey]string{} // → the covering check
	declared := map[declKey]bool{}
	lineRE := regexp.MustCompile(`^\[\w+\] (.+?):(\d+):(?:\d+:)? Name '([^']*)' must match pattern '[^']*'\. \[(covered|flagged)-(\w+)\]$`)
	var outputs []string
	unparsed := map[string]bool{}
	// A file checkstyle 8.36 cannot parse (newer Java) fails its whole
	// run; halve the batch until it is alone, and leave it out.
	var run func([]string)
	run = func(batch []string) {
		out, _ := exec.Command("checkstyle", append([]string{"-c", cfg}, batch...)...).CombinedOutput()
		if strings.Contains(string(out), "Audit done.") {
			outputs = append(outputs, string(out))
			return
		}
		if len(batch) == 1 {
			unparsed[batch[0]] = true
			return
		}
		run(batch[:len(batch)/2])
		run(batch[len(batch)/2:])
	}
	for _, chunk := range chunks(files, 100) {
		run(chunk)
	}
	t.skipped = len(unparsed)
	for _, out := range outputs {
		for _, l := range strings.Split(out, "\n") {
			m := lineRE.FindStringSubmatch(strings.TrimSpace(l))
			if m == nil {
				continue
			}
			var line int
			fmt.Sscan(m[2], &line)
			k := declKey{m[1], line, m[3]}
			switch {
			case m[4] == "flagged":
				peer[k] = true
			default:
				declared[k] = true
				switch m[5] {
				case "TypeName", "MethodName", "LocalVariableName", "MemberName", "ConstantName":
					covered[k] = m[5]
				}
			}
		}
	}
	checked := map[declKey]bool{}
	for f, ts := range targets {
		if unparsed[f] {
			continue
		}
		for _, tg := range ts {
			k := declKey{f, lineOf(srcs[f], tg.Start), tg.Name}
			if !tg.OK {
				t.finding(k, declared[k])
			}
			// Both check it: the declaration is of a kind one of the five
			// checks covers, and checkstyle covers it with that check.
			if c := javaCovers(tg); c != "" && covered[k] == c {
				checked[k] = checked[k] || !tg.OK
			}
		}
	}
	t.compare(checked, peer)
	return t, nil
}

// ---- JavaScript and TypeScript: eslint camelcase ----

type jsFileResult struct {
	File     string  `json:"file"`
	Error    string  `json:"error"`
	Flagged  [][]any `json:"flagged"`  // [line, name]
	Declared [][]any `json:"declared"` // [line, name]
	Members  [][]any `json:"members"`  // class members: [line, name]
}

func jsRepos(dir string) (*repoTally, error) {
	return jsLike(dir, "JavaScript", "webpack, express", []string{"webpack", "express"}, []string{".js", ".mjs", ".cjs"}, jsSpec)
}

func tsRepos(dir string) (*repoTally, error) {
	return jsLike(dir, "TypeScript", "vuejs/core", []string{"core"}, []string{".ts"}, "typescript;class:PascalCase,function:camelCase,variable:camelCase,import:camelCase")
}

func jsLike(dir, lang, names string, repos, exts []string, spec string) (*repoTally, error) {
	t := &repoTally{lang: lang, peer: "eslint camelcase", repos: names}
	var files []string
	for _, r := range repos {
		files = append(files, sourceFiles(filepath.Join(dir, r), exts...)...)
	}
	cmd := exec.Command("node", script("eslint_repo.js"), *eslintDir)
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n"))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("eslint_repo.js: %v", err)
	}
	var results []jsFileResult
	if err := json.Unmarshal(out, &results); err != nil {
		return nil, err
	}
	peer, declared := map[declKey]bool{}, map[declKey]bool{}
	var parsed []string
	for _, r := range results {
		if r.Error != "" {
			continue // eslint cannot parse it (JSX in .js, syntax errors in fixtures)
		}
		parsed = append(parsed, r.File)
		for _, p := range r.Flagged {
			peer[declKey{r.File, int(p[0].(float64)), p[1].(string)}] = true
		}
		for _, p := range append(r.Declared, r.Members...) {
			declared[declKey{r.File, int(p[0].(float64)), p[1].(string)}] = true
		}
	}
	t.files = len(parsed)
	targets, srcs, err := runIflint(parsed, spec)
	if err != nil {
		return nil, err
	}
	checked := map[declKey]bool{}
	for f, ts := range targets {
		for _, tg := range ts {
			k := declKey{f, lineOf(srcs[f], tg.Start), tg.Name}
			if !tg.OK {
				t.finding(k, declared[k])
			}
			// camelcase with properties "never" checks bindings, not
			// class members (methods, fields).
			switch tg.Kind {
			case constraint.KindMethod, constraint.KindField:
				continue
			}
			if declared[k] {
				checked[k] = checked[k] || !tg.OK
			}
		}
	}
	t.compare(checked, peer)
	return t, nil
}

// ---- Go: revive var-naming ----

var reviveRE = regexp.MustCompile(`^(.+?):(\d+):(\d+): (.*)$`)

func goRepos(dir string) (*repoTally, error) {
	t := &repoTally{lang: "Go", peer: "revive var-naming", repos: "hugo, prometheus"}
	var files []string
	for _, r := range []string{"hugo", "prometheus"} {
		files = append(files, sourceFiles(filepath.Join(dir, r), ".go")...)
	}
	t.files = len(files)
	targets, srcs, err := runIflint(files, "go;class:go,function:go,variable:go,constant:go")
	if err != nil {
		return nil, err
	}
	tmp := mustTemp()
	defer os.RemoveAll(tmp)
	cfg := writeFile(tmp, "revive.toml", []byte("[rule.var-naming]\n"))
	peer := map[declKey]bool{}
	for _, chunk := range chunks(files, 300) {
		out, _ := exec.Command(*revive, append([]string{"-config", cfg, "-formatter", "default"}, chunk...)...).Output()
		for _, l := range strings.Split(string(out), "\n") {
			m := reviveRE.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			var line, col int
			fmt.Sscan(m[2], &line)
			fmt.Sscan(m[3], &col)
			src := srcs[m[1]]
			if src == nil {
				continue
			}
			peer[declKey{m[1], line, identAt(src, line, col)}] = true
		}
	}
	declared, covered := goDeclared(files, srcs)
	checked := map[declKey]bool{}
	for f, ts := range targets {
		for _, tg := range ts {
			k := declKey{f, lineOf(srcs[f], tg.Start), tg.Name}
			if !tg.OK {
				t.finding(k, declared[k])
			}
			if covered[k] {
				checked[k] = checked[k] || !tg.OK
			}
		}
	}
	t.compare(checked, peer)
	return t, nil
}

// identAt reads the identifier at a 1-based line and byte column.
func identAt(src []byte, line, col int) string {
	lines := bytes.SplitN(src, []byte("\n"), line+1)
	if len(lines) < line {
		return ""
	}
	l := lines[line-1]
	if col-1 >= len(l) {
		return ""
	}
	l = l[col-1:]
	end := bytes.IndexFunc(l, func(r rune) bool {
		return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127)
	})
	if end < 0 {
		end = len(l)
	}
	return string(l[:end])
}
