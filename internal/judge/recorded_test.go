package judge

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lintevaltest"
)

func TestRecordedSmall(t *testing.T) {
	c := openCache(t)
	pass, fail := goldenTask(t, constraint.AlgorithmType), goldenTask(t, constraint.TimeComplexity)
	if err := SeedRecorded(c, "gpt-4o", []RecordedTask{{Task: pass, Passed: true}, {Task: fail}}); err != nil {
		t.Fatal(err)
	}
	f := say(no)
	for _, compat := range []bool{false, true} {
		// The completer is there only to prove it is never called.
		j := &Judge{Models: []Model{{"recorded:gpt-4o", f}}, Cache: c, Compat: compat}
		for task, want := range map[*Task]check.Verdict{&pass: check.Pass, &fail: check.Fail} {
			d := decide(t, j, *task)
			if d.Verdict != want || !d.Recorded || !d.Cached {
				t.Errorf("compat=%v %s: %+v", compat, task.Constraint.Type, d)
			}
		}
	}
	// A task without a seed is Unverified, still without a call.
	d := decide(t, &Judge{Models: []Model{Recorded("gpt-4o")}, Cache: c}, goldenTask(t, constraint.Example))
	if d.Verdict != check.Unverified || d.Recorded {
		t.Errorf("unseeded task: %+v", d)
	}
	if f.calls() != 0 {
		t.Fatalf("recorded judge made %d calls", f.calls())
	}
	if Recorded("recorded:gpt-4o").Name != "recorded:gpt-4o" {
		t.Error("Recorded doubled the prefix")
	}
}

// TestRecordedLintEval seeds every published gpt-4o round-0 verdict and
// replays the judged tasks: each must come back as published, offline.
func TestRecordedLintEval(t *testing.T) {
	dir := lintevaltest.Dir(t)
	labels := filepath.Join(dir, "labels", "gpt-4o-r0")
	tasks, err := LoadRecorded(filepath.Join(labels, "verdicts.jsonl"),
		filepath.Join(labels, "generations", "gpt-4o"),
		filepath.Join(dir, "multicodeif", "dataset", "instructions", "single_level"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) != 1526 {
		t.Fatalf("loaded %d tasks, want 1526", len(tasks))
	}
	c := openCache(t)
	if err := SeedRecorded(c, "gpt-4o", tasks); err != nil {
		t.Fatal(err)
	}
	f := say(yes)
	j := &Judge{Models: []Model{{"recorded:gpt-4o", f}}, Cache: c}
	judged, passed := 0, 0
	for _, rt := range tasks {
		if rt.Task.Constraint.Type.Method() != constraint.ByJudge {
			continue
		}
		judged++
		d := decide(t, j, rt.Task)
		want := check.Fail
		if rt.Passed {
			want, passed = check.Pass, passed+1
		}
		if d.Verdict != want || !d.Recorded {
			t.Errorf("%s[%d]: %s (recorded=%v), published %s", rt.File, rt.Index, d.Verdict, d.Recorded, want)
		}
	}
	if f.calls() != 0 {
		t.Fatalf("replay made %d calls", f.calls())
	}
	t.Logf("%d judged tasks replayed offline, %d passed", judged, passed)
	if judged == 0 {
		t.Fatal("no judged tasks")
	}
}

func TestLoadRecordedErrors(t *testing.T) {
	d := t.TempDir()
	write := func(name, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(d, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ds/algorithm_type.json", `[{"prompt":"p","answer":"greedy"}]`)
	write("gen/algorithm_type_m_r0.json", `[{"id":1,"response":[["","code"]]}]`)
	load := func(verdicts string) ([]RecordedTask, error) {
		write("v.jsonl", verdicts)
		return LoadRecorded(filepath.Join(d, "v.jsonl"), filepath.Join(d, "gen"), filepath.Join(d, "ds"))
	}
	got, err := load(`{"file":"algorithm_type","index":0,"passed":true}` + "\n")
	if err != nil || len(got) != 1 || got[0].Task.Code != "code" || got[0].Task.Prompt != "p" || got[0].Task.Constraint.Detail != "greedy" || !got[0].Passed {
		t.Fatalf("load: %+v %v", got, err)
	}
	for name, v := range map[string]string{
		"out of range": `{"file":"algorithm_type","index":1,"passed":true}`,
		"duplicate":    `{"file":"algorithm_type","index":0,"passed":true}` + "\n" + `{"file":"algorithm_type","index":0,"passed":false}`,
		"unknown file": `{"file":"nope","index":0,"passed":true}`,
		"bad line":     `{"file":`,
	} {
		if _, err := load(v); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
