package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/goldentest"

	"github.com/iflint/iflint/benchmark"
	"github.com/iflint/iflint/internal/constraint"
)

func mkRate(sat, dec, unv int) Rate {
	r := Rate{Satisfied: sat, Decided: dec, Unverified: unv}
	r.Rate = rateOf(r)
	return r
}

// sampleSummary is a hand-built summary covering every report section:
// two models with multi-level and round data, one without, a category
// nobody decided, an unknown method, and misalignments whose reason
// holds a pipe.
func sampleSummary() Summary {
	return Summary{
		Models: []ModelSummary{
			{
				Model: "gpt-4o", SSR: mkRate(60, 100, 20), MacroSSR: 0.55, HSR: mkRate(60, 100, 20),
				ByType: map[string]Rate{"naming_convention": mkRate(30, 40, 0), "library": mkRate(5, 5, 0), "scenario": mkRate(0, 0, 20), "function": mkRate(25, 55, 0)},
				ByCategory: map[string]Rate{
					"interface": mkRate(10, 20, 0), "environment": mkRate(20, 25, 0), "coding_style": mkRate(30, 40, 0),
					"algorithm": mkRate(0, 15, 0), "scenario": mkRate(0, 0, 20),
				},
				ByLanguage: map[string]Rate{"python": mkRate(40, 60, 10), "rust": mkRate(20, 40, 10)},
				Methods:    map[string]int{"rule": 90, "static": 10, "llm": 20, "unverified": 20},
				Levels: []LevelRate{
					{Level: 1, Tasks: 10, SSR: 0.5, HSR: 0.3},
					{Level: 0, Tasks: 10, SSR: 0.8, HSR: 0.8},
				},
				Rounds: []RoundRate{{Round: 0, SSR: mkRate(60, 100, 0)}, {Round: 1, SSR: mkRate(75, 100, 0)}, {Round: 2, SSR: mkRate(82, 100, 0)}},
			},
			{
				Model: "claude-3-7-sonnet-20250219", SSR: mkRate(70, 100, 0), MacroSSR: 0.65, HSR: mkRate(70, 100, 0),
				ByType:     map[string]Rate{"naming_convention": mkRate(35, 40, 0), "function": mkRate(35, 60, 0)},
				ByCategory: map[string]Rate{"interface": mkRate(15, 20, 0), "environment": mkRate(20, 25, 0), "coding_style": mkRate(35, 40, 0), "algorithm": mkRate(0, 15, 0), "legacy_bucket": mkRate(1, 2, 0)},
				ByLanguage: map[string]Rate{"python": mkRate(50, 60, 0), "go": mkRate(20, 40, 0)},
				Methods:    map[string]int{"rule": 95, "toolchain": 5, "recorded": 3, "cached": 1},
				Levels:     []LevelRate{{Level: 0, Tasks: 10, SSR: 0.9, HSR: 0.9}, {Level: 1, Tasks: 10, Unverified: 2, SSR: 0.6, HSR: 0.4}, {Level: 2, Unverified: 10}},
			},
			{Model: "tiny", ByType: map[string]Rate{}, ByCategory: map[string]Rate{}, ByLanguage: map[string]Rate{}, Methods: map[string]int{}},
		},
		Misaligned: []Misalignment{
			{Model: "gpt-4o", File: "data_structure", Index: -1, Reason: "990 entries, expected 660"},
			{Model: "deepseek-v3-0324", File: "data_structure", Index: 4, Reason: "stored prompt | differs\nfrom the task's"},
		},
	}
}

func sampleAgreement() []Agreement {
	return []Agreement{
		{Type: constraint.Naming, Total: 54, Agree: 53, Unverified: 1, PassPass: 30, FailFail: 23},
		{Type: constraint.Library, Total: 55, Agree: 54, PassPass: 40, PassFail: 1, FailFail: 14},
	}
}

// samplePaper is hand-built so the golden file does not change when the
// embedded paper.json's wording does.
func samplePaper() *benchmark.Paper {
	return &benchmark.Paper{
		Title: "A Benchmark", ArXiv: "2507.00699", Unit: "percent",
		Models: []benchmark.ModelFigure{
			{Model: "Claude-3-7-Sonnet", ResultsDir: "claude-3-7-sonnet-20250219", Best: true, Percent: 63.0},
			{Model: "Qwen3-1.7B", ResultsDir: "Qwen3-1.7B", Percent: 44.8},
		},
		Constraint: []benchmark.BoundFigure{{Kind: "explicit", Bound: "above", Percent: 70}, {Kind: "implicit", Bound: "below", Percent: 40}},
		Levels:     benchmark.LevelFigures{SingleLevel: 54.5, MultiLevel: 18.8},
		Feedback:   benchmark.Feedback{Rounds: 4, From: 63.0, To: 83.4},
		Judge:      benchmark.Judge{Paper: "GPT-4-Turbo", Code: "gpt-4o", CodeRule: "a verdict counts as satisfied when the reply contains \"yes\""},
	}
}

func sampleReport() Report {
	return Report{Summary: sampleSummary(), Paper: samplePaper(), Agreement: sampleAgreement(),
		Plots: []string{filepath.Join("plots", "categories.svg"), filepath.Join("plots", "rounds.svg")}}
}

func TestRenderReportGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := RenderReport(&buf, sampleReport()); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "report", "report.md")
	if goldentest.Updating() {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got := buf.String(); got != string(want) {
		t.Errorf("report differs from %s (run with -update after checking the diff):\n%s", golden, got)
	}
}

// Maps iterate in random order; rendering many times catches any table
// that depends on it.
func TestRenderReportDeterministic(t *testing.T) {
	var first bytes.Buffer
	if err := RenderReport(&first, sampleReport()); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		var again bytes.Buffer
		if err := RenderReport(&again, sampleReport()); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), again.Bytes()) {
			t.Fatal("two renderings of the same summary differ")
		}
	}
}

func TestRenderReportEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := RenderReport(&buf, Report{}); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, absent := range []string{"Against the paper", "Multi-level", "Feedback rounds", "Misaligned", "Agreement", "Plots"} {
		if strings.Contains(got, absent) {
			t.Errorf("empty report has a %q section:\n%s", absent, got)
		}
	}
	if !strings.Contains(got, "## Models") {
		t.Errorf("empty report lacks the models table:\n%s", got)
	}
}

func TestPaperModelMatch(t *testing.T) {
	p := &benchmark.Paper{Models: []benchmark.ModelFigure{
		{Model: "Qwen3"}, {Model: "Qwen3-1.7B"}, {Model: "GPT-4o", ResultsDir: "gpt-4o-2024"},
	}}
	for model, want := range map[string]string{"qwen3-1.7b": "Qwen3-1.7B", "Qwen3-8B": "Qwen3", "gpt-4o-2024": "GPT-4o", "gpt-4o-mini": "", "llama": ""} {
		f, ok := modelFigure(p, model)
		if f.Model != want || ok != (want != "") {
			t.Errorf("modelFigure(%q) = %q, %v; want %q", model, f.Model, ok, want)
		}
	}
}

// The embedded paper.json must render: every published figure appears.
func TestRenderReportEmbeddedPaper(t *testing.T) {
	p, err := benchmark.LoadPaper()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := RenderReport(&buf, Report{Summary: sampleSummary(), Paper: &p}); err != nil {
		t.Fatal(err)
	}
	for _, f := range p.Models {
		if !strings.Contains(buf.String(), percent(f.Percent)) {
			t.Errorf("report lacks %s's published %s", f.Model, percent(f.Percent))
		}
	}
	for _, v := range []float64{p.Levels.SingleLevel, p.Levels.MultiLevel, p.Feedback.From, p.Feedback.To} {
		if !strings.Contains(buf.String(), percent(v)) {
			t.Errorf("report lacks the published %s", percent(v))
		}
	}
}

func TestWriteReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if err := WriteReport(dir, sampleSummary(), samplePaper(), sampleAgreement()); err != nil {
		t.Fatal(err)
	}
	report, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"plots/categories.svg", "plots/rounds.svg", "plots/levels.svg"} {
		if !strings.Contains(string(report), "]("+p+")") {
			t.Errorf("report.md does not link %s", p)
		}
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("linked plot missing: %v", err)
		}
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, "*", ".tmp-*"))
	top, _ := filepath.Glob(filepath.Join(dir, ".tmp-*"))
	if len(leftovers)+len(top) > 0 {
		t.Errorf("temporary files left behind: %v %v", leftovers, top)
	}
}

func TestWriteReportUnwritableDir(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteReport(file, sampleSummary(), nil, nil)
	if err == nil || !strings.Contains(err.Error(), file) {
		t.Errorf("WriteReport into a regular file: err = %v, want an error naming %s", err, file)
	}
}

// sixModels is a summary the size of a full LintEval replay.
func sixModels() Summary {
	base := sampleSummary().Models[0]
	var s Summary
	for _, name := range []string{"Llama-3.2-3B", "Qwen3-1.7B", "claude-3-7-sonnet-20250219", "deepseek-r1", "deepseek-v3-0324", "gpt-4o"} {
		m := base
		m.Model = name
		m.ByType = map[string]Rate{}
		for i, in := range constraint.All() {
			m.ByType[string(in.Type)] = mkRate(i, 55, 0)
		}
		m.ByCategory = map[string]Rate{}
		for i, c := range constraint.Categories {
			m.ByCategory[string(c)] = mkRate(10+i, 60, 0)
		}
		s.Models = append(s.Models, m)
	}
	return s
}

// TestReportSpeed keeps report and plots cheap next to a replay; the
// bound is loose because the machine is shared, the log shows the time.
func TestReportSpeed(t *testing.T) {
	s := sixModels()
	dir := t.TempDir()
	start := time.Now()
	if err := WriteReport(dir, s, samplePaper(), sampleAgreement()); err != nil {
		t.Fatal(err)
	}
	first := time.Since(start)
	start = time.Now()
	if err := WriteReport(dir, s, samplePaper(), sampleAgreement()); err != nil {
		t.Fatal(err)
	}
	second := time.Since(start)
	t.Logf("report+plots for 6 models: first %v (loads fonts), second %v", first, second)
	if first > time.Second {
		t.Errorf("report+plots took %v, want well under 200ms", first)
	}
}

func BenchmarkWriteReport(b *testing.B) {
	s := sixModels()
	dir := b.TempDir()
	for b.Loop() {
		if err := WriteReport(dir, s, samplePaper(), sampleAgreement()); err != nil {
			b.Fatal(err)
		}
	}
}
