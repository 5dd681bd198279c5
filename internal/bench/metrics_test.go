package bench

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/iflint/iflint/internal/goldentest"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

func fixtureSample(model string, typ constraint.Type, lang string, v check.Verdict, m check.Method, recorded bool) Sample {
	return Sample{Model: model, File: datasetOf(typ), Constraint: typ, Category: string(typ.Category()), Language: lang, Verdict: v, Method: m, Recorded: recorded}
}

func datasetOf(t constraint.Type) string {
	in, _ := constraint.Lookup(t)
	return in.Dataset
}

// fixture: model "a" has 4 decided interface samples (3 pass), 1 decided
// coding-style sample (fail), 1 unverified, 1 recorded pass; model "b"
// only multi-level samples.
func metricsFixture() ([]Sample, []LevelSample, []Misalignment) {
	var ss []Sample
	for i, v := range []check.Verdict{check.Pass, check.Pass, check.Pass, check.Fail} {
		s := fixtureSample("a", constraint.InputType, "python", v, check.MethodRule, false)
		s.Index = i
		ss = append(ss, s)
	}
	ss = append(ss,
		fixtureSample("a", constraint.Naming, "java", check.Fail, check.MethodRule, false),
		fixtureSample("a", constraint.Framework, "", check.Unverified, check.MethodLLM, false),
		fixtureSample("a", constraint.ScenarioType, "go", check.Pass, check.MethodLLM, true),
		fixtureSample("a", constraint.LanguageVer, "java", check.Pass, check.MethodToolchain, false),
	)
	for i := range ss {
		ss[i].Index += 10 * i
	}
	lc := func(vs ...check.Verdict) []LevelCheck {
		out := make([]LevelCheck, len(vs))
		for i, v := range vs {
			out[i] = LevelCheck{Index: i, Verdict: v, Method: check.MethodRule}
		}
		return out
	}
	ls := []LevelSample{
		{Model: "b", File: "data_structure", Index: 0, Level: 0, Language: "rust", Checks: lc(check.Pass)},
		{Model: "b", File: "data_structure", Index: 4, Level: 0, Language: "rust", Checks: lc(check.Fail)},
		{Model: "b", File: "data_structure", Index: 1, Level: 1, Language: "rust", Checks: lc(check.Pass, check.Pass)},
		{Model: "b", File: "data_structure", Index: 5, Level: 1, Language: "rust", Checks: lc(check.Fail, check.Pass)},
		{Model: "b", File: "data_structure", Index: 2, Level: 2, Language: "rust", Checks: lc(check.Pass, check.Unverified, check.Pass)},
		{Model: "b", File: "data_structure", Index: 6, Level: 2, Language: "rust", Checks: lc(check.Pass, check.Pass, check.Fail)},
	}
	mis := []Misalignment{
		{Model: "b", File: "data_structure_b_1.json", Index: 9, Reason: "repeats the prompt of task 0, already answered by entry 0"},
		{Model: "b", File: "data_structure_b_1.json", Index: -1, Reason: "10 entries for 8 tasks"},
	}
	return ss, ls, mis
}

func TestSummarizeCountsAndRates(t *testing.T) {
	ss, ls, mis := metricsFixture()
	s := Summarize(ss, ls, mis)
	if len(s.Models) != 2 || s.Models[0].Model != "a" || s.Models[1].Model != "b" {
		t.Fatalf("models %+v", s.Models)
	}
	a := s.Models[0]
	// 7 decided: 5 pass (3 input_type, the recorded scenario, the toolchain language_version).
	if a.SSR != (Rate{Satisfied: 5, Decided: 7, Unverified: 1, Rate: 0.714286}) || a.HSR != a.SSR {
		t.Errorf("SSR %+v HSR %+v", a.SSR, a.HSR)
	}
	// Categories decided: interface 3/4, coding_style 0/1, scenario 1/1,
	// environment 1/1 (the unverified framework sample is excluded).
	if want := 0.6875; a.MacroSSR != want {
		t.Errorf("macro SSR %v, want %v", a.MacroSSR, want)
	}
	if r := a.ByCategory["environment"]; r != (Rate{Satisfied: 1, Decided: 1, Unverified: 1, Rate: 1}) {
		t.Errorf("environment %+v", r)
	}
	if r := a.ByLanguage["unknown"]; r.Unverified != 1 {
		t.Errorf("unknown language %+v", r)
	}
	want := map[string]int{"rule": 5, "unverified": 1, "recorded": 1, "toolchain": 1}
	for k, n := range want {
		if a.Methods[k] != n {
			t.Errorf("methods %v, want %v", a.Methods, want)
			break
		}
	}
	b := s.Models[1]
	if b.SSR.Decided != 0 || b.MacroSSR != 0 || len(b.Levels) != 3 {
		t.Fatalf("b: %+v", b)
	}
	wantLevels := []LevelRate{
		{Level: 0, Tasks: 2, Satisfied: 1, Complete: 1, SSR: 0.5, HSR: 0.5},
		{Level: 1, Tasks: 2, Satisfied: 3, Complete: 1, SSR: 0.75, HSR: 0.5},
		{Level: 2, Tasks: 1, Satisfied: 2, Complete: 0, Unverified: 1, SSR: 0.666667, HSR: 0},
	}
	for i, w := range wantLevels {
		if b.Levels[i] != w {
			t.Errorf("level %d: %+v, want %+v", i, b.Levels[i], w)
		}
	}
	if len(s.Misaligned) != 2 || s.Misaligned[0].Index != -1 {
		t.Errorf("misaligned not sorted: %+v", s.Misaligned)
	}
}

// The summary is a pure function of the set of samples: shuffled input
// gives the same bytes, and those bytes match the golden file.
func TestWriteSummaryIsStable(t *testing.T) {
	ss, ls, mis := metricsFixture()
	dir := t.TempDir()
	if err := WriteSummary(dir, Summarize(ss, ls, mis)); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(1))
	r.Shuffle(len(ss), func(i, j int) { ss[i], ss[j] = ss[j], ss[i] })
	r.Shuffle(len(ls), func(i, j int) { ls[i], ls[j] = ls[j], ls[i] })
	mis[0], mis[1] = mis[1], mis[0]
	dir2 := t.TempDir()
	if err := WriteSummary(dir2, Summarize(ss, ls, mis)); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(filepath.Join(dir2, "summary.json"))
	if !bytes.Equal(got, again) {
		t.Errorf("shuffled input changed summary.json:\n%s\nvs\n%s", got, again)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temp files left behind: %v", entries)
	}
	golden := filepath.Join("testdata", "metrics", "summary.golden.json")
	if goldentest.Updating() {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("summary.json differs from %s (run with -update if intended):\n%s", golden, got)
	}
}

func TestWriteSummaryFailsCleanly(t *testing.T) {
	file := filepath.Join(t.TempDir(), "not-a-dir")
	os.WriteFile(file, nil, 0o644)
	if err := WriteSummary(file, Summary{}); err == nil {
		t.Error("writing into a file path succeeded")
	}
	if s := Summarize(nil, nil, nil); len(s.Models) != 0 || s.Misaligned != nil {
		t.Errorf("empty summary %+v", s)
	}
}
