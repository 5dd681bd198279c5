// Package gofmtlayout is the lint profile's Go indentation_spacing
// reading for internal/rules/layout: what gofmt prints.
package gofmtlayout

import (
	"bytes"
	"fmt"
	"go/format"
	"go/scanner"
	"go/token"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/layoutview"
	"github.com/iflint/iflint/internal/srclines"
	"github.com/iflint/iflint/internal/work"
)

// Go's indentation_spacing in the lint profile is what gofmt prints:
// each line's indentation and the blanks around each operator and comma
// are compared with go/format's output for the same file (the standard
// library's own printer, so the verdict is gofmt's by construction), and
// the fix writes gofmt's blanks. A gofmt-clean file has no finding, so a
// fix can never make gofmt list a file it did not list before. With a
// "spaces:<n>" unit, gofmt's tabs count as n spaces each. Only the
// presence of blanks is compared, not their number: gofmt's alignment of
// columns (`x   = 1` in a block) is not an operator-spacing matter.

// Issue is one place where src differs from gofmt's output.
type Issue struct {
	check.Finding
	// Spacing: the blanks around an operator or comma, cleared by Edits;
	// otherwise the leading blanks of line Line (0-based), which gofmt
	// (with the unit's spaces for its tabs) has as Lead.
	Spacing bool
	Line    int
	Lead    string
	Edits   check.Edits
}

// goTok is a token of go/scanner with byte offsets.
type goTok struct {
	tok        token.Token
	lit        string
	start, end int
}

func goScan(src []byte) ([]goTok, bool) {
	fs := token.NewFileSet()
	f := fs.AddFile("x.go", -1, len(src))
	var s scanner.Scanner
	bad := false
	s.Init(f, src, func(token.Position, string) { bad = true }, scanner.ScanComments)
	var out []goTok
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // automatic semicolons have no text
		}
		off := f.Offset(pos)
		text := lit
		if text == "" {
			text = tok.String()
		}
		end := off + len(text)
		if tok == token.COMMENT && strings.HasPrefix(lit, "//") {
			end = off + len(strings.TrimRight(lit, "\r"))
		}
		out = append(out, goTok{tok: tok, lit: text, start: off, end: min(end, len(src))})
	}
	return out, !bad
}

// goIssues judges src by go/format; ok is false when gofmt cannot format
// it (not a complete Go file), and the tree model decides instead.
// Issues compares src with gofmt's output: each line's indentation
// (gofmt's tabs as in.Width spaces each unless in.Tabs) and, when
// spacing is asked, the blanks around each operator and comma. ok is
// false when gofmt cannot format src.
func Issues(src []byte, in *constraint.Indent, spacing bool, meter *work.Meter) ([]Issue, bool) {
	// gofmt parses and prints the file: linear passes over it, charged
	// as such; the scans and the alignment charge per token.
	meter.Add(4 * len(src))
	formatted, err := format.Source(src)
	if err != nil {
		return nil, false
	}
	if in.Tabs && bytes.Equal(formatted, src) {
		// gofmt leaves the file as it is: every line's indentation and
		// every blank is gofmt's, so the scans below would pair equal
		// tokens and find nothing (with tabs, whose leads are compared
		// as they are). Most of a real tree is gofmt-clean.
		return nil, true
	}
	a, okA := goScan(src)
	b, okB := goScan(formatted)
	if !okA || !okB {
		return nil, false
	}
	meter.Add(len(a) + len(b) + len(formatted))
	pairs := goAlign(a, b, meter)
	ma, mb := srclines.Split(src, 4), srclines.Split(formatted, 4)
	var out []Issue
	for k, p := range pairs {
		meter.Add(1)
		if p < 0 {
			continue
		}
		ta, tb := a[k], b[p]
		meter.Add(2 * (1 + work.Log(len(ma))))
		la, lb := srclines.Of(ma, ta.start), srclines.Of(mb, tb.start)
		lineA, lineB := ma[la], mb[lb]
		if lineA.Lead == ta.start && lineB.Lead == tb.start {
			got := string(src[lineA.Start:lineA.Lead])
			want := string(formatted[lineB.Start:lineB.Lead])
			if !in.Tabs {
				want = strings.ReplaceAll(want, "\t", strings.Repeat(" ", in.Width))
			}
			if got != want {
				what := "line"
				if ta.tok == token.COMMENT {
					what = "comment line"
				}
				msg := fmt.Sprintf("%s indented with %s, gofmt indents it with %s", what, layoutview.DescribeLead(got), layoutview.DescribeLead(want))
				if !in.Tabs {
					msg = fmt.Sprintf("%s indented with %s, expected %s (gofmt's levels, %s each)", what, layoutview.DescribeLead(got), layoutview.DescribeLead(want), layoutview.Plural(in.Width, "space"))
				}
				out = append(out, Issue{Line: la, Lead: want,
					Finding: check.Finding{Start: lineA.Start, End: max(lineA.Lead, min(lineA.Start+1, lineA.End)), Message: msg}})
			}
		}
		if ta.tok == token.COMMENT && strings.HasPrefix(ta.lit, "/*") {
			meter.Add(1 + ta.end - ta.start)
			out = append(out, goCommentLines(src, formatted, ma, mb, ta, tb, in)...)
		}
		if !spacing || !goSpacedToken(ta.tok) {
			continue
		}
		meter.Add(4)
		out = append(out, goSpacing(src, formatted, a, b, k, p)...)
	}
	return out, true
}

