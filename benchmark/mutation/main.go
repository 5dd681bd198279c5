// Command mutation measures the lint profile's indentation_spacing
// against a formatter on real code, as issue 19's acceptance asks: each
// file of the repositories given is first put through the formatter
// (clang-format, rustfmt, prettier, gofmt, ...), so it is
// formatter-clean by construction, and then
//
//	(a) iflint must report no layout finding on the formatted file;
//	(b) for seeded mutations the formatter reverts (a line re-indented
//	    one unit deeper or shallower, its leading spaces turned into a
//	    tab), iflint must report the mutated line and no other;
//	(c) composing the findings' fixes must give back the formatted
//	    bytes.
//
// A mutation the formatter does not revert (a line inside a raw string,
// a comment it leaves alone) says nothing about layout and is not
// counted. The repositories are read where they are (fetched by
// benchmark/mutation/run.sh); nothing of theirs is written into this
// repository. One table row per run; -v lists every miss.
//
// The files read are those iflint would judge in the repository (see
// benchmark/repofiles: what init leaves out as vendored, generated or
// documentation is skipped, and nothing else).
//
// For C and C++ the rule follows clang-format's style: the
// .clang-format at the repository's root when there is one, as the
// configuration passes it (config's clangLayout), else the style given
// by -clang-style, which must be the one -format formats with.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"sort"
	"strings"

	"github.com/iflint/iflint/benchmark/repofiles"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules"
)

type options struct {
	spec      string
	format    string // shell command: stdin the file, stdout the formatted file; {path} is the file's path
	checker   string // shell command given file paths as arguments, printing "path:line" for each line it flags
	perFile   int
	maxFiles  int
	seed      uint64
	verbose   bool
	label     string
	clang     string // YAML of the clang-format style when the repository has no .clang-format
	langID    lang.ID
	indentCol int
}

// tally is one run's counts.
type tally struct {
	files, unformattable, cleanFiles, cleanFindings int
	cleanLines                                      int
	mutations, caught, extra, restored              int
	skippedMutations                                int
}

func main() {
	var o options
	flag.StringVar(&o.spec, "spec", "", "the indentation_spacing spec (c;spaces:4)")
	flag.StringVar(&o.format, "format", "", "formatter command reading the file on stdin; {path} is replaced by its path")
	flag.StringVar(&o.checker, "checker", "", "checker command given the files as arguments, printing path:line per flagged line (instead of -format)")
	flag.IntVar(&o.perFile, "mutations", 4, "mutations tried per file")
	flag.IntVar(&o.maxFiles, "max-files", 60, "files read per repository at most")
	flag.Uint64Var(&o.seed, "seed", 19, "seed of the mutation choice")
	flag.BoolVar(&o.verbose, "v", false, "list every miss")
	flag.StringVar(&o.label, "label", "", "row label")
	flag.StringVar(&o.clang, "clang-style", "", "C/C++: the clang-format style (YAML, as --style takes it) a repository without a .clang-format is formatted with")
	flag.Parse()
	if o.spec == "" || (o.format == "") == (o.checker == "") || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: mutation -spec SPEC (-format CMD | -checker CMD) [-mutations N] [-max-files N] REPO...")
		os.Exit(2)
	}
	c, err := constraint.ParseAnswer(constraint.Indentation, o.spec)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	o.langID = c.Lang
	o.indentCol = c.Indent.Width
	if c.Indent.Tabs {
		o.indentCol = 4
	}
	var t tally
	for _, repo := range flag.Args() {
		runRepo := run
		if o.checker != "" {
			runRepo = runChecked
		}
		if err := runRepo(repo, c, o, &t); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	label := o.label
	if label == "" {
		label = o.spec
	}
	fmt.Println("| family | files (unformattable) | clean files with a finding | findings on clean files | mutations (not reverted) | caught | with other lines flagged | fix restores the formatted file |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|")
	fmt.Printf("| %s | %d (%d) | %d | %d | %d (%d) | %d (%s) | %d | %d (%s) |\n", label, t.files, t.unformattable,
		t.cleanFiles, t.cleanFindings, t.mutations, t.skippedMutations, t.caught, pct(t.caught, t.mutations), t.extra,
		t.restored, pct(t.restored, t.mutations))
}

