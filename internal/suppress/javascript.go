package suppress

import (
	"regexp"
	"strings"
)

// eslint's directive comments, parsed as eslint does: the label at the
// start of the comment's text, the rule list after it, and a
// justification after " -- ".
var (
	eslintLabel  = regexp.MustCompile(`^(eslint-disable-next-line|eslint-disable-line|eslint-disable|eslint-enable)(?:\s|$)`)
	eslintReason = regexp.MustCompile(`\s-{2,}\s`)
)

type jsState struct {
	open []*Directive // eslint-disable regions not yet closed
}

// parseJS reads eslint's directives and prettier's `// prettier-ignore`:
//
//	// eslint-disable-line [rules]        this line
//	// eslint-disable-next-line [rules]   the line after the comment
//	/* eslint-disable [rules] */          from here to a matching eslint-enable, or the end of the file
//	/* eslint-enable [rules] */
//	// prettier-ignore                    layout of the next statement or declaration
func (f *file) parseJS(s *Set, st *jsState, c comment) {
	text := c.text
	if strings.HasPrefix(c.raw, "/*") {
		text = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(c.raw, "/*"), "*/"))
	}
	if text == "prettier-ignore" && c.alone {
		f.nextNode(s, c, formatOff(&Directive{Pos: c.start, Tool: "prettier", Marker: "prettier-ignore"}))
		return
	}
	directive, reason := text, ""
	if loc := eslintReason.FindStringIndex(text); loc != nil {
		directive, reason = strings.TrimSpace(text[:loc[0]]), strings.TrimSpace(text[loc[1]:])
	}
	m := eslintLabel.FindStringSubmatch(directive)
	if m == nil {
		return
	}
	label := m[1]
	line := strings.HasPrefix(c.raw, "//")
	if line && (label == "eslint-disable" || label == "eslint-enable") {
		return // eslint reads these only in block comments
	}
	var items []string
	for _, it := range strings.Split(strings.TrimSpace(directive[len(label):]), ",") {
		if it = strings.TrimSpace(it); it != "" {
			items = append(items, it)
		}
	}
	if label == "eslint-enable" {
		var keep []*Directive
		for _, d := range st.open {
			if len(items) == 0 || (d.Names != nil && allListed(d, items)) {
				d.To = c.start
				d.File = false
				continue
			}
			keep = append(keep, d)
		}
		st.open = keep
		return
	}
	d := &Directive{Pos: c.start, Tool: "eslint", Marker: directive, Reason: reason}
	if len(items) > 0 {
		names, ok := eslintNames.resolve(items)
		if !ok {
			return
		}
		d.Names = names
	}
	switch label {
	case "eslint-disable-line":
		if c.start.Line != c.end.Line {
			return // eslint rejects a multi-line disable-line comment
		}
		s.add(lineRegion(d, c.start.Line, c.start.Line))
	case "eslint-disable-next-line":
		s.add(lineRegion(d, c.end.Line+1, c.end.Line+1))
	case "eslint-disable":
		d.From, d.To = c.start, endOfFile
		// At the top of the file and never re-enabled, it covers the
		// file itself too (eslint's "disable the whole file" idiom).
		d.File = f.nextCodeLine(0) == 0 || f.nextCodeLine(0) > c.end.Line
		s.add(d)
		st.open = append(st.open, d)
	}
}

// allListed reports whether every name of d is in items.
func allListed(d *Directive, items []string) bool {
	for _, n := range d.Names {
		found := false
		for _, it := range items {
			found = found || it == n.Text
		}
		if !found {
			return false
		}
	}
	return true
}

// nextNode makes d cover the outermost syntax node that starts the next
// code line after comment c (a statement or declaration), or that line
// alone.
func (f *file) nextNode(s *Set, c comment, d *Directive) {
	next := f.nextCodeLine(c.end.Line)
	if next == 0 {
		return
	}
	to := next
	if n := f.outermostAt(f.firstCodeOffset(next)); n.Valid() {
		to = max(to, f.endLine(n))
	}
	s.add(lineRegion(d, next, to))
}
