// Command indentation measures how often the lint profile's
// indentation_spacing agrees with the established tools on their own
// labelled test inputs: eslint's indent rule tests, pycodestyle's
// testing/data cases, and Go's go/printer and cmd/gofmt testdata. It reads
// the peers' checkouts from the directory given as its argument (nothing
// of theirs is copied into this repository) and prints one table row per
// family. See benchmark/peers/layout.sh.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules"
	"github.com/iflint/iflint/internal/syntax"
)

// labelled is one peer test case: code, the spec it is checked under,
// and whether the peer flags it (for the families we cover).
type labelled struct {
	family, id string
	name       string // file name (its extension selects nothing; spec does)
	code       []byte
	spec       string
	flagged    bool
	exclude    string // non-empty: why the case is not compared
}

func main() {
	verbose := flag.Bool("v", false, "list every disagreement")
	showCode = flag.Bool("code", false, "with -v, print each disagreement's code")
	only := flag.String("family", "", "run one family: eslint, pycodestyle, gofmt")
	flag.StringVar(&pycodestylePython, "pycodestyle-python", pycodestylePython, "Python with pycodestyle installed, to relabel its cases by running it (\"\" to skip)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: indentation [-v] [-family F] PEERS_DIR GOROOT")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() < 1 {
		flag.Usage()
		os.Exit(2)
	}
	peers := flag.Arg(0)
	goroot := flag.Arg(1)
	var cases []labelled
	var err error
	for _, f := range []struct {
		name string
		load func() ([]labelled, error)
	}{
		{"eslint", func() ([]labelled, error) { return eslintCases(peers) }},
		{"pycodestyle", func() ([]labelled, error) { return pycodestyleCases(peers) }},
		{"gofmt", func() ([]labelled, error) { return gofmtCases(goroot) }},
	} {
		if *only != "" && *only != f.name {
			continue
		}
		cs, e := f.load()
		if e != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", f.name, e)
			err = e
			continue
		}
		cases = append(cases, cs...)
	}
	report(cases, *verbose)
	if err != nil {
		os.Exit(1)
	}
}

var showCode *bool

type tally struct {
	total, agree  int
	falsePos      int // we flag, the peer does not
	falseNeg      int // the peer flags, we do not
	excluded      map[string]int
	disagreements []string
}

func report(cases []labelled, verbose bool) {
	fams := map[string]*tally{}
	var order []string
	for _, c := range cases {
		t := fams[c.family]
		if t == nil {
			t = &tally{excluded: map[string]int{}}
			fams[c.family] = t
			order = append(order, c.family)
		}
		// Python is judged by tokens (pycodestyle's way) and Go by
		// gofmt, not by the tree.
		if c.exclude == "" && !strings.HasPrefix(c.spec, "python;") && !strings.HasPrefix(c.spec, "go;") && parseErrors(c) {
			c.exclude = "tree-sitter cannot parse it (syntax error in its tree)"
		}
		if c.exclude != "" {
			t.excluded[c.exclude]++
			continue
		}
		got, msgs := flags(c)
		t.total++
		switch {
		case got == c.flagged:
			t.agree++
		case got:
			t.falsePos++
			t.disagreements = append(t.disagreements, fmt.Sprintf("%s: we flag, the peer does not: %s", c.id, msgs)+codeOf(c))
		default:
			t.falseNeg++
			t.disagreements = append(t.disagreements, fmt.Sprintf("%s: the peer flags, we do not", c.id)+codeOf(c))
		}
	}
	fmt.Println("| family | compared | agree | % | we flag only | peer flags only | excluded |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, f := range order {
		t := fams[f]
		ex := 0
		for _, n := range t.excluded {
			ex += n
		}
		pct := 0.0
		if t.total > 0 {
			pct = 100 * float64(t.agree) / float64(t.total)
		}
		fmt.Printf("| %s | %d | %d | %.1f%% | %d | %d | %d |\n", f, t.total, t.agree, pct, t.falsePos, t.falseNeg, ex)
	}
	for _, f := range order {
		t := fams[f]
		var reasons []string
		for r := range t.excluded {
			reasons = append(reasons, r)
		}
		sort.Strings(reasons)
		if len(reasons) > 0 {
			fmt.Printf("\n%s exclusions:\n", f)
			for _, r := range reasons {
				fmt.Printf("- %s: %d\n", r, t.excluded[r])
			}
		}
		if verbose {
			for _, d := range t.disagreements {
				fmt.Println("  " + d)
			}
		}
	}
}

// parseErrors reports whether the grammar finds a syntax error in c.
func parseErrors(c labelled) bool {
	k, err := constraint.ParseAnswer(constraint.Indentation, c.spec)
	if err != nil {
		return false
	}
	t, err := syntax.Parse(context.Background(), k.Lang, c.code)
	return err != nil || t.HasError()
}

// flags reports whether the lint profile reports anything on c.
func flags(c labelled) (bool, string) {
	typ := constraint.Indentation
	k, err := constraint.ParseAnswer(typ, c.spec)
	if err != nil {
		return false, "bad spec: " + err.Error()
	}
	u := check.NewUnit(context.Background(), c.name, c.code, check.Lint)
	r, err := rules.Run(u, k)
	if err != nil {
		return false, err.Error()
	}
	if r.Verdict != check.Fail {
		if r.Verdict == check.Unverified {
			return false, "unverified: " + r.Reason
		}
		return false, ""
	}
	var msgs []string
	for _, f := range r.Findings {
		l, _ := u.Position(f.Start)
		msgs = append(msgs, fmt.Sprintf("%d: %s", l, f.Message))
	}
	return true, strings.Join(msgs, "; ")
}

func codeOf(c labelled) string {
	if !*showCode {
		return ""
	}
	return fmt.Sprintf(" [%s]\n%s\n-----", c.spec, c.code)
}
