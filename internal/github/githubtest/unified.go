package githubtest

import (
	"fmt"
	"strings"
)

// unifiedHunks renders the hunks of a unified diff from old to new with
// three lines of context, as git and GitHub do. The fake keeps its own
// small differ, independent of the code under test; a longest common
// subsequence over the lines between the common prefix and suffix is
// plenty for test-sized files.
func unifiedHunks(old, new []byte) string {
	a, b := lines(old), lines(new)
	ops := diffLines(a, b)
	const context = 3
	var sb strings.Builder
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk runs from context lines before this change to context
		// lines after the last change no more than 2·context lines away.
		start := max(0, i-context)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j
			} else if j-end > 2*context {
				break
			}
		}
		stop := min(len(ops), end+context+1)
		writeHunk(&sb, ops[start:stop])
		i = stop
	}
	return sb.String()
}

type op struct {
	kind       byte // ' ', '-', '+'
	text       string
	oldN, newN int // 1-based line numbers before this op on each side
}

func writeHunk(sb *strings.Builder, ops []op) {
	oldCount, newCount := 0, 0
	for _, o := range ops {
		if o.kind != '+' {
			oldCount++
		}
		if o.kind != '-' {
			newCount++
		}
	}
	oldStart, newStart := ops[0].oldN, ops[0].newN
	if oldCount == 0 {
		oldStart--
	}
	if newCount == 0 {
		newStart--
	}
	fmt.Fprintf(sb, "@@ -%s +%s @@\n", rng(oldStart, oldCount), rng(newStart, newCount))
	for _, o := range ops {
		sb.WriteByte(o.kind)
		if t, ok := strings.CutSuffix(o.text, "\n"); ok {
			sb.WriteString(t + "\n")
		} else {
			sb.WriteString(o.text + "\n\\ No newline at end of file\n")
		}
	}
}

func rng(start, n int) string {
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

// lines splits after each "\n", keeping terminators (and so CRLF).
func lines(src []byte) []string {
	var out []string
	s := string(src)
	for s != "" {
		i := strings.IndexByte(s, '\n') + 1
		if i == 0 {
			i = len(s)
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	return out
}

// diffLines returns the edit script from a to b, deletions before
// insertions within a change, as diff tools print them.
func diffLines(a, b []string) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	// lcs[i][j] is the LCS length of ma[i:] and mb[j:].
	lcs := make([][]int, len(ma)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(mb)+1)
	}
	for i := len(ma) - 1; i >= 0; i-- {
		for j := len(mb) - 1; j >= 0; j-- {
			if ma[i] == mb[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []op
	oi, ni := 1, 1
	emit := func(kind byte, text string) {
		ops = append(ops, op{kind, text, oi, ni})
		if kind != '+' {
			oi++
		}
		if kind != '-' {
			ni++
		}
	}
	for _, l := range a[:pre] {
		emit(' ', l)
	}
	i, j := 0, 0
	for i < len(ma) || j < len(mb) {
		switch {
		case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
			emit(' ', ma[i])
			i, j = i+1, j+1
		case j == len(mb) || (i < len(ma) && lcs[i+1][j] >= lcs[i][j+1]):
			emit('-', ma[i])
			i++
		default:
			emit('+', mb[j])
			j++
		}
	}
	for _, l := range a[len(a)-suf:] {
		emit(' ', l)
	}
	return ops
}
