package bench

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Summarize computes the paper's metrics per model from single-level
// samples and multi-level samples. Unverified verdicts are counted apart
// and excluded from every rate. The result depends only on the set of
// inputs, not their order, so a merge of shards reproduces it exactly.
func Summarize(samples []Sample, levels []LevelSample, misaligned []Misalignment) Summary {
	acc := map[string]*modelAcc{}
	get := func(model string) *modelAcc {
		a := acc[model]
		if a == nil {
			a = &modelAcc{byType: map[string]*tally{}, byCat: map[string]*tally{}, byLang: map[string]*tally{},
				methods: map[string]int{}, levels: map[int]*levelAcc{}}
			acc[model] = a
		}
		return a
	}
	for _, s := range samples {
		a := get(s.Model)
		a.all.add(s.Verdict)
		bump(a.byType, string(s.Constraint), s.Verdict)
		bump(a.byCat, categoryOf(s), s.Verdict)
		bump(a.byLang, orUnknown(s.Language), s.Verdict)
		a.methods[methodOf(s)]++
	}
	for _, l := range levels {
		get(l.Model).addLevel(l)
	}
	sum := Summary{Models: make([]ModelSummary, 0, len(acc))}
	for _, model := range sortedKeys(acc) {
		sum.Models = append(sum.Models, acc[model].summary(model))
	}
	if len(misaligned) > 0 {
		sum.Misaligned = append([]Misalignment(nil), misaligned...)
		sortMisaligned(sum.Misaligned)
	}
	return sum
}

type tally struct{ pass, fail, unverified int }

func (t *tally) add(v check.Verdict) {
	switch v {
	case check.Pass:
		t.pass++
	case check.Fail:
		t.fail++
	default:
		t.unverified++
	}
}

func (t tally) rate() Rate {
	r := Rate{Satisfied: t.pass, Decided: t.pass + t.fail, Unverified: t.unverified}
	if r.Decided > 0 {
		r.Rate = round6(float64(r.Satisfied) / float64(r.Decided))
	}
	return r
}

func bump(m map[string]*tally, key string, v check.Verdict) {
	t := m[key]
	if t == nil {
		t = &tally{}
		m[key] = t
	}
	t.add(v)
}

func rates(m map[string]*tally) map[string]Rate {
	out := make(map[string]Rate, len(m))
	for k, t := range m {
		out[k] = t.rate()
	}
	return out
}

type levelAcc struct {
	tasks, satisfied, complete, unverified int
}

type modelAcc struct {
	all                   tally
	byType, byCat, byLang map[string]*tally
	methods               map[string]int
	levels                map[int]*levelAcc
}

// addLevel counts a level-k task: k+1 checks when all were decided. A
// task with an undecided check is set apart whole, because SSR_k divides
// by tasks × (k+1) and a partial task would skew it either way.
func (a *modelAcc) addLevel(l LevelSample) {
	la := a.levels[l.Level]
	if la == nil {
		la = &levelAcc{}
		a.levels[l.Level] = la
	}
	ok := 0
	for _, c := range l.Checks {
		switch c.Verdict {
		case check.Pass:
			ok++
		case check.Fail:
		default:
			la.unverified++
			return
		}
	}
	la.tasks++
	la.satisfied += ok
	if ok == len(l.Checks) {
		la.complete++
	}
}

func (a *modelAcc) summary(model string) ModelSummary {
	ms := ModelSummary{
		Model: model, SSR: a.all.rate(), HSR: a.all.rate(),
		ByType: rates(a.byType), ByCategory: rates(a.byCat), ByLanguage: rates(a.byLang),
		Methods: a.methods,
	}
	// Macro SSR weighs the categories equally, in a fixed order so the
	// floating-point sum is reproducible.
	var sum float64
	n := 0
	for _, c := range constraint.Categories {
		if r := ms.ByCategory[string(c)]; r.Decided > 0 {
			sum += float64(r.Satisfied) / float64(r.Decided)
			n++
		}
	}
	if n > 0 {
		ms.MacroSSR = round6(sum / float64(n))
	}
	ks := make([]int, 0, len(a.levels))
	for k := range a.levels {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	for _, k := range ks {
		la := a.levels[k]
		lr := LevelRate{Level: k, Tasks: la.tasks, Satisfied: la.satisfied, Complete: la.complete, Unverified: la.unverified}
		if la.tasks > 0 {
			lr.SSR = round6(float64(la.satisfied) / float64(la.tasks*(k+1)))
			lr.HSR = round6(float64(la.complete) / float64(la.tasks))
		}
		ms.Levels = append(ms.Levels, lr)
	}
	return ms
}

// methodOf names what decided a sample for the method breakdown.
func methodOf(s Sample) string {
	switch {
	case s.Verdict == check.Unverified:
		return "unverified"
	case s.Recorded:
		return "recorded"
	case s.Method == "":
		return "unknown"
	}
	return string(s.Method)
}

// categoryOf prefers the taxonomy's category of the constraint type, so
// samples written by older runs without a category still count.
func categoryOf(s Sample) string {
	if c := s.Constraint.Category(); c != "" {
		return string(c)
	}
	return orUnknown(s.Category)
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// round6 keeps six decimals: enough for a percentage to 4 places, and
// it makes the JSON independent of summation noise.
func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// WriteSummary writes summary.json atomically, indented, with map keys
// sorted (encoding/json sorts them), so equal summaries are equal bytes.
func WriteSummary(dir string, s Summary) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return WriteAtomic(filepath.Join(dir, "summary.json"), func(w *bufio.Writer) error {
		if _, err := w.Write(b); err != nil {
			return err
		}
		return w.WriteByte('\n')
	})
}
