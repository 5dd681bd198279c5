package datastruct

// Finding the required structure, the search all three rules start
// from: the spec as the reading reads it, the lookup in the analysis,
// and the verdict when the structure is absent.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// readSpec returns the language and structure name as the reading reads
// them. The evaluator splits the answer on ';' without trimming, so
// " stack" stays " stack" (and never matches), and it dispatches on the
// language as spelled; the parsed spec trims (spec-as-parsed).
func readSpec(c constraint.Constraint, r reading) (id lang.ID, name string, ok bool, why string) {
	name = c.Name
	if !r.parsedSpec {
		if parts := strings.Split(c.Spec, ";"); len(parts) >= 2 {
			name = parts[1]
		}
		// The evaluator looks up check_<language.lower()>_...; only these
		// spellings have a checker.
		raw := strings.ToLower(c.LangName)
		if raw == "" {
			raw = string(c.Lang)
		}
		switch raw {
		case "python", "java", "cpp", "go", "rust":
		default:
			return c.Lang, name, false, fmt.Sprintf("the MultiCodeIF evaluator has no data-structure checker for language %q (it supports python, java, cpp, go, rust)", c.LangName)
		}
	}
	if !languages[c.Lang] {
		return c.Lang, name, false, fmt.Sprintf("data-structure checks support Python, Java, C++, Go and Rust, not %q", c.LangName)
	}
	return c.Lang, name, true, ""
}

// find looks the structure up as the evaluator does: case-insensitively,
// or (the paper's Rust and Go size checks) comparing the answer as
// written with the lowercased names. Where the reading counts what the
// evaluator overlooks in the unit's language, those structures count
// too, and a short name matches a qualified one.
func (a *analysis) find(name string, caseSensitive bool, r reading) ([]check.Span, bool) {
	if caseSensitive {
		occ, ok := a.structs[name]
		return occ, ok
	}
	var occ []check.Span
	found := false
	want := strings.ToLower(name)
	extended := r.countsOverlooked(a.lang)
	match := func(m map[string][]check.Span) {
		for k, v := range m {
			if strings.ToLower(k) == want || extended && shortNameMatch(k, want) {
				occ, found = append(occ, v...), true
			}
		}
	}
	match(a.structs)
	if extended {
		match(a.overlooked)
	}
	sort.Slice(occ, func(i, j int) bool {
		if occ[i].Start != occ[j].Start {
			return occ[i].Start < occ[j].Start
		}
		return occ[i].End < occ[j].End
	})
	uniq := occ[:0]
	for i, o := range occ {
		if i == 0 || o != occ[i-1] {
			uniq = append(uniq, o)
		}
	}
	return uniq, found
}

// shortNameMatch lets "deque" match "collections.deque" and "buffer"
// "bytes.Buffer".
func shortNameMatch(found, want string) bool {
	found = strings.ToLower(found)
	if i := strings.LastIndexByte(found, '.'); i >= 0 && !strings.Contains(want, ".") {
		return found[i+1:] == want
	}
	return false
}

// findingsAt turns occurrences into findings (at most a few).
func findingsAt(occ []check.Span, msg string) []check.Finding {
	var out []check.Finding
	for _, o := range occ {
		if len(out) == 3 {
			break
		}
		out = append(out, check.Finding{Start: o.Start, End: o.End, Message: msg})
	}
	return out
}

