package pycodestyle

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/work"
)

// A tokenizer that yields what CPython 3.11's tokenize module yields, for
// the pycodestyle checks (checks.go): the same token types, texts,
// (row, column) positions in code points, and the physical line each
// token was read from. Positions also carry byte offsets into the source,
// for the fixes.

type tokenType uint8

const (
	tokName tokenType = iota
	tokNumber
	tokString
	tokOp
	tokComment
	tokNL
	tokNewline
	tokIndent
	tokDedent
	tokEndmarker
	tokError
)

type Pos struct{ Row, Col int } // row 1-based, col in code points

type token struct {
	typ        tokenType
	text       string
	start, end Pos
	line       string // the physical line(s) the token was read from
	off, eoff  int    // byte offsets of start and end in the source
}

// physicalLines splits src into physical lines, each keeping its "\n".
func physicalLines(src []byte) []string {
	s := string(src)
	var out []string
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// DedentError is tokenize's IndentationError: a line dedents to a
// column no enclosing block uses.
type DedentError struct{ Row int }

func (e *DedentError) Error() string {
	return "unindent does not match any outer indentation level"
}

// tokenize tokenizes lines. The error is tokenize's when it would raise
// (an unterminated string or bracket: errEOF; a dedent to no outer
// level: *DedentError), and the tokens up to it are returned with it.
//
// Columns come from cols (columns.go); sline and eline are always the
// physical lines srow and erow, so a token's columns are its rows'.
func tokenize(lines []string, cols *columns) (toks []token, err error) {
	lineOff := make([]int, len(lines)+1)
	for i, l := range lines {
		lineOff[i+1] = lineOff[i] + len(l)
	}
	// About one token per five bytes of Python: growing the slice from
	// empty copied it a dozen times, most of tokenize's allocation.
	toks = make([]token, 0, lineOff[len(lines)]/5+16)
	emit := func(t tokenType, text string, srow, sb int, sline string, erow, eb int, eline string, physical string) {
		cols.meter.Add(1)
		toks = append(toks, token{typ: t, text: text,
			start: Pos{srow, cols.col(srow, sb)}, end: Pos{erow, cols.col(erow, eb)},
			line: physical, off: lineOff[srow-1] + sb, eoff: lineOff[erow-1] + eb})
	}
	parenlev, continued := 0, false
	indents := []int{0}
	var contstr strings.Builder
	inStr := false
	var strRow, strB int
	// A string's physical lines are lines[strRow-1:], joined once when
	// it ends: adding each line to the last was quadratic in a long
	// docstring's lines.
	var strLine, endQuote string
	var needcont bool
	lnum := 0
	for lnum < len(lines) {
		line := lines[lnum]
		lnum++
		pos, max := 0, len(line)
		if inStr {
			end, found := stringEnd(line, 0, endQuote)
			switch {
			case found:
				contstr.WriteString(line[:end])
				emit(tokString, contstr.String(), strRow, strB, strLine, lnum, end, line, strings.Join(lines[strRow-1:lnum], ""))
				pos = end
				inStr = false
				contstr.Reset()
			case needcont && !strings.HasSuffix(line, "\\\n") && !strings.HasSuffix(line, "\\\r\n"):
				contstr.WriteString(line)
				emit(tokError, contstr.String(), strRow, strB, strLine, lnum, len(line), line, strings.Join(lines[strRow-1:lnum-1], ""))
				inStr = false
				contstr.Reset()
				continue
			default:
				contstr.WriteString(line)
				continue
			}
		} else if parenlev == 0 && !continued {
			column := 0
			for pos < max {
				switch line[pos] {
				case ' ':
					column++
				case '\t':
					column = (column/8 + 1) * 8
				case '\f':
					column = 0
				default:
					goto measured
				}
				pos++
			}
		measured:
			if pos == max {
				break // tokenize stops at a line of blanks without a newline
			}
			if c := line[pos]; c == '#' || c == '\r' || c == '\n' {
				if c == '#' {
					ct := strings.TrimRight(line[pos:], "\r\n")
					emit(tokComment, ct, lnum, pos, line, lnum, pos+len(ct), line, line)
					pos += len(ct)
				}
				emit(tokNL, line[pos:], lnum, pos, line, lnum, len(line), line, line)
				continue
			}
			if column > indents[len(indents)-1] {
				indents = append(indents, column)
				emit(tokIndent, line[:pos], lnum, 0, line, lnum, pos, line, line)
			}
			for column < indents[len(indents)-1] {
				found := false
				for _, in := range indents {
					found = found || in == column
				}
				if !found {
					return toks, &DedentError{Row: lnum}
				}
				indents = indents[:len(indents)-1]
				emit(tokDedent, "", lnum, pos, line, lnum, pos, line, line)
			}
		} else {
			continued = false
		}
		for pos < max {
			start := pos
			for start < max && (line[start] == ' ' || line[start] == '\t' || line[start] == '\f') {
				start++
			}
			if start >= max {
				break
			}
			kind, end := pseudo(line, start, cols.meter)
			pos = end
			tok := line[start:end]
			switch kind {
			case pseudoNone:
				emit(tokError, line[start:start+1], lnum, start, line, lnum, start+1, line, line)
				pos = start + 1
			case pseudoEnd:
				pos = max
			case pseudoNumber:
				emit(tokNumber, tok, lnum, start, line, lnum, end, line, line)
			case pseudoNewline:
				t := tokNewline
				if parenlev > 0 {
					t = tokNL
				}
				emit(t, tok, lnum, start, line, lnum, end, line, line)
			case pseudoComment:
				emit(tokComment, tok, lnum, start, line, lnum, end, line, line)
			case pseudoTriple:
				q := tok[len(tok)-3:]
				if e, found := stringEnd(line, end, q); found {
					emit(tokString, line[start:e], lnum, start, line, lnum, e, line, line)
					pos = e
				} else {
					inStr, needcont = true, false
					strRow, strB, strLine, endQuote = lnum, start, line, q
					contstr.Reset()
					contstr.WriteString(line[start:])
					pos = max
				}
			case pseudoString:
				if tok[len(tok)-1] == '\n' {
					q := string(tok[prefixLen(tok)])
					inStr, needcont = true, true
					strRow, strB, strLine, endQuote = lnum, start, line, q
					contstr.Reset()
					contstr.WriteString(line[start:])
					pos = max
				} else {
					emit(tokString, tok, lnum, start, line, lnum, end, line, line)
				}
			case pseudoName:
				emit(tokName, tok, lnum, start, line, lnum, end, line, line)
			case pseudoBackslash:
				continued = true
			case pseudoOp:
				switch tok[0] {
				case '(', '[', '{':
					parenlev++
				case ')', ']', '}':
					parenlev--
				}
				emit(tokOp, tok, lnum, start, line, lnum, end, line, line)
			}
		}
	}
	if inStr || parenlev > 0 || continued {
		return toks, errEOF
	}
	if len(lines) > 0 {
		last := lines[len(lines)-1]
		if last != "" && last[len(last)-1] != '\r' && last[len(last)-1] != '\n' && !strings.HasPrefix(strings.TrimSpace(last), "#") {
			n := len(lines)
			emit(tokNewline, "", n, len(last), last, n, len(last), last, "")
			toks[len(toks)-1].end.Col++
		}
	}
	for range indents[1:] {
		toks = append(toks, token{typ: tokDedent, start: Pos{len(lines) + 1, 0}, end: Pos{len(lines) + 1, 0}, off: lineOff[len(lines)], eoff: lineOff[len(lines)]})
	}
	toks = append(toks, token{typ: tokEndmarker, start: Pos{len(lines) + 1, 0}, end: Pos{len(lines) + 1, 0}, off: lineOff[len(lines)], eoff: lineOff[len(lines)]})
	return toks, nil
}

var errEOF = errors.New("EOF in a multi-line string or statement")

type pseudoKind uint8

const (
	pseudoNone pseudoKind = iota
	pseudoEnd
	pseudoBackslash
	pseudoComment
	pseudoTriple
	pseudoNumber
	pseudoNewline
	pseudoOp
	pseudoString
	pseudoName
)

// operators are tokenize's exact operator tokens, longest first.
var operators = []string{"**=", "...", "//=", "<<=", ">>=", "!=", "%=", "&=", "**", "*=", "+=", "-=", "->", "//", "/=",
	":=", "<<", "<=", "==", ">=", ">>", "@=", "^=", "|=", "%", "&", "(", ")", "*", "+", ",", "-", ".", "/", ":",
	";", "<", "=", ">", "@", "[", "]", "^", "{", "|", "}", "~"}

// operatorsFrom lists, for each first byte, the operators that start
// with it in operators' order, so that pseudo tries only those (the
// first match is the same; trying all 47 was most of its time).
var operatorsFrom = func() (by [256][]string) {
	for _, op := range operators {
		by[op[0]] = append(by[op[0]], op)
	}
	return by
}()

// pseudo matches tokenize's PseudoToken alternatives at i, in their
// order: backslash-newline or end, comment, triple-quote start, number,
// newline or operator, single-quoted string, name.
func pseudo(line string, i int, m *work.Meter) (pseudoKind, int) {
	rest := line[i:]
	switch {
	case strings.HasPrefix(rest, "\\\n"):
		return pseudoBackslash, i + 2
	case strings.HasPrefix(rest, "\\\r\n"):
		return pseudoBackslash, i + 3
	case rest[0] == '#':
		e := strings.IndexAny(rest, "\r\n")
		if e < 0 {
			e = len(rest)
		}
		return pseudoComment, i + e
	}
	if p := prefixLen(rest); p < len(rest) && (strings.HasPrefix(rest[p:], `"""`) || strings.HasPrefix(rest[p:], "'''")) {
		return pseudoTriple, i + p + 3
	}
	if n := numberLen(rest); n > 0 {
		return pseudoNumber, i + n
	}
	if strings.HasPrefix(rest, "\r\n") {
		return pseudoNewline, i + 2
	}
	if rest[0] == '\n' {
		return pseudoNewline, i + 1
	}
	for _, op := range operatorsFrom[rest[0]] {
		if strings.HasPrefix(rest, op) {
			return pseudoOp, i + len(op)
		}
	}
	if p := prefixLen(rest); p < len(rest) && (rest[p] == '\'' || rest[p] == '"') {
		if n, ok := contStrEnd(rest, p, m); ok {
			return pseudoString, i + n
		}
	}
	if n := nameLen(rest); n > 0 {
		return pseudoName, i + n
	}
	if rest == "" {
		return pseudoEnd, i
	}
	return pseudoNone, i
}

// prefixLen is the length of a valid string prefix at the start of s
// (b, r, u, f, br, rb, fr, rf in any case), 0 if none.
func prefixLen(s string) int {
	n := 0
	for n < len(s) && n < 2 && strings.ContainsRune("bBrRuUfF", rune(s[n])) {
		n++
	}
	for ; n > 0; n-- {
		p := strings.ToLower(s[:n])
		switch p {
		case "b", "r", "u", "f", "br", "rb", "fr", "rf":
			return n
		}
	}
	return 0
}

// contStrEnd matches a single-quoted string starting at its quote q (after
// a prefix of length p): up to the closing quote, or to a
// backslash-newline that continues it on the next line.
func contStrEnd(s string, p int, m *work.Meter) (int, bool) {
	q := s[p]
	for i := p + 1; i < len(s); i++ {
		m.Add(1)
		switch s[i] {
		case '\\':
			if strings.HasPrefix(s[i:], "\\\r\n") {
				return i + 3, true
			}
			if i+1 < len(s) {
				if s[i+1] == '\n' {
					return i + 2, true
				}
				i++
			}
		case '\n':
			return 0, false
		case q:
			return i + 1, true
		}
	}
	return 0, false
}

// stringEnd finds the end of a string closed by quote q from i,
// honouring backslash escapes.
func stringEnd(line string, i int, q string) (int, bool) {
	for i < len(line) {
		switch {
		case line[i] == '\\':
			i += 2
		case strings.HasPrefix(line[i:], q):
			return i + len(q), true
		default:
			i++
		}
	}
	return 0, false
}

// nameLen matches \w+ (Unicode word characters).
func nameLen(s string) int {
	n := 0
	for n < len(s) {
		r, size := utf8.DecodeRuneInString(s[n:])
		if !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsNumber(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Pc, r)) {
			break
		}
		n += size
	}
	return n
}

