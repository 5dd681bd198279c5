package suppress

import (
	"regexp"
	"strings"
)

// nolintC is clang-tidy's (and cpplint's) NOLINT family. clang-tidy finds
// it anywhere in a comment; the check list is optional and may use globs.
var (
	nolintC     = regexp.MustCompile(`\bNOLINT(NEXTLINE|BEGIN|END)?(?:\(([^)]*)\))?`)
	clangFormat = regexp.MustCompile(`^clang-format\s+(off|on)\b`)
)

type cState struct {
	begin  []*Directive
	format *Directive
}

// parseC reads, in C and C++ comments:
//
//	// NOLINT[(checks)]           this line
//	// NOLINTNEXTLINE[(checks)]   the next line
//	// NOLINTBEGIN[(checks)] ... // NOLINTEND[(checks)]
//	// clang-format off ... // clang-format on   layout
func (f *file) parseC(s *Set, st *cState, c comment) {
	if m := clangFormat.FindStringSubmatch(c.text); m != nil {
		switch {
		case m[1] == "off" && st.format == nil:
			st.format = lineRegion(formatOff(&Directive{Pos: c.start, Tool: "clang-format", Marker: "clang-format off"}), c.start.Line, f.lines())
			s.add(st.format)
		case m[1] == "on" && st.format != nil:
			st.format.To = Pos{Line: c.start.Line + 1}
			st.format = nil
		}
		return
	}
	loc := nolintC.FindStringSubmatchIndex(c.text)
	if loc == nil {
		return
	}
	// NOLINTFOO is not a directive (clang-tidy requires NOLINT to end
	// the word or open a check list).
	if end := loc[1]; end < len(c.text) && isWordByte(c.text[end]) {
		return
	}
	kind := ""
	if loc[2] >= 0 {
		kind = c.text[loc[2]:loc[3]]
	}
	d := &Directive{Pos: c.start, Tool: "clang-tidy", Marker: c.text[loc[0]:loc[1]], Reason: cleanReason(c.text[loc[1]:])}
	if loc[4] >= 0 {
		var items []string
		all := false
		for _, it := range strings.Split(c.text[loc[4]:loc[5]], ",") {
			it = strings.TrimSpace(it)
			all = all || it == "*"
			items = append(items, it)
		}
		if !all {
			names, ok := clangTidyNames.resolve(items)
			if !ok {
				return // its BEGIN, if any, was not recorded either
			}
			d.Names = names
		}
	}
	switch kind {
	case "":
		s.add(lineRegion(d, c.start.Line, c.start.Line))
	case "NEXTLINE":
		s.add(lineRegion(d, c.start.Line+1, c.start.Line+1))
	case "BEGIN":
		s.add(lineRegion(d, c.start.Line, f.lines()))
		st.begin = append(st.begin, d)
	case "END":
		f.endNolint(st, c, d)
	}
}

// endNolint closes the innermost NOLINTBEGIN with the same check list.
func (f *file) endNolint(st *cState, c comment, end *Directive) {
	for i := len(st.begin) - 1; i >= 0; i-- {
		b := st.begin[i]
		if sameNames(b.Names, end.Names) {
			b.To = Pos{Line: c.start.Line + 1}
			st.begin = append(st.begin[:i], st.begin[i+1:]...)
			return
		}
	}
}

func sameNames(a, b []Name) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Text != b[i].Text {
			return false
		}
	}
	return true
}

func isWordByte(b byte) bool {
	return b == '_' || ('a' <= b && b <= 'z') || ('A' <= b && b <= 'Z') || ('0' <= b && b <= '9')
}