// goCommentLines compares the inner lines of a block comment, which
// gofmt re-indents along with the comment, line by line.
func goCommentLines(src, formatted []byte, ma, mb []srclines.Line, ta, tb goTok, in *constraint.Indent) []Issue {
	la, lb := srclines.Of(ma, ta.start), srclines.Of(mb, tb.start)
	n := srclines.Of(ma, max(ta.start, ta.end-1)) - la
	if srclines.Of(mb, max(tb.start, tb.end-1))-lb != n {
		return nil
	}
	var out []Issue
	for r := 1; r <= n; r++ {
		x, y := ma[la+r], mb[lb+r]
		if x.Lead == x.End {
			continue
		}
		got, want := string(src[x.Start:x.Lead]), string(formatted[y.Start:y.Lead])
		if !in.Tabs {
			want = strings.ReplaceAll(want, "\t", strings.Repeat(" ", in.Width))
		}
		if got != want {
			out = append(out, Issue{Line: la + r, Lead: want,
				Finding: check.Finding{Start: x.Start, End: max(x.Lead, min(x.Start+1, x.End)), Message: fmt.Sprintf("comment line indented with %s, gofmt indents it with %s", layoutview.DescribeLead(got), layoutview.DescribeLead(want))},
			})
		}
	}
	return out
}

// goSpacedToken: the tokens whose blanks the spacing rule judges.
func goSpacedToken(t token.Token) bool {
	switch t {
	case token.COMMA:
		return true
	case token.LPAREN, token.RPAREN, token.LBRACK, token.RBRACK, token.LBRACE, token.RBRACE,
		token.PERIOD, token.SEMICOLON, token.COLON, token.ELLIPSIS:
		return false
	}
	return t.IsOperator()
}

// goSpacing compares the blanks on each side of a[k] with those of its
// formatted twin b[p], on the same line only, and makes one finding of
// the token's differences.
func goSpacing(src, formatted []byte, a, b []goTok, k, p int) []Issue {
	ta := a[k]
	var edits check.Edits
	var sides []string
	blankNow, blankWanted := false, false
	side := func(name string, gapA, gapB []byte, at, endA int) {
		if bytes.ContainsAny(gapA, "\n\r") || bytes.ContainsAny(gapB, "\n\r") || (len(gapA) == 0) == (len(gapB) == 0) {
			return
		}
		sides = append(sides, name)
		blankNow, blankWanted = len(gapA) > 0, len(gapB) > 0
		edits = append(edits, check.Edit{Start: at, End: endA, New: string(gapB)})
	}
	if k > 0 && p > 0 {
		side("before", src[a[k-1].end:ta.start], formatted[b[p-1].end:b[p].start], a[k-1].end, ta.start)
	}
	if k+1 < len(a) && p+1 < len(b) {
		side("after", src[ta.end:a[k+1].start], formatted[b[p].end:b[p+1].start], ta.end, a[k+1].start)
	}
	if len(edits) == 0 {
		return nil
	}
	what := fmt.Sprintf("%q", ta.lit)
	if ta.tok == token.COMMA {
		what = "comma"
	}
	where := sides[0] + " it"
	if len(sides) == 2 {
		where = "around it"
	}
	var msg string
	switch {
	case len(sides) == 2 && !blankWanted:
		msg = fmt.Sprintf("%s has blanks %s; gofmt prints none", what, where)
	case len(sides) == 2:
		msg = fmt.Sprintf("%s has no blanks %s; gofmt prints them", what, where)
	case blankNow:
		msg = fmt.Sprintf("%s has a blank %s; gofmt prints none", what, where)
	default:
		msg = fmt.Sprintf("%s has no blank %s; gofmt prints one", what, where)
	}
	return []Issue{{Spacing: true, Finding: check.Finding{Start: ta.start, End: ta.end, Message: msg}, Edits: edits}}
}

// goAlign pairs each token of a with the same token of b (gofmt changes
// blanks, not tokens, apart from sorting imports and dropping explicit
// semicolons at line ends), -1 where it has none. It walks both and, at
// a difference, looks a little ahead for the next common token.
func goAlign(a, b []goTok, meter *work.Meter) []int {
	out := make([]int, len(a))
	same := func(x, y goTok) bool {
		return x.tok == y.tok && (x.tok == token.SEMICOLON || x.tok == token.COMMENT || x.lit == y.lit)
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		meter.Add(1)
		if same(a[i], b[j]) {
			out[i] = j
			i++
			j++
			continue
		}
		found := false
		for d := 1; d < 64 && !found; d++ {
			meter.Add(d + 1)
			for di := 0; di <= d; di++ {
				ii, jj := i+di, j+(d-di)
				if ii < len(a) && jj < len(b) && same(a[ii], b[jj]) {
					for x := i; x < ii; x++ {
						out[x] = -1
					}
					i, j = ii, jj
					found = true
					break
				}
			}
		}
		if !found {
			out[i] = -1
			i++
		}
	}
	for ; i < len(a); i++ {
		out[i] = -1
	}
	return out
}
