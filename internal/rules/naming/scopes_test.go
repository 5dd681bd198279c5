package naming

import (
	"math/rand"
	"sort"
	"testing"
)

// innermostFunctionAt is the scan innermostFunctions replaced (every
// scope per offset): the reference it must agree with.
func innermostFunctionAt(at int, scopes []scopeSpan) int {
	best, bestStart := -1, -1
	for _, s := range scopes {
		if s.kind == ScopeFunction && s.start <= at && at < s.end && s.start > bestStart {
			best, bestStart = s.start, s.start
		}
	}
	return best
}

// nestedSpans are random scopes as syntax nodes give them: nested or
// disjoint, empty ones included.
func nestedSpans(r *rand.Rand, start, end, depth int, out *[]scopeSpan) {
	for at := start; at < end && depth < 5; {
		s := at + r.Intn(3)
		e := s + r.Intn(max(1, (end-s)/2+1))
		if e > end {
			break
		}
		kind := ScopeClass
		if r.Intn(2) == 0 {
			kind = ScopeFunction
		}
		*out = append(*out, scopeSpan{s, e, kind})
		nestedSpans(r, s+1, e, depth+1, out)
		at = e + r.Intn(2)
	}
}

func TestInnermostFunctionsAgreeWithTheScan(t *testing.T) {
	r := rand.New(rand.NewSource(22))
	for round := 0; round < 3000; round++ {
		var scopes []scopeSpan
		nestedSpans(r, 0, 40, 0, &scopes)
		sort.Slice(scopes, func(i, j int) bool {
			if scopes[i].start != scopes[j].start {
				return scopes[i].start < scopes[j].start
			}
			return scopes[i].end > scopes[j].end
		})
		ats := make([]int, r.Intn(10))
		for i := range ats {
			ats[i] = r.Intn(45)
		}
		got := innermostFunctions(ats, scopes)
		for i, at := range ats {
			if want := innermostFunctionAt(at, scopes); got[i] != want {
				t.Fatalf("scopes %+v, offset %d: %d, the scan says %d", scopes, at, got[i], want)
			}
		}
	}
}
