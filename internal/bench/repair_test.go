package bench

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/iflint/iflint/internal/goldentest"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/llm/llmtest"
)

// repairScript plays a model that repairs tasks over rounds: fixedAt
// maps a task (by a word of its prompt) to the feedback round in which
// its answer first satisfies the constraint (0: right the first time).
type repairScript struct {
	mu      sync.Mutex
	asked   map[string]int // feedback requests per task
	prompts []string       // feedback prompts received
}

var fixedAt = map[string]int{"adds": 1, "multiplies": 2, "negates": 0, "requests": 0, "numpy": 2}

var answers = map[string][2]string{ // task word: {failing, passing} code
	"adds":       {"def addNumbers(a, b):\n    return a + b", "def add_numbers(a, b):\n    return a + b"},
	"multiplies": {"def mulNumbers(a, b):\n    return a * b", "def mul_numbers(a, b):\n    return a * b"},
	"negates":    {"def negateIt(x):\n    return -x", "def negate_it(x):\n    return -x"},
	"requests":   {"print('no import')", "import requests\nprint(requests.get('https://example.com').status_code)"},
	"numpy":      {"print(sum([1, 2, 3]))", "import numpy as np\nprint(np.sum(np.array([1, 2, 3])))"},
}

func (s *repairScript) handle(r llmtest.Request) llmtest.Response {
	p := r.Messages[len(r.Messages)-1].Content
	_, task, _ := strings.Cut(p, "Task:\n")
	task, _, _ = strings.Cut(task, "\n")
	s.mu.Lock()
	defer s.mu.Unlock()
	round := 0
	if strings.HasPrefix(p, "Your code for the task below") {
		s.asked[task]++
		s.prompts = append(s.prompts, p)
		round = s.asked[task]
	}
	for word, code := range answers {
		if strings.Contains(task, word) {
			pass := 0
			if round >= fixedAt[word] {
				pass = 1
			}
			return llmtest.Response{Text: "Here you go:\n```python\n" + code[pass] + "\n```\n"}
		}
	}
	return llmtest.Response{Status: 400}
}

func repairOptions(out string) RepairOptions {
	return RepairOptions{Data: roundsData, Out: out, Model: "m", Rounds: 4, Workers: 2, Eval: EvalOptions{Profile: check.MultiCodeIF, Workers: 1}}
}

func TestRepairCurveRisesAndPassesAreNotReasked(t *testing.T) {
	s := &repairScript{asked: map[string]int{}}
	srv := llmtest.NewServer(t, s.handle)
	out := t.TempDir()
	res, err := Repair(context.Background(), testClient(t, srv, 0), repairOptions(out))
	if err != nil {
		t.Fatal(err)
	}
	// Round 0: negates and requests pass; round 1 fixes adds; round 2 the
	// rest; with nothing left failing, rounds 3 and 4 are not run.
	want := []int{2, 3, 5}
	if len(res.Curve) != len(want) {
		t.Fatalf("curve %+v, want %d rounds", res.Curve, len(want))
	}
	for k, w := range want {
		if r := res.Curve[k]; r.Round != k || r.SSR.Satisfied != w || r.SSR.Decided != 5 {
			t.Errorf("round %d: %+v, want %d/5", k, r, w)
		}
	}
	// 5 first attempts, 3 failures re-asked in round 1, 2 in round 2.
	if srv.Count() != 10 {
		t.Errorf("%d requests, want 10", srv.Count())
	}
	for task, n := range s.asked {
		for word, at := range fixedAt {
			if strings.Contains(task, word) && n != at {
				t.Errorf("%q re-asked %d times, want %d", task, n, at)
			}
		}
	}
	checkFeedbackPrompt(t, s.prompts)
	for k := range want {
		dir := filepath.Join(out, "R"+string(rune('0'+k)))
		if _, err := os.Stat(filepath.Join(dir, "samples.jsonl")); err != nil {
			t.Errorf("round %d: %v", k, err)
		}
		ds, _ := LoadDataset(roundsData)
		jobs, err := LoadJobs(ds, dir, false)
		if err != nil || len(jobs) != 5 {
			t.Errorf("round %d: %d jobs readable by replay, err %v", k, len(jobs), err)
		}
	}
}

// checkFeedbackPrompt requires the feedback to name the constraint, say
// what is wrong with a line number, and quote the failing code.
func checkFeedbackPrompt(t *testing.T, prompts []string) {
	t.Helper()
	for _, p := range prompts {
		if !strings.Contains(p, "Write a Python function that adds") {
			continue
		}
		for _, want := range []string{"Violated constraint: naming_convention (python;function:snake_case)", "line 1:", "addNumbers", "def addNumbers(a, b):\n    return a + b\n```"} {
			if !strings.Contains(p, want) {
				t.Errorf("feedback prompt lacks %q:\n%s", want, p)
			}
		}
		golden := filepath.Join(roundsData, "feedback_prompt.golden")
		if goldentest.Updating() {
			if err := os.WriteFile(golden, []byte(p), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		b, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if string(b) != p {
			t.Errorf("feedback prompt differs from %s (run with -update if intended):\n%s", golden, p)
		}
		return
	}
	t.Error("no feedback prompt for the adds task")
}

func TestRepairResumesAfterBudget(t *testing.T) {
	s := &repairScript{asked: map[string]int{}}
	srv := llmtest.NewServer(t, s.handle)
	out := t.TempDir()
	// 7 requests: round 0 (5) and two of round 1's three.
	_, err := Repair(context.Background(), testClient(t, srv, 7), repairOptions(out))
	if !errors.Is(err, llm.ErrBudget) || !strings.Contains(err.Error(), "repair round 1") {
		t.Fatalf("err = %v, want a budget stop in round 1", err)
	}
	res, err := Repair(context.Background(), testClient(t, srv, 0), repairOptions(out))
	if err != nil {
		t.Fatal(err)
	}
	if srv.Count() != 10 || len(res.Curve) != 3 || res.Curve[2].SSR.Satisfied != 5 {
		t.Fatalf("%d requests in all (want 10, as uninterrupted), curve %+v", srv.Count(), res.Curve)
	}
}
