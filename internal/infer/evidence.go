package infer

import (
	"bytes"
	"context"
	"errors"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/par"
	"github.com/iflint/iflint/internal/rules"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
	"github.com/iflint/iflint/internal/rules/naming"
	"github.com/iflint/iflint/internal/suppress"
	"github.com/iflint/iflint/internal/syntax"
)

// candidates are the constraints every file is judged against: per
// language, each candidate of each decision, and per naming kind family
// each convention.
type candidates struct {
	// cfg holds one entry per candidate, so that engine.Applicable says
	// which apply to a file exactly as it does for `iflint check`.
	cfg *config.Config
	// values are each type's candidate values in consideration order.
	values map[constraint.Type][]string
	// naming are the languages the lint naming rule has a model for,
	// with the conventions considered there.
	naming map[lang.ID][]string
	// defaults are the embedded default's specs, by type and language:
	// the ecosystem's convention, which wins a tie.
	defaults map[constraint.Type]map[lang.ID]constraint.Constraint
	// repo is the repository as the check reads it, for rules whose
	// verdict reads other files (Rustdoc, the crate's module tree), so
	// that the evidence is what `iflint check` would report.
	repo *check.Repo
}

// The candidates of each decision. Indentation widths and brace styles
// are listed from the most specific (a stricter candidate that holds
// wins over one it implies; see implied).
var (
	indentValues = []string{"tabs", "spaces:8", "spaces:4", "spaces:3", "spaces:2"}
	braceValues  = []string{"1TBS", "K&R", "Allman"}
	// prettierValues are the prettier reading's candidates.
	prettierValues = []string{"tabs;prettier", "spaces:2;prettier", "spaces:4;prettier"}
)

// implied maps a candidate to the weaker ones it implies: code indented
// by multiples of 8 spaces is indented by multiples of 4 and 2, and 1TBS
// is K&R plus a rule for else/catch/finally.
var implied = map[string][]string{
	"spaces:8": {"spaces:4", "spaces:2"},
	"spaces:4": {"spaces:2"},
	"1TBS":     {"K&R"},
}

// conventionsFor lists the naming conventions considered for a language:
// Go's MixedCaps only in Go; kebab-case nowhere, since no language iflint
// models allows "-" in a name.
func conventionsFor(id lang.ID) []string {
	var out []string
	for _, c := range constraint.Conventions {
		switch {
		case c == "kebab-case":
		case c == constraint.ConventionGo && id != lang.Go:
		default:
			out = append(out, c)
		}
	}
	return out
}

// docValue is the comment_formatting value of a lint documentation rule
// for a language, or "" when it has none.
func docValue(id lang.ID) string {
	for _, ds := range doclint.Styles {
		if ds.Lang == id {
			if st, ok := constraint.LookupStyle(constraint.CommentStyles, ds.Style); ok {
				return st.Name
			}
		}
	}
	return ""
}

func newCandidates(def *config.Config) *candidates {
	cs := &candidates{
		cfg:      &config.Config{Profile: check.Lint},
		values:   map[constraint.Type][]string{constraint.Indentation: indentValues, constraint.Braces: braceValues},
		naming:   map[lang.ID][]string{},
		defaults: map[constraint.Type]map[lang.ID]constraint.Constraint{},
	}
	for _, e := range def.Constraints {
		c := e.Constraint
		if cs.defaults[c.Type] == nil {
			cs.defaults[c.Type] = map[lang.ID]constraint.Constraint{}
		}
		cs.defaults[c.Type][c.Lang] = c
	}
	add := func(t constraint.Type, spec string) {
		c, err := rules.ParseSpec(t, spec)
		if err != nil {
			panic("infer: candidate spec " + spec + ": " + err.Error()) // the candidates are this package's own
		}
		cs.cfg.Constraints = append(cs.cfg.Constraints, config.Entry{Constraint: c, Severity: "error"})
	}
	for _, in := range lang.All() {
		id := in.ID
		for _, v := range indentValues {
			add(constraint.Indentation, string(id)+";"+v)
		}
		if id == lang.JavaScript || id == lang.TypeScript {
			// The prettier reading, for trees prettier formats (see
			// followPrettier): the units its configurations commonly set.
			for _, v := range prettierValues {
				add(constraint.Indentation, string(id)+";"+v)
			}
		}
		if in.Braces {
			for _, v := range braceValues {
				add(constraint.Braces, string(id)+";"+v)
			}
		}
		if v := docValue(id); v != "" {
			add(constraint.Comments, string(id)+";"+v)
		}
		if naming.Supported(id) {
			cs.naming[id] = conventionsFor(id)
		}
	}
	return cs
}

