package github

import (
	"fmt"
	"strconv"
	"strings"
)

// headerPath reads a path field: C-quoted, or bare up to a tab (diff -u
// puts a timestamp after one).
func headerPath(s string) (string, error) {
	if strings.HasPrefix(s, `"`) {
		p, _, err := unquoteC(s)
		return p, err
	}
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	return s, nil
}

// gitHeaderPaths splits "a/X b/Y" of a diff --git line. Unquoted names
// may contain spaces, so the line is read as two equal names when it can
// be (the usual, unrenamed case); otherwise "rename from/to" or the
// "---"/"+++" pair that follows corrects the guess.
func gitHeaderPaths(s string) (old, new string, err error) {
	if strings.HasPrefix(s, `"`) {
		old, rest, err := unquoteC(s)
		if err != nil {
			return "", "", err
		}
		new, err = headerPath(strings.TrimPrefix(rest, " "))
		if err != nil {
			return "", "", err
		}
		return strings.TrimPrefix(old, "a/"), strings.TrimPrefix(new, "b/"), nil
	}
	if n := len(s); n%2 == 1 {
		a, b := s[:n/2], s[n/2+1:]
		if s[n/2] == ' ' && strings.HasPrefix(a, "a/") && strings.HasPrefix(b, "b/") && a[2:] == b[2:] {
			return a[2:], b[2:], nil
		}
	}
	if i := strings.LastIndex(s, " b/"); i >= 0 {
		b, err := headerPath(s[i+1:])
		if err != nil {
			return "", "", err
		}
		return strings.TrimPrefix(s[:i], "a/"), strings.TrimPrefix(b, "b/"), nil
	}
	return "", "", fmt.Errorf("cannot read the file names of %q", clip("diff --git "+s))
}

// unquoteC reads a C-quoted name as git writes it (core.quotePath) and
// returns the rest of s after the closing quote.
func unquoteC(s string) (string, string, error) {
	var sb strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return sb.String(), s[i+1:], nil
		case c != '\\':
			sb.WriteByte(c)
		case i+1 >= len(s):
			return "", "", fmt.Errorf("quoted name %q ends inside an escape", clip(s))
		default:
			i++
			switch e := s[i]; e {
			case 'a':
				sb.WriteByte('\a')
			case 'b':
				sb.WriteByte('\b')
			case 't':
				sb.WriteByte('\t')
			case 'n':
				sb.WriteByte('\n')
			case 'v':
				sb.WriteByte('\v')
			case 'f':
				sb.WriteByte('\f')
			case 'r':
				sb.WriteByte('\r')
			case '"', '\\':
				sb.WriteByte(e)
			case '0', '1', '2', '3':
				if i+2 >= len(s) {
					return "", "", fmt.Errorf("quoted name %q has a short octal escape", clip(s))
				}
				v, err := strconv.ParseUint(s[i:i+3], 8, 8)
				if err != nil {
					return "", "", fmt.Errorf("quoted name %q: bad octal escape %q", clip(s), s[i:i+3])
				}
				sb.WriteByte(byte(v))
				i += 2
			default:
				return "", "", fmt.Errorf("quoted name %q: unknown escape \\%c", clip(s), e)
			}
		}
	}
	return "", "", fmt.Errorf("quoted name %q has no closing quote", clip(s))
}