func isDigitB(c byte) bool { return c >= '0' && c <= '9' }

// digits matches [0-9](?:_?[0-9])* (or the given class) from i.
func digits(s string, i int, ok func(byte) bool) int {
	if i >= len(s) || !ok(s[i]) {
		return i
	}
	i++
	for i < len(s) {
		if ok(s[i]) {
			i++
		} else if s[i] == '_' && i+1 < len(s) && ok(s[i+1]) {
			i += 2
		} else {
			break
		}
	}
	return i
}

// numberLen matches tokenize's Number at the start of s: Imagnumber,
// then Floatnumber, then Intnumber, the first alternative that matches.
func numberLen(s string) int {
	if s == "" || !(isDigitB(s[0]) || s[0] == '.' && len(s) > 1 && isDigitB(s[1])) {
		return 0
	}
	float := func() int {
		// Pointfloat, then Expfloat.
		if isDigitB(s[0]) {
			j := digits(s, 0, isDigitB)
			if j < len(s) && s[j] == '.' {
				j = digits(s, j+1, isDigitB)
				return exponent(s, j)
			}
			if e := exponent(s, j); e > j {
				return e
			}
			return 0
		}
		j := digits(s, 1, isDigitB)
		return exponent(s, j)
	}
	imag := func() int {
		if isDigitB(s[0]) {
			j := digits(s, 0, isDigitB)
			if j < len(s) && (s[j] == 'j' || s[j] == 'J') {
				return j + 1
			}
		}
		if f := float(); f > 0 && f < len(s) && (s[f] == 'j' || s[f] == 'J') {
			return f + 1
		}
		return 0
	}
	if n := imag(); n > 0 {
		return n
	}
	if n := float(); n > 0 {
		return n
	}
	if !isDigitB(s[0]) {
		return 0
	}
	if len(s) > 1 && s[0] == '0' {
		isHex := func(c byte) bool { return isDigitB(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
		var class func(byte) bool
		switch s[1] {
		case 'x', 'X':
			class = isHex
		case 'b', 'B':
			class = func(c byte) bool { return c == '0' || c == '1' }
		case 'o', 'O':
			class = func(c byte) bool { return c >= '0' && c <= '7' }
		}
		if class != nil {
			j := 2
			for j < len(s) {
				if class(s[j]) {
					j++
				} else if s[j] == '_' && j+1 < len(s) && class(s[j+1]) {
					j += 2
				} else {
					break
				}
			}
			if j > 2 {
				return j
			}
		}
		// 0(?:_?0)*
		j := 1
		for j < len(s) {
			if s[j] == '0' {
				j++
			} else if s[j] == '_' && j+1 < len(s) && s[j+1] == '0' {
				j += 2
			} else {
				break
			}
		}
		return j
	}
	return digits(s, 0, isDigitB)
}

func exponent(s string, j int) int {
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if e := digits(s, k, isDigitB); e > k {
			return e
		}
	}
	return j
}
