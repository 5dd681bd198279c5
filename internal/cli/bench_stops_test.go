package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lintevaltest"
	"github.com/iflint/iflint/internal/llm/llmtest"
)

// Honest stops: every bench run that stops before finishing exits
// ExitIncomplete with a stderr line saying what stopped it and how much
// remains, marks its reports partial, stops within a bounded number of
// requests, and is finished by running the same command again.

const rangeTasks = 38 // input_output_input_range: 38 LLM-judged tasks

// rangeGenerations is a generations directory holding only gpt-4o's
// round-0 input_range answers.
func rangeGenerations(t *testing.T, data string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "gens")
	const name = "input_output_input_range_gpt-4o_r0.json"
	b, err := os.ReadFile(filepath.Join(data, "labels", "gpt-4o-r0", "generations", "gpt-4o", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "gpt-4o"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "gpt-4o", name), string(b))
	return dir
}

type benchRun struct {
	code           int
	stdout, stderr string
	summary        map[string]any
	report         string
}

func runBench(t *testing.T, env map[string]string, dir string, args ...string) benchRun {
	t.Helper()
	var out, errb bytes.Buffer
	cmd := &Command{Stdout: &out, Stderr: &errb, Dir: dir, Getenv: func(k string) string { return env[k] }}
	r := benchRun{code: cmd.Main(context.Background(), args), stdout: out.String(), stderr: errb.String()}
	if b, err := os.ReadFile(filepath.Join(dir, "out", "summary.json")); err == nil {
		if err := json.Unmarshal(b, &r.summary); err != nil {
			t.Fatal(err)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "out", "report.md")); err == nil {
		r.report = string(b)
	}
	return r
}

func (r benchRun) partial() bool { p, _ := r.summary["partial"].(bool); return p }
func (r benchRun) pending() int  { p, _ := r.summary["pending"].(float64); return int(p) }

// assertStopped checks an incomplete replay: exit code, the stderr line
// naming the cause and the remaining samples, and the partial reports.
func assertStopped(t *testing.T, r benchRun, cause string, remaining int) {
	t.Helper()
	line := fmt.Sprintf("%d of %d samples remain undecided", remaining, rangeTasks)
	if r.code != ExitIncomplete || !strings.Contains(r.stderr, "bench replay incomplete: stopped by") ||
		!strings.Contains(r.stderr, cause) || !strings.Contains(r.stderr, line) {
		t.Errorf("exit %d, want %d with %q and %q on stderr:\n%s\n%s", r.code, ExitIncomplete, cause, line, r.stderr, r.stdout)
	}
	if !r.partial() || r.pending() != remaining || !strings.Contains(r.report, "**Partial run:**") {
		t.Errorf("summary partial=%v pending=%d (want %d); report marked: %v", r.partial(), r.pending(), remaining, strings.Contains(r.report, "Partial run"))
	}
}

func TestBenchReplayBudgetStops(t *testing.T) {
	data := lintevaltest.Dir(t)
	gens := rangeGenerations(t, data)
	for _, budget := range []int{1, 20, rangeTasks - 1, rangeTasks} {
		t.Run(fmt.Sprint(budget), func(t *testing.T) {
			srv := llmtest.NewServer(t, llmtest.Reply(`{"verdict":"yes","reason":"ok"}`))
			srv.RequireKey("sk-right")
			env := map[string]string{"OPENAI_API_KEY": "sk-right", "OPENAI_BASE_URL": srv.URL()}
			dir := t.TempDir()
			args := []string{"bench", "replay", "-data", data, "-generations", gens, "-out", "out",
				"-judge", "judge-model", "-cache", filepath.Join(dir, "cache"), "-llm-concurrency", "3"}
			r := runBench(t, env, dir, append(args, "-max-requests", fmt.Sprint(budget))...)
			if srv.Count() != budget {
				t.Errorf("%d requests, budget %d", srv.Count(), budget)
			}
			if budget == rangeTasks {
				if r.code != ExitClean || r.partial() || strings.Contains(r.stderr, "incomplete") || strings.Contains(r.report, "Partial") {
					t.Fatalf("a budget that suffices: exit %d, partial %v\n%s", r.code, r.partial(), r.stderr)
				}
				return
			}
			assertStopped(t, r, "llm budget exhausted", rangeTasks-budget)
			// The same command without the budget decides the rest only.
			r = runBench(t, env, dir, args...)
			if r.code != ExitClean || r.partial() || srv.Count() != rangeTasks {
				t.Errorf("resumed: exit %d, partial %v, %d requests in all (want %d)\n%s", r.code, r.partial(), srv.Count(), rangeTasks, r.stderr)
			}
		})
	}
}

