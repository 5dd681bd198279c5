package naming

// naming_convention in the lint profile: every name the file declares,
// at every declaration site, is held to the convention of its kind
// (declarations.go), with the conventions read as each ecosystem's
// linter reads them (conventions.go). The paper's token-based check
// lives in paper.go; the two share nothing but the spec.

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/work"
)

// Target is a declaration a naming_convention constraint holds to a
// convention, with the lint profile's verdict on it.
type Target struct {
	Declaration
	// Convention is the one of its own kind (or the kind it falls back
	// to); Alternates are the conventions it may follow instead
	// (pythonAlternates, jsAlternates).
	Convention string
	Alternates []string
	OK         bool
}

// namingRules resolves a constraint's rules by kind: spec aliases are
// folded (type → class) and a later rule for a kind replaces an earlier
// one, as in the paper's evaluator.
func namingRules(c constraint.Constraint) map[constraint.NameKind]string {
	rules := map[constraint.NameKind]string{}
	for _, r := range c.Naming {
		if k, ok := constraint.LookupKind(r.Kind); ok {
			rules[k] = r.Convention
		}
	}
	return rules
}

// ruleFor returns the convention governing kind k and the kind it is
// set for, following fallbacks (enum → class); ok is false when none is.
func ruleFor(rules map[constraint.NameKind]string, k constraint.NameKind) (string, constraint.NameKind, bool) {
	for ; k != ""; k = k.Fallback() {
		if conv, ok := rules[k]; ok {
			return conv, k, true
		}
	}
	return "", "", false
}

// Targets lists the declarations of u that constraint c governs, each
// with the lint profile's verdict, in source order; exempt declarations
// are left out. It is what the lint rule judges, for readers that need
// every verdict rather than the findings: internal/infer measures a
// convention's share of a repository with it, and benchmark/peers/naming
// compares each declaration with the established linters.
func Targets(u *check.Unit, c constraint.Constraint) ([]Target, error) {
	if generatedGo(u, c.Lang) {
		return nil, nil
	}
	decls, err := Declarations(u, c.Lang)
	if err != nil {
		return nil, err
	}
	rules := namingRules(c)
	spec := namingLangs[c.Lang]
	out := make([]Target, 0, len(decls))
	m := work.Of(u)
	for _, d := range decls {
		m.Add(1 + len(d.Name))
		if d.Exempt != "" || d.Unparsed {
			continue
		}
		conv, _, ok := ruleFor(rules, d.Kind)
		if !ok {
			continue
		}
		name := caseName(c.Lang, d)
		t := Target{Declaration: d, Convention: conv, OK: nameMatches(c.Lang, name, conv)}
		if spec.alternates != nil {
			for _, alt := range spec.alternates(d) {
				ac, _, ok := ruleFor(rules, alt)
				if !ok {
					ac = defaultConvention(alt)
				}
				if ac != conv && !containsString(t.Alternates, ac) {
					t.Alternates = append(t.Alternates, ac)
				}
				t.OK = t.OK || nameMatches(c.Lang, name, ac)
			}
		}
		out = append(out, t)
	}
	return out, nil
}

// caseName is the part of a declared name the case test reads: PEP 8
// gives Python type variables a `_co` or `_contra` suffix of their own
// (`T_co`, `KT_contra`).
func caseName(id lang.ID, d Declaration) string {
	if id == lang.Python && d.Kind == constraint.KindAlias {
		for _, suf := range []string{"_co", "_contra"} {
			if n := strings.TrimSuffix(d.Name, suf); n != d.Name && n != "" {
				return n
			}
		}
	}
	return d.Name
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// checkLint is the lint profile's naming_convention: each declaration
// held to its kind's convention as the language's linter reads it, every
// finding carrying its rename.
func checkLint(u *check.Unit, c constraint.Constraint) check.Result {
	if len(c.Naming) == 0 {
		return noRules
	}
	if !Supported(c.Lang) {
		return check.Result{Verdict: check.Unverified, Reason: fmt.Sprintf("naming_convention has no declaration model for %s", c.LangName)}
	}
	rules := namingRules(c)
	if len(rules) == 0 {
		return check.Result{Verdict: check.Unverified, Reason: fmt.Sprintf("no known naming kind in %q (kinds: %s)", c.Spec, strings.Join(kindNames(), ", "))}
	}
	if generatedGo(u, c.Lang) {
		// Generated code is exempt from Go's naming conventions: golint
		// and revive skip it, and nobody may edit it by hand.
		return check.Passed("generated file (\"// Code generated ... DO NOT EDIT.\"): Go naming conventions do not apply, 0 names checked")
	}
	targets, err := Targets(u, c)
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: err.Error()}
	}
	var findings []check.Finding
	var renames []renameRequest
	work.Of(u).Add(len(targets) * (1 + work.Log(len(targets))))
	for _, t := range targets {
		if !t.OK {
			findings = append(findings, check.Finding{Start: t.Start, End: t.End, Message: namingMessage(c.Lang, t)})
			renames = append(renames, renameRequest{string(t.Kind), t.Convention})
		}
	}
	if len(findings) > 0 {
		// Targets read the model already (once per unit).
		model, err := Declarations(u, c.Lang)
		if err != nil {
			return check.Result{Verdict: check.Unverified, Reason: err.Error()}
		}
		attachRenames(u, c.Lang, model, findings, renames)
	}
	sort.SliceStable(findings, func(i, j int) bool { return findings[i].Start < findings[j].Start })
	r := check.Passed(fmt.Sprintf("all %d declared names follow the naming rules (%s)%s", len(targets), c.Spec, unparsedNote(u, c)))
	if len(findings) > 0 {
		r = check.Failed(fmt.Sprintf("%d of %d declared names break the naming rules (%s)%s", len(findings), len(targets), c.Spec, unparsedNote(u, c)), findings...)
	}
	r.Checked = len(targets)
	return r
}

