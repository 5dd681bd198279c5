package engine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/suppress"
	"github.com/iflint/iflint/internal/syntax"
)

// Suppression says which inline marker silenced a diagnostic.
type Suppression struct {
	// Kind is "inSource", as SARIF names a suppression written in the code.
	Kind string `json:"kind"`
	// Tool is whose convention the marker follows ("iflint", "flake8",
	// "golangci-lint", "eslint", ...).
	Tool   string `json:"tool"`
	Marker string `json:"marker"`
	Line   int    `json:"line"`
	// Justification is the reason written with the marker.
	Justification string `json:"justification,omitempty"`
}

// Ignore is a suppression marker that silences nothing (unused) or that
// cannot be read (invalid).
type Ignore struct {
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Col    int    `json:"column"`
	Tool   string `json:"tool,omitempty"`
	Marker string `json:"marker,omitempty"`
	// Severity is "error" for an unused iflint marker (it is stale) and
	// "warning" for an ecosystem marker, which its own linter may still
	// need.
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

// suppressFindings moves the diagnostics an inline marker silences from
// res.Diagnostics to res.Suppressed; fileLevel[i] marks diagnostics about
// the file as a whole, which only file-wide markers silence.
func suppressFindings(u *check.Unit, id lang.ID, res *Result, fileLevel []bool, reportUnused bool) {
	// A rule's variant of the source (same comments and offsets) serves.
	set := suppress.Parse(id, u.Src, func() (*syntax.Tree, error) { return u.AnyTree(id) })
	for _, p := range set.Problems {
		res.InvalidIgnores = append(res.InvalidIgnores, Ignore{Path: u.Path, Line: p.Pos.Line, Col: p.Pos.Col, Tool: "iflint", Severity: "warning", Message: p.Msg})
	}
	if len(set.Directives) == 0 {
		return
	}
	kept := res.Diagnostics[:0]
	for i, d := range res.Diagnostics {
		dir := set.Match(d.Type, suppress.Pos{Line: d.Line, Col: d.Col}, fileLevel[i])
		if dir == nil {
			kept = append(kept, d)
			continue
		}
		d.Suppression = &Suppression{Kind: "inSource", Tool: dir.Tool, Marker: dir.Marker, Line: dir.Pos.Line, Justification: dir.Reason}
		res.Suppressed = append(res.Suppressed, d)
	}
	res.Diagnostics = kept
	if !reportUnused {
		return
	}
	decided, unverified := map[constraint.Type]bool{}, map[constraint.Type]bool{}
	for _, o := range res.Outcomes {
		if o.Verdict == check.Unverified {
			unverified[o.Type] = true
		} else {
			decided[o.Type] = true
		}
	}
	for _, un := range set.Unused(decided, unverified) {
		d := un.Directive
		msg := fmt.Sprintf("%s silences no finding", d.Marker)
		if len(un.Names) > 0 && len(un.Names) < len(d.Names) {
			msg = fmt.Sprintf("%s: %s silences no finding", d.Marker, strings.Join(un.Names, ", "))
		}
		sev := "warning"
		if d.Own() {
			sev = "error"
		}
		res.UnusedIgnores = append(res.UnusedIgnores, Ignore{Path: u.Path, Line: d.Pos.Line, Col: d.Pos.Col, Tool: d.Tool, Marker: d.Marker, Severity: sev, Message: msg})
	}
}

// sortSuppressions sorts what suppressFindings adds, as the diagnostics
// are sorted.
func sortSuppressions(r *Result) {
	if len(r.Suppressed) > 1 {
		SortResult(&Result{Diagnostics: r.Suppressed})
	}
	sortIgnores(r.UnusedIgnores)
	sortIgnores(r.InvalidIgnores)
}

func sortIgnores(is []Ignore) {
	sort.SliceStable(is, func(i, j int) bool {
		a, b := is[i], is[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}