// findStructure runs the structure half shared by the three rules and
// returns the analysis, or a final Result when the check cannot go on.
func findStructure(u *check.Unit, c constraint.Constraint, r reading, caseSensitive bool) (a *analysis, name string, occ []check.Span, res *check.Result) {
	id, name, ok, why := readSpec(c, r)
	if !ok {
		return nil, name, nil, &check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: why}
	}
	a, err := analyze(u, id)
	if err != nil {
		return nil, name, nil, &check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: fmt.Sprintf("cannot parse the code as %s: %v", lang.Get(id).Name, err)}
	}
	if a.parseErr != "" {
		r := check.Failed(fmt.Sprintf("%s; no data structure can be found", a.parseErr), syntaxErrorFinding(u, id)...)
		return a, name, nil, &r
	}
	m := work.Of(u)
	m.Add(len(a.structs) + len(a.overlooked))
	occ, found := a.find(name, caseSensitive, r)
	m.Add(len(occ) * (1 + work.Log(len(occ)+len(a.removed))))
	if !found {
		res := check.Failed(missingReason(a, name, caseSensitive, r))
		return a, name, nil, &res
	}
	// Occurrences inside dropped text (a #define, an attribute) are not
	// code to the evaluator.
	kept := occ[:0:0]
	for _, o := range occ {
		if !a.isRemoved(o) {
			kept = append(kept, o)
		}
	}
	if len(kept) == 0 {
		r := check.Failed(fmt.Sprintf("%q appears only in comments or preprocessor lines", strings.TrimSpace(name)))
		return a, name, nil, &r
	}
	return a, name, kept, nil
}

func missingReason(a *analysis, name string, caseSensitive bool, r reading) string {
	what := "no type named %q appears in the code"
	if a.lang == lang.Python {
		what = "no call %s(...) constructs it"
		if r.pythonConstructions {
			what = "no literal, import or call of %q was found"
		}
	}
	msg := fmt.Sprintf("data structure %q not used: "+what, strings.TrimSpace(name), strings.TrimSpace(name))
	if a.lang == lang.Python && !r.pythonConstructions {
		msg += " (the MultiCodeIF evaluator counts only calls such as list() or collections.deque(), not literals)"
	}
	if !r.parsedSpec && name != strings.TrimSpace(name) {
		msg += fmt.Sprintf(" (the answer names %q with surrounding spaces, which the evaluator keeps, so nothing can match)", name)
	}
	if caseSensitive && name != strings.ToLower(name) {
		msg += " (the MultiCodeIF size check compares the name as written with lowercased type names, so a name with capitals never matches)"
	}
	return msg
}

// syntaxErrorFinding points at the first syntax error.
func syntaxErrorFinding(u *check.Unit, id lang.ID) []check.Finding {
	t, err := u.Tree(id)
	if err != nil {
		return nil
	}
	var f []check.Finding
	m := work.Of(u)
	t.Root().Walk(func(n syntax.Node) bool {
		m.Add(1)
		if len(f) > 0 {
			return false
		}
		if n.IsError() || n.IsMissing() || n.Type() == "print_statement" || n.Type() == "exec_statement" {
			f = append(f, check.Finding{Start: n.Start(), End: n.End(), Message: "syntax error"})
			return false
		}
		return true
	})
	return f
}

// goBuiltinKind records Go's built-in structures, which are not
// type_identifiers (map[K]V, []T, [N]T, chan T, struct{...}), and
// qualified ones (bytes.Buffer, sync.Map): the evaluator overlooks them
// (divergence go-builtin-types).
func goBuiltinKind(a *analysis, n syntax.Node, typ string) {
	kind := map[string]string{"map_type": "map", "slice_type": "slice", "array_type": "array", "channel_type": "chan", "struct_type": "struct"}[typ]
	if typ == "qualified_type" {
		kind = strings.Join(strings.Fields(n.Text()), "")
	}
	if kind != "" {
		a.overlooked[kind] = append(a.overlooked[kind], check.Span{Start: n.Start(), End: n.End()})
	}
}

// rustPathHead records the type in front of "::" outside use
// declarations: HashMap::new() names HashMap through a path, not a
// type_identifier, so without a type annotation the evaluator overlooks
// it (divergence rust-path-constructors).
func rustPathHead(a *analysis, n syntax.Node) {
	path := n.Field("path")
	if !path.Valid() {
		return
	}
	if path.Type() == "scoped_identifier" || path.Type() == "scoped_type_identifier" {
		path = path.Field("name")
	}
	if !path.Valid() || (path.Type() != "identifier" && path.Type() != "type_identifier") {
		return
	}
	k := strings.ToLower(path.Text())
	a.overlooked[k] = append(a.overlooked[k], check.Span{Start: path.Start(), End: path.End()})
}
