package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Label is a published verdict for one task.
type Label struct {
	File   string `json:"file"`
	Index  int    `json:"index"`
	Passed bool   `json:"passed"`
}

type labelKey struct {
	file  string
	index int
}

// Labels indexes published verdicts by task.
type Labels map[labelKey]bool

// LoadLabels reads a verdicts.jsonl file.
func LoadLabels(path string) (Labels, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := Labels{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var l Label
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil || l.File == "" {
			return nil, fmt.Errorf("%s:%d: expected {\"file\",\"index\",\"passed\"}: %v", path, line, err)
		}
		out[labelKey{l.File, l.Index}] = l.Passed
	}
	return out, sc.Err()
}

// Lookup returns the published verdict of a task.
func (l Labels) Lookup(file string, index int) (passed, ok bool) {
	passed, ok = l[labelKey{file, index}]
	return
}

// Agreement counts, per type, how often our decided verdicts match the
// published ones. Unverified samples are counted apart.
type Agreement struct {
	Type       constraint.Type
	Total      int // samples with a label
	Agree      int
	Unverified int
	// Confusion: [ours pass/fail][published pass/fail].
	PassPass, PassFail, FailPass, FailFail int
	Disagreements                          []Sample
}

// Rate is Agree over all labelled samples: an unverified sample counts
// as a disagreement, so the rate never flatters a checker that abstains.
func (a Agreement) Rate() float64 {
	if a.Total == 0 {
		return 0
	}
	return float64(a.Agree) / float64(a.Total)
}

// Compare builds the per-type agreement table, sorted by type.
func Compare(samples []Sample, labels Labels) []Agreement {
	m := map[constraint.Type]*Agreement{}
	for _, s := range samples {
		want, ok := labels.Lookup(s.File, s.Index)
		if !ok {
			continue
		}
		a := m[s.Constraint]
		if a == nil {
			a = &Agreement{Type: s.Constraint}
			m[s.Constraint] = a
		}
		a.Total++
		switch {
		case s.Verdict == check.Unverified:
			a.Unverified++
			continue
		case s.Verdict == check.Pass && want:
			a.PassPass++
		case s.Verdict == check.Pass:
			a.PassFail++
		case want:
			a.FailPass++
		default:
			a.FailFail++
		}
		if (s.Verdict == check.Pass) == want {
			a.Agree++
		} else {
			a.Disagreements = append(a.Disagreements, s)
		}
	}
	out := make([]Agreement, 0, len(m))
	for _, a := range m {
		out = append(out, *a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Type < out[j].Type })
	return out
}
