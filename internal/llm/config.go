package llm

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// API types accepted in Config.APIType.
const (
	APITypeOpenAI = "openai"
	APITypeAzure  = "azure"
)

// DefaultModel is used when IFLINT_MODEL is unset: cheap and good enough
// for judging constraint adherence.
const DefaultModel = "gpt-4o-mini"

// Defaults applied by ConfigFromEnv. New applies the safe minimums itself
// so a zero Config still works.
const (
	DefaultTimeout     = 60 * time.Second
	DefaultConcurrency = 4
	DefaultMaxRetries  = 3
	// defaultAzureAPIVersion is the GA version go-openai also defaults to.
	defaultAzureAPIVersion = "2023-05-15"
)

// Config configures a Client. It is plain data so it can be built from
// flags or the environment; the API key is redacted by String/GoString so
// a Config can be logged safely.
type Config struct {
	Model      string // default model when Request.Model is empty
	BaseURL    string // e.g. http://127.0.0.1:8000/v1; empty means api.openai.com
	APIKey     string // never logged, never put into an error
	APIType    string // "openai" (default) or "azure"
	APIVersion string // azure only, e.g. "2024-06-01"

	Timeout     time.Duration // per HTTP attempt; 0 means none
	Concurrency int           // max requests in flight; <=0 means 1
	MaxRetries  int           // retries after the first attempt; <0 means 0

	// Run budgets; 0 means unlimited. MaxRequests counts HTTP attempts
	// (retries cost quota too), MaxTokens counts total (prompt+completion)
	// tokens reported by the server.
	MaxRequests int
	MaxTokens   int
}

// ConfigFromEnv builds a Config from environment variables read through
// getenv (os.Getenv in production, a map in tests):
//
//	OPENAI_API_KEY, OPENAI_BASE_URL, IFLINT_MODEL,
//	OPENAI_API_TYPE ("openai"|"azure"), OPENAI_API_VERSION (azure),
//	IFLINT_LLM_TIMEOUT (Go duration), IFLINT_LLM_CONCURRENCY,
//	IFLINT_LLM_MAX_RETRIES, IFLINT_LLM_MAX_REQUESTS, IFLINT_LLM_MAX_TOKENS.
//
// Unparsable numbers fall back to the defaults rather than failing: the
// environment is advisory and New validates what matters.
func ConfigFromEnv(getenv func(string) string) Config {
	get := func(k string) string { return strings.TrimSpace(getenv(k)) }
	cfg := Config{
		Model:       get("IFLINT_MODEL"),
		BaseURL:     get("OPENAI_BASE_URL"),
		APIKey:      get("OPENAI_API_KEY"),
		APIType:     strings.ToLower(get("OPENAI_API_TYPE")),
		APIVersion:  get("OPENAI_API_VERSION"),
		Timeout:     DefaultTimeout,
		Concurrency: DefaultConcurrency,
		MaxRetries:  DefaultMaxRetries,
	}
	if cfg.Model == "" {
		cfg.Model = DefaultModel
	}
	if cfg.APIType == "" {
		cfg.APIType = APITypeOpenAI
	}
	if d, err := time.ParseDuration(get("IFLINT_LLM_TIMEOUT")); err == nil && d >= 0 {
		cfg.Timeout = d
	}
	envInt(get("IFLINT_LLM_CONCURRENCY"), &cfg.Concurrency)
	envInt(get("IFLINT_LLM_MAX_RETRIES"), &cfg.MaxRetries)
	envInt(get("IFLINT_LLM_MAX_REQUESTS"), &cfg.MaxRequests)
	envInt(get("IFLINT_LLM_MAX_TOKENS"), &cfg.MaxTokens)
	return cfg
}

// envInt overwrites *dst with a non-negative integer value s, if s is one.
func envInt(s string, dst *int) {
	if n, err := strconv.Atoi(s); err == nil && n >= 0 {
		*dst = n
	}
}

// String renders the Config with the API key redacted (only whether it is
// set is shown), so %v and %+v are safe in logs.
func (c Config) String() string {
	key := "unset"
	if c.APIKey != "" {
		key = "[REDACTED]"
	}
	return fmt.Sprintf("llm.Config{Model:%q BaseURL:%q APIKey:%s APIType:%q APIVersion:%q Timeout:%s Concurrency:%d MaxRetries:%d MaxRequests:%d MaxTokens:%d}",
		c.Model, c.BaseURL, key, c.APIType, c.APIVersion, c.Timeout, c.Concurrency, c.MaxRetries, c.MaxRequests, c.MaxTokens)
}

// GoString makes %#v as safe as %v.
func (c Config) GoString() string { return c.String() }
