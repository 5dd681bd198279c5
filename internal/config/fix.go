package config

import (
	"fmt"
	"time"

	"gopkg.in/yaml.v3"
)

// DefaultTestTimeout bounds a repository's test command when the config
// names none: long enough for a cold build of a small module, short
// enough that a hung test does not hold a pull request's check for long.
const DefaultTestTimeout = 5 * time.Minute

// Fix configures how fixes are proven.
type Fix struct {
	// Test is a shell command run at the root of an isolated copy of the
	// repository with the fix applied; empty means fixes are proven by
	// re-checking alone, and reports say that no tests ran.
	Test string
	// Timeout bounds one run of Test.
	Timeout time.Duration
	// Env names environment variables Test gets besides PATH, the locale
	// and the toolchains' own (an allowlist: nothing else passes);
	// iflint's and the runner's credentials never do.
	Env []string
	// Scrub names environment variables Test never gets, even where Env
	// or the toolchain allowlist names them.
	Scrub []string
	// Line is where the fix section starts, for errors about it.
	Line int
}

func parseFix(name string, v *yaml.Node) (Fix, error) {
	f := Fix{Timeout: DefaultTestTimeout, Line: v.Line}
	if v.Kind != yaml.MappingNode {
		return f, &Error{File: name, Line: v.Line, Msg: "fix: expected a mapping with keys test, timeout, env, scrub"}
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		switch k.Value {
		case "test":
			if val.Kind != yaml.ScalarNode || val.Value == "" {
				return f, &Error{File: name, Line: val.Line, Msg: "fix.test: expected a shell command such as \"go test ./...\""}
			}
			f.Test = val.Value
		case "timeout":
			d, err := time.ParseDuration(val.Value)
			if err != nil || d <= 0 {
				return f, &Error{File: name, Line: val.Line, Msg: fmt.Sprintf("fix.timeout %q: expected a positive duration such as 90s or 5m", val.Value)}
			}
			f.Timeout = d
		case "env":
			names, err := stringList(name, val, "fix.env")
			if err != nil {
				return f, err
			}
			f.Env = names
		case "scrub":
			names, err := stringList(name, val, "fix.scrub")
			if err != nil {
				return f, err
			}
			f.Scrub = names
		default:
			return f, &Error{File: name, Line: k.Line, Msg: fmt.Sprintf("unknown key %q in fix: expected test, timeout, env or scrub", k.Value)}
		}
	}
	return f, nil
}
