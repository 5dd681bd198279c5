package fix

import (
	"bytes"
	"fmt"
	"strings"
)

// Hunk is one maximal run of changed lines. Old and New hold the removed
// and added lines with their terminators ("\n" or "\r\n"; only a file's
// last line may have none), so a hunk loses nothing about line endings.
// Line numbers are 1-based; as in unified diffs, a side with no lines
// gives the number of the line the change follows (0: start of file).
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
	Old, New           []string
}

// Hunks returns the changed line runs of a minimal line diff from old to
// new, in file order, without context.
func Hunks(old, new []byte) []Hunk {
	a, b := splitLines(old), splitLines(new)
	match := matchLines(a, b)
	var hunks []Hunk
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		if i < len(a) && match[i] == j {
			i, j = i+1, j+1
			continue
		}
		// match is increasing, so up to the next matched pair every old
		// line is deleted and every new line inserted.
		i0, j0 := i, j
		for i < len(a) && match[i] < 0 {
			i++
		}
		if i < len(a) {
			j = match[i]
		} else {
			j = len(b)
		}
		hunks = append(hunks, Hunk{
			OldStart: start(i0, i-i0), OldLines: i - i0,
			NewStart: start(j0, j-j0), NewLines: j - j0,
			Old: a[i0:i], New: b[j0:j],
		})
	}
	return hunks
}

// start converts a 0-based first line index to unified-diff numbering.
func start(i, n int) int {
	if n == 0 {
		return i
	}
	return i + 1
}

// splitLines cuts src after each "\n", keeping terminators.
func splitLines(src []byte) []string {
	var lines []string
	for len(src) > 0 {
		n := bytes.IndexByte(src, '\n') + 1
		if n == 0 {
			n = len(src)
		}
		lines = append(lines, string(src[:n]))
		src = src[n:]
	}
	return lines
}

// Unified renders the change from old to new as a unified diff of path
// with the given lines of context, or "" when nothing changed. Lines are
// copied byte for byte, so CRLF endings survive, and a last line without
// a newline is marked the way diff(1) and git apply expect.
func Unified(path string, old, new []byte, context int) string {
	hunks := Hunks(old, new)
	if len(hunks) == 0 {
		return ""
	}
	context = max(context, 0)
	a, b := splitLines(old), splitLines(new)
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", quotePath("a/"+path), quotePath("b/"+path))
	for len(hunks) > 0 {
		// Hunks whose contexts would touch or overlap share one header.
		n := 1
		for n < len(hunks) && oldEnd(hunks[n-1])+2*context >= oldFirst(hunks[n]) {
			n++
		}
		writeGroup(&sb, a, b, hunks[:n], context)
		hunks = hunks[n:]
	}
	return sb.String()
}

// quotePath C-quotes a name the way git does when it contains bytes that
// would end or corrupt the header line (a tab starts a timestamp, a
// newline ends the line); git apply and GNU patch both read this form.
func quotePath(p string) string {
	if !strings.ContainsFunc(p, func(r rune) bool { return r < ' ' || r == '"' || r == '\\' || r == 0x7f }) {
		return p
	}
	var sb strings.Builder
	sb.WriteByte('"')
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '"' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c == '\t':
			sb.WriteString(`\t`)
		case c == '\n':
			sb.WriteString(`\n`)
		case c < ' ' || c == 0x7f:
			fmt.Fprintf(&sb, `\%03o`, c)
		default:
			sb.WriteByte(c)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// oldFirst and oldEnd bound a hunk's old lines as 0-based [first, end),
// which stays meaningful for pure insertions.
func oldFirst(h Hunk) int { return h.OldStart - min(h.OldLines, 1) }
func oldEnd(h Hunk) int   { return oldFirst(h) + h.OldLines }

func writeGroup(sb *strings.Builder, a, b []string, group []Hunk, context int) {
	first, last := group[0], group[len(group)-1]
	lo := max(oldFirst(first)-context, 0)
	hi := min(oldEnd(last)+context, len(a))
	// Equal lines sit at the same distance before a hunk on both sides.
	newLo := first.NewStart - min(first.NewLines, 1) - (oldFirst(first) - lo)
	newHi := newLo + (hi - lo)
	for _, h := range group {
		newHi += h.NewLines - h.OldLines
	}
	fmt.Fprintf(sb, "@@ -%s +%s @@\n", rangeOf(lo, hi-lo), rangeOf(newLo, newHi-newLo))
	i := lo
	for _, h := range group {
		writeLines(sb, ' ', a[i:oldFirst(h)])
		writeLines(sb, '-', h.Old)
		writeLines(sb, '+', h.New)
		i = oldEnd(h)
	}
	writeLines(sb, ' ', a[i:hi])
}

// rangeOf formats a 0-based line range the way diff(1) does: the count
// is omitted when it is 1, and an empty range names the line before it.
func rangeOf(first, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", first)
	case 1:
		return fmt.Sprint(first + 1)
	}
	return fmt.Sprintf("%d,%d", first+1, n)
}

