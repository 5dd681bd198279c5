package pycodestyle

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/work"
)

// The pycodestyle checks behind Python's indentation_spacing in the lint
// profile, ported from pycodestyle 2.10 (MIT licence): tabs_or_spaces
// (E101), tabs_obsolete (W191), indentation (E111-E117),
// continued_indentation (E12x), missing_whitespace (E231),
// missing_whitespace_around_operator (E225-E228) and
// whitespace_around_named_parameter_equals (E251, E252), run over logical
// lines built the way pycodestyle's Checker builds them.

// Error is one pycodestyle error: its code ("E111"), its text as
// pycodestyle words it, where pycodestyle reports it (Pos: row 1-based,
// column in code points from 0) and, for the whitespace checks, the
// index of the token it is about (-1 if none; see TokenSpan).
type Error struct {
	Code, Text string
	Pos        Pos
	Token      int
	// Want is the column the check implies for the line where one is
	// certain, in pycodestyle's expand_indent columns: for E112 (a
	// block's first line not indented past its header) the header's
	// level plus the unit, for E122 and E131 the hanging indent the
	// bracket's earlier lines set (E122: else the unit); 0 where there
	// is none (none of them is ever 0).
	Want int
}

// Checker holds one file's state, as pycodestyle's Checker does, and
// the Errors found in it, in the order pycodestyle finds them.
type Checker struct {
	// indentOnly skips the whitespace checks (CheckIndentation).
	indentOnly bool
	lines      []string
	srcb       []byte
	toks       []token
	indentSize int
	indentChar byte
	rowStart   []int // byte offset of each physical line, and len(src)
	cols       *columns
	meter      *work.Meter
	Errors     []Error

	logical, prevLogical   string
	indentLevel, prevLevel int
	cur                    []int       // token indexes of the logical line being built
	curStart               map[Pos]int // first token of cur starting at each position (tokenAt)
}

// Check checks src with an indentation unit of indentSize columns. The
// error is tokenize's when src does not tokenize (a *DedentError, or an
// unterminated string or bracket). On a dedent to no outer level,
// pycodestyle reports E901 at that line and, before it, what it found on
// the lines tokenize gave it (a tab, an over-indented first statement:
// often the mistake the dedent follows from); so does Check, with the
// *DedentError. An unterminated string or bracket leaves Errors empty.
//
// The work is counted on m (nil: not counted); every step is linear in
// the file's lines and tokens, or n·log n where pycodestyle rescans a
// whole set (continued.go).
func Check(src []byte, indentSize int, m *work.Meter) (*Checker, error) {
	return check(src, indentSize, m, false)
}

// CheckIndentation is Check without the whitespace checks (E225-E228,
// E231, E251, E252), which add only errors of their own codes: for a
// reader that keeps only the indentation codes (E1, W191), a third of
// the logical lines' time saved.
func CheckIndentation(src []byte, indentSize int, m *work.Meter) (*Checker, error) {
	return check(src, indentSize, m, true)
}

func check(src []byte, indentSize int, m *work.Meter, indentOnly bool) (*Checker, error) {
	lines := physicalLines(src)
	cols := newColumns(lines, m)
	toks, err := tokenize(lines, cols)
	c := &Checker{lines: lines, srcb: src, toks: toks, indentSize: indentSize, rowStart: make([]int, len(lines)+1), cols: cols, meter: m, indentOnly: indentOnly}
	for i, l := range lines {
		c.rowStart[i+1] = c.rowStart[i] + len(l)
	}
	var dedent *DedentError
	if err != nil && !errors.As(err, &dedent) {
		return c, err
	}
	for _, l := range lines {
		if len(l) > 0 && (l[0] == ' ' || l[0] == '\t') {
			c.indentChar = l[0]
			break
		}
	}
	c.physical()
	parens := 0
	for i, t := range toks {
		m.Add(1)
		if t.start.Row > len(lines) {
			break // pycodestyle stops at tokens past the last line
		}
		c.cur = append(c.cur, i)
		switch {
		case t.typ == tokOp && strings.Contains("([{", t.text):
			parens++
		case t.typ == tokOp && strings.Contains("}])", t.text):
			parens--
		case parens == 0 && t.typ == tokNewline:
			c.checkLogical()
		case parens == 0 && t.typ == tokNL:
			if len(c.cur) == 1 {
				c.cur = c.cur[:0] // a blank line
			} else {
				c.checkLogical()
			}
		}
	}
	if len(c.cur) > 0 {
		c.checkLogical()
	}
	return c, err
}

