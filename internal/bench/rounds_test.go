package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules"
)

// TestRepairHistoryMatchesPublished rebuilds gpt-4o's self-repair run and
// requires our rule verdicts to reproduce the paper's per-round pass rate
// within half a percentage point on the types the paper decided by rule.
func TestRepairHistoryMatchesPublished(t *testing.T) {
	data := lintevalData(t)
	h, err := LoadRepairHistory(data, "gpt-4o")
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Misaligned) != 0 {
		t.Errorf("misaligned: %+v", h.Misaligned)
	}
	if len(h.Duplicates) != 1 || !strings.HasPrefix(h.Duplicates[0], "R2 is identical to R1") {
		t.Errorf("duplicates = %q, want R2 reported as a copy of R1", h.Duplicates)
	}
	if len(h.Rounds) != 4 || h.Rounds[3].Published != nil {
		t.Fatalf("got %d rounds, want 4 with the last one unpublished", len(h.Rounds))
	}
	checkRoundZeroAgainstLabels(t, data, h.Rounds[0])

	// One replay of the 16 rule types; each type's own curve is cut
	// from it, so every type, language_type included, is held to the
	// same half point.
	all := h.Filter(RuleDecided)
	samples := all.EvaluateRounds(context.Background(), EvalOptions{Profile: check.MultiCodeIF})
	var sb strings.Builder
	cases := []struct {
		name string
		keep func(constraint.Type) bool
	}{{"all 16 rule types (acceptance)", func(constraint.Type) bool { return true }}}
	for _, typ := range rules.RuleTypes() {
		cases = append(cases, struct {
			name string
			keep func(constraint.Type) bool
		}{string(typ), func(x constraint.Type) bool { return x == typ }})
	}
	for _, tc := range cases {
		var ours, pub [][]Sample
		for k, r := range all.Rounds {
			var o, p []Sample
			for i, smp := range samples[k] {
				if !tc.keep(smp.Constraint) {
					continue
				}
				o = append(o, smp)
				if r.Published != nil {
					v := check.Fail
					if r.Published[i] {
						v = check.Pass
					}
					p = append(p, Sample{Verdict: v})
				}
			}
			ours = append(ours, o)
			if r.Published != nil {
				pub = append(pub, p)
			}
		}
		oc, pc := RoundCurve(ours), RoundCurve(pub)
		fmt.Fprintf(&sb, "%s:\n", tc.name)
		for k, o := range oc {
			fmt.Fprintf(&sb, "  round %d  ours %4d/%4d = %6.2f%% (unverified %d)", k, o.SSR.Satisfied, o.SSR.Decided, 100*o.SSR.Rate, o.SSR.Unverified)
			if k < len(pc) {
				p := pc[k].SSR
				gap := o.SSR.Rate - p.Rate
				differ := 0
				for i, smp := range ours[k] {
					if smp.Verdict != pub[k][i].Verdict {
						differ++
					}
				}
				fmt.Fprintf(&sb, "  published %4d/%4d = %6.2f%%  gap %+.2fpp  (%d task verdicts differ)", p.Satisfied, p.Decided, 100*p.Rate, 100*gap, differ)
				if math.Abs(gap) > 0.005 {
					t.Errorf("%s round %d: ours %.2f%% vs published %.2f%%: gap above 0.5pp", tc.name, k, 100*o.SSR.Rate, 100*p.Rate)
				}
			}
			sb.WriteString("\n")
		}
		if len(pc) != 3 {
			t.Errorf("%s: %d published rounds, want 3", tc.name, len(pc))
		}
	}
	if len(cases) != 17 {
		t.Errorf("%d curves, want the total and 16 rule types", len(cases))
	}
	t.Logf("gpt-4o self-repair curve:\n%s", sb.String())
}

