package github

import (
	"fmt"
	"strconv"
	"strings"
)

// parseHunk reads the hunk whose header is lines[i] and returns the index
// of the line after it. The header's counts decide where the hunk ends, so
// a removed line that reads "-- x" is not mistaken for a file header.
func parseHunk(lines []string, i int) (Hunk, int, error) {
	h, err := parseHunkHeader(trimCR(lines[i]))
	if err != nil {
		return Hunk{}, 0, fmt.Errorf("line %d: %w", i+1, err)
	}
	oldLeft, newLeft := h.OldLines, h.NewLines
	next := h.NewStart
	if h.NewLines == 0 {
		next = h.NewStart + 1
	}
	j := i + 1
	for ; oldLeft > 0 || newLeft > 0; j++ {
		if j >= len(lines) {
			return Hunk{}, 0, fmt.Errorf("hunk %s at line %d ends early: %d old and %d new lines missing", h, i+1, oldLeft, newLeft)
		}
		l := lines[j]
		kind := byte(' ') // a blank line is context whose space was stripped
		if l != "" && l != "\r" {
			kind = l[0]
		}
		switch kind {
		case ' ':
			if oldLeft == 0 || newLeft == 0 {
				return Hunk{}, 0, fmt.Errorf("line %d: context line beyond hunk %s's counts", j+1, h)
			}
			oldLeft, newLeft, next = oldLeft-1, newLeft-1, next+1
			h.Right = append(h.Right, rightText(l))
		case '+':
			if newLeft == 0 {
				return Hunk{}, 0, fmt.Errorf("line %d: added line beyond hunk %s's counts", j+1, h)
			}
			h.Added = append(h.Added, next)
			h.Right = append(h.Right, rightText(l))
			newLeft, next = newLeft-1, next+1
		case '-':
			if oldLeft == 0 {
				return Hunk{}, 0, fmt.Errorf("line %d: removed line beyond hunk %s's counts", j+1, h)
			}
			oldLeft--
		case '\\': // "\ No newline at end of file"
		default:
			return Hunk{}, 0, fmt.Errorf("line %d: %q is not a diff line (hunk %s)", j+1, clip(trimCR(l)), h)
		}
	}
	for j < len(lines) && strings.HasPrefix(lines[j], `\`) {
		j++
	}
	return h, j, nil
}

// rightText is a diff line's text without its prefix and line ending;
// a blank line is context whose space was stripped.
func rightText(l string) string {
	l = trimCR(l)
	if l == "" {
		return ""
	}
	return l[1:]
}

// parseHunkHeader reads "@@ -a[,b] +c[,d] @@[ section]".
func parseHunkHeader(l string) (Hunk, error) {
	rest, ok := strings.CutPrefix(l, "@@ -")
	end := strings.Index(rest, " @@")
	if !ok || end < 0 {
		return Hunk{}, fmt.Errorf("malformed hunk header %q", clip(l))
	}
	oldR, newR, ok := strings.Cut(rest[:end], " +")
	if !ok {
		return Hunk{}, fmt.Errorf("malformed hunk header %q", clip(l))
	}
	var h Hunk
	var err error
	if h.OldStart, h.OldLines, err = hunkRange(oldR); err == nil {
		h.NewStart, h.NewLines, err = hunkRange(newR)
	}
	if err != nil {
		return Hunk{}, fmt.Errorf("malformed hunk header %q: %w", clip(l), err)
	}
	return h, nil
}

// hunkRange reads "start[,count]"; a missing count means 1.
func hunkRange(s string) (start, count int, err error) {
	a, b, hasCount := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil || start < 0 {
		return 0, 0, fmt.Errorf("bad line number %q", a)
	}
	count = 1
	if hasCount {
		if count, err = strconv.Atoi(b); err != nil || count < 0 {
			return 0, 0, fmt.Errorf("bad line count %q", b)
		}
	}
	return start, count, nil
}
