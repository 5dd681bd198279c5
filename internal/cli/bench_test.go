package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
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

// countingCompiler is a fake toolchain for every language and version: a
// script that appends a line to a counter file per compile (not per
// version probe) and accepts any code.
type countingCompiler struct{ script, counter string }

func newCountingCompiler(t *testing.T) countingCompiler {
	dir := t.TempDir()
	c := countingCompiler{filepath.Join(dir, "fakec"), filepath.Join(dir, "runs")}
	writeFile(t, c.script, "#!/bin/sh\ncase \"$1\" in --version|-version) echo fakec 1; exit 0;; esac\necho run >> '"+c.counter+"'\n")
	if err := os.Chmod(c.script, 0o755); err != nil {
		t.Fatal(err)
	}
	return c
}

func (c countingCompiler) Find(lang.ID, string) ([]string, bool) { return []string{c.script}, true }

func (c countingCompiler) runs() int {
	b, _ := os.ReadFile(c.counter)
	return strings.Count(string(b), "\n")
}

// TestBenchReplayCompilesOnce: bench replay with toolchains (the default)
// reports its compiles; the same command again compiles nothing and
// writes the same samples.jsonl.
func TestBenchReplayCompilesOnce(t *testing.T) {
	data := lintevaltest.Dir(t)
	fc := newCountingCompiler(t)
	defer func(f func(*Command) check.Toolchains) { replayToolchains = f }(replayToolchains)
	replayToolchains = func(*Command) check.Toolchains { return fc }
	dir := t.TempDir()
	env := map[string]string{"IFLINT_CACHE_DIR": filepath.Join(dir, "cache")}
	run := func(out string) (string, []byte) {
		var stdout, stderr bytes.Buffer
		cmd := &Command{Stdout: &stdout, Stderr: &stderr, Dir: dir, Getenv: func(k string) string { return env[k] }}
		code := cmd.Main(context.Background(), []string{"bench", "replay", "-data", data, "-rules-only",
			"-generations", filepath.Join(data, "labels", "gpt-4o-r0", "generations"), "-out", out})
		if code != ExitClean {
			t.Fatalf("exit %d: %s%s", code, stdout.String(), stderr.String())
		}
		b, err := os.ReadFile(filepath.Join(dir, out, "samples.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		return stdout.String(), b
	}
	out1, a := run("a")
	n := fc.runs()
	if n == 0 || !strings.Contains(out1, fmt.Sprintf("toolchains: %d compiles run, 0 answered from the cache", n)) {
		t.Errorf("first run: %d compiler runs; output:\n%s", n, out1)
	}
	out2, b := run("b")
	if fc.runs() != n || !strings.Contains(out2, fmt.Sprintf("toolchains: 0 compiles run, %d answered from the cache", n)) {
		t.Errorf("second run: %d compiler runs; output:\n%s", fc.runs()-n, out2)
	}
	if !bytes.Equal(a, b) {
		t.Error("samples.jsonl differs between the two runs")
	}
}
