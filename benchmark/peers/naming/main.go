// Command naming measures the lint profile's naming_convention rule
// against the established linters, on their own labelled test inputs and
// on real repositories, and prints the agreement tables of README.md's
// "Agreement with established linters" section:
//
//	go run ./benchmark/peers/naming -peers /work/peers            # labelled inputs
//	go run ./benchmark/peers/naming -repos /work/repos            # real repositories
//
// The peers' files are read where they are and never copied into this
// repository. Peers needed: flake8 with pep8-naming, checkstyle (Debian's
// 8.36), node with eslint (-eslint, default /work/tools/node_modules) and
// revive (-revive).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules"
	"github.com/iflint/iflint/internal/rules/naming"
)

var (
	peersDir  = flag.String("peers", "", "checkout directory of the peers' sources (pep8-naming, checkstyle, eslint)")
	reposDir  = flag.String("repos", "", "directory of real repositories to compare on")
	eslintDir = flag.String("eslint", "/work/tools/node_modules", "node_modules holding eslint and typescript-eslint")
	revive    = flag.String("revive", "/work/tools/bin/revive", "revive binary")
	only      = flag.String("only", "", "run only this family (pep8, checkstyle, eslint, revive)")
	verbose   = flag.Bool("v", false, "list every disagreement")
)

func main() {
	flag.Parse()
	if *peersDir == "" && *reposDir == "" {
		fmt.Fprintln(os.Stderr, "usage: naming -peers DIR | -repos DIR [-only FAMILY] [-v]")
		os.Exit(2)
	}
	ok := true
	if *peersDir != "" {
		fmt.Println("| family (rules) | cases compared | agree | agreement | excluded (reason: count) |")
		fmt.Println("|---|---|---|---|---|")
		for _, f := range []struct {
			name string
			run  func(string) (tally, error)
		}{{"pep8", pep8Labelled}, {"checkstyle", checkstyleLabelled}, {"eslint", eslintLabelled}} {
			if *only != "" && *only != f.name {
				continue
			}
			t, err := f.run(*peersDir)
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", f.name, err)
				ok = false
				continue
			}
			t.printRow()
		}
	}
	if *reposDir != "" {
		if err := compareRepos(*reposDir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			ok = false
		}
	}
	if !ok {
		os.Exit(1)
	}
}

// tally counts one family's comparison.
type tally struct {
	family   string
	compared int
	agree    int
	excluded map[string]int
	disagree []string
}

func newTally(family string) tally { return tally{family: family, excluded: map[string]int{}} }

func (t *tally) add(agree bool, what string) {
	t.compared++
	if agree {
		t.agree++
	} else {
		t.disagree = append(t.disagree, what)
	}
}

func (t tally) printRow() {
	var ex []string
	for k, v := range t.excluded {
		ex = append(ex, fmt.Sprintf("%s: %d", k, v))
	}
	sort.Strings(ex)
	pct := 0.0
	if t.compared > 0 {
		pct = 100 * float64(t.agree) / float64(t.compared)
	}
	fmt.Printf("| %s | %d | %d | %.1f%% | %s |\n", t.family, t.compared, t.agree, pct, strings.Join(ex, "; "))
	if *verbose {
		for _, d := range t.disagree {
			fmt.Fprintf(os.Stderr, "  %s disagreement: %s\n", t.family, d)
		}
	}
}

// iflintTargets runs the lint naming rule on one source and returns the
// declarations it checks and its findings.
func iflintTargets(path string, src []byte, spec string) ([]naming.Target, check.Result, error) {
	c, err := rules.ParseSpec(constraint.Naming, spec)
	if err != nil {
		return nil, check.Result{}, err
	}
	u := check.NewUnit(context.Background(), path, src, check.Lint)
	ts, err := naming.Targets(u, c)
	if err != nil {
		return nil, check.Result{}, err
	}
	r, err := rules.Run(u, c)
	return ts, r, err
}

// lineOf is the 1-based line of byte offset off in src.
func lineOf(src []byte, off int) int {
	return strings.Count(string(src[:off]), "\n") + 1
}

func mustTemp() string {
	dir, err := os.MkdirTemp("", "iflint-naming-peers-")
	if err != nil {
		panic(err)
	}
	return dir
}

func writeFile(dir, name string, b []byte) string {
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		panic(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		panic(err)
	}
	return p
}
