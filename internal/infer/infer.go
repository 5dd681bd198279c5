// Package infer reads a repository and proposes the conventions its own
// code already follows, for `iflint init`: naming per kind, indentation,
// brace style and doc-comment style, per language. The evidence comes
// from the lint rules themselves, never from a second reading: every
// candidate convention is a constraint the rule judges on every file
// (naming.Targets' per-declaration verdicts for naming, Result.Checked
// and the findings for the others), with inline suppressions applied as
// `iflint check` applies them. A convention's share is 1 − reported /
// judged units, so the written configuration means exactly what check
// will report.
package infer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/par"
	"github.com/iflint/iflint/internal/rules/naming"
)

// Defaults of Options.
const (
	DefaultMin = 0.95
	// DefaultMinUnits is the fewest declarations, braces or lines a
	// decision is taken on: with fewer, one odd name moves a share by
	// more than the 5% a threshold of 0.95 allows, so the evidence says
	// nothing.
	DefaultMinUnits = 20
)

// Options says how sure a convention must be to be written.
type Options struct {
	// Min is the share of units a convention must satisfy (0 < Min <= 1).
	Min float64
	// MinUnits is the fewest units a decision is taken on.
	MinUnits int
	// Workers bounds parallelism (GOMAXPROCS when <= 0).
	Workers int
	// Skip are directories (slash paths relative to the root) that are
	// no evidence: subprojects that get configurations of their own.
	Skip []string
}

// SkipGlobs are exclude globs leaving out the directories dirs (slash
// paths relative to the root) and everything below them, and nothing
// else of the same name.
func SkipGlobs(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		out = append(out, d+"/**")
	}
	return out
}

// Report is what Infer found: per language, each decision with its
// evidence, and the files it left out.
type Report struct {
	Options Options
	// Files is how many files were read as evidence.
	Files     int
	Languages []*Language
	// Exclude are the embedded default's exclude globs, which the
	// configuration keeps.
	Exclude []string
	// Generated are the files whose header says they are generated; they
	// are not evidence, and GeneratedExclude are globs that exclude
	// exactly them.
	Generated, GeneratedExclude []string
	// LeftOut are the vendored trees and files left out, with why; the
	// configuration excludes them by their globs.
	LeftOut []LeftOut
	// Skipped are files not read (too large).
	Skipped []engine.Skipped
}

// Language is the evidence and the decisions for one language.
type Language struct {
	ID    lang.ID
	Files int
	// Naming is nil when the lint naming rule has no declaration model
	// for the language.
	Naming *Naming
	// Indent, Braces and Docs are nil when no rule decides them for the
	// language (braces in a language without brace blocks, doc comments
	// without a lint documentation rule).
	Indent, Braces, Docs *Decision
}

// Tally counts the units a rule judged and those it reported.
type Tally struct {
	Units, Bad int
}

// Share is the fraction of units not reported (1 when none were judged).
func (t Tally) Share() float64 {
	if t.Units == 0 {
		return 1
	}
	return 1 - float64(t.Bad)/float64(t.Units)
}

func (t *Tally) add(u Tally) { t.Units += u.Units; t.Bad += u.Bad }

// meets reports whether t decides for a convention under o.
func (t Tally) meets(o Options) bool {
	return t.Units >= o.MinUnits && t.Share() >= o.Min-1e-12
}

// Candidate is one convention considered for a decision.
type Candidate struct {
	// Value is the spec's second field ("spaces:4", "K&R", "GoDoc").
	Value string
	Tally
	// Unverified counts the files where the rule could not decide.
	Unverified int
}

// Decision is one rule's choice for a language among candidates.
type Decision struct {
	Type constraint.Type
	// Candidates in the order they were considered.
	Candidates []Candidate
	// Chosen indexes Candidates, or is -1 when none is written.
	Chosen int
	// Unit names what the rule counts ("lines", "braces", "declarations").
	Unit string
	// LeftOut, when set, says why the decision writes no constraint
	// whatever the shares (a formatter lays the code out otherwise).
	LeftOut string
	// Agrees, when set, names the formatter configuration whose layout
	// the chosen constraint is.
	Agrees string
}

// Spec is the constraint's spec when one is chosen, else "".
func (d *Decision) Spec(id lang.ID) string {
	if d == nil || d.Chosen < 0 {
		return ""
	}
	return string(id) + ";" + d.Candidates[d.Chosen].Value
}

