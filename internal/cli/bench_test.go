package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lintevaltest"
	"github.com/iflint/iflint/internal/llm/llmtest"
)

// TestBenchAgreementLiveJudge runs bench agreement against a fake
// OpenAI-compatible server: per-type agreement is printed, the second run
// is answered from the cache, and the API key never appears in output.
func TestBenchAgreementLiveJudge(t *testing.T) {
	data := lintevaltest.Dir(t)
	labels := filepath.Join(data, "labels", "gpt-4o-r0")
	srv := llmtest.NewServer(t, llmtest.Reply(`{"verdict":"yes","reason":"matches the reference"}`))
	const canary = "sk-canary-0123456789abcdef"
	env := map[string]string{"OPENAI_API_KEY": canary, "OPENAI_BASE_URL": srv.URL()}
	cacheDir := t.TempDir()
	run := func() string {
		var out, errb bytes.Buffer
		cmd := &Command{Stdout: &out, Stderr: &errb, Dir: t.TempDir(), Getenv: func(k string) string { return env[k] }}
		code := cmd.Main(context.Background(), []string{"bench", "agreement", "-data", data,
			"-generations", filepath.Join(labels, "generations"), "-out", "out",
			"-labels", filepath.Join(labels, "verdicts.jsonl"), "-judge", "judge-model", "-cache", cacheDir, "-llm-concurrency", "3"})
		if code != 0 {
			t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
		}
		all := out.String() + errb.String()
		if strings.Contains(all, canary) {
			t.Fatal("API key printed")
		}
		return out.String()
	}
	first := run()
	n := srv.Count()
	if n != 636 {
		t.Errorf("first run: %d requests, want one per judged task (636)", n)
	}
	if srv.MaxInFlight() > 3 {
		t.Errorf("%d requests in flight, limit 3", srv.MaxInFlight())
	}
	for _, want := range []string{"algorithm_type", "code_quality", "636 samples: 636 pass", "llm: 636 requests"} {
		if !strings.Contains(first, want) {
			t.Errorf("output lacks %q:\n%s", want, first)
		}
	}
	second := run()
	if srv.Count() != n {
		t.Errorf("second run sent %d requests, want 0", srv.Count()-n)
	}
	if !strings.Contains(second, "llm: 0 requests") {
		t.Errorf("second run output:\n%s", second)
	}
}

// TestCheckJudgesLLMConstraints: iflint check decides an LLM-judged
// constraint through the configured judge, and without an API key skips
// it with one line saying so.
func TestCheckJudgesLLMConstraints(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"verdict":"no","reason":"the function is not thread-safe"}`))
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".iflint.yml"), "judge: [judge-model]\nconstraints:\n  - type: code_quality\n    spec: thread-safe access to the shared counter\n")
	writeFile(t, filepath.Join(dir, "counter.py"), "count = 0\n\ndef bump():\n    global count\n    count += 1\n")
	run := func(env map[string]string) (int, string, string) {
		var out, errb bytes.Buffer
		cmd := &Command{Stdout: &out, Stderr: &errb, Dir: dir, Getenv: func(k string) string { return env[k] }}
		code := cmd.Main(context.Background(), []string{"check", "-cache", filepath.Join(dir, ".cache")})
		return code, out.String(), errb.String()
	}
	code, out, errs := run(map[string]string{"OPENAI_API_KEY": "sk-canary-42", "OPENAI_BASE_URL": srv.URL()})
	if code != ExitFindings || !strings.Contains(out, "counter.py:1:1: error: judge-model: the function is not thread-safe [code_quality]") {
		t.Errorf("with a judge: exit %d\n%s%s", code, out, errs)
	}
	if strings.Contains(out+errs, "sk-canary-42") {
		t.Error("API key printed")
	}
	code, out, errs = run(map[string]string{})
	if code != ExitClean || !strings.Contains(errs, "no OPENAI_API_KEY") {
		t.Errorf("without a key: exit %d\n%s%s", code, out, errs)
	}
}

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