// Offset is the byte offset in the source of code-point column col of
// row (1-based), where an Error's Pos points. A column counts one valid
// rune or one invalid byte, whose offset is its own (not the three bytes
// of the U+FFFD a rune-by-rune copy of the line would put there).
func (c *Checker) Offset(p Pos) int {
	if p.Row-1 >= len(c.lines) {
		return c.rowStart[len(c.lines)]
	}
	return c.rowStart[p.Row-1] + c.cols.offset(p.Row, p.Col)
}

// TokenSpan is the byte range of token i (an Error's Token).
func (c *Checker) TokenSpan(i int) (start, end int) {
	return c.toks[i].off, c.toks[i].eoff
}

func (c *Checker) add(code, text string, pos Pos, tok int) {
	c.Errors = append(c.Errors, Error{Code: code, Text: text, Pos: pos, Token: tok})
}

// physical runs E101 and W191 on every physical line pycodestyle checks:
// lines that end a token line, and the lines of a multi-line string but
// its last (unless that line says "# noqa"). A finding inside a string
// is reported but never fixed: the blanks are the string's text.
func (c *Checker) physical() {
	checked := make([]bool, len(c.lines)+1) // by row: a map cost more than the checks
	indentChar := c.indentChar
	check := func(row int) {
		if row < 1 || row > len(c.lines) || checked[row] {
			return
		}
		checked[row] = true
		line := c.lines[row-1]
		n := 0
		for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
			n++
		}
		indent := line[:n]
		for i := 0; i < len(indent); i++ {
			if indent[i] != indentChar {
				c.add("E101", "indentation contains mixed spaces and tabs", Pos{row, i}, -1)
				indentChar = line[0]
				break
			}
		}
		if k := strings.IndexByte(indent, '\t'); k >= 0 {
			c.add("W191", "indentation contains tabs", Pos{row, k}, -1)
		}
	}
	for i := range c.toks {
		t := &c.toks[i]
		c.meter.Add(1)
		switch {
		case t.typ == tokNL || t.typ == tokNewline || t.end.Col <= len(t.line) && strings.TrimLeft(c.suffix(*t), " \t\f") == "\\\n":
			check(t.start.Row)
		case t.typ == tokString && strings.Contains(t.text, "\n") && !noqa(t.line):
			for r := t.start.Row; r < t.end.Row; r++ {
				check(r)
			}
		}
	}
}

// suffix is suffixCols(t.line, t.end.Col), what follows the token on
// its line, in constant time for a token on one line (its line is then
// the physical line, and its end a byte offset in it). A token over
// several lines carries them all as its line, and pycodestyle takes the
// end column from the start of the first: that is counted out, once per
// such token.
func (c *Checker) suffix(t token) string {
	if t.start.Row == t.end.Row && t.line != "" && t.start.Row <= len(c.lines) {
		return t.line[min(t.eoff-c.rowStart[t.start.Row-1], len(t.line)):]
	}
	c.meter.Add(t.end.Col)
	return suffixCols(t.line, t.end.Col)
}

// suffixCols is line from code-point column col on.
func suffixCols(line string, col int) string {
	b := 0
	for i := 0; i < col && b < len(line); i++ {
		_, n := utf8.DecodeRuneInString(line[b:])
		b += n
	}
	return line[b:]
}

// expandIndent is pycodestyle's expand_indent: tabs to multiples of 8.
func expandIndent(line string) int {
	line = strings.TrimRight(line, "\r\n")
	r := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\t':
			r = r/8*8 + 8
		case ' ':
			r++
		default:
			return r
		}
	}
	return r
}

func skipToken(t tokenType) bool {
	return t == tokNL || t == tokNewline || t == tokIndent || t == tokDedent
}

// mute replaces a string's contents with x's, as mute_string does.
func muteString(text string) string {
	if text == "" {
		return text
	}
	q := text[len(text)-1]
	start := strings.IndexByte(text, q) + 1
	end := len(text) - 1
	if strings.HasSuffix(text, `"""`) || strings.HasSuffix(text, "'''") {
		start += 2
		end -= 2
	}
	if end < start {
		return text
	}
	return text[:start] + strings.Repeat("x", utf8.RuneCountInString(text[start:end])) + text[end:]
}

type offsetMap struct {
	off int
	pos Pos
}

