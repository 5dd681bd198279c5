package config

import (
	"slices"
	"strings"
	"testing"
)

// TestFixEnv: fix.env names the variables the test command gets beyond
// the built-in allowlist; anything but a list of names is refused.
func TestFixEnv(t *testing.T) {
	const constraints = "constraints:\n  - type: naming_convention\n    spec: go;function:camelCase\n"
	cfg, err := Parse("c.yml", []byte("version: 1\nfix:\n  test: make test\n  env: [DATABASE_URL, PGHOST]\n  scrub: [X]\n"+constraints))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cfg.Fix.Env, []string{"DATABASE_URL", "PGHOST"}) || !slices.Equal(cfg.Fix.Scrub, []string{"X"}) {
		t.Errorf("fix = %+v", cfg.Fix)
	}
	for src, want := range map[string]string{
		"version: 1\nfix:\n  env: DATABASE_URL\n": "fix.env: expected a list of strings",
		"version: 1\nfix:\n  envs: [A]\n":         `unknown key "envs" in fix: expected test, timeout, env or scrub`,
	} {
		if _, err := Parse("c.yml", []byte(src+constraints)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err = %v, want %q", src, err, want)
		}
	}
}
