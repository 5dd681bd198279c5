package fix

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/markdown"
)

// ErrUnrepresentable reports a change that GitHub suggestions cannot
// express, such as adding or removing the final newline of a file or
// writing text into an empty one.
var ErrUnrepresentable = errors.New("change cannot be expressed as suggestions")

// SuggestionBlock is one GitHub review comment that replaces lines
// StartLine..Line (1-based, inclusive, on the RIGHT side, i.e. the file
// under review) with the content of Body's suggestion fence. GitHub's
// API wants start_line omitted when it equals line.
type SuggestionBlock struct {
	StartLine, Line int
	Body            string
}

// Suggestion turns the change from old to new into one suggestion per
// hunk, in file order. A suggestion replaces whole lines, so a pure
// insertion is anchored on a neighbouring line, which the suggestion
// repeats (the previous line, or line 1 for text inserted at the top). Before
// returning, the blocks are applied to old and must reproduce new
// exactly: what cannot be expressed is an error, never a wrong suggestion.
func Suggestion(old, new []byte) ([]SuggestionBlock, error) {
	a := splitLines(old)
	type span struct {
		first, last int
		content     []string
	}
	var spans []span
	for _, h := range Hunks(old, new) {
		sp := span{h.OldStart, h.OldStart + h.OldLines - 1, trimEOLs(h.New)}
		if h.OldLines == 0 {
			switch {
			case len(a) == 0:
				return nil, fmt.Errorf("%w: inserting into an empty file: want at least one existing line to comment on", ErrUnrepresentable)
			case h.OldStart == 0:
				sp.first, sp.last = 1, 1
				sp.content = append(sp.content, trimEOL(a[0]))
			default:
				sp.first, sp.last = h.OldStart, h.OldStart
				sp.content = append([]string{trimEOL(a[h.OldStart-1])}, sp.content...)
			}
		}
		// Hunks are separated by unchanged lines, so two spans can only
		// meet on one shared anchor: text inserted before line 1 and
		// after it. Both repeat that line; keep it once.
		if n := len(spans); n > 0 && spans[n-1].last >= sp.first {
			spans[n-1].last = sp.last
			spans[n-1].content = append(spans[n-1].content, sp.content[1:]...)
			continue
		}
		spans = append(spans, sp)
	}
	blocks := make([]SuggestionBlock, len(spans))
	for i, sp := range spans {
		blocks[i] = SuggestionBlock{StartLine: sp.first, Line: sp.last, Body: fence(sp.content)}
	}
	got, err := ApplySuggestions(old, blocks)
	if err != nil {
		return nil, fmt.Errorf("checking suggestions: %w", err)
	}
	if !bytes.Equal(got, new) {
		return nil, fmt.Errorf("%w: applying the suggestions gives %q at byte %d, want %q (a final newline or line ending changed?)",
			ErrUnrepresentable, excerpt(got, firstDiff(got, new)), firstDiff(got, new), excerpt(new, firstDiff(got, new)))
	}
	return blocks, nil
}

// fence wraps lines in a suggestion fence longer than any backtick run
// in them, so replacement text containing ``` cannot close it early. An
// empty fence deletes the lines it is attached to.
func fence(lines []string) string {
	f := markdown.Fence(strings.Join(lines, "\n"))
	if len(lines) == 0 {
		return f + "suggestion\n" + f
	}
	return f + "suggestion\n" + strings.Join(lines, "\n") + "\n" + f
}

// ApplySuggestions applies blocks to src as this package models GitHub
// committing them (GitHub documents no byte-level rules): the fence
// content replaces the text of lines StartLine..Line, its lines ending
// like src's first line does, and the last replaced line keeps its own
// terminator; an empty fence removes the lines with their terminators.
// Blocks must be in order and must not overlap.
func ApplySuggestions(src []byte, blocks []SuggestionBlock) ([]byte, error) {
	lines := splitLines(src)
	eol := "\n"
	if len(lines) > 0 && strings.HasSuffix(lines[0], "\r\n") {
		eol = "\r\n"
	}
	var out strings.Builder
	next := 1 // first line not yet copied
	for i, b := range blocks {
		if b.StartLine < next || b.Line < b.StartLine || b.Line > len(lines) {
			return nil, fmt.Errorf("%w: suggestion #%d spans lines %d..%d: want %d <= start <= line <= %d",
				check.ErrRange, i, b.StartLine, b.Line, next, len(lines))
		}
		content, err := unfence(b.Body)
		if err != nil {
			return nil, fmt.Errorf("suggestion #%d: %w", i, err)
		}
		for _, l := range lines[next-1 : b.StartLine-1] {
			out.WriteString(l)
		}
		if content != nil {
			out.WriteString(strings.Join(content, eol))
			out.WriteString(lines[b.Line-1][len(trimEOL(lines[b.Line-1])):])
		}
		next = b.Line + 1
	}
	for _, l := range lines[next-1:] {
		out.WriteString(l)
	}
	return []byte(out.String()), nil
}

// unfence returns the lines inside a body made by fence; nil means the
// fence is empty.
func unfence(body string) ([]string, error) {
	open, rest, ok := strings.Cut(body, "\n")
	f := strings.TrimSuffix(open, "suggestion")
	if !ok || f == open || strings.Trim(f, "`") != "" || len(f) < 3 || !strings.HasSuffix(rest, f) {
		return nil, fmt.Errorf("body %q: want a ```suggestion fence", body)
	}
	inner := strings.TrimSuffix(rest, f)
	if inner == "" {
		return nil, nil
	}
	if !strings.HasSuffix(inner, "\n") {
		return nil, fmt.Errorf("body %q: want the closing fence on its own line", body)
	}
	return strings.Split(strings.TrimSuffix(inner, "\n"), "\n"), nil
}

func trimEOL(l string) string {
	l = strings.TrimSuffix(l, "\n")
	return strings.TrimSuffix(l, "\r")
}

func trimEOLs(ls []string) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = trimEOL(l)
	}
	return out
}

func firstDiff(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// excerpt is a short window of b at i, enough to locate a mismatch.
func excerpt(b []byte, i int) string { return string(b[i:min(len(b), i+20)]) }