// pref is the embedded default's convention per naming kind for id.
func (cs *candidates) pref(id lang.ID) map[constraint.NameKind]string {
	m := map[constraint.NameKind]string{}
	if c, ok := cs.defaults[constraint.Naming][id]; ok {
		for _, r := range c.Naming {
			if k, ok := constraint.LookupKind(r.Kind); ok {
				m[k] = r.Convention
			}
		}
	}
	return m
}

// prefValue is the embedded default's value for a decision, or "".
func (cs *candidates) prefValue(t constraint.Type, id lang.ID) string {
	c, ok := cs.defaults[t][id]
	if !ok {
		return ""
	}
	switch t {
	case constraint.Indentation:
		if c.Indent.Tabs {
			return "tabs"
		}
		return "spaces:" + itoa(c.Indent.Width)
	}
	return c.Name
}

// fileEvidence is what one file says.
type fileEvidence struct {
	lang lang.ID
	// names tallies declarations by kind and convention.
	names map[constraint.NameKind]map[string]Tally
	// others tallies each candidate of each decision.
	others map[constraint.Type]map[string]Candidate
}

// parents are the naming kinds no other kind falls back to.
var parents = func() []constraint.NameKind {
	var out []constraint.NameKind
	for _, k := range constraint.NameKinds {
		if k.Falls == "" {
			out = append(out, k.Kind)
		}
	}
	return out
}()

// family is the parent kind whose rule governs k when k has none.
func family(k constraint.NameKind) constraint.NameKind {
	for k.Fallback() != "" {
		k = k.Fallback()
	}
	return k
}

// evidence judges one file against every candidate of its language.
// fixed, when set, are naming rules ("class:snake_case") every naming
// candidate carries, and only naming is judged.
func (cs *candidates) evidence(ctx context.Context, f engine.File, fixed map[lang.ID]string) (fileEvidence, error) {
	entries := engine.ApplicableTo(cs.cfg, f) // a header as its content shows, as check decides
	if len(entries) == 0 || bytes.IndexByte(f.Src, 0) >= 0 {
		return fileEvidence{}, nil // the engine skips binary files too
	}
	id := entries[0].Constraint.Lang
	ev := fileEvidence{lang: id, names: map[constraint.NameKind]map[string]Tally{}, others: map[constraint.Type]map[string]Candidate{}}
	u := check.NewUnit(ctx, f.Path, f.Src, check.Lint)
	defer u.Close()
	u.Repo = cs.repo
	sup := suppress.Parse(id, f.Src, func() (*syntax.Tree, error) { return u.Tree(id) })
	if fixed == nil {
		for _, e := range entries {
			if err := ctx.Err(); err != nil {
				return fileEvidence{}, err
			}
			c := e.Constraint
			r, err := rules.Run(u, c)
			if err != nil {
				return fileEvidence{}, err
			}
			cand := ev.others[c.Type][c.Spec]
			tallyResult(&cand, u, c, r, func(off int, fileLevel bool) bool {
				line, col := u.Position(off)
				return sup.Match(c.Type, suppress.Pos{Line: line, Col: col}, fileLevel) != nil
			})
			if ev.others[c.Type] == nil {
				ev.others[c.Type] = map[string]Candidate{}
			}
			ev.others[c.Type][c.Spec] = cand
		}
	}
	if convs := cs.naming[id]; convs != nil {
		cs.namingEvidence(u, id, convs, fixed[id], sup, ev.names)
	}
	return ev, nil
}

