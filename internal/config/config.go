// Package config reads .iflint.yml: the constraints a repository holds its
// code to. Errors name the file and line and say what was expected.
package config

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/leftout"
	"github.com/iflint/iflint/internal/rules"
)

// FileName is the configuration file iflint looks for at the repository root.
const FileName = ".iflint.yml"

// Default is the embedded profile used when a repository has no config.
//
//go:embed default.yml
var Default []byte

// Config is a parsed configuration.
type Config struct {
	// Source names where the config came from (a path, or "embedded default").
	Source string
	// From names the formatter configuration the embedded default took
	// constraints from (".clang-format"), or is empty.
	From string
	// unconstrained says why a language has no constraint here, where
	// more is known than that none applies (see clangLayout).
	unconstrained map[lang.ID]string
	Profile       check.Profile
	// Exclude holds path globs (doublestar-like: ** matches any depth)
	// that are never checked.
	Exclude []string
	// ExcludeDetected names the kinds of files left out by what they
	// are rather than by a glob (`exclude_detected: [vendored,
	// generated]`): go-enry's lists of vendored trees and generated
	// files (see internal/leftout).
	ExcludeDetected []leftout.Kind
	Constraints     []Entry
	// JDKs maps a Java version ("11") to a JDK home for language_version.
	JDKs map[string]string
	// Judge names the judge models for LLM-judged constraints (the API
	// key comes from OPENAI_API_KEY, never from this file).
	Judge []string
	// Fix says how fixes are proven (the test command and its limits).
	Fix Fix
	// Baseline is the baseline file `iflint check` (and the pre-commit
	// hooks) apply when -baseline is not given, relative to the
	// configuration's directory.
	Baseline string
	// Languages assigns languages to path globs (`languages:`).
	Languages []LanguageGlob
	// Dir is the directory the configuration's globs and baseline are
	// relative to: the file's own directory, or for the embedded default
	// and an explicit -config, the run's root. Empty until loaded from a
	// file or anchored.
	Dir    string
	langs  *langMemo
	anchor anchor
}

// Entry is one configured constraint.
type Entry struct {
	Constraint constraint.Constraint
	// Paths restricts the constraint to matching files; empty means every
	// file in the constraint's language.
	Paths []string
	// Severity is "error" (default) or "warning".
	Severity string
	// Line is where the entry starts in the config file.
	Line int
}

// Error is a configuration error at a line of a file.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Load reads path; when path is "" it reads FileName in dir if present,
// and the embedded default otherwise.
func Load(dir, p string) (*Config, error) {
	if p == "" {
		cand := path.Join(dir, FileName)
		b, err := os.ReadFile(cand)
		switch {
		case err == nil:
			return Parse(cand, b)
		case errors.Is(err, os.ErrNotExist):
			return Parse("embedded default", Default)
		default:
			return nil, err
		}
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	return Parse(p, b)
}

// LoadFile reads the configuration file at p (an absolute path), whose
// directory its globs and baseline are relative to.
func LoadFile(p string) (*Config, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	cfg, err := Parse(p, b)
	if err != nil {
		return nil, err
	}
	cfg.Dir = filepath.Dir(p)
	return cfg, nil
}

// Parse parses configuration bytes; name labels errors.
func Parse(name string, b []byte) (*Config, error) {
	cfg := &Config{Source: name, Profile: check.Lint, Fix: Fix{Timeout: DefaultTestTimeout}, langs: &langMemo{}}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &Error{File: name, Msg: "empty configuration: expected a mapping with a \"constraints\" list"}
		}
		return nil, &Error{File: name, Line: yamlLine(err), Msg: "invalid YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	if err := strict(name, &doc); err != nil {
		return nil, err
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		return nil, &Error{File: name, Line: root.Line, Msg: "expected a mapping with keys version, profile, exclude, exclude_detected, languages, judge, jdks, fix, baseline, constraints"}
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "version":
			if v.Value != "1" {
				return nil, &Error{File: name, Line: v.Line, Msg: fmt.Sprintf("version %q: expected 1", v.Value)}
			}
		case "profile":
			switch check.Profile(v.Value) {
			case check.Lint, check.MultiCodeIF:
				cfg.Profile = check.Profile(v.Value)
			default:
				return nil, &Error{File: name, Line: v.Line, Msg: fmt.Sprintf("profile %q: expected lint or multicodeif", v.Value)}
			}
		case "exclude":
			globs, err := stringList(name, v, "exclude")
			if err != nil {
				return nil, err
			}
			cfg.Exclude = globs
		case "exclude_detected":
			kinds, err := stringList(name, v, "exclude_detected")
			if err != nil {
				return nil, err
			}
			for _, k := range kinds {
				if !leftout.Valid(leftout.Kind(k)) {
					return nil, &Error{File: name, Line: v.Line, Msg: fmt.Sprintf("exclude_detected: %q: expected vendored, generated or documentation", k)}
				}
				cfg.ExcludeDetected = append(cfg.ExcludeDetected, leftout.Kind(k))
			}
		case "judge":
			models, err := stringList(name, v, "judge")
			if err != nil {
				return nil, err
			}
			cfg.Judge = models
		case "jdks":
			if v.Kind != yaml.MappingNode {
				return nil, &Error{File: name, Line: v.Line, Msg: "jdks: expected a mapping from Java version to JDK home, such as 11: /usr/lib/jvm/java-11-openjdk-amd64"}
			}
			cfg.JDKs = map[string]string{}
			for j := 0; j+1 < len(v.Content); j += 2 {
				cfg.JDKs[strings.TrimPrefix(v.Content[j].Value, "jdk")] = v.Content[j+1].Value
			}
		case "languages":
			ls, err := parseLanguages(name, v)
			if err != nil {
				return nil, err
			}
			cfg.Languages = ls
		case "fix":
			f, err := parseFix(name, v)
			if err != nil {
				return nil, err
			}
			cfg.Fix = f
		case "baseline":
			if v.Kind != yaml.ScalarNode || v.Value == "" {
				return nil, &Error{File: name, Line: v.Line, Msg: "baseline: expected the path of a baseline file (written by iflint check -write-baseline FILE)"}
			}
			cfg.Baseline = v.Value
		case "constraints":
			if v.Kind != yaml.SequenceNode {
				return nil, &Error{File: name, Line: v.Line, Msg: "constraints: expected a list of entries with type and spec"}
			}
			for _, item := range v.Content {
				e, err := parseEntry(name, item)
				if err != nil {
					return nil, err
				}
				cfg.Constraints = append(cfg.Constraints, e)
			}
		default:
			return nil, &Error{File: name, Line: k.Line, Msg: fmt.Sprintf("unknown key %q: expected version, profile, exclude, exclude_detected, languages, judge, jdks, fix, baseline or constraints", k.Value)}
		}
	}
	if len(cfg.Constraints) == 0 {
		return nil, &Error{File: name, Line: root.Line, Msg: "no constraints: expected a non-empty \"constraints\" list"}
	}
	return cfg, nil
}