// Infer reads the files under root as `iflint check` would with the
// embedded default's excludes, leaves generated files out, and decides
// each language's conventions.
func Infer(ctx context.Context, root string, o Options) (*Report, error) {
	if o.Min <= 0 || o.Min > 1 {
		return nil, fmt.Errorf("min %v: expected a share above 0 and at most 1", o.Min)
	}
	if o.MinUnits < 1 {
		return nil, fmt.Errorf("min-units %d: expected at least 1", o.MinUnits)
	}
	def, err := config.Parse("embedded default", config.Default)
	if err != nil {
		return nil, err
	}
	read := &config.Config{Exclude: append(slices.Clone(def.Exclude), SkipGlobs(o.Skip)...), Profile: def.Profile}
	leftOut := findLeftOut(root, read)
	for _, l := range leftOut {
		read.Exclude = append(read.Exclude, l.Glob)
	}
	fs, err := engine.ReadFilesContext(ctx, root, []string{root}, read)
	if err != nil {
		return nil, err
	}
	files, generated := splitGenerated(fs.Files)
	r := &Report{Options: o, Files: len(files), Skipped: fs.Skipped, Generated: generated, LeftOut: leftOut}
	r.Exclude, r.GeneratedExclude = def.Exclude, generatedGlobs(fs.Files, generated)
	cands := newCandidates(def)
	cands.repo = engine.NewRepo(root, fs.Files)
	parts := make([]fileEvidence, len(files))
	errs := make([]error, len(files))
	// A cancelled ctx ends the reading at once (see par.ForCtx).
	if err := par.ForCtx(ctx, len(files), o.Workers, func(i int) {
		parts[i], errs[i] = cands.evidence(ctx, files[i], nil)
	}); err != nil {
		return nil, err
	}
	if err := cmp.Or(ctx.Err(), errors.Join(errs...)); err != nil {
		return nil, err
	}
	ev := map[lang.ID]*langEvidence{}
	for _, p := range parts {
		if p.lang == lang.Unknown {
			continue
		}
		le := ev[p.lang]
		if le == nil {
			le = newLangEvidence()
			ev[p.lang] = le
		}
		le.merge(p)
	}
	var markers *[]string // prettier's, read once when a JS/TS decision needs them
	var clang *clangStyles
	for id, le := range ev {
		l := &Language{ID: id, Files: le.files}
		if cands.naming[id] != nil {
			l.Naming = decideNaming(id, le.names, cands.pref(id), o)
			// Alternates (a Python module-level name may follow the
			// constant or class convention instead) read the conventions
			// the spec sets for those kinds; the evidence assumed the
			// ecosystem's defaults, so when the choice differs, the
			// names are judged again with it.
			if fixed := l.Naming.alternateRules(); fixed != "" && naming.HasAlternates(id) {
				again, err := cands.renameEvidence(ctx, files, id, fixed, o.Workers)
				if err != nil {
					return nil, err
				}
				if !reflect.DeepEqual(again, le.names) {
					le.names = again
					l.Naming = decideNaming(id, le.names, cands.pref(id), o)
					l.Naming.Fixed = fixed
				}
			}
		}
		l.Indent = le.decide(cands, id, constraint.Indentation, o)
		if prettierLangs[id] {
			followPrettier(l, le, files, &markers, root, read, o)
		}
		if id == lang.Java {
			followCheckstyle(l, root, read)
		}
		l.Braces = le.decide(cands, id, constraint.Braces, o)
		if clangLangs[id] {
			if clang == nil {
				clang = newClangStyles(root)
			}
			followClangFormat(l, files, clang)
		}
		l.Docs = le.decide(cands, id, constraint.Comments, o)
		r.Languages = append(r.Languages, l)
	}
	sort.Slice(r.Languages, func(i, j int) bool {
		a, b := r.Languages[i], r.Languages[j]
		if a.Files != b.Files {
			return a.Files > b.Files
		}
		return a.ID < b.ID
	})
	return r, ctx.Err()
}

// Chosen is one constraint the configuration holds, with its evidence.
type Chosen struct {
	Type constraint.Type
	Spec string
	// Tally is over every unit the constraint judges: what `iflint
	// check` with it counts (Result.Checked, or for an indentation rule
	// that does not count, code lines) and reports.
	Tally
}

// Chosen lists the constraints chosen, in the order the configuration
// lists them.
func (r *Report) Chosen() []Chosen {
	var out []Chosen
	for _, l := range r.Languages {
		if s := l.Naming.Spec(); s != "" {
			out = append(out, Chosen{constraint.Naming, s, l.Naming.Judged()})
		}
		for _, d := range []*Decision{l.Indent, l.Braces, l.Docs} {
			if s := d.Spec(l.ID); s != "" {
				out = append(out, Chosen{d.Type, s, d.Candidates[d.Chosen].Tally})
			}
		}
	}
	return out
}

// Judged sums, over the chosen constraints, the units judged and those
// reported: what `iflint check` with the written configuration reports.
func (r *Report) Judged() Tally {
	var t Tally
	for _, c := range r.Chosen() {
		t.add(c.Tally)
	}
	return t
}
