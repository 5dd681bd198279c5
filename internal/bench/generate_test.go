package bench

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/llm/llmtest"
)

const roundsData = "testdata/rounds"

// echoServer answers every request with a python block naming the task,
// so tests can tell which task a stored answer belongs to.
func echoServer(t *testing.T) *llmtest.Server {
	return llmtest.NewServer(t, func(r llmtest.Request) llmtest.Response {
		p := r.Messages[len(r.Messages)-1].Content
		task := p[strings.LastIndex(p, "Write "):]
		task, _, _ = strings.Cut(task, "\n")
		return llmtest.Response{Text: "```python\n# " + task + "\ndef do_it():\n    pass\n```", Usage: llm.Usage{TotalTokens: 10}}
	})
}

func testClient(t *testing.T, srv *llmtest.Server, maxRequests int) *llm.Client {
	cfg := llm.Config{Model: "m", BaseURL: srv.URL(), APIKey: "sk-test", Concurrency: 1, MaxRequests: maxRequests}
	c, err := llm.New(cfg, srv.Client(), llmtest.NewClock())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestGenerateFullRun(t *testing.T) {
	srv := echoServer(t)
	out := t.TempDir()
	rep, err := Generate(context.Background(), testClient(t, srv, 0), GenerateOptions{Data: roundsData, Out: out, Model: "m", Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Tasks != 5 || rep.Asked != 5 || rep.Remaining() != 0 || len(rep.Written) != 2 || srv.Count() != 5 {
		t.Fatalf("report %+v after %d requests", rep, srv.Count())
	}
	checkGenerations(t, out)

	// A second run finds everything done and asks nothing.
	rep, err = Generate(context.Background(), testClient(t, srv, 0), GenerateOptions{Data: roundsData, Out: out, Model: "m"})
	if err != nil || rep.Resumed != 5 || rep.Asked != 0 || srv.Count() != 5 {
		t.Fatalf("rerun: report %+v, %d requests, err %v", rep, srv.Count(), err)
	}
}

// checkGenerations reads the run back the way replay does and checks each
// entry answers its own task.
func checkGenerations(t *testing.T, out string) {
	t.Helper()
	ds, err := LoadDataset(roundsData)
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := LoadJobs(ds, out, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 5 {
		t.Fatalf("%d jobs, want 5", len(jobs))
	}
	for _, j := range jobs {
		if j.Model != "m" || !strings.HasPrefix(j.Code, "# "+j.Task.Prompt) {
			t.Errorf("%s[%d]: code %q does not answer %q", j.Task.File, j.Task.Index, j.Code, j.Task.Prompt)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(out, "m", "*.jsonl")); len(left) != 0 {
		t.Errorf("journals left after completion: %v", left)
	}
}

func TestGenerateResumesAfterBudget(t *testing.T) {
	srv := echoServer(t)
	out := t.TempDir()
	o := GenerateOptions{Data: roundsData, Out: out, Model: "m", Workers: 1}
	rep, err := Generate(context.Background(), testClient(t, srv, 2), o)
	if !errors.Is(err, llm.ErrBudget) || !strings.Contains(err.Error(), "2 of 5 tasks done") || !strings.Contains(err.Error(), "3 remaining") {
		t.Fatalf("err = %v, want a budget stop saying 2 of 5 done, 3 remaining", err)
	}
	if rep.Asked != 2 || len(rep.Written) != 0 {
		t.Fatalf("report %+v", rep)
	}
	if files, _ := filepath.Glob(filepath.Join(out, "m", "*.json")); len(files) != 0 {
		t.Fatalf("incomplete files written: %v", files)
	}
	rep, err = Generate(context.Background(), testClient(t, srv, 0), o)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Resumed != 2 || rep.Asked != 3 || srv.Count() != 5 {
		t.Fatalf("resumed run: report %+v, %d requests in all, want 5", rep, srv.Count())
	}
	checkGenerations(t, out)
}

// cancelAfter cancels the run's context once n requests were answered.
type cancelAfter struct {
	c      llm.Completer
	n      int
	cancel context.CancelFunc
	mu     sync.Mutex
}

func (c *cancelAfter) Complete(ctx context.Context, r llm.Request) (llm.Reply, error) {
	c.mu.Lock()
	c.n--
	if c.n < 0 {
		c.cancel()
	}
	c.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return llm.Reply{}, err
	}
	return c.c.Complete(ctx, r)
}

func TestGenerateResumesAfterCancel(t *testing.T) {
	srv := echoServer(t)
	out := t.TempDir()
	o := GenerateOptions{Data: roundsData, Out: out, Model: "m", Workers: 1}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := Generate(ctx, &cancelAfter{c: testClient(t, srv, 0), n: 4, cancel: cancel}, o)
	if !errors.Is(err, context.Canceled) || srv.Count() != 4 {
		t.Fatalf("err = %v after %d requests, want a cancellation after 4", err, srv.Count())
	}
	// The first file (3 tasks) is complete and written; the second is not.
	if _, err := os.Stat(GenerationPath(out, "m", "code_convention_naming_convention")); err != nil {
		t.Errorf("complete file not written: %v", err)
	}
	rep, err := Generate(context.Background(), testClient(t, srv, 0), o)
	if err != nil || rep.Asked != 1 || srv.Count() != 5 {
		t.Fatalf("resumed run: report %+v, %d requests in all, err %v", rep, srv.Count(), err)
	}
	checkGenerations(t, out)
}

func TestGenerateDropsTornJournalLine(t *testing.T) {
	srv := echoServer(t)
	out := t.TempDir()
	o := GenerateOptions{Data: roundsData, Out: out, Model: "m", Files: []string{"syntax_library"}}
	if err := os.MkdirAll(filepath.Join(out, "m"), 0o755); err != nil {
		t.Fatal(err)
	}
	torn := `{"index":0,"prompt":"p","output":"` + "```python\\n# Write a Python script that fetches a URL with the requests library.\\n```" + `"}` + "\n" + `{"index":1,"prom`
	if err := os.WriteFile(journalPath(out, "m", "syntax_library"), []byte(torn), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Generate(context.Background(), testClient(t, srv, 0), o)
	if err != nil || rep.Resumed != 1 || rep.Asked != 1 || srv.Count() != 1 {
		t.Fatalf("report %+v, %d requests, err %v", rep, srv.Count(), err)
	}
	gens, err := LoadGenerations(GenerationPath(out, "m", "syntax_library"))
	if err != nil || len(gens) != 2 || !strings.Contains(gens[1].Output, "numpy") {
		t.Fatalf("generations %+v, err %v", gens, err)
	}
}

func TestGenerateRejectsUnknownFile(t *testing.T) {
	_, err := Generate(context.Background(), nil, GenerateOptions{Data: roundsData, Out: t.TempDir(), Model: "m", Files: []string{"nope"}})
	if err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Fatalf("err = %v", err)
	}
}