// checkRoundZeroAgainstLabels cross-checks round 0 with labels/gpt-4o-r0,
// which was derived independently from the same files.
func checkRoundZeroAgainstLabels(t *testing.T, data string, r RepairRound) {
	t.Helper()
	dir := filepath.Join(data, "labels", "gpt-4o-r0")
	labels, err := LoadLabels(filepath.Join(dir, "verdicts.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	ds, err := LoadDataset(data)
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := LoadJobs(ds, filepath.Join(dir, "generations"), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != len(r.Jobs) {
		t.Fatalf("round 0 has %d tasks, labels %d", len(r.Jobs), len(jobs))
	}
	for i, j := range r.Jobs {
		want, ok := labels.Lookup(j.Task.File, j.Task.Index)
		if !ok || want != r.Published[i] {
			t.Errorf("%s[%d]: published verdict %v, labels say %v (found %v)", j.Task.File, j.Task.Index, r.Published[i], want, ok)
		}
		if strings.TrimSpace(jobs[i].Code) != strings.TrimSpace(j.Code) {
			t.Errorf("%s[%d]: round-0 code differs from labels/gpt-4o-r0", j.Task.File, j.Task.Index)
		}
	}
	// Round 0 is also the stored single-level generations, extracted.
	gens, err := LoadJobs(ds, filepath.Join(ds.Root, "results", "single_level"), false)
	if err != nil {
		t.Fatal(err)
	}
	var first []Job
	for _, j := range gens {
		if j.Model == "gpt-4o" {
			first = append(first, j)
		}
	}
	for i, j := range r.Jobs {
		if i >= len(first) || first[i].Code != strings.TrimSpace(j.Code) {
			t.Errorf("%s[%d]: round-0 code differs from results/single_level/gpt-4o", j.Task.File, j.Task.Index)
		}
	}
}

// selfRepairFixture writes a MultiCodeIF directory with the test dataset
// and round directories for model "m"; rounds[r][file][i] is an entry:
// "pass:<code>" carries code, "fail:<quoted>|<new>" re-asks.
func selfRepairFixture(t *testing.T, rounds map[string]map[string][]string) string {
	t.Helper()
	root := t.TempDir()
	ds, err := LoadDataset(roundsData)
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(ds.Root, "dataset", "instructions", "single_level")
	dst := filepath.Join(root, "dataset", "instructions", "single_level")
	mustMkdir(t, dst)
	for _, f := range ds.FileNames() {
		b, err := os.ReadFile(filepath.Join(src, f+".json"))
		if err != nil {
			t.Fatal(err)
		}
		mustWrite(t, filepath.Join(dst, f+".json"), b)
	}
	for r, files := range rounds {
		dir := filepath.Join(root, "results", "self_repair", r, "m")
		mustMkdir(t, dir)
		for file, entries := range files {
			var out []map[string]any
			for i, e := range entries {
				prompt := ds.Files[file][i].Prompt
				kind, body, _ := strings.Cut(e, ":")
				resp := []string{prompt, body}
				if kind == "fail" {
					quoted, code, _ := strings.Cut(body, "|")
					resp = []string{feedbackPrefix + " to complete the task. However, the code you generated did not meet the constraints: x." +
						feedbackCode + quoted + feedbackTail + prompt, "```python\n" + code + "\n```"}
				}
				out = append(out, map[string]any{"id": i + 1, "response": [][]string{resp}})
			}
			b, _ := json.Marshal(out)
			mustWrite(t, filepath.Join(dir, file+"_m_20250101.json"), b)
		}
	}
	return root
}

func mustMkdir(t *testing.T, dir string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func mustWrite(t *testing.T, path string, b []byte) {
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A two-round run (R2 a copy of R1) with one chain break: the history
// skips the copy, attaches R3's verdicts to R1's code, and leaves the
// broken task out instead of scoring it against the wrong code.
func TestRepairHistoryChain(t *testing.T) {
	r1 := map[string][]string{
		"code_convention_naming_convention": {"fail:def a0():|def a1():", "pass:def b0():", "fail:def c0():|def c1():"},
		"syntax_library":                    {"pass:import requests", "fail:x = 0|y = 1"},
	}
	r3 := map[string][]string{
		"code_convention_naming_convention": {"pass:def a1():", "fail:def b0():|def b2():", "fail:def WRONG():|def c2():"},
		"syntax_library":                    {"pass:import requests", "fail:y = 1|z = 2"},
	}
	h, err := LoadRepairHistory(selfRepairFixture(t, map[string]map[string][]string{"R1": r1, "R2": r1, "R3": r3}), "m")
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Duplicates) != 1 || !strings.HasPrefix(h.Duplicates[0], "R2 is identical to R1") {
		t.Errorf("duplicates %q", h.Duplicates)
	}
	if len(h.Misaligned) != 1 || h.Misaligned[0].Index != 2 || !strings.Contains(h.Misaligned[0].Reason, "R3 does not quote or carry the code of R1") {
		t.Errorf("misaligned %+v", h.Misaligned)
	}
	type row struct {
		code      []string
		published []bool
	}
	want := []row{
		{[]string{"def a0():", "def b0():", "import requests", "x = 0"}, []bool{false, true, true, false}},
		{[]string{"def a1():", "def b0():", "import requests", "y = 1"}, []bool{true, false, true, false}},
		{[]string{"def a1():", "def b2():", "import requests", "z = 2"}, nil},
	}
	if len(h.Rounds) != len(want) {
		t.Fatalf("%d rounds, want %d", len(h.Rounds), len(want))
	}
	for k, w := range want {
		r := h.Rounds[k]
		var code []string
		for _, j := range r.Jobs {
			code = append(code, j.Code)
		}
		if !reflect.DeepEqual(code, w.code) || !reflect.DeepEqual(r.Published, w.published) {
			t.Errorf("round %d: code %q published %v, want %q %v", k, code, r.Published, w.code, w.published)
		}
	}
	pub := h.PublishedCurve()
	if len(pub) != 2 || pub[0].SSR.Satisfied != 2 || pub[1].SSR.Satisfied != 2 || pub[1].SSR.Decided != 4 {
		t.Errorf("published curve %+v", pub)
	}
}

func TestRepairHistoryRejectsForeignPrompt(t *testing.T) {
	root := selfRepairFixture(t, map[string]map[string][]string{"R1": {
		"code_convention_naming_convention": {"pass:a", "pass:b", "pass:c"},
		"syntax_library":                    {"pass:d", "pass:e"},
	}})
	path := filepath.Join(root, "results", "self_repair", "R1", "m", "syntax_library_m_20250101.json")
	mustWrite(t, path, []byte(`[{"id":1,"response":[["another task","x"]]},{"id":2,"response":[["t","y"]]}]`))
	_, err := LoadRepairHistory(root, "m")
	if err == nil || !strings.Contains(err.Error(), path+": entry 0") {
		t.Fatalf("err = %v, want one naming %s entry 0", err, path)
	}
	if _, err := LoadRepairHistory(root, "other"); err == nil || !strings.Contains(err.Error(), "no generation files for model other") {
		t.Fatalf("err = %v for a missing model", err)
	}
}
