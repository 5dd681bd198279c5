package action

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
)

// ratio is a rate with its counts, so reports can show both.
type ratio struct{ Num, Den int }

// String is the rate with four decimals, or "" when nothing was decided.
func (r ratio) String() string {
	if r.Den == 0 {
		return ""
	}
	return strconv.FormatFloat(float64(r.Num)/float64(r.Den), 'f', 4, 64)
}

// ssr is the soft satisfaction rate of the checked files: satisfied
// outcomes over decided ones. Unverified outcomes (LLM-judged types
// without a judge) are neither.
func ssr(outcomes []engine.Outcome) ratio {
	var r ratio
	for _, o := range outcomes {
		switch o.Verdict {
		case check.Pass:
			r.Num++
			r.Den++
		case check.Fail:
			r.Den++
		}
	}
	return r
}

// hsr is the hard satisfaction rate: files whose every decided outcome
// is satisfied, over files with a decided outcome.
func hsr(outcomes []engine.Outcome) ratio {
	failed, decided := map[string]bool{}, map[string]bool{}
	for _, o := range outcomes {
		switch o.Verdict {
		case check.Pass:
			decided[o.Path] = true
		case check.Fail:
			decided[o.Path], failed[o.Path] = true, true
		}
	}
	return ratio{Num: len(decided) - len(failed), Den: len(decided)}
}

// checkedFiles counts the files some constraint applied to.
func checkedFiles(outcomes []engine.Outcome) int {
	seen := map[string]bool{}
	for _, o := range outcomes {
		seen[o.Path] = true
	}
	return len(seen)
}

// constraintRow is one line of the summary's table.
type constraintRow struct {
	Type                                 constraint.Type
	Spec                                 string
	Checked, Satisfied, Violated, Unsure int // files
	Findings                             int // in scope
	Fixed                                int // in-scope findings a suggestion fixes
	Verified                             int // in-scope findings with a verified fix not suggested
}

func constraintRows(outcomes []engine.Outcome, kept []engine.Diagnostic, fixed, verified map[string]bool) []constraintRow {
	type key struct {
		t    constraint.Type
		spec string
	}
	rows := map[key]*constraintRow{}
	row := func(t constraint.Type, spec string) *constraintRow {
		k := key{t, spec}
		if rows[k] == nil {
			rows[k] = &constraintRow{Type: t, Spec: spec}
		}
		return rows[k]
	}
	for _, o := range outcomes {
		r := row(o.Type, o.Spec)
		r.Checked++
		switch o.Verdict {
		case check.Pass:
			r.Satisfied++
		case check.Fail:
			r.Violated++
		default:
			r.Unsure++
		}
	}
	for _, d := range kept {
		r := row(d.Type, d.Spec)
		r.Findings++
		switch {
		case fixed[d.Fingerprint]:
			r.Fixed++
		case verified[d.Fingerprint]:
			r.Verified++
		}
	}
	out := make([]constraintRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b constraintRow) int {
		return cmp.Or(cmp.Compare(a.Type, b.Type), cmp.Compare(a.Spec, b.Spec))
	})
	return out
}