func TestBenchReplayKeyAndServerStops(t *testing.T) {
	data := lintevaltest.Dir(t)
	gens := rangeGenerations(t, data)
	for _, tc := range []struct {
		name, key, cause string
		unreachable      bool
	}{
		{"missing key", "", "the server refused the API key", false},
		{"wrong key", "sk-wrong", "the server refused the API key", false},
		{"unreachable server", "sk-right", "the server cannot be reached", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, llmtest.Reply(`{"verdict":"yes","reason":"ok"}`))
			srv.RequireKey("sk-right")
			url := srv.URL()
			if tc.unreachable {
				url = "http://127.0.0.1:1/v1" // nobody listens there
			}
			env := map[string]string{"OPENAI_API_KEY": tc.key, "OPENAI_BASE_URL": url}
			dir := t.TempDir()
			r := runBench(t, env, dir, "bench", "replay", "-data", data, "-generations", gens, "-out", "out",
				"-judge", "judge-model", "-cache", filepath.Join(dir, "cache"), "-llm-concurrency", "3", "-llm-retries", "1")
			assertStopped(t, r, tc.cause, rangeTasks)
			// At most one attempt per request in flight, each with its
			// retries: never one failure per task.
			var sent int
			fmt.Sscanf(r.stdout[strings.Index(r.stdout, "llm: "):], "llm: %d requests", &sent)
			if sent > 3*2 || srv.Count() > 3 {
				t.Errorf("%d attempts sent, %d reached the server; want at most 3 requests × 2 attempts", sent, srv.Count())
			}
		})
	}
	// Without a key and a server of one's own nothing is sent at all.
	r := runBench(t, map[string]string{}, t.TempDir(), "bench", "replay", "-data", data, "-generations", gens, "-out", "out",
		"-judge", "judge-model", "-cache", t.TempDir())
	if r.code != ExitUsage || !strings.Contains(r.stderr, "no OPENAI_API_KEY") {
		t.Errorf("no key for api.openai.com: exit %d\n%s", r.code, r.stderr)
	}
}

func TestBenchGenerateStops(t *testing.T) {
	data := lintevaltest.Dir(t)
	srv := llmtest.NewServer(t, llmtest.Reply("```python\ndef f(x):\n    return x\n```"))
	srv.RequireKey("sk-right")
	dir := t.TempDir()
	args := []string{"bench", "generate", "-data", data, "-model", "m", "-out", "gens", "-files", "input_output_input_range", "-llm-concurrency", "2"}
	gen := func(key string, extra ...string) benchRun {
		return runBench(t, map[string]string{"OPENAI_API_KEY": key, "OPENAI_BASE_URL": srv.URL()}, dir, append(args, extra...)...)
	}
	r := gen("sk-wrong")
	if r.code != ExitIncomplete || !strings.Contains(r.stderr, "bench generate incomplete") || !strings.Contains(r.stderr, "refused the API key") ||
		!strings.Contains(r.stderr, fmt.Sprintf("%d remaining", rangeTasks)) || srv.Count() > 2 {
		t.Errorf("wrong key: exit %d after %d requests\n%s", r.code, srv.Count(), r.stderr)
	}
	n := srv.Count()
	r = gen("sk-right", "-max-requests", fmt.Sprint(rangeTasks-1))
	if r.code != ExitIncomplete || !strings.Contains(r.stderr, "llm budget exhausted") || !strings.Contains(r.stderr, "1 remaining") || srv.Count()-n != rangeTasks-1 {
		t.Errorf("one request short: exit %d after %d requests\n%s", r.code, srv.Count()-n, r.stderr)
	}
	r = gen("sk-right")
	if r.code != ExitClean || srv.Count()-n != rangeTasks {
		t.Errorf("resumed: exit %d, %d requests in all (want %d)\n%s", r.code, srv.Count()-n, rangeTasks, r.stderr)
	}
}