func pct(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

func run(repo string, c constraint.Constraint, o options, t *tally) error {
	if err := repofiles.WithClangStyle(repo, &c, o.clang); err != nil {
		return err
	}
	fs, rng, err := pick(repo, c, o)
	if err != nil {
		return err
	}
	for _, p := range fs {
		src, ok, err := t.read(p)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		clean, err := format(o.format, p, src)
		if err != nil {
			t.unformattable++
			continue
		}
		if err := t.clean(p, clean, c, o); err != nil {
			return err
		}
		lines := bytes.SplitAfter(clean, []byte("\n"))
		for k := 0; k < o.perFile; k++ {
			i := rng.IntN(len(lines))
			mut, ok := mutate(lines, i, k%3, o, c)
			if !ok {
				continue
			}
			back, err := format(o.format, p, mut)
			if err != nil || !bytes.Equal(back, clean) {
				t.skippedMutations++
				continue
			}
			if err := t.mutant(p, clean, mut, lines, i, k%3, c, o); err != nil {
				return err
			}
		}
	}
	return nil
}

// pick lists a repository's files of the spec's language and draws at
// most o.maxFiles of them, with the generator that then draws the
// mutated lines.
func pick(repo string, c constraint.Constraint, o options) ([]string, *rand.Rand, error) {
	fs, err := repofiles.Files(repo, c.Lang)
	if err != nil {
		return nil, nil, err
	}
	rng := rand.New(rand.NewPCG(o.seed, 19))
	rng.Shuffle(len(fs), func(i, j int) { fs[i], fs[j] = fs[j], fs[i] })
	if len(fs) > o.maxFiles {
		fs = fs[:o.maxFiles]
	}
	sort.Strings(fs)
	return fs, rng, nil
}

// read reads a file the run takes, counting it; ok is false for one
// too large to take: an amalgamation (nlohmann/json's single_include)
// takes clang-format minutes per mutation.
func (t *tally) read(p string) (src []byte, ok bool, err error) {
	src, err = os.ReadFile(p)
	if err != nil {
		return nil, false, err
	}
	t.files++
	if len(src) > 200_000 {
		t.unformattable++
		return nil, false, nil
	}
	return src, true, nil
}

// clean counts a reference-clean file and iflint's findings on it.
func (t *tally) clean(p string, clean []byte, c constraint.Constraint, o options) error {
	fds, _, err := findings(p, clean, c)
	if err != nil {
		return err
	}
	if len(fds) > 0 {
		t.cleanFiles++
		t.cleanFindings += len(fds)
		if o.verbose {
			for _, l := range fds {
				fmt.Fprintf(os.Stderr, "clean %s:%d: flagged\n", p, l)
			}
		}
	}
	t.cleanLines += bytes.Count(clean, []byte("\n"))
	return nil
}

// mutant counts one mutation the reference rejects: whether iflint
// flags its line, flags others, and whether the findings' fixes give
// the clean file back.
func (t *tally) mutant(p string, clean, mut []byte, lines [][]byte, i, kind int, c constraint.Constraint, o options) error {
	t.mutations++
	got, fixed, err := findings(p, mut, c)
	if err != nil {
		return err
	}
	hit, other := false, false
	for _, l := range got {
		if l == i+1 {
			hit = true
		} else {
			other = true
		}
	}
	if hit {
		t.caught++
	}
	if other {
		t.extra++
	}
	restored := bytes.Equal(fixed, clean)
	if restored {
		t.restored++
	}
	if o.verbose && (!hit || other || !restored) {
		fmt.Fprintf(os.Stderr, "mutation %s %s:%d (%s): caught=%v others=%v restored=%v flagged=%v\n", kinds[kind], p, i+1,
			strings.TrimSpace(string(lines[i])), hit, other, restored, got)
	}
	return nil
}

var kinds = []string{"deeper", "shallower", "tabs"}

// mutate changes line i's indentation: kind 0 one unit deeper, 1 one
// unit shallower, 2 its leading blanks as tabs. ok is false when the
// line cannot take that mutation (blank, unindented for 1 and 2).
func mutate(lines [][]byte, i, kind int, o options, c constraint.Constraint) ([]byte, bool) {
	l := lines[i]
	body := bytes.TrimLeft(l, " \t")
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, false
	}
	lead := l[:len(l)-len(body)]
	unit := strings.Repeat(" ", o.indentCol)
	if c.Indent.Tabs {
		unit = "\t"
	}
	var nl []byte
	switch kind {
	case 0:
		nl = append([]byte(unit), l...)
	case 1:
		if !bytes.HasPrefix(lead, []byte(unit)) {
			return nil, false
		}
		nl = l[len(unit):]
	case 2:
		// A tab stands for one unit, except in Python, whose tokenizer
		// advances a tab to the next multiple of 8 columns: there a tab
		// for 4 spaces would move the line into another block, a
		// different program rather than a change of blanks.
		tab := o.indentCol
		if c.Lang == lang.Python {
			tab = 8
		}
		if c.Indent.Tabs || len(lead) < tab || bytes.Contains(lead, []byte("\t")) {
			return nil, false
		}
		n := len(lead) / tab
		nl = append([]byte(strings.Repeat("\t", n)+string(lead[n*tab:])), body...)
	}
	var out []byte
	for j, x := range lines {
		if j == i {
			out = append(out, nl...)
		} else {
			out = append(out, x...)
		}
	}
	return out, true
}

// findings runs the lint profile's rule on src and returns the lines
// (1-based) of its findings and the file its composed fixes give.
func findings(p string, src []byte, c constraint.Constraint) ([]int, []byte, error) {
	rule, ok := rules.For(constraint.Indentation)
	if !ok {
		return nil, nil, fmt.Errorf("no indentation rule")
	}
	u := check.NewUnit(context.Background(), p, src, check.Lint)
	defer u.Close()
	r, err := rule.Run(u, c)
	if err != nil {
		return nil, nil, err
	}
	var out []int
	for _, f := range r.Findings {
		l, _ := u.Position(f.Start)
		out = append(out, l)
	}
	fixed := src
	if len(r.Findings) > 0 && rule.Compose != nil {
		edits, _, err := rule.Compose(u, c, r.Findings)
		if err == nil {
			if b, err := edits.Apply(src); err == nil {
				fixed = b
			}
		}
	}
	return out, fixed, nil
}

// format runs the formatter command on src.
func format(cmdline, p string, src []byte) ([]byte, error) {
	cmd := exec.Command("sh", "-c", strings.ReplaceAll(cmdline, "{path}", shellQuote(p)))
	cmd.Stdin = bytes.NewReader(src)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %w: %s", p, err, errb.String())
	}
	return out.Bytes(), nil
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
