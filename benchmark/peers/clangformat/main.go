// Command clangformat compares the lint profile's indentation_spacing
// with clang-format line by line on a C or C++ repository's files as
// they are (not formatted first): a line is flagged by the peer when
// clang-format, with the repository's style, changes its leading
// whitespace (read from --output-replacements-xml), and by iflint when
// a layout finding starts on it. Lines clang-format joins to the line
// before, and lines iflint does not judge (inside strings and macros
// it leaves alone, regions the grammar cannot parse), are counted
// apart; the agreement is over the lines both judge. The repositories
// are read where they are; nothing of theirs is copied here. See
// benchmark/peers/clangformat.sh.
package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/iflint/iflint/benchmark/repofiles"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules"
	"github.com/iflint/iflint/internal/rules/layout"
)

// tally is one repository's counts.
type tally struct {
	files, unformattable          int
	both, agree, weOnly, peerOnly int
	peerFlags, weFlags            int
	joined, weSkip                int
}

func main() {
	spec := flag.String("spec", "", "the indentation_spacing spec (c;spaces:4)")
	style := flag.String("style", "", "clang-format's --style when the repository's .clang-format is not readable by it, or it has none (YAML); the rule reads the repository's .clang-format when there is one, else this")
	label := flag.String("label", "", "row label")
	verbose := flag.Bool("v", false, "list every disagreement")
	header := flag.Bool("header", false, "print the table's header first")
	flag.Parse()
	if *spec == "" || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: clangformat -spec SPEC [-style YAML] [-label L] [-v] REPO")
		os.Exit(2)
	}
	repo := flag.Arg(0)
	c, err := constraint.ParseAnswer(constraint.Indentation, *spec)
	if err == nil {
		err = repofiles.WithClangStyle(repo, &c, *style)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fs, err := repofiles.Files(repo, c.Lang)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var t tally
	for _, p := range fs {
		if err := compare(repo, p, c, *style, *verbose, &t); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if *label == "" {
		*label = filepath.Base(repo)
	}
	if *header {
		fmt.Println("| repository | files (left out: over 200 KB, or clang-format failed or ran over 90 s) | lines both judge | agree | iflint only | clang-format only | clang-format flags | iflint flags | not compared: joined by clang-format / not judged by iflint |")
		fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	}
	fmt.Printf("| %s | %d (%d) | %d | %d (%s) | %d | %d | %d | %d | %d / %d |\n", *label, t.files, t.unformattable, t.both,
		t.agree, pct(t.agree, t.both), t.weOnly, t.peerOnly, t.peerFlags, t.weFlags, t.joined, t.weSkip)
}

func pct(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

// compare judges one file both ways.
func compare(repo, p string, c constraint.Constraint, style string, verbose bool, t *tally) error {
	src, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	t.files++
	if len(src) > 200_000 {
		t.unformattable++ // an amalgamation (gtest.h): clang-format takes many minutes on one
		return nil
	}
	reps, err := replacements(repo, p, src, style)
	if err != nil {
		t.unformattable++
		return nil
	}
	peer, peerJudges := peerLines(src, reps)
	u := check.NewUnit(context.Background(), p, src, check.Lint)
	defer u.Close()
	judged, ok, err := layout.JudgedLines(u, c)
	if err != nil || !ok {
		return fmt.Errorf("%s: the tree model does not judge it: %v", p, err)
	}
	rule, _ := rules.For(constraint.Indentation)
	r, err := rule.Run(u, c)
	if err != nil {
		return err
	}
	// A finding is the line where a mistake starts, and its fix moves
	// the lines that stand with it (a case label's statements): iflint
	// flags a line when the findings' composed fixes change its leading
	// whitespace, as clang-format's edits do, or when a finding whose fix
	// was not made starts on it. (A finding on a line that the composed
	// fixes leave where it is, a case label one level too deep in a
	// block whose first line is one level too shallow, is not a change
	// clang-format makes either.)
	we := make([]bool, len(judged))
	mark := func(off int) {
		if l, _ := u.Position(off); l-1 < len(we) {
			we[l-1] = true
		}
	}
	lines := bytes.SplitAfter(src, []byte("\n"))
	composed := false
	if len(r.Findings) > 0 && rule.Compose != nil {
		if edits, skipped, err := rule.Compose(u, c, r.Findings); err == nil {
			if fixed, err := edits.Apply(src); err == nil {
				composed = true
				after := bytes.SplitAfter(fixed, []byte("\n"))
				for i := range lines {
					if i < len(after) && i < len(we) && leadOf(after[i]) != leadOf(lines[i]) {
						we[i] = true
					}
				}
				for _, sk := range skipped {
					mark(sk.Start)
				}
			}
		}
	}
	if !composed {
		for _, f := range r.Findings {
			mark(f.Start)
		}
	}
	for i := range judged {
		if i >= len(peer) {
			break
		}
		switch {
		case !peerJudges[i]:
			if i < len(lines) && len(bytes.TrimSpace(lines[i])) > 0 {
				t.joined++
			}
			continue
		case !judged[i]:
			t.weSkip++
			continue
		}
		t.both++
		if peer[i] {
			t.peerFlags++
		}
		if we[i] {
			t.weFlags++
		}
		switch {
		case peer[i] == we[i]:
			t.agree++
		case we[i]:
			t.weOnly++
		default:
			t.peerOnly++
		}
		if verbose && peer[i] != we[i] {
			fmt.Fprintf(os.Stderr, "%s:%d: iflint %v, clang-format %v: %s\n", p, i+1, we[i], peer[i], strings.TrimRight(string(lines[i]), "\n"))
		}
	}
	return nil
}

// replacement is one of clang-format's edits: bytes [Offset,
// Offset+Length) become Text.
type replacement struct {
	Offset int    `xml:"offset,attr"`
	Length int    `xml:"length,attr"`
	Text   string `xml:",chardata"`
}

// replacements runs clang-format on src with the repository's style
// (or style) and returns its edits.
func replacements(repo, p string, src []byte, style string) ([]replacement, error) {
	st := "--style=file"
	if style != "" && clangFormatUnreadable(repo) {
		st = "--style=" + style
	} else if style != "" && !hasClangFormat(repo) {
		st = "--style=" + style
	}
	// clang-format's line-breaking search runs for many minutes on some
	// large files under a column limit (fmt's format.h): those count as
	// files it failed on.
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "clang-format", "--output-replacements-xml", "--assume-filename="+p, st)
	cmd.Dir = repo
	cmd.Stdin = bytes.NewReader(src)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %w: %s", p, err, errb.String())
	}
	var doc struct {
		Replacements []replacement `xml:"replacement"`
	}
	if err := xml.Unmarshal(out.Bytes(), &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return doc.Replacements, nil
}

func hasClangFormat(repo string) bool {
	_, err := os.Stat(filepath.Join(repo, ".clang-format"))
	return err == nil
}

// clangFormatUnreadable reports a .clang-format the installed
// clang-format rejects (fmt's sets an option newer than it).
func clangFormatUnreadable(repo string) bool {
	if !hasClangFormat(repo) {
		return false
	}
	cmd := exec.Command("clang-format", "--style=file", "--dump-config", "--assume-filename=x.cc")
	cmd.Dir = repo
	return cmd.Run() != nil
}

// peerLines returns, for each line of src, whether clang-format's edits
// change its leading whitespace, and whether the line stays a line of
// its own (false: a blank line, or one joined to the line before).
func peerLines(src []byte, reps []replacement) (flagged, judges []bool) {
	lines := bytes.SplitAfter(src, []byte("\n"))
	flagged, judges = make([]bool, len(lines)), make([]bool, len(lines))
	start := 0
	for i, l := range lines {
		lead := start + len(l) - len(bytes.TrimLeft(l, " \t"))
		body := bytes.TrimSpace(l)
		s := start
		start += len(l)
		if len(body) == 0 {
			continue
		}
		// The run of whitespace before the line's first character,
		// back over the line breaks and blank lines before it.
		ws0 := lead
		for ws0 > 0 && (src[ws0-1] == ' ' || src[ws0-1] == '\t' || src[ws0-1] == '\n' || src[ws0-1] == '\r') {
			ws0--
		}
		newWS, touched, partial := apply(src, ws0, lead, reps)
		if partial {
			continue // an edit that rewrites code too: not a line's indentation
		}
		if !touched {
			judges[i] = true
			continue
		}
		k := strings.LastIndexByte(newWS, '\n')
		if k < 0 && bytes.ContainsRune(src[ws0:lead], '\n') {
			continue // joined to the line before
		}
		judges[i] = true
		flagged[i] = newWS[k+1:] != string(src[s:lead])
	}
	return flagged, judges
}

// apply returns src[a:b] after the replacements inside it, whether any
// applied, and whether one overlaps it only in part.
func apply(src []byte, a, b int, reps []replacement) (string, bool, bool) {
	var out strings.Builder
	pos, touched := a, false
	for _, r := range reps {
		if r.Offset < a || r.Offset+r.Length > b {
			if r.Offset < b && r.Offset+r.Length > a {
				return "", false, true
			}
			continue
		}
		out.Write(src[pos:r.Offset])
		out.WriteString(r.Text)
		pos = r.Offset + r.Length
		touched = true
	}
	out.Write(src[pos:b])
	return out.String(), touched, false
}

func leadOf(l []byte) string {
	return string(l[:len(l)-len(bytes.TrimLeft(l, " \t"))])
}
