package naming

// naming_convention follows MultiCodeIF's check: class and function names
// come from tree-sitter declarations, "variables" are every plain Name
// token Pygments emits (five characters or longer, not _-prefixed, not
// all-caps) that is not already a class or function name. The variable
// side therefore includes parameters, fields, imported modules and called
// library functions, exactly as in the published verdicts.

// The lint profile's check (lint.go) shares nothing with this one but
// the spec; the two are chosen by Rule{Paper, Lint}.

import (
	"fmt"
	"regexp"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/pygments"
	"github.com/iflint/iflint/internal/work"
)

// checkPaper is the paper profile's naming_convention: MultiCodeIF's
// evaluator, quirks included (names are tokens, so references count;
// ASCII-only patterns; no pattern for UPPER_CASE; rules for other kinds
// ignored; Go receiver types checked as function names; each name once).
func checkPaper(u *check.Unit, c constraint.Constraint) check.Result {
	if len(c.Naming) == 0 {
		return noRules
	}
	// Later rules for the same kind win, as in the evaluator's dict().
	conv := map[string]string{}
	for _, r := range c.Naming {
		conv[r.Kind] = r.Convention
	}
	if len(u.Src) > pygments.MaxLexBytes {
		return pygments.TooLarge(u)
	}
	classes, functions, err := declNames(u, c.Lang)
	if err != nil {
		return check.Result{Verdict: check.Unverified, Reason: err.Error()}
	}
	var findings []check.Finding
	var renames []renameRequest
	checked := 0
	m := work.Of(u)
	m.Add((len(classes.list) + len(functions.list)) * (1 + work.Log(len(classes.list)+len(functions.list))))
	for _, group := range []struct {
		kind string
		set  nameSet
	}{{"class", classes}, {"function", functions}} {
		want, ok := conv[group.kind]
		if !ok {
			continue
		}
		for _, n := range group.set.list {
			checked++
			if !paperMatches(n.name, want) {
				findings = append(findings, check.Finding{Start: n.start, End: n.end, Message: fmt.Sprintf("%s name %q is not %s", group.kind, n.name, want)})
				renames = append(renames, renameRequest{group.kind, want})
			}
		}
	}
	note := ""
	if want, ok := conv["variable"]; ok {
		// Lexing is the expensive part: it is skipped once the verdict
		// is settled and stops at the first offending variable.
		if len(findings) > 0 {
			note = "; variable names not checked"
		} else {
			var vars nameSet
			stopped := false
			err := pygments.PygStream(u, c.Lang, func(t pygments.Ptok) bool {
				m.Add(1 + len(t.Value))
				if !isVariableCandidate(t, classes, functions) || vars.seen[t.Value] {
					return true
				}
				vars.add(t.Value, t.Start, t.End)
				checked++
				if !paperMatches(t.Value, want) {
					findings = append(findings, check.Finding{Start: t.Start, End: t.End, Message: fmt.Sprintf("variable name %q is not %s", t.Value, want)})
					renames = append(renames, renameRequest{"variable", want})
					stopped = true
					return false
				}
				return true
			})
			if err != nil {
				return check.Result{Verdict: check.Unverified, Reason: err.Error()}
			}
			if stopped {
				note = "; stopped at the first offending variable"
			}
		}
	}
	// The paper's evaluator has no declaration model, so the renames
	// decide from the syntax alone.
	attachRenames(u, c.Lang, nil, findings, renames)
	sort.SliceStable(findings, func(i, j int) bool { return findings[i].Start < findings[j].Start })
	if len(findings) > 0 {
		return check.Failed(fmt.Sprintf("%d of %d checked names break the naming rules (%s)%s", len(findings), checked, c.Spec, note), findings...)
	}
	return check.Passed(fmt.Sprintf("all %d checked names follow the naming rules (%s)", checked, c.Spec))
}

// noRules is the verdict on a constraint without naming rules, in both
// profiles.
var noRules = check.Failed("no naming rules in the constraint")

// The evaluator's case conventions, with its regular expressions (ASCII
// letters only; UPPER_CASE has none and never matches).
var paperConventions = map[string]*regexp.Regexp{
	"snake_case": regexp.MustCompile(`^[a-z]+[a-z0-9_]*$`),
	"PascalCase": regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`),
	"camelCase":  regexp.MustCompile(`^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$`),
	"kebab-case": regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`),
}

// paperMatches reports whether name follows convention conv as the
// paper's evaluator reads it.
func paperMatches(name, conv string) bool {
	if re, ok := paperConventions[conv]; ok {
		return re.MatchString(name)
	}
	return false
}