// tallyResult adds one rule result to cand: the units the rule judged
// (for indentation, which may not count them, the file's code lines)
// and the findings no inline marker silences (for indentation, the
// lines reported).
func tallyResult(cand *Candidate, u *check.Unit, c constraint.Constraint, r check.Result, silenced func(off int, fileLevel bool) bool) {
	if r.Verdict == check.Unverified {
		cand.Unverified++
		return
	}
	units := r.Checked
	if units == 0 && c.Type == constraint.Indentation {
		units = codeLines(u.Src, lang.Get(c.Lang).LineComment)
	}
	if units == 0 {
		return // nothing judged, or a rule that does not count what it judges
	}
	bad := 0
	if r.Verdict == check.Fail {
		if len(r.Findings) == 0 {
			if !silenced(0, true) {
				bad = 1
			}
		}
		lines := map[int]bool{}
		for _, fd := range r.Findings {
			if silenced(fd.Start, false) {
				continue
			}
			if c.Type == constraint.Indentation {
				line, _ := u.Position(fd.Start)
				if lines[line] {
					continue
				}
				lines[line] = true
			}
			bad++
		}
	}
	if bad > units {
		bad = units // a rule reporting more findings than units cannot claim a share
	}
	cand.Units += units
	cand.Bad += bad
}

// codeLines counts the lines of src that hold more than blanks and a line
// comment: what an indentation rule judges, line by line.
func codeLines(src []byte, lineComment string) int {
	n := 0
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 || lineComment != "" && bytes.HasPrefix(t, []byte(lineComment)) {
			continue
		}
		n++
	}
	return n
}

// namingEvidence tallies every declaration the lint naming rule governs
// under each convention: one constraint per parent kind and convention
// ("python;function:snake_case") governs the parent and the kinds that
// fall back to it, each judged by naming.Targets, the rule's own verdict.
func (cs *candidates) namingEvidence(u *check.Unit, id lang.ID, convs []string, fixed string, sup *suppress.Set, names map[constraint.NameKind]map[string]Tally) {
	silenced := map[int]bool{}
	for _, p := range parents {
		for _, conv := range convs {
			spec := string(id) + ";"
			if fixed != "" {
				spec += fixed + "," // a later rule for a kind replaces an earlier one
			}
			spec += string(p) + ":" + conv
			c, err := rules.ParseSpec(constraint.Naming, spec)
			if err != nil {
				panic("infer: naming spec " + spec + ": " + err.Error())
			}
			targets, err := naming.Targets(u, c)
			if err != nil {
				return // the rule reports the file unverified
			}
			for _, t := range targets {
				if family(t.Kind) != p {
					continue
				}
				by := names[t.Kind]
				if by == nil {
					by = map[string]Tally{}
					names[t.Kind] = by
				}
				tl := by[conv]
				tl.Units++
				if !t.OK {
					s, seen := silenced[t.Start]
					if !seen {
						line, col := u.Position(t.Start)
						s = sup.Match(constraint.Naming, suppress.Pos{Line: line, Col: col}, false) != nil
						silenced[t.Start] = s
					}
					if !s {
						tl.Bad++
					}
				}
				by[conv] = tl
			}
		}
	}
}

// renameEvidence judges the naming of id's files again with fixed rules.
func (cs *candidates) renameEvidence(ctx context.Context, files []engine.File, id lang.ID, fixed string, workers int) (map[constraint.NameKind]map[string]Tally, error) {
	parts := make([]fileEvidence, len(files))
	errs := make([]error, len(files))
	if err := par.ForCtx(ctx, len(files), workers, func(i int) {
		parts[i], errs[i] = cs.evidence(ctx, files[i], map[lang.ID]string{id: fixed})
	}); err != nil {
		return nil, err
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	le := newLangEvidence()
	for _, p := range parts {
		if p.lang == id {
			le.merge(p)
		}
	}
	return le.names, nil
}

// langEvidence is the evidence of a language's files, summed.
type langEvidence struct {
	files  int
	names  map[constraint.NameKind]map[string]Tally
	others map[constraint.Type]map[string]Candidate
}

func newLangEvidence() *langEvidence {
	return &langEvidence{names: map[constraint.NameKind]map[string]Tally{}, others: map[constraint.Type]map[string]Candidate{}}
}

func (le *langEvidence) merge(p fileEvidence) {
	le.files++
	for k, by := range p.names {
		if le.names[k] == nil {
			le.names[k] = map[string]Tally{}
		}
		for conv, t := range by {
			cur := le.names[k][conv]
			cur.add(t)
			le.names[k][conv] = cur
		}
	}
	for t, by := range p.others {
		if le.others[t] == nil {
			le.others[t] = map[string]Candidate{}
		}
		for spec, c := range by {
			cur := le.others[t][spec]
			cur.Tally.add(c.Tally)
			cur.Unverified += c.Unverified
			le.others[t][spec] = cur
		}
	}
}
