package fix

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// githubApply is an independent model of committing suggestions on an
// LF file: the file is a list of lines plus a final-newline flag, and each
// block swaps lines StartLine..Line for the lines inside its fence.
func githubApply(t *testing.T, old string, blocks []SuggestionBlock) string {
	t.Helper()
	eol := strings.HasSuffix(old, "\n")
	var lines []string
	if old != "" {
		lines = strings.Split(strings.TrimSuffix(old, "\n"), "\n")
	}
	for i := len(blocks) - 1; i >= 0; i-- {
		b := blocks[i]
		if b.StartLine < 1 || b.Line < b.StartLine || b.Line > len(lines) {
			t.Fatalf("block %+v outside the %d lines of %q", b, len(lines), old)
		}
		if i > 0 && blocks[i-1].Line >= b.StartLine {
			t.Fatalf("blocks %+v and %+v overlap or are out of order", blocks[i-1], b)
		}
		body := strings.Split(b.Body, "\n")
		if len(body) < 2 || !strings.HasSuffix(body[0], "suggestion") || strings.Trim(body[len(body)-1], "`") != "" {
			t.Fatalf("body %q is not a suggestion fence", b.Body)
		}
		repl := body[1 : len(body)-1]
		lines = append(lines[:b.StartLine-1:b.StartLine-1], append(repl, lines[b.Line:]...)...)
	}
	if len(lines) == 0 {
		return ""
	}
	s := strings.Join(lines, "\n")
	if eol {
		s += "\n"
	}
	return s
}

func TestSuggestionRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	tried := 0
	for i := 0; tried < 2000; i++ {
		old := randomLF(r, 4+i%30)
		new := randomLF(r, 4+i%30)
		if i%2 == 0 {
			new = []byte(strings.ReplaceAll(string(mutate(r, old)), "\r", ""))
		}
		if len(old) == 0 || strings.HasSuffix(string(old), "\n") != strings.HasSuffix(string(new), "\n") {
			continue // not expressible; covered by TestSuggestionErrors
		}
		tried++
		blocks, err := Suggestion(old, new)
		if err != nil {
			t.Fatalf("Suggestion(%q, %q): %v", old, new, err)
		}
		if got := githubApply(t, string(old), blocks); got != string(new) {
			t.Fatalf("Suggestion(%q, %q) = %+v, which gives %q", old, new, blocks, got)
		}
	}
}

// randomLF is randomFile without carriage returns, for githubApply.
func randomLF(r *rand.Rand, maxLines int) []byte {
	return []byte(strings.ReplaceAll(string(randomFile(r, maxLines, false)), "\r", ""))
}

// TestSuggestionGolden checks the golden cases that succeed against the
// independent model, CRLF ones after normalising line endings.
func TestSuggestionGolden(t *testing.T) {
	for _, c := range loadCases(t) {
		blocks, err := Suggestion(c.old, c.new)
		if err != nil {
			continue // the golden file records the error
		}
		lf := func(b []byte) string { return strings.ReplaceAll(string(b), "\r\n", "\n") }
		if got := githubApply(t, lf(c.old), blocks); got != lf(c.new) {
			t.Errorf("%s: suggestions give %q, want %q", c.name, got, lf(c.new))
		}
	}
}

func TestSuggestionFence(t *testing.T) {
	for _, tc := range []struct{ content, fence string }{
		{"x := 1", "```"},
		{"``", "```"},
		{"```go", "````"},
		{"a ````` b", "``````"},
		{"~~~", "```"},
	} {
		blocks, err := Suggestion([]byte("a\nb\n"), []byte("a\n"+tc.content+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		want := tc.fence + "suggestion\n" + tc.content + "\n" + tc.fence
		if len(blocks) != 1 || blocks[0].Body != want {
			t.Errorf("suggesting %q: got %+v, want body %q", tc.content, blocks, want)
		}
	}
}

func TestSuggestionErrors(t *testing.T) {
	for _, tc := range []struct{ name, old, new string }{
		{"into empty file", "", "a\n"},
		{"adds final newline", "a\nb", "a\nc\n"},
		{"drops final newline", "a\nb\n", "a\nb"},
		{"mixed line endings", "a\r\nb\r\n", "a\r\nc\n"},
	} {
		_, err := Suggestion([]byte(tc.old), []byte(tc.new))
		if !errors.Is(err, ErrUnrepresentable) {
			t.Errorf("%s: Suggestion = %v, want ErrUnrepresentable", tc.name, err)
		}
	}
}

func TestApplySuggestionsErrors(t *testing.T) {
	src := []byte("a\nb\nc\n")
	ok := "```suggestion\nx\n```"
	for _, tc := range []struct {
		name   string
		blocks []SuggestionBlock
	}{
		{"overlap", []SuggestionBlock{{1, 2, ok}, {2, 3, ok}}},
		{"out of order", []SuggestionBlock{{3, 3, ok}, {1, 1, ok}}},
		{"past end", []SuggestionBlock{{3, 4, ok}}},
		{"backwards", []SuggestionBlock{{2, 1, ok}}},
		{"no fence", []SuggestionBlock{{1, 1, "x"}}},
		{"unclosed", []SuggestionBlock{{1, 1, "```suggestion\nx"}}},
	} {
		if out, err := ApplySuggestions(src, tc.blocks); err == nil {
			t.Errorf("%s: ApplySuggestions = %q, want an error", tc.name, out)
		}
	}
}
