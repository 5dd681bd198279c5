// Command rustfmtpeer compares the lint profile's Rust indentation with
// rustfmt line by line on real checkouts (read where they are; nothing of
// them is copied here), as issue 19's acceptance asks of the peers:
//
//	go run ./benchmark/peers/rustfmtpeer [-v] [-spec rust;spaces:4] REPO...
//
// rustfmt runs on each file as the repository runs it: from the
// repository's root (so its rustfmt.toml applies), with the edition its
// Cargo.toml names. A line rustfmt flags is one whose leading whitespace
// rustfmt changes; rustfmt's output is aligned with the file by the lines'
// text without their indentation, and a line rustfmt rewrites (joins,
// splits, reorders) has no counterpart and is left out, as is every line
// of a file rustfmt cannot parse. A line iflint flags is one whose
// leading whitespace its fix changes, or one a finding it cannot fix
// starts on. Agreement counts every non-blank line both judge: both flag
// it, or neither does.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules"
)

var (
	spec    = flag.String("spec", "rust;spaces:4", "the indentation_spacing spec iflint checks")
	verbose = flag.Bool("v", false, "list every disagreement")
	rustfmt = flag.String("rustfmt", "rustfmt", "rustfmt binary")
)

type tally struct {
	files, unparsed                 int
	compared, both, neither         int
	onlyIflint, onlyPeer, rewritten int
	notes                           []string
}

func main() {
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: rustfmtpeer [-v] [-spec SPEC] REPO...")
		os.Exit(2)
	}
	c, err := constraint.ParseAnswer(constraint.Indentation, *spec)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Println("| repository | files (rustfmt cannot parse) | lines compared | both flag | neither | only iflint | only rustfmt | agreement | lines rustfmt rewrites (left out) |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	var all []*tally
	for _, repo := range flag.Args() {
		t, err := compare(repo, c)
		if err != nil {
			fmt.Fprintln(os.Stderr, "rustfmtpeer:", err)
			os.Exit(1)
		}
		all = append(all, t)
		fmt.Printf("| %s | %d (%d) | %d | %d | %d | %d | %d | %s | %d |\n", filepath.Base(repo), t.files, t.unparsed, t.compared, t.both, t.neither, t.onlyIflint, t.onlyPeer, pct(t.both+t.neither, t.compared), t.rewritten)
	}
	if *verbose {
		for i, t := range all {
			fmt.Printf("\n%s:\n", flag.Arg(i))
			for _, n := range t.notes {
				fmt.Println("  " + n)
			}
		}
	}
}

func pct(n, of int) string {
	if of == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f%%", 100*float64(n)/float64(of))
}

func compare(repo string, c constraint.Constraint) (*tally, error) {
	t := &tally{}
	edition := cargoEdition(repo)
	var paths []string
	err := filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != repo && (strings.HasPrefix(n, ".") || n == "target" || n == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".rs") && d.Type().IsRegular() {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		t.files++
		cmd := exec.Command(*rustfmt, "--edition", edition, "--emit", "stdout", "-q")
		cmd.Dir = repo
		cmd.Stdin = bytes.NewReader(src)
		formatted, err := cmd.Output()
		if err != nil {
			t.unparsed++
			continue
		}
		flagged, err := iflintLines(p, src, c)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(repo, p)
		orig, fmtd := lines(src), lines(formatted)
		pairs := align(orig, fmtd)
		for i, l := range orig {
			if len(bytes.TrimSpace(l)) == 0 {
				continue
			}
			j, ok := pairs[i]
			if !ok {
				t.rewritten++
				continue
			}
			peer := !bytes.Equal(lead(l), lead(fmtd[j]))
			ours := flagged[i+1]
			t.compared++
			switch {
			case peer && ours:
				t.both++
			case !peer && !ours:
				t.neither++
			case ours:
				t.onlyIflint++
				t.notes = append(t.notes, fmt.Sprintf("%s:%d: only iflint: %q", rel, i+1, strings.TrimSpace(string(l))))
			default:
				t.onlyPeer++
				t.notes = append(t.notes, fmt.Sprintf("%s:%d: only rustfmt (%d -> %d columns): %q", rel, i+1, len(lead(l)), len(lead(fmtd[j])), strings.TrimSpace(string(l))))
			}
		}
	}
	return t, nil
}

// iflintLines are the 1-based lines iflint flags in src: those whose
// leading whitespace the composed fix changes, and those a finding it
// does not fix starts on.
func iflintLines(p string, src []byte, c constraint.Constraint) (map[int]bool, error) {
	rule, ok := rules.For(constraint.Indentation)
	if !ok {
		return nil, fmt.Errorf("no indentation rule")
	}
	u := check.NewUnit(context.Background(), p, src, check.Lint)
	defer u.Close()
	r, err := rule.Run(u, c)
	if err != nil {
		return nil, err
	}
	out := map[int]bool{}
	if len(r.Findings) == 0 {
		return out, nil
	}
	edits, skipped, err := rule.Compose(u, c, r.Findings)
	if err != nil {
		return nil, err
	}
	for _, s := range skipped {
		l, _ := u.Position(s.Start)
		out[l] = true
	}
	fixed, err := edits.Apply(src)
	if err != nil {
		return nil, err
	}
	a, b := lines(src), lines(fixed)
	if len(a) != len(b) {
		for _, f := range r.Findings { // a fix that joins lines: its findings' lines
			l, _ := u.Position(f.Start)
			out[l] = true
		}
		return out, nil
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			out[i+1] = true
		}
	}
	return out, nil
}

func lines(b []byte) [][]byte {
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	return bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n"))
}

func lead(l []byte) []byte { return l[:len(l)-len(bytes.TrimLeft(l, " \t"))] }

// align pairs lines of a with lines of b whose text without leading
// whitespace is the same, in order: a longest common subsequence over
// the lines' texts (blank lines aside), computed by Hunt-Szymanski's
// patience-free variant on small windows between unique anchors, which
// keeps it linear on files a formatter barely changes.
func align(a, b [][]byte) map[int]int {
	out := map[int]int{}
	i, j := 0, 0
	key := func(l []byte) string { return string(bytes.TrimSpace(l)) }
	for i < len(a) && j < len(b) {
		if key(a[i]) == key(b[j]) {
			out[i] = j
			i++
			j++
			continue
		}
		// Find the nearest resynchronisation: the smallest i'+j' past
		// (i, j) whose lines match and whose next lines match too.
		best, bi, bj := -1, 0, 0
		const window = 400
		for di := 0; di < window && i+di < len(a); di++ {
			if best >= 0 && di >= best {
				break
			}
			ka := key(a[i+di])
			if ka == "" {
				continue
			}
			for dj := 0; dj < window && j+dj < len(b); dj++ {
				if best >= 0 && di+dj >= best {
					break
				}
				if key(b[j+dj]) == ka && (i+di+1 >= len(a) || j+dj+1 >= len(b) || key(a[i+di+1]) == key(b[j+dj+1])) {
					best, bi, bj = di+dj, i+di, j+dj
					break
				}
			}
		}
		if best < 0 {
			break
		}
		i, j = bi, bj
	}
	return out
}

// cargoEdition is the edition the repository's root Cargo.toml names
// (for the package or the workspace), else 2021.
func cargoEdition(repo string) string {
	b, err := os.ReadFile(filepath.Join(repo, "Cargo.toml"))
	if err != nil {
		return "2021"
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, "=")
		if ok && strings.TrimSpace(k) == "edition" {
			if v = strings.Trim(strings.TrimSpace(v), `"`); len(v) == 4 {
				return v
			}
		}
	}
	return "2021"
}