func writeLines(sb *strings.Builder, prefix byte, lines []string) {
	for _, l := range lines {
		sb.WriteByte(prefix)
		sb.WriteString(l)
		if !strings.HasSuffix(l, "\n") {
			sb.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// matchLines pairs the lines of a longest common subsequence of a and b:
// match[i] is the index in b of a[i], or -1 if a[i] is deleted.
func matchLines(a, b []string) []int {
	// Lines that occur on one side only can never match, and dropping them
	// leaves the common subsequences unchanged; it makes wholesale
	// rewrites cost linear time instead of Myers' worst case.
	ids := map[string]int{}
	inA := map[string]bool{}
	for _, l := range a {
		inA[l] = true
	}
	var ys, yIdx []int
	for j, l := range b {
		if inA[l] {
			if _, ok := ids[l]; !ok {
				ids[l] = len(ids)
			}
			ys, yIdx = append(ys, ids[l]), append(yIdx, j)
		}
	}
	var xs, xIdx []int
	for i, l := range a {
		if id, ok := ids[l]; ok {
			xs, xIdx = append(xs, id), append(xIdx, i)
		}
	}
	m := &myers{a: xs, b: ys, match: make([]int, len(xs))}
	for i := range m.match {
		m.match[i] = -1
	}
	m.compare(0, len(xs), 0, len(ys))
	match := make([]int, len(a))
	for i := range match {
		match[i] = -1
	}
	for i, j := range m.match {
		if j >= 0 {
			match[xIdx[i]] = yIdx[j]
		}
	}
	return match
}

// myers is the linear-space variant of Myers' O(ND) diff ("An O(ND)
// Difference Algorithm and Its Variations", 1986, section 4b): it finds
// the middle snake of an optimal path and recurses on either side, so
// memory stays O(N+M) even when the files share little.
type myers struct {
	a, b  []int
	match []int
	// fwd and bwd are reused by every middle-snake search.
	fwd, bwd []int
}

func (m *myers) compare(aLo, aHi, bLo, bHi int) {
	for aLo < aHi && bLo < bHi && m.a[aLo] == m.b[bLo] {
		m.match[aLo] = bLo
		aLo, bLo = aLo+1, bLo+1
	}
	for aLo < aHi && bLo < bHi && m.a[aHi-1] == m.b[bHi-1] {
		aHi, bHi = aHi-1, bHi-1
		m.match[aHi] = bHi
	}
	// With the common ends stripped, either one side is empty (pure
	// insertion or deletion) or the distance is at least 2, so both
	// halves below are strictly smaller problems.
	if aLo == aHi || bLo == bHi {
		return
	}
	x, y, u, v := m.middleSnake(aLo, aHi, bLo, bHi)
	m.compare(aLo, x, bLo, y)
	for ; x < u; x, y = x+1, y+1 {
		m.match[x] = y
	}
	m.compare(u, aHi, v, bHi)
}

// middleSnake returns the snake (x,y)→(u,v), in absolute indices, at the
// middle of a shortest edit path through a[aLo:aHi] and b[bLo:bHi].
//
// fwd[k] is the furthest x reached from the top left on diagonal k = x-y
// and bwd[k] the furthest distance back from the bottom right on diagonal
// n-m-k; -1 marks a diagonal that cannot be reached without leaving the
// box, which keeps every path a real edit script.
func (m *myers) middleSnake(aLo, aHi, bLo, bHi int) (x, y, u, v int) {
	n, mm := aHi-aLo, bHi-bLo
	delta := n - mm
	maxD := (n + mm + 1) / 2
	off := maxD + 1
	if need := 2*off + 1; len(m.fwd) < need {
		m.fwd, m.bwd = make([]int, need), make([]int, need)
	}
	fwd, bwd := m.fwd, m.bwd
	for d := 0; d <= maxD; d++ {
		for k := -d; k <= d; k += 2 {
			x0 := furthest(fwd, off, k, d, n, mm)
			if x0 < 0 {
				fwd[off+k] = -1
				continue
			}
			x := x0
			for x < n && x-k < mm && m.a[aLo+x] == m.b[bLo+x-k] {
				x++
			}
			fwd[off+k] = x
			if c := delta - k; delta%2 != 0 && -d < c && c < d && bwd[off+c] >= 0 && x >= n-bwd[off+c] {
				return aLo + x0, bLo + x0 - k, aLo + x, bLo + x - k
			}
		}
		for c := -d; c <= d; c += 2 {
			x0 := furthest(bwd, off, c, d, n, mm)
			if x0 < 0 {
				bwd[off+c] = -1
				continue
			}
			x := x0
			for x < n && x-c < mm && m.a[aHi-1-x] == m.b[bHi-1-(x-c)] {
				x++
			}
			bwd[off+c] = x
			if k := delta - c; delta%2 == 0 && -d <= k && k <= d && fwd[off+k] >= 0 && fwd[off+k] >= n-x {
				return aHi - x, bHi - (x - c), aHi - x0, bHi - (x0 - c)
			}
		}
	}
	panic("fix: no middle snake; the edit graph has no path, which cannot happen")
}

// furthest returns the furthest x on diagonal k a d-path can reach before
// following its final snake, from the (d-1)-paths stored in v, or -1 if
// every such step would leave the n×m box.
func furthest(v []int, off, k, d, n, m int) int {
	if d == 0 {
		return 0
	}
	best := -1
	if k+1 <= d-1 { // down from diagonal k+1
		if x := v[off+k+1]; x >= 0 && x-(k+1) < m {
			best = x
		}
	}
	if k-1 >= -(d - 1) { // right from diagonal k-1
		if x := v[off+k-1]; x >= 0 && x < n && x+1 > best {
			best = x + 1
		}
	}
	return best
}