func TestBenchRepairStops(t *testing.T) {
	data := lintevaltest.Dir(t)
	srv := llmtest.NewServer(t, llmtest.Reply("```python\ndef f(x):\n    return x\n```"))
	srv.RequireKey("sk-right")
	dir := t.TempDir()
	r := runBench(t, map[string]string{"OPENAI_API_KEY": "sk-wrong", "OPENAI_BASE_URL": srv.URL()}, dir,
		"bench", "repair", "-data", data, "-model", "m", "-out", "rounds", "-files", "syntax_library", "-rules-only", "-llm-concurrency", "2")
	if r.code != ExitIncomplete || !strings.Contains(r.stderr, "bench repair incomplete") || !strings.Contains(r.stderr, "refused the API key") || srv.Count() > 2 {
		t.Errorf("wrong key: exit %d after %d requests\n%s", r.code, srv.Count(), r.stderr)
	}
}

// A server that answers but fails every request is no reason to stop,
// but the run is still incomplete: exit 1, partial, and the failures'
// reasons kept in the samples.
func TestBenchReplayFailedRequestsAreIncomplete(t *testing.T) {
	data := lintevaltest.Dir(t)
	srv := llmtest.NewServer(t, llmtest.Script(llmtest.Response{Status: 500}))
	dir := t.TempDir()
	r := runBench(t, map[string]string{"OPENAI_API_KEY": "k", "OPENAI_BASE_URL": srv.URL()}, dir,
		"bench", "replay", "-data", data, "-generations", rangeGenerations(t, data), "-out", "out",
		"-judge", "judge-model", "-cache", filepath.Join(dir, "cache"), "-llm-retries", "0")
	if r.code != ExitIncomplete || !strings.Contains(r.stderr, "judge requests failed") || !strings.Contains(r.stderr, "38 of 38 samples remain") || !r.partial() {
		t.Errorf("exit %d, partial %v:\n%s", r.code, r.partial(), r.stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, "out", "samples.jsonl"))
	if err != nil || !strings.Contains(string(b), "HTTP 500") || !strings.Contains(string(b), `"pending":true`) {
		t.Errorf("samples.jsonl lacks the failures (%v)", err)
	}
}

// An interrupted replay keeps what it decided and says it stopped.
func TestBenchReplayInterrupted(t *testing.T) {
	data := lintevaltest.Dir(t)
	srv := llmtest.NewServer(t, llmtest.Reply(`{"verdict":"yes","reason":"ok"}`))
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	env := map[string]string{"OPENAI_API_KEY": "k", "OPENAI_BASE_URL": srv.URL()}
	cmd := &Command{Stdout: &out, Stderr: &errb, Dir: dir, Getenv: func(k string) string { return env[k] }}
	code := cmd.Main(ctx, []string{"bench", "replay", "-data", data, "-generations", rangeGenerations(t, data), "-out", "out",
		"-judge", "judge-model", "-cache", filepath.Join(dir, "cache")})
	if code != ExitIncomplete || !strings.Contains(errb.String(), "stopped by") || !strings.Contains(errb.String(), "canceled") || srv.Count() != 0 {
		t.Errorf("exit %d after %d requests:\n%s", code, srv.Count(), errb.String())
	}
}
