// Package suppress finds inline suppressions in source comments: iflint's
// own `iflint:ignore[TYPE,...] reason` and `iflint:ignore-file[...]`, and
// the markers of each ecosystem's established linters where they mean a
// rule iflint checks (`# noqa: N802`, `//nolint:revive`,
// `// eslint-disable-next-line camelcase`, `#[allow(non_snake_case)]`,
// `@SuppressWarnings("checkstyle:MethodName")`, `// NOLINT`, ...).
//
// Markers are recognised only in real comments (and, for Rust and Java,
// in attributes and annotations) of the file's syntax tree, so a marker
// spelled inside a string literal silences nothing. Each directive covers
// a region of lines (its line, the next code line, a declaration, a
// disable/enable block, or the whole file) and a set of constraint types.
package suppress

import (
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
)

// Pos is a 1-based line and 1-based byte column, as diagnostics count.
type Pos struct{ Line, Col int }

func (p Pos) less(q Pos) bool {
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// endOfFile is past every position.
var endOfFile = Pos{Line: 1 << 30}

// Name is one rule name a directive lists, with the constraint types it
// stands for: an iflint type or category, or an ecosystem rule such as
// N802 or camelcase.
type Name struct {
	Text  string
	Types []constraint.Type
}

// Directive is one suppression found in a file.
type Directive struct {
	// Pos is where the marker's comment (or attribute) starts.
	Pos Pos
	// Marker is the marker as written, e.g. "iflint:ignore[naming_convention]"
	// or "noqa: N802".
	Marker string
	// Tool names whose convention the marker follows: "iflint", "flake8",
	// "pylint", "black", "golangci-lint", "eslint", "prettier",
	// "checkstyle", "rustc", "rustfmt", "clang-tidy", "clang-format".
	Tool string
	// Names are the rules the marker lists that iflint maps; nil means
	// every constraint type (`# noqa`, `//nolint`, `iflint:ignore`).
	Names []Name
	// Reason is the justification written with the marker, if any.
	Reason string
	// File is set when the directive covers the whole file, including
	// file-level findings (an absent import, a file in the wrong language).
	File bool
	// From and To bound the covered region: From <= position < To.
	From, To Pos

	// implicit is set for markers that name no rule but silence only
	// some types (a formatter's off switch): never reported as unused.
	implicit bool
	hits     map[constraint.Type]int
}

// Own reports whether the directive is iflint's own marker.
func (d *Directive) Own() bool { return d.Tool == "iflint" }

// Covers reports whether the directive silences type t.
func (d *Directive) Covers(t constraint.Type) bool {
	if d.Names == nil {
		return true
	}
	for _, n := range d.Names {
		for _, nt := range n.Types {
			if nt == t {
				return true
			}
		}
	}
	return false
}

func (d *Directive) contains(p Pos) bool {
	return !p.less(d.From) && p.less(d.To)
}

// Problem is a malformed iflint marker: it silences nothing, and the
// message says what was expected.
type Problem struct {
	Pos Pos
	Msg string
}

// Set is the directives of one file.
type Set struct {
	Directives []*Directive
	Problems   []Problem
}

// Match returns the directive that silences a finding of type t starting
// at p, or nil. A file-level finding (one about the file as a whole, such
// as a missing import) is silenced only by a file directive. Every
// directive covering the finding counts it as used; an iflint marker is
// preferred as the one reported, since it carries the reason.
func (s *Set) Match(t constraint.Type, p Pos, fileLevel bool) *Directive {
	if s == nil {
		return nil
	}
	var best *Directive
	for _, d := range s.Directives {
		if !d.Covers(t) || (fileLevel && !d.File) || (!fileLevel && !d.contains(p)) {
			continue
		}
		if d.hits == nil {
			d.hits = map[constraint.Type]int{}
		}
		d.hits[t]++
		if best == nil || (d.Own() && !best.Own()) {
			best = d
		}
	}
	return best
}

// Unused is a directive, or some of the names it lists, that silenced
// nothing.
type Unused struct {
	Directive *Directive
	// Names are the listed names that silenced nothing (empty when the
	// directive lists none and silenced nothing at all).
	Names []string
}

// Unused lists the directives that silenced nothing, after every finding
// of the file was matched. decided holds the types whose verdict in the
// file is known (pass or fail); a type that applied but is unverified
// might have had findings, so a directive covering it is never reported.
// iflint's markers are reported even for types that do not apply to the
// file (a stale marker); an ecosystem marker only when it names a rule
// iflint maps and one of its types was decided here.
func (s *Set) Unused(decided, unverified map[constraint.Type]bool) []Unused {
	if s == nil {
		return nil
	}
	var out []Unused
	for _, d := range s.Directives {
		if d.implicit {
			continue
		}
		if d.Names == nil {
			if !d.Own() || len(d.hits) > 0 || len(unverified) > 0 {
				continue
			}
			out = append(out, Unused{Directive: d})
			continue
		}
		var unused []string
		for _, n := range d.Names {
			used, blocked, applies := false, false, false
			for _, t := range n.Types {
				used = used || d.hits[t] > 0
				blocked = blocked || unverified[t]
				applies = applies || decided[t]
			}
			if used || blocked || (!d.Own() && !applies) {
				continue
			}
			unused = append(unused, n.Text)
		}
		if len(unused) > 0 {
			out = append(out, Unused{Directive: d, Names: unused})
		}
	}
	return out
}

func (s *Set) add(d *Directive) {
	if d != nil {
		s.Directives = append(s.Directives, d)
	}
}

func (s *Set) problem(p Pos, msg string) {
	s.Problems = append(s.Problems, Problem{Pos: p, Msg: msg})
}

func (s *Set) sort() {
	sort.SliceStable(s.Directives, func(i, j int) bool { return s.Directives[i].Pos.less(s.Directives[j].Pos) })
	sort.SliceStable(s.Problems, func(i, j int) bool { return s.Problems[i].Pos.less(s.Problems[j].Pos) })
}

// lineRegion covers lines from..to (inclusive).
func lineRegion(d *Directive, from, to int) *Directive {
	d.From, d.To = Pos{Line: from}, Pos{Line: to + 1}
	return d
}

func fileRegion(d *Directive) *Directive {
	d.File = true
	d.From, d.To = Pos{}, endOfFile
	return d
}

// cleanReason trims a justification and the separators people put before
// it ("-- because", ": because", "// because").
func cleanReason(s string) string {
	s = strings.TrimSpace(s)
	for {
		t := strings.TrimLeft(s, "-—:;/#*, \t")
		t = strings.TrimSpace(t)
		if t == s {
			break
		}
		s = t
	}
	s = strings.TrimSpace(strings.TrimSuffix(s, "*/"))
	return s
}