// buildLine is build_tokens_line: the logical line and its offset map.
func (c *Checker) buildLine() []offsetMap {
	if c.indentOnly {
		if m, ok := c.lineEnd(); ok {
			return m
		}
	}
	var sb strings.Builder
	var mapping []offsetMap
	length := 0
	prevRow, prevCol := 0, 0
	for _, i := range c.cur {
		t := c.toks[i]
		if skipToken(t.typ) {
			continue
		}
		if mapping == nil {
			mapping = []offsetMap{{0, t.start}}
		}
		if t.typ == tokComment {
			continue
		}
		text := t.text
		if t.typ == tokString {
			text = muteString(text)
		}
		c.meter.Add(len(text) + 1)
		if prevRow > 0 {
			if prevRow != t.start.Row {
				prevText := c.runeBefore(prevRow, prevCol)
				if prevText == ',' || !strings.ContainsRune("{[(", prevText) && !strings.Contains("}])", text) {
					text = " " + text
				}
			} else if prevCol != t.start.Col {
				text = c.between(t.start.Row, prevCol, t.start.Col) + text
			}
		}
		sb.WriteString(text)
		length += utf8.RuneCountInString(text)
		mapping = append(mapping, offsetMap{length, t.end})
		prevRow, prevCol = t.end.Row, t.end.Col
	}
	c.logical = sb.String()
	return mapping
}

// lineEnd is buildLine for the indentation codes, which read of the
// logical line only whether it is empty and whether it ends with ":"
// (E112, E113, E125, E129) and where it starts (the map's first
// entry): c.logical is set to the line's last byte ("" for an empty
// line) instead of the whole line, which costs half of the indentation
// checks' time to build. The last byte is the last token's: blanks come
// only before a token. ok is false when a token has no text (the end
// marker), where the blanks before it would end the line, and buildLine
// builds it whole.
func (c *Checker) lineEnd() (mapping []offsetMap, ok bool) {
	var last string
	for _, i := range c.cur {
		t := &c.toks[i]
		if skipToken(t.typ) {
			continue
		}
		if mapping == nil {
			mapping = []offsetMap{{0, t.start}}
		}
		if t.typ == tokComment {
			continue
		}
		if t.text == "" {
			return nil, false
		}
		c.meter.Add(len(t.text) + 1)
		last = t.text[len(t.text)-1:] // a muted string keeps its closing quote
	}
	c.logical = last
	return mapping, true
}

// runeBefore is runeAt(c.lines[row-1], col-1): the code point before
// column col of row, 0 at the line's start, from the column tables.
func (c *Checker) runeBefore(row, col int) rune {
	if col < 1 {
		return 0
	}
	line := c.lines[row-1]
	b := c.cols.offset(row, col-1)
	if b >= len(line) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(line[b:])
	return r
}

// between is colSlice(c.lines[row-1], a, b), through the column tables.
func (c *Checker) between(row, a, b int) string {
	if a >= b {
		return ""
	}
	line := c.lines[row-1]
	return validRunes(line[c.cols.offset(row, a):c.cols.offset(row, b)], c.meter)
}

// validRunes is s with each byte that is not part of a valid rune
// replaced by U+FFFD, as colSlice copies a line rune by rune.
func validRunes(s string, m *work.Meter) string {
	m.Add(len(s))
	if utf8.ValidString(s) {
		return s
	}
	var sb strings.Builder
	for _, r := range s {
		sb.WriteRune(r)
	}
	return sb.String()
}

func runeAt(line string, col int) rune {
	if col < 0 {
		return 0
	}
	i := 0
	for _, r := range line {
		if i == col {
			return r
		}
		i++
	}
	return 0
}

func colSlice(line string, a, b int) string {
	var sb strings.Builder
	i := 0
	for _, r := range line {
		if i >= a && i < b {
			sb.WriteRune(r)
		}
		i++
	}
	return sb.String()
}

