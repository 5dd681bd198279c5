// Command prettier compares, line by line, what prettier does to the
// leading whitespace of real TypeScript and JavaScript files with what
// the lint profile's indentation_spacing reports under its prettier
// reading (issue 19's peers side by side).
//
// Where both judge: iflint's prettier reading takes a file's line breaks
// as given and says where each line stands under them; prettier also
// re-wraps lines, and a re-wrapped line moves the lines inside it. So
// the two are compared on the same line breaks, prettier's: each file
// is put through prettier (with the repository's own configuration,
// .editorconfig included, resolved from the file's path); the original's
// lines are aligned with the output by their text without leading
// whitespace (a longest common subsequence); every output line that has
// a counterpart gets the original's leading whitespace back. On that
// file, a line both judge is a non-blank line prettier kept: prettier
// flags it when running it again changes the line's leading whitespace,
// iflint when it reports the line. Lines prettier rewrote (joined,
// split, quotes or commas changed) keep prettier's whitespace and are
// counted as excluded. The repositories are read where they are;
// nothing of theirs is written here.
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
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/leftout"
	"github.com/iflint/iflint/internal/rules"
)

type tally struct {
	files, both, agree, flagged, weOnly, peerOnly, excluded, unformattable int
}

func main() {
	spec := flag.String("spec", "", "indentation spec with the prettier reading (typescript;spaces:2;prettier)")
	prettier := flag.String("prettier", "/work/npmtools/node_modules/.bin/prettier", "prettier binary")
	exts := flag.String("ext", ".ts,.mts,.cts,.tsx", "file extensions compared")
	label := flag.String("label", "", "row label")
	verbose := flag.Bool("v", false, "list every disagreement")
	flag.Parse()
	c, err := constraint.ParseAnswer(constraint.Indentation, *spec)
	if err != nil || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: prettier -spec SPEC [-label L] [-v] DIR...", err)
		os.Exit(2)
	}
	var t tally
	for _, dir := range flag.Args() {
		fs, err := files(dir, strings.Split(*exts, ","))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, p := range fs {
			if err := compare(p, c, *prettier, *verbose, &t); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
	}
	pct := func(n, of int) string {
		if of == 0 {
			return "-"
		}
		return fmt.Sprintf("%.2f%%", 100*float64(n)/float64(of))
	}
	fmt.Printf("| %s | %d (%d) | %d | %d (%s) | %d | %d | %d | %d |\n", *label, t.files, t.unformattable, t.both, t.agree, pct(t.agree, t.both), t.flagged, t.weOnly, t.peerOnly, t.excluded)
}

// files lists the files with those extensions, skipping hidden
// directories, the default profile's excludes and documentation.
func files(root string, exts []string) ([]string, error) {
	def, err := config.Parse("embedded default", config.Default)
	if err != nil {
		return nil, err
	}
	var out []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || def.Excluded(rel) || leftout.Match(leftout.Documentation, rel, true)) {
				return filepath.SkipDir
			}
			return nil
		}
		for _, e := range exts {
			if strings.HasSuffix(p, e) && !def.Excluded(rel) {
				out = append(out, p)
				break
			}
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

func compare(p string, c constraint.Constraint, prettier string, verbose bool, t *tally) error {
	src, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	t.files++
	formatted, err := format(prettier, p, src)
	if err != nil {
		t.unformattable++
		return nil
	}
	// The file both judge: prettier's line breaks, and on every line
	// prettier kept, the original's leading whitespace.
	a, b := strings.Split(string(src), "\n"), strings.Split(string(formatted), "\n")
	match := align(a, b)
	kept := make([]bool, len(b))
	mixed := append([]string(nil), b...)
	for i, j := range match {
		kept[j] = true
		mixed[j] = lead(a[i]) + strings.TrimLeft(b[j], " \t")
	}
	input := []byte(strings.Join(mixed, "\n"))
	again, err := format(prettier, p, input)
	if err != nil {
		t.unformattable++
		return nil
	}
	out := strings.Split(string(again), "\n")
	if len(out) != len(mixed) {
		// prettier broke the lines otherwise the second time (an
		// object's first line break is kept from its input): judge by
		// alignment again.
		m2 := align(mixed, out)
		o2 := make([]string, len(mixed))
		for i := range mixed {
			if j, ok := m2[i]; ok {
				o2[i] = out[j]
			} else {
				o2[i] = "\x00"
			}
		}
		out = o2
	}
	flagged, err := findings(p, input, c)
	if err != nil {
		return err
	}
	for j, l := range mixed {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if !kept[j] || out[j] == "\x00" {
			t.excluded++
			continue
		}
		t.both++
		peer := lead(l) != lead(out[j])
		we := flagged[j+1]
		switch {
		case peer == we:
			t.agree++
			if peer {
				t.flagged++
			}
		case we:
			t.weOnly++
		default:
			t.peerOnly++
		}
		if verbose && peer != we {
			fmt.Fprintf(os.Stderr, "%s:%d: prettier %q iflint flags=%v: %s\n", p, j+1, lead(out[j]), we, strings.TrimSpace(l))
		}
	}
	return nil
}

func format(prettier, p string, src []byte) ([]byte, error) {
	cmd := exec.Command(prettier, "--stdin-filepath", p)
	cmd.Stdin = bytes.NewReader(src)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return out.Bytes(), nil
}

func lead(s string) string { return s[:len(s)-len(strings.TrimLeft(s, " \t"))] }

// align matches lines of a to lines of b with the same text after their
// leading whitespace, as a longest common subsequence (a's index to
// b's), after the common head and tail.
func align(a, b []string) map[int]int {
	key := func(s string) string { return strings.TrimSpace(s) }
	m := map[int]int{}
	lo := 0
	for lo < len(a) && lo < len(b) && key(a[lo]) == key(b[lo]) {
		m[lo] = lo
		lo++
	}
	ha, hb := len(a), len(b)
	for ha > lo && hb > lo && key(a[ha-1]) == key(b[hb-1]) {
		ha, hb = ha-1, hb-1
		m[ha] = hb
	}
	n, k := ha-lo, hb-lo
	if n == 0 || k == 0 {
		return m
	}
	if n*k > 50_000_000 {
		return m // too far apart to align cheaply: the middle is excluded
	}
	dp := make([][]int32, n+1)
	for i := range dp {
		dp[i] = make([]int32, k+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := k - 1; j >= 0; j-- {
			if key(a[lo+i]) == key(b[lo+j]) {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	for i, j := 0, 0; i < n && j < k; {
		switch {
		case key(a[lo+i]) == key(b[lo+j]):
			m[lo+i] = lo + j
			i, j = i+1, j+1
		case dp[i+1][j] >= dp[i][j+1]:
			i++
		default:
			j++
		}
	}
	return m
}

// findings runs the lint profile's rule and returns the lines (1-based)
// it reports.
func findings(p string, src []byte, c constraint.Constraint) (map[int]bool, error) {
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
	for _, f := range r.Findings {
		l, _ := u.Position(f.Start)
		out[l] = true
	}
	return out, nil
}
