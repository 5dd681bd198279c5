package infer

import (
	"fmt"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// RenderOptions are what the written file records besides the report.
type RenderOptions struct {
	// Baseline, when set, is the baseline file the configuration names
	// (relative to the configuration's directory).
	Baseline string
}

// Render writes the report as a commented .iflint.yml: the chosen
// conventions as constraints, each with its share in a comment above it,
// and the conventions considered but left out as comments with theirs.
// The output depends on nothing but the report: languages by file count,
// kinds in vocabulary order, candidates in consideration order.
func (r *Report) Render(ro RenderOptions) []byte {
	w := &writer{}
	o := r.Options
	w.comment(topLead, topCont, fmt.Sprintf(".iflint.yml written by `iflint init` from %s: the conventions this repository's code already follows. "+
		"The comment above each constraint gives the share of declarations, braces or lines that `iflint check` finds satisfying it. "+
		"A convention is written when it holds for at least %s of at least %s units (-min %s -min-units %d); "+
		"those considered and left out are listed as comments with their share.",
		plural(r.Files, "file"), pctOf(o.Min), num(o.MinUnits), minFlag(o.Min), o.MinUnits))
	w.line("version: 1")
	w.line("profile: lint")
	w.line("exclude:")
	for _, g := range r.Exclude {
		w.line("  - " + scalar(g))
	}
	for _, l := range r.LeftOut {
		w.comment(secLead, secCont, fmt.Sprintf("%s, %s", l.Why, plural(l.Files, "file")))
		w.line("  - " + scalar(l.Glob))
	}
	if len(r.GeneratedExclude) > 0 {
		w.comment(secLead, secCont, fmt.Sprintf("generated (their first lines say so): %s", plural(len(r.Generated), "file")))
		for _, g := range r.GeneratedExclude {
			w.line("  - " + scalar(g))
		}
	}
	if ro.Baseline != "" {
		w.comment(topLead, topCont, "the findings this configuration reports today, accepted: `iflint check` reports only new ones")
		w.line("baseline: " + scalar(ro.Baseline))
	}
	w.line("constraints:")
	for _, l := range r.Languages {
		w.line("")
		w.comment(secLead, secCont, fmt.Sprintf("%s: %s", lang.Get(l.ID).Name, plural(l.Files, "file")))
		if l.Naming != nil {
			renderNaming(w, l.Naming, o)
		}
		for _, d := range []*Decision{l.Indent, l.Braces, l.Docs} {
			if d != nil {
				renderDecision(w, l.ID, d, o)
			}
		}
	}
	return w.b.Bytes()
}

func renderNaming(w *writer, n *Naming, o Options) {
	if len(n.Kinds) == 0 {
		w.comment(secLead, secCont, "naming_convention: left out: no declarations")
		return
	}
	w.comment(secLead, secCont, "naming_convention, per kind (the share of the declarations each rule governs):")
	width := 0
	for _, rl := range n.Rules {
		width = max(width, len(rl.Kind), len(rl.Convention))
	}
	for _, ke := range n.Kinds {
		width = max(width, len(ke.Kind))
	}
	for _, rl := range n.Rules {
		w.comment(itemLead, itemCont, fmt.Sprintf("%-*s %-*s %6s of %s", width, rl.Kind, width, rl.Convention, pct(rl.Tally), n.count(rl.Units, rl.Covers...)))
	}
	first := true
	for _, ke := range n.Kinds {
		if ke.Rule != "" {
			continue
		}
		if first {
			w.comment(itemLead, itemCont, "left out, so unchecked:")
			first = false
		}
		w.comment(itemLead, itemCont, fmt.Sprintf("%-*s %s", width, ke.Kind, n.whyKindLeftOut(ke, o)))
	}
	if n.Fixed != "" {
		w.comment(itemLead, itemCont, fmt.Sprintf("(the names that may follow the class or constant convention instead were judged with %s)", n.Fixed))
	}
	if s := n.Spec(); s != "" {
		w.entry(constraint.Naming, s)
	}
}

func renderDecision(w *writer, id lang.ID, d *Decision, o Options) {
	units := 0
	for _, c := range d.Candidates {
		units = max(units, c.Units)
	}
	if d.LeftOut != "" {
		w.comment(secLead, secCont, fmt.Sprintf("%s: left out: %s", d.Type, d.LeftOut))
		return
	}
	if d.Chosen < 0 {
		w.comment(secLead, secCont, fmt.Sprintf("%s: left out: %s", d.Type, whyLeftOut(d.Candidates, units, d.Unit, o)))
		return
	}
	c := d.Candidates[d.Chosen]
	head := fmt.Sprintf("%s: %s holds for %s of %s %s", d.Type, c.Value, pct(c.Tally), num(c.Units), d.Unit)
	if c.Unverified > 0 {
		head += fmt.Sprintf(" (%s not decided)", plural(c.Unverified, "file"))
	}
	if d.Agrees != "" {
		head += "; it is " + d.Agrees
	}
	w.comment(secLead, secCont, head)
	var also, below []string
	for i, x := range d.Candidates {
		if i == d.Chosen || x.Units == 0 {
			continue
		}
		s := x.Value + nbsp + pct(x.Tally)
		if x.meets(o) {
			also = append(also, s)
		} else {
			below = append(below, s)
		}
	}
	if len(also) > 0 {
		w.comment(itemLead, itemCont, "also holding, but implied by it or less often: "+strings.Join(also, ", "))
	}
	if len(below) > 0 {
		w.comment(itemLead, itemCont, fmt.Sprintf("left out, below %s: %s", pctOf(o.Min), strings.Join(below, ", ")))
	}
	w.entry(d.Type, d.Spec(id))
}

// whyKindLeftOut says why no rule governs a kind. A parent kind's rule
// would also govern the kinds that fall back to it, so a parent whose
// own declarations follow a convention can still be left out because
// of theirs; the comment says so.
func (n *Naming) whyKindLeftOut(ke KindEvidence, o Options) string {
	fam := n.family[ke.Kind]
	famUnits := 0
	for _, c := range fam {
		famUnits = max(famUnits, c.Units)
	}
	if ke.Kind.Fallback() != "" || famUnits <= ke.Units {
		return whyLeftOut(ke.ByConvention, ke.Units, n.words(ke.Units, ke.Kind), o)
	}
	kinds := []constraint.NameKind{ke.Kind}
	var others []constraint.NameKind
	for _, k := range n.Kinds {
		if k.Kind != ke.Kind && k.Rule == "" && family(k.Kind) == ke.Kind {
			others = append(others, k.Kind)
		}
	}
	if i := choose(ke.ByConvention, "", o); i >= 0 {
		own := ke.ByConvention[i]
		var all Candidate
		for _, c := range fam {
			if c.Value == own.Value {
				all = c
			}
		}
		return fmt.Sprintf("%s holds for %s of %s, but a %s rule also governs the %s, and of all %s it holds for %s (below\x00%s)",
			own.Value, pct(own.Tally), n.count(own.Units, ke.Kind), ke.Kind,
			n.count(famUnits-ke.Units, others...), num(all.Units), pct(all.Tally), pctOf(o.Min))
	}
	return whyLeftOut(fam, famUnits, n.words(famUnits, append(kinds, others...)...), o)
}

// whyLeftOut says why no candidate was written: too few units, or each
// candidate's share below the threshold (highest first).
func whyLeftOut(cands []Candidate, units int, noun string, o Options) string {
	if units == 0 {
		unverified := 0
		for _, c := range cands {
			unverified = max(unverified, c.Unverified)
		}
		if unverified > 0 {
			return fmt.Sprintf("the rule decided no file (%s unverified)", plural(unverified, "file"))
		}
		return "nothing here that the rule judges"
	}
	if units < o.MinUnits {
		return fmt.Sprintf("%s %s, too few to judge (fewer than %s)", num(units), noun, num(o.MinUnits))
	}
	sorted := append([]Candidate(nil), cands...)
	sort.SliceStable(sorted, func(i, j int) bool { return better(sorted[i], sorted[j], "") })
	var parts []string
	for _, c := range sorted {
		if c.Units > 0 {
			parts = append(parts, c.Value+nbsp+pct(c.Tally))
		}
	}
	return fmt.Sprintf("of %s %s, %s hold (below\x00%s)", num(units), noun, strings.Join(parts, ", "), pctOf(o.Min))
}

// kindNouns name a kind's declarations in comments (singular, plural).
var kindNouns = map[constraint.NameKind][2]string{
	constraint.KindClass:      {"class", "classes"},
	constraint.KindStruct:     {"struct", "structs"},
	constraint.KindEnum:       {"enum", "enums"},
	constraint.KindInterface:  {"interface", "interfaces"},
	constraint.KindTrait:      {"trait", "traits"},
	constraint.KindRecord:     {"record", "records"},
	constraint.KindAnnotation: {"annotation type", "annotation types"},
	constraint.KindAlias:      {"type alias", "type aliases"},
	constraint.KindObject:     {"object", "objects"},
	constraint.KindUnion:      {"union", "unions"},
	constraint.KindFunction:   {"function", "functions"},
	constraint.KindMethod:     {"method", "methods"},
	constraint.KindVariable:   {"variable", "variables"},
	constraint.KindParameter:  {"parameter", "parameters"},
	constraint.KindField:      {"field", "fields"},
	constraint.KindConstant:   {"constant", "constants"},
	constraint.KindImport:     {"import", "imports"},
}

// typeLanguages have types but no classes: the class kind's
// declarations there are type declarations.
var typeLanguages = map[lang.ID]bool{lang.Go: true, lang.Rust: true, lang.C: true, lang.Zig: true, lang.Haskell: true}

func (n *Naming) noun(k constraint.NameKind, one bool) string {
	w, ok := kindNouns[k]
	if !ok {
		w = [2]string{string(k), string(k) + "s"}
	}
	if k == constraint.KindClass && typeLanguages[n.Lang] {
		w = [2]string{"type", "types"}
	}
	if one {
		return w[0]
	}
	return w[1]
}

// words is "functions and methods" (for n of them).
func (n *Naming) words(count int, kinds ...constraint.NameKind) string {
	var ws []string
	for _, k := range kinds {
		ws = append(ws, n.noun(k, count == 1 && len(kinds) == 1))
	}
	switch len(ws) {
	case 0:
		return "declarations"
	case 1:
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// count is "1,204 functions and methods".
func (n *Naming) count(count int, kinds ...constraint.NameKind) string {
	return num(count) + " " + n.words(count, kinds...)
}
