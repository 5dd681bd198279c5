// Command docpeers measures how often the lint profile's documentation
// rules (GoDoc, Javadoc, Rustdoc, Python docstring) agree with the
// established linter for the same rule, declaration by declaration:
//
//	docpeers labelled PEERS_DIR    # the peers' own labelled test inputs
//	docpeers repos REPO...         # real repositories, run side by side
//
// PEERS_DIR holds checkouts of revive and checkstyle (as /work/peers
// does). The peers run from PATH (revive, checkstyle, pydocstyle) unless
// -revive, -checkstyle or -pydocstyle name them; a missing peer makes its
// rows "unverified". Nothing is written outside a temporary directory,
// and the peers' files never enter this repository. benchmark/peers/doc.sh
// is the documented entry point; README's "Agreement with established
// linters" quotes its output.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
)

var (
	reviveBin     = flag.String("revive", "revive", "revive binary")
	checkstyleBin = flag.String("checkstyle", "checkstyle", "checkstyle command (Debian's wrapper: checkstyle -c cfg.xml file...)")
	pydocstyleBin = flag.String("pydocstyle", "pydocstyle", "pydocstyle binary")
	verbose       = flag.Bool("v", false, "list every disagreement")
)

func main() {
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: docpeers [flags] labelled PEERS_DIR | repos REPO... | rust-goldens .")
		flag.PrintDefaults()
	}
	flag.Parse()
	args := flag.Args()
	if len(args) < 2 {
		flag.Usage()
		os.Exit(2)
	}
	var err error
	switch args[0] {
	case "labelled":
		err = labelled(os.Stdout, args[1])
	case "repos":
		err = repos(os.Stdout, args[1:])
	case "rust-goldens":
		err = rustGoldens(os.Stdout)
	default:
		flag.Usage()
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "docpeers:", err)
		os.Exit(1)
	}
}

// tally counts cases (declarations) by whether iflint and the reference
// (the labels, or the peer's run) flag them, and the same way.
type tally struct {
	both, neither, onlyIflint, onlyRef, differ int
	excluded                                   map[string]int
	notes                                      []string
}

func (t *tally) add(iflint, ref []string, where string) {
	sort.Strings(iflint)
	sort.Strings(ref)
	a, b := strings.Join(iflint, ","), strings.Join(ref, ",")
	switch {
	case a == b && a == "":
		t.neither++
		return
	case a == b:
		t.both++
		return
	case a == "":
		t.onlyRef++
	case b == "":
		t.onlyIflint++
	default:
		t.differ++
	}
	t.notes = append(t.notes, fmt.Sprintf("%s: iflint [%s], reference [%s]", where, a, b))
}

func (t *tally) exclude(why string) {
	if t.excluded == nil {
		t.excluded = map[string]int{}
	}
	t.excluded[why]++
}

func (t *tally) cases() int { return t.both + t.neither + t.onlyIflint + t.onlyRef + t.differ }

func (t *tally) agreement() string {
	n := t.cases()
	if n == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(t.both+t.neither)/float64(n))
}

func printTally(w io.Writer, name string, t *tally) {
	fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d | %s |\n", name, t.cases(), t.both, t.neither, t.onlyIflint, t.onlyRef, t.differ, t.agreement())
}

func printHeader(w io.Writer, what string) {
	fmt.Fprintf(w, "| %s | cases | both flag | neither | only iflint | only reference | differ | agreement |\n|---|---|---|---|---|---|---|---|\n", what)
}

func printDetails(w io.Writer, name string, t *tally) {
	var keys []string
	for k := range t.excluded {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(w, "- %s: excluded %d case(s): %s\n", name, t.excluded[k], k)
	}
	for _, n := range t.notes {
		switch {
		case strings.HasPrefix(n, "unverified"):
			fmt.Fprintf(w, "- %s: %s\n", name, n)
		case *verbose:
			fmt.Fprintf(w, "  - %s\n", n)
		}
	}
}

// have reports whether a peer command runs.
func have(bin string) bool {
	_, err := exec.LookPath(bin)
	return err == nil
}
