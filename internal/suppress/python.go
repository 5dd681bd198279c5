package suppress

import (
	"regexp"
	"strings"
)

// Python markers:
//
//	x = 1  # noqa               flake8/ruff: every type on this line
//	x = 1  # noqa: N802,E501    the mapped codes on this line
//	# flake8: noqa              the whole file (ruff: `# ruff: noqa[: CODES]`)
//	# pylint: disable=invalid-name      trailing: this line; alone: to the end of the block
//	# pylint: disable-next=invalid-name the next line
//	# pylint: enable=...        ends a disable
//	# pylint: skip-file         the whole file
//	# fmt: off / # fmt: on      black: a region; `# fmt: skip` trailing: this line
var (
	noqaLine  = regexp.MustCompile(`(?i)#\s*noqa(?::\s?([A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?`)
	noqaFile  = regexp.MustCompile(`(?i)#\s*(flake8|ruff)[:=]\s*noqa(?::\s?([A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?`)
	pylintRe  = regexp.MustCompile(`#\s*pylint:\s*(disable-next|disable|enable|skip-file)\b(?:\s*=\s*([\w\-]+(?:\s*,\s*[\w\-]+)*))?`)
	blackFmt  = regexp.MustCompile(`^(fmt|yapf):\s*(off|on|skip|disable|enable)\s*$`)
	codeSplit = regexp.MustCompile(`[,\s]+`)
)

type pythonState struct {
	open map[string]*Directive // pylint disables by name ("" for all)
	fmt  *Directive
}

func (f *file) parsePython(s *Set, st *pythonState, c comment) {
	if m := noqaFile.FindStringSubmatch(c.raw); m != nil {
		tool := strings.ToLower(m[1])
		if tool == "flake8" && m[2] != "" {
			// flake8 ignores `# flake8: noqa: CODES` (it warns instead).
		} else if d := codeDirective(c, tool, m[0], m[2]); d != nil {
			s.add(fileRegion(d))
		}
	} else if loc := noqaLine.FindStringSubmatchIndex(c.raw); loc != nil {
		codes := ""
		if loc[2] >= 0 {
			codes = c.raw[loc[2]:loc[3]]
		}
		if d := codeDirective(c, "flake8", c.raw[loc[0]:loc[1]], codes); d != nil {
			d.Reason = cleanReason(c.raw[loc[1]:])
			s.add(lineRegion(d, c.start.Line, c.start.Line))
		}
	}
	if m := pylintRe.FindStringSubmatch(c.raw); m != nil {
		f.pylint(s, st, c, m)
	}
	if m := blackFmt.FindStringSubmatch(c.text); m != nil {
		f.blackFormat(s, st, c, m[1], m[2])
	}
}

// codeDirective builds a flake8-style directive; nil when codes were
// listed but none is mapped.
func codeDirective(c comment, tool, marker, codes string) *Directive {
	d := &Directive{Pos: c.start, Tool: tool, Marker: strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(marker), "#"))}
	if codes != "" {
		var list []string
		for _, code := range codeSplit.Split(strings.TrimSpace(codes), -1) {
			list = append(list, strings.ToUpper(code))
		}
		names, ok := flake8Codes.resolve(list)
		if !ok {
			return nil
		}
		d.Names = names
	}
	return d
}

func (f *file) pylint(s *Set, st *pythonState, c comment, m []string) {
	verb, list := m[1], m[2]
	marker := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(m[0]), "#"))
	if verb == "skip-file" {
		s.add(fileRegion(&Directive{Pos: c.start, Tool: "pylint", Marker: marker}))
		return
	}
	var items []string
	for _, it := range strings.Split(list, ",") {
		if it = strings.TrimSpace(it); it != "" {
			items = append(items, it)
		}
	}
	all := false
	for _, it := range items {
		all = all || strings.EqualFold(it, "all")
	}
	if verb == "enable" {
		for key, d := range st.open {
			if all || key == "" || containsFold(items, key) {
				if d.To.Line > c.start.Line {
					d.To = Pos{Line: c.start.Line}
				}
				delete(st.open, key)
			}
		}
		return
	}
	d := &Directive{Pos: c.start, Tool: "pylint", Marker: marker, Reason: cleanReason(c.raw[strings.Index(c.raw, m[0])+len(m[0]):])}
	if !all {
		names, ok := pylintNames.resolve(items)
		if !ok {
			return
		}
		d.Names = names
	}
	switch {
	case verb == "disable-next":
		next := f.nextCodeLine(c.end.Line)
		if next == 0 {
			return
		}
		s.add(lineRegion(d, next, next))
	case !c.alone:
		s.add(lineRegion(d, c.start.Line, c.start.Line))
	default:
		// A disable on a line of its own holds to the end of the block
		// (or module) it stands in, or to a matching enable.
		end := f.lines()
		if c.node.Valid() {
			if p := c.node.Parent(); p.Valid() && p.Parent().Valid() {
				end = f.endLine(p)
			}
		}
		s.add(lineRegion(d, c.start.Line, end))
		if st.open == nil {
			st.open = map[string]*Directive{}
		}
		if all {
			st.open[""] = d
		}
		for _, n := range d.Names {
			st.open[strings.ToLower(n.Text)] = d
		}
	}
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// blackFormat handles black's and yapf's formatter regions.
func (f *file) blackFormat(s *Set, st *pythonState, c comment, tool, verb string) {
	formatter := "black"
	if tool == "yapf" {
		formatter = "yapf"
	}
	switch verb {
	case "skip":
		if tool == "fmt" && !c.alone {
			s.add(lineRegion(formatOff(&Directive{Pos: c.start, Tool: formatter, Marker: c.text}), c.start.Line, c.start.Line))
		}
	case "off", "disable":
		if st.fmt == nil {
			st.fmt = lineRegion(formatOff(&Directive{Pos: c.start, Tool: formatter, Marker: c.text}), c.start.Line, f.lines())
			s.add(st.fmt)
		}
	case "on", "enable":
		if st.fmt != nil {
			st.fmt.To = Pos{Line: c.start.Line + 1}
			st.fmt = nil
		}
	}
}

// formatOff is a formatter's off switch: it silences layout and names no
// rule of its own.
func formatOff(d *Directive) *Directive {
	d.Names = []Name{{Text: d.Tool, Types: layout}}
	d.implicit = true
	return d
}