func parseEntry(name string, n *yaml.Node) (Entry, error) {
	e := Entry{Line: n.Line, Severity: "error"}
	if n.Kind != yaml.MappingNode {
		return e, &Error{File: name, Line: n.Line, Msg: "constraint entry: expected a mapping with type and spec"}
	}
	var typ, spec string
	var specLine int
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		switch k.Value {
		case "type":
			typ = v.Value
			if !constraint.Type(typ).Known() {
				return e, &Error{File: name, Line: v.Line, Msg: fmt.Sprintf("unknown constraint type %q: expected one of %s", typ, typeNames())}
			}
		case "spec":
			spec, specLine = v.Value, v.Line
		case "paths":
			globs, err := stringList(name, v, "paths")
			if err != nil {
				return e, err
			}
			e.Paths = globs
		case "severity":
			if v.Value != "error" && v.Value != "warning" {
				return e, &Error{File: name, Line: v.Line, Msg: fmt.Sprintf("severity %q: expected error or warning", v.Value)}
			}
			e.Severity = v.Value
		default:
			return e, &Error{File: name, Line: k.Line, Msg: fmt.Sprintf("unknown key %q in constraint: expected type, spec, paths or severity", k.Value)}
		}
	}
	if typ == "" || spec == "" {
		return e, &Error{File: name, Line: n.Line, Msg: "constraint entry: expected both type and spec"}
	}
	c, err := rules.ParseSpec(constraint.Type(typ), spec)
	if err != nil {
		return e, &Error{File: name, Line: specLine, Msg: err.Error()}
	}
	e.Constraint = c
	return e, nil
}

func stringList(name string, v *yaml.Node, key string) ([]string, error) {
	if v.Kind != yaml.SequenceNode {
		return nil, &Error{File: name, Line: v.Line, Msg: key + ": expected a list of strings"}
	}
	var out []string
	for _, s := range v.Content {
		if s.Kind != yaml.ScalarNode || s.Value == "" {
			return nil, &Error{File: name, Line: s.Line, Msg: key + ": expected a non-empty string"}
		}
		if _, err := path.Match(strings.ReplaceAll(s.Value, "**", "*"), ""); err != nil {
			return nil, &Error{File: name, Line: s.Line, Msg: fmt.Sprintf("%s: bad glob %q: %v", key, s.Value, err)}
		}
		out = append(out, s.Value)
	}
	return out, nil
}

func typeNames() string {
	var names []string
	for _, in := range constraint.All() {
		names = append(names, string(in.Type))
	}
	return strings.Join(names, ", ")
}

// yamlLine extracts "line N" from a yaml.v3 error message.
func yamlLine(err error) int {
	var n int
	msg := err.Error()
	if i := strings.Index(msg, "line "); i >= 0 {
		fmt.Sscanf(msg[i+5:], "%d", &n)
	}
	return n
}