// checkLogical is check_logical with our checks.
func (c *Checker) checkLogical() {
	mapping := c.buildLine()
	defer func() { c.cur, c.curStart = c.cur[:0], nil }()
	if mapping == nil {
		return
	}
	start := mapping[0].pos
	c.indentLevel = expandIndent(c.lines[start.Row-1][:c.cols.offset(start.Row, start.Col)])
	at := func(off int) Pos {
		c.meter.Add(1 + work.Log(len(mapping)))
		// bisect_left over offsets
		lo, hi := 0, len(mapping)
		for lo < hi {
			mid := (lo + hi) / 2
			if mapping[mid].off < off {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo >= len(mapping) {
			lo = len(mapping) - 1
		}
		m := mapping[lo]
		return Pos{m.pos.Row, m.pos.Col + off - m.off}
	}
	c.indentation(at)
	c.continuedIndentation()
	if !c.indentOnly {
		c.missingWhitespace(at)
		c.aroundOperator()
		c.namedParamEquals()
	}
	if c.logical != "" {
		c.prevLevel = c.indentLevel
		c.prevLogical = c.logical
	}
}

// indentation: E111-E117.
func (c *Checker) indentation(at func(int) Pos) {
	code := 0
	suffix := ""
	if c.logical == "" {
		code, suffix = 3, " (comment)"
	}
	pos := at(0)
	if c.indentLevel%c.indentSize != 0 {
		c.add(e11Code(1+code), "indentation is not a multiple of "+itoa(c.indentSize)+suffix, pos, -1)
	}
	expect := strings.HasSuffix(c.prevLogical, ":")
	if expect && c.indentLevel <= c.prevLevel {
		c.add(e11Code(2+code), "expected an indented block"+suffix, pos, -1)
		c.Errors[len(c.Errors)-1].Want = c.prevLevel + c.indentSize
	} else if !expect && c.indentLevel > c.prevLevel {
		c.add(e11Code(3+code), "unexpected indentation"+suffix, pos, -1)
	}
	if expect {
		amount := 4
		if c.indentChar == '\t' {
			amount = 8
		}
		if c.indentLevel > c.prevLevel+amount {
			c.add("E117", "over-indented"+suffix, pos, -1)
		}
	}
}

func e11Code(n int) string { return "E11" + itoa(n) }

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// missingWhitespace: E231.
//
// pycodestyle counts the brackets in all of the line before each
// candidate; the counts and the last bracket of each kind are kept as
// the scan goes instead (compared by position, as LastIndex compares).
func (c *Checker) missingWhitespace(at func(int) Pos) {
	line := []rune(c.logical)
	c.meter.Add(len(line))
	opens, closes, lastBrace, lastBracket := 0, 0, -1, -1
	for i := 0; i+1 < len(line); i++ {
		ch, next := line[i], line[i+1]
		if i > 0 {
			switch line[i-1] {
			case '[':
				opens++
				lastBracket = i - 1
			case ']':
				closes++
			case '{':
				lastBrace = i - 1
			}
		}
		if !strings.ContainsRune(",;:", ch) || next == ' ' || next == '\t' || next == 0xa0 {
			continue
		}
		if ch == ':' && opens > closes && lastBrace < lastBracket {
			continue // slice
		}
		if ch == ',' && (next == ')' || next == ']') {
			continue // (3,)
		}
		if ch == ':' && next == '=' {
			continue // :=
		}
		c.add("E231", "missing whitespace after '"+string(ch)+"'", at(i), c.tokenAt(at(i)))
	}
}

// tokenAt is the index of the first token of the logical line starting
// at p, -1 if none. The line's tokens are indexed by start on first use.
func (c *Checker) tokenAt(p Pos) int {
	if c.curStart == nil {
		c.curStart = make(map[Pos]int, len(c.cur))
		for _, i := range c.cur {
			c.meter.Add(1)
			if _, ok := c.curStart[c.toks[i].start]; !ok {
				c.curStart[c.toks[i].start] = i
			}
		}
	}
	if i, ok := c.curStart[p]; ok {
		return i
	}
	return -1
}

var keywords = newSet("and", "as", "assert", "async", "await", "break", "class",
	"continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
	"in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
	"print")

var softKeywords = newSet("_", "case", "match")

var unaryOps = newSet(">>", "**", "*", "+", "-")
var arithmeticOps = newSet("**", "*", "/", "//", "+", "-", "@")
var wsOptional = newSet("**", "*", "/", "//", "+", "-", "@", "^", "&", "|", "<<", ">>", "%")
var wsNeeded = newSet("**=", "*=", "/=", "//=", "+=", "-=", "!=", "<>", "<", ">", "%=", "^=", "&=", "|=",
	"==", "<=", ">=", "<<=", ">>=", "=", "and", "in", "is", "or", "->", ":=")

// aroundOperator: E225-E228 (missing_whitespace_around_operator).
func (c *Checker) aroundOperator() {
	parens := 0
	type need struct {
		set, always bool
		pos         Pos
		spaced      bool
		tok         int
	}
	var ns need
	prevType := tokOp
	prevText := ""
	var prevEnd Pos
	havePrev := false
	for _, i := range c.cur {
		t := c.toks[i]
		if skipToken(t.typ) || t.typ == tokComment || t.typ == tokError {
			continue
		}
		if t.text == "(" || t.text == "lambda" {
			parens++
		} else if t.text == ")" {
			parens--
		}
		if ns.set {
			switch {
			case t.start != prevEnd:
				if !ns.always && !ns.spaced {
					c.add("E225", "missing whitespace around operator", ns.pos, ns.tok)
				}
				ns.set = false
			case t.text == ">" && (prevText == "<" || prevText == "-"):
			case prevText == "/" && (t.text == "," || t.text == ")" || t.text == ":") || prevText == ")" && t.text == ":":
			default:
				if ns.always || ns.spaced {
					c.add("E225", "missing whitespace around operator", prevEnd, ns.tok)
				} else if prevText != "**" {
					code, kind := "E226", "arithmetic"
					if prevText == "%" {
						code, kind = "E228", "modulo"
					} else if !arithmeticOps[prevText] {
						code, kind = "E227", "bitwise or shift"
					}
					c.add(code, "missing whitespace around "+kind+" operator", ns.pos, ns.tok)
				}
				ns.set = false
			}
		} else if (t.typ == tokOp || t.typ == tokName) && havePrev {
			optional := false
			switch {
			case t.text == "=" && parens > 0:
			case wsNeeded[t.text]:
				ns = need{set: true, always: true, tok: i}
			case unaryOps[t.text]:
				if prevType == tokOp && prevText != "" && strings.Contains("}])", prevText) ||
					prevType != tokOp && !keywords[prevText] && !softKeywords[prevText] {
					optional = true
				}
			case wsOptional[t.text]:
				optional = true
			}
			if optional {
				ns = need{set: true, pos: prevEnd, spaced: t.start != prevEnd, tok: i}
			} else if ns.set && ns.always && t.start == prevEnd {
				c.add("E225", "missing whitespace around operator", prevEnd, i)
				ns.set = false
			}
		}
		prevType, prevText, prevEnd, havePrev = t.typ, t.text, t.end, true
	}
}

// namedParamEquals: E251 and E252.
func (c *Checker) namedParamEquals() {
	parens := 0
	noSpace, requireSpace := false, false
	var prevEnd Pos
	annotated := false
	inDef := strings.HasPrefix(c.logical, "def") && (len(c.logical) == 3 || !wordByte(c.logical[3])) ||
		strings.HasPrefix(c.logical, "async") && strings.HasPrefix(strings.TrimLeft(c.logical[5:], " \t"), "def")
	eq := -1
	for _, i := range c.cur {
		t := c.toks[i]
		if t.typ == tokNL {
			continue
		}
		if noSpace {
			noSpace = false
			if t.start != prevEnd {
				c.add("E251", "unexpected spaces around keyword / parameter equals", prevEnd, eq)
			}
		}
		if requireSpace {
			requireSpace = false
			if t.start == prevEnd {
				c.add("E252", "missing whitespace around parameter equals", prevEnd, eq)
			}
		}
		if t.typ == tokOp {
			switch {
			case t.text == "(" || t.text == "[":
				parens++
			case t.text == ")" || t.text == "]":
				parens--
			case inDef && t.text == ":" && parens == 1:
				annotated = true
			case parens == 1 && t.text == ",":
				annotated = false
			case parens > 0 && t.text == "=":
				eq = i
				if annotated && parens == 1 {
					requireSpace = true
					if t.start == prevEnd {
						c.add("E252", "missing whitespace around parameter equals", prevEnd, i)
					}
				} else {
					noSpace = true
					if t.start != prevEnd {
						c.add("E251", "unexpected spaces around keyword / parameter equals", prevEnd, i)
					}
				}
			}
			if parens == 0 {
				annotated = false
			}
		}
		prevEnd = t.end
	}
}

func wordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
}

// noqa is pycodestyle's noqa test, `# no(?:qa|pep8)\b` in any case.
func noqa(line string) bool {
	l := strings.ToLower(line)
	for _, m := range []string{"# noqa", "# nopep8"} {
		if i := strings.Index(l, m); i >= 0 {
			e := i + len(m)
			if e == len(l) || !wordByte(l[e]) {
				return true
			}
		}
	}
	return false
}

// StatementRows are the first rows of the logical lines that hold code.
func (c *Checker) StatementRows() []int {
	var out []int
	atStart := true
	parens := 0
	for _, t := range c.toks {
		switch t.typ {
		case tokNewline:
			atStart = true
			continue
		case tokNL, tokComment, tokIndent, tokDedent, tokEndmarker:
			continue
		}
		if atStart && parens == 0 {
			out = append(out, t.start.Row)
			atStart = false
		}
		if t.typ == tokOp {
			switch t.text {
			case "(", "[", "{":
				parens++
			case ")", "]", "}":
				parens--
			}
		}
	}
	return out
}
