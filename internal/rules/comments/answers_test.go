package comments

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/work"
)

// firstAnswerScan is the scan firstAnswer replaced (findings × changes,
// each finding mapped back by a scan of the edits): the reference it must
// agree with.
func firstAnswerScan(changes []change, fs []check.Finding, sorted check.Edits) (int, string) {
	for _, fd := range fs {
		at := mapBackScan(sorted, fd.Start)
		if k := slices.IndexFunc(changes, func(ch change) bool { return ch.answers(fd.Message, at) }); k >= 0 {
			return k, fd.Message
		}
	}
	return -1, ""
}

func TestFirstAnswerAgreesWithTheScan(t *testing.T) {
	r := rand.New(rand.NewSource(22))
	msgs := []string{"a", "b", "c"}
	for round := 0; round < 5000; round++ {
		var sorted check.Edits
		pos := 0
		for k := r.Intn(5); k > 0; k-- {
			start := pos + r.Intn(4)
			end := start + r.Intn(3)
			sorted = append(sorted, check.Edit{Start: start, End: end, New: strings.Repeat("x", r.Intn(4))})
			pos = end
		}
		var changes []change
		for k := r.Intn(7); k > 0; k-- {
			lo := r.Intn(30)
			ch := change{lo: lo, hi: lo + r.Intn(8)}
			if r.Intn(3) == 0 {
				ch.still, ch.at = msgs[r.Intn(len(msgs))], r.Intn(30)
			}
			changes = append(changes, ch)
		}
		var fs []check.Finding
		for k := r.Intn(8); k > 0; k-- {
			fs = append(fs, check.Finding{Start: r.Intn(36), Message: msgs[r.Intn(len(msgs))]})
		}
		gotK, gotMsg := firstAnswer(changes, fs, sorted, nil)
		wantK, wantMsg := firstAnswerScan(changes, fs, sorted)
		if gotK != wantK || gotMsg != wantMsg {
			t.Fatalf("changes %+v, findings %+v, edits %+v: %d %q, the scan says %d %q", changes, fs, sorted, gotK, gotMsg, wantK, wantMsg)
		}
	}
}

// The index's work at 8 times the changes and findings stays within 12
// times its work at the size (the scan's grows 64 times).
func TestFirstAnswerWorkIsNLogN(t *testing.T) {
	workAt := func(n int) int64 {
		var changes []change
		var fs []check.Finding
		for i := 0; i < n; i++ {
			changes = append(changes, change{lo: 10 * i, hi: 10*i + 5, still: fmt.Sprint(i % 3), at: 10 * i})
			fs = append(fs, check.Finding{Start: 10*i + 7, Message: "x"})
		}
		m := work.New(0, "")
		if k, _ := firstAnswer(changes, fs, nil, m); k != -1 {
			t.Fatalf("k = %d, want none", k)
		}
		return m.Used()
	}
	if small, big := workAt(500), workAt(4000); big > 12*small {
		t.Errorf("work %d at 500, %d at 4000", small, big)
	}
}