// unparsedNote says how many names the rule left unjudged because the
// parser could not read their statements, and where the first is, so a
// reader knows the pass covers less than the file.
func unparsedNote(u *check.Unit, c constraint.Constraint) string {
	decls, err := Declarations(u, c.Lang)
	if err != nil {
		return ""
	}
	rules := namingRules(c)
	n, first := 0, -1
	for _, d := range decls {
		if _, _, ok := ruleFor(rules, d.Kind); ok && d.Unparsed && d.Exempt == "" {
			if n == 0 {
				first = d.Start
			}
			n++
		}
	}
	if n == 0 {
		return ""
	}
	noun := "names"
	if n == 1 {
		noun = "name"
	}
	line := sort.SearchInts(u.LineStarts(), first+1)
	return fmt.Sprintf("; %d %s in statements that did not parse not judged (first on line %d)", n, noun, line)
}

// goGeneratedRE is Go's marker of generated code (go.dev/s/generatedcode).
var goGeneratedRE = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// generatedGo reports whether a Go file says it is generated. The
// marker must come before the package clause, so only the header is
// searched: a regular expression over every byte of a large tree costs
// a tenth of parsing it.
func generatedGo(u *check.Unit, id lang.ID) bool {
	if id != lang.Go {
		return false
	}
	head := u.Src
	if i := bytes.Index(head, []byte("\npackage ")); i >= 0 {
		head = head[:i]
	} else if bytes.HasPrefix(head, []byte("package ")) {
		return false
	}
	return bytes.Contains(head, []byte("DO NOT EDIT")) && goGeneratedRE.Match(head)
}

// kindLabels name a declaration's kind in messages.
var kindLabels = map[constraint.NameKind]string{
	constraint.KindAnnotation: "annotation type",
	constraint.KindAlias:      "type alias",
}

func kindLabel(d Declaration) string {
	if l, ok := kindLabels[d.Kind]; ok {
		return l
	}
	if d.Kind == constraint.KindVariable && d.Scope == ScopeModule {
		return "module-level variable"
	}
	if d.Kind == constraint.KindVariable && d.Scope == ScopeFunction {
		return "local variable"
	}
	return string(d.Kind)
}

func namingMessage(id lang.ID, t Target) string {
	convs := t.Convention
	if n := len(t.Alternates); n > 0 {
		convs = strings.Join(append([]string{t.Convention}, t.Alternates[:n-1]...), ", ") + " or " + t.Alternates[n-1]
	}
	if t.Convention == constraint.ConventionGo {
		if want := goName(t.Name); want != t.Name && !goAllCapsUnderscore(t.Name) {
			return fmt.Sprintf("%s name %q is not Go MixedCaps: Go spells it %q", kindLabel(t.Declaration), t.Name, want)
		}
		return fmt.Sprintf("%s name %q is not Go MixedCaps: Go names use no ALL_CAPS or underscores", kindLabel(t.Declaration), t.Name)
	}
	return fmt.Sprintf("%s name %q is not %s", kindLabel(t.Declaration), t.Name, convs)
}

// kindNames are the naming kinds a spec may set, in documentation order.
func kindNames() []string {
	var out []string
	for _, k := range constraint.NameKinds {
		out = append(out, string(k.Kind))
	}
	return out
}
