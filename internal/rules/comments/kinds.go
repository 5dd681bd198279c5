package comments

// The paper's comment kinds: single-line, multi-line, inline and block
// comments, judged as MultiCodeIF's evaluator judges them (Pygments token
// types for the first three, raw source lines for block comments). Both
// profiles use them; the lint profile lists every offending comment
// instead of stopping at the first (kindReading).

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/pygments"
	"github.com/iflint/iflint/internal/work"
)

// tokFinding locates a comment token without its trailing line break.
func tokFinding(u *check.Unit, t *pygments.Ptok, msg string) check.Finding {
	end := t.End
	for end > t.Start && (u.Src[end-1] == '\n' || u.Src[end-1] == '\r') {
		end--
	}
	return check.Finding{Start: t.Start, End: end, Message: msg}
}

func isLineOrBlock(t chroma.TokenType) bool {
	return t == chroma.CommentSingle || t == chroma.CommentMultiline
}

// checkCommentKind requires comments of one kind only: at least one, and
// none of the other kind. Lexing stops at the first offending comment
// unless opt lists every one.
func checkCommentKind(u *check.Unit, id lang.ID, single bool, opt kindReading) check.Result {
	want, other := chroma.CommentSingle, chroma.CommentMultiline
	wantName, otherName := "single-line", "multi-line"
	if !single {
		want, other = other, want
		wantName, otherName = otherName, wantName
	}
	found := false
	var findings []check.Finding
	m := work.Of(u)
	err := pygments.PygStream(u, id, func(t pygments.Ptok) bool {
		m.Add(1 + len(t.Value))
		switch t.Type {
		case want:
			found = true
		case other:
			findings = append(findings, tokFinding(u, &t, fmt.Sprintf("%s comment where only %s comments are allowed", otherName, wantName)))
			return opt.listEvery
		}
		return true
	})
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: err.Error()}
	}
	if len(findings) > 0 {
		return check.Failed(fmt.Sprintf("%s comment found where only %s comments are allowed", otherName, wantName), findings...)
	}
	if !found {
		return check.Failed(fmt.Sprintf("no %s comment found", wantName))
	}
	return check.Passed(fmt.Sprintf("all comments are %s comments", wantName))
}

// checkInlineComments fails when a line holds comment tokens and nothing
// else but whitespace. Like the evaluator, a token spanning newlines
// counts on every line it touches (so a line comment that swallows its
// newline also marks the next line), and code without comments passes.
func checkInlineComments(u *check.Unit, id lang.ID, opt kindReading) check.Result {
	toks, err := pygments.PygTokens(u, id)
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: err.Error()}
	}
	type lineInfo struct {
		comment, code bool
		first         *pygments.Ptok
		firstLine     int
	}
	lines := map[int]*lineInfo{}
	var order []int
	line := 1
	m := work.Of(u)
	for i := range toks {
		t := &toks[i]
		m.Add(1 + len(t.Value))
		n := strings.Count(t.Value, "\n")
		if !t.Type.InCategory(chroma.Text) {
			for k := line; k <= line+n; k++ {
				li := lines[k]
				if li == nil {
					li = &lineInfo{}
					lines[k] = li
					order = append(order, k)
				}
				if isLineOrBlock(t.Type) {
					li.comment = true
					if li.first == nil {
						li.first, li.firstLine = t, line
					}
				} else {
					li.code = true
				}
			}
		}
		line += n
	}
	// The paper's evaluator stops at the first offending line; opt may
	// list every one (no silent cap).
	var findings []check.Finding
	for _, k := range order {
		if li := lines[k]; li.comment && !li.code {
			// Lines are counted in Pygments' normalized text, so the
			// finding, not a line number, locates the offence.
			msg := "comment on a line of its own, not inline"
			if li.firstLine != k {
				// A block comment's later lines, or (C, C++, Rust) the
				// line after a // comment, whose token holds the newline.
				msg = "comment continues onto a following line that has no code"
			}
			findings = append(findings, tokFinding(u, li.first, msg))
			if !opt.listEvery {
				break
			}
		}
	}
	if len(findings) > 0 {
		return check.Failed("a line holds only a comment; inline comments must share a line with code", findings...)
	}
	return check.Passed("every comment shares its line with code")
}

// pyStrip trims what Python's str.strip() trims, which includes the
// \x1c-\x1f separators that Go's unicode.IsSpace does not.
func pyStrip(s string) string {
	return strings.TrimFunc(s, isPySpace)
}

func isPySpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0x1c, 0x1d, 0x1e, 0x1f, 0x85, 0xa0, 0x1680,
		0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// pySplitLines splits like Python's str.splitlines().
func pySplitLines(s string) (lines []string) {
	start := 0
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= 0x80 {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		brk := 0
		switch r {
		case '\n', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			brk = size
		case '\r':
			brk = 1
			if i+1 < len(s) && s[i+1] == '\n' {
				brk = 2
			}
		}
		if brk > 0 {
			lines = append(lines, s[start:i])
			i += brk
			start = i
			continue
		}
		i += size
	}
	if start < len(s) {
		lines = append(lines, s[start:])
	}
	return lines
}

func hasAnyPrefix(s string, ps ...string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// checkBlockComments passes when some comment block (a /* */ comment or a
// run of // or # lines) is directly followed by a line of code.
func checkBlockComments(u *check.Unit) check.Result {
	// Each line is stripped and searched a bounded number of times.
	work.Of(u).Add(4 * len(u.Src))
	lines := pySplitLines(string(u.Src))
	codeAfter := func(i int) bool {
		if i+1 >= len(lines) {
			return false
		}
		next := pyStrip(lines[i+1])
		return next != "" && !hasAnyPrefix(next, "//", "#", "/*")
	}
	for i := 0; i < len(lines)-1; i++ {
		line := pyStrip(lines[i])
		if strings.HasPrefix(line, "/*") {
			for i < len(lines) && !strings.Contains(lines[i], "*/") {
				i++
			}
			if codeAfter(i) {
				return check.Passed(fmt.Sprintf("comment block ending on line %d precedes code", i+1))
			}
			continue
		}
		if hasAnyPrefix(line, "//", "#") {
			for i+1 < len(lines) && hasAnyPrefix(pyStrip(lines[i+1]), "//", "#") {
				i++
			}
			if codeAfter(i) {
				return check.Passed(fmt.Sprintf("comment block ending on line %d precedes code", i+1))
			}
		}
	}
	return check.Failed("no comment block directly followed by code")
}
