package llm_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/llm"
)

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{
		"OPENAI_API_KEY":         canary,
		"OPENAI_BASE_URL":        "http://127.0.0.1:8000/v1",
		"IFLINT_MODEL":           "qwen2.5-coder",
		"IFLINT_LLM_TIMEOUT":     "15s",
		"IFLINT_LLM_CONCURRENCY": "8",
		"IFLINT_LLM_MAX_TOKENS":  "100000",
		"IFLINT_LLM_MAX_RETRIES": "not-a-number",
	}
	cfg := llm.ConfigFromEnv(func(k string) string { return env[k] })
	want := llm.Config{
		Model: "qwen2.5-coder", BaseURL: "http://127.0.0.1:8000/v1", APIKey: canary, APIType: "openai",
		Timeout: 15 * time.Second, Concurrency: 8, MaxRetries: llm.DefaultMaxRetries, MaxTokens: 100000,
	}
	if cfg != want {
		t.Errorf("ConfigFromEnv = %v\nwant %v", cfg, want)
	}

	def := llm.ConfigFromEnv(func(string) string { return "" })
	if def.Model != llm.DefaultModel || def.Timeout != llm.DefaultTimeout || def.Concurrency != llm.DefaultConcurrency ||
		def.MaxRequests != 0 || def.MaxTokens != 0 || def.APIKey != "" {
		t.Errorf("defaults = %v", def)
	}
}

func TestConfigNeverShowsKey(t *testing.T) {
	cfg := llm.Config{Model: "m", APIKey: canary}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
		s := fmt.Sprintf(verb, cfg)
		assertNoKey(t, "Config "+verb, s)
		if !strings.Contains(s, "REDACTED") {
			t.Errorf("Config %s = %s: should show that a key is set", verb, s)
		}
	}
	assertNoKey(t, "*Config %v", fmt.Sprintf("%v", &cfg))
	assertNoKey(t, "GoString", cfg.GoString())
}

func TestNewValidates(t *testing.T) {
	for name, cfg := range map[string]llm.Config{
		"unknown type": {APIType: "bedrock", APIKey: canary},
		"azure no url": {APIType: "azure", APIKey: canary},
	} {
		_, err := llm.New(cfg, http.DefaultClient, nil)
		if err == nil {
			t.Errorf("%s: want error", name)
			continue
		}
		assertNoKey(t, name, err.Error())
	}
	c, err := llm.New(llm.Config{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Config(); got.Concurrency != 1 || got.APIType != "openai" {
		t.Errorf("effective config %v", got)
	}
}
