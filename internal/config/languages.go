package config

import (
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/iflint/iflint/internal/lang"
	"gopkg.in/yaml.v3"
)

// LanguageGlob says that the files matching Glob are in language ID
// (the `languages:` key of .iflint.yml), whatever their extension says.
type LanguageGlob struct {
	Glob string
	ID   lang.ID
	Line int
}

// parseLanguages reads `languages: {"include/**/*.h": cpp}`, in order:
// the first matching glob decides.
func parseLanguages(name string, v *yaml.Node) ([]LanguageGlob, error) {
	if v.Kind != yaml.MappingNode {
		return nil, &Error{File: name, Line: v.Line, Msg: `languages: expected a mapping from path glob to language, such as "include/**/*.h": cpp`}
	}
	var out []LanguageGlob
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, l := v.Content[i], v.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Value == "" {
			return nil, &Error{File: name, Line: k.Line, Msg: "languages: expected a non-empty path glob"}
		}
		if _, err := path.Match(strings.ReplaceAll(k.Value, "**", "*"), ""); err != nil {
			return nil, &Error{File: name, Line: k.Line, Msg: fmt.Sprintf("languages: bad glob %q: %v", k.Value, err)}
		}
		in, ok := lang.Lookup(l.Value)
		if l.Kind != yaml.ScalarNode || !ok {
			var names []string
			for _, x := range lang.All() {
				names = append(names, string(x.ID))
			}
			return nil, &Error{File: name, Line: l.Line, Msg: fmt.Sprintf("languages: %q for %q: expected a language: %s", l.Value, k.Value, strings.Join(names, ", "))}
		}
		out = append(out, LanguageGlob{Glob: k.Value, ID: in.ID, Line: l.Line})
	}
	return out, nil
}

// langMemo remembers the languages decided from files' content, so a
// path keeps the language its content gave it for the whole run (a
// later Applicable(path) without the content agrees with the check).
type langMemo struct {
	mu sync.Mutex
	m  map[string]lang.ID
}

// LanguageOf decides p's language: a `languages:` glob, else the
// extension, a ".h" file's by its content when src is given (C++
// constructs make it C++) or by what its content said earlier in the
// run. ok is false for files of no known language.
func (c *Config) LanguageOf(p string, src []byte) (lang.ID, bool) {
	if len(c.Languages) > 0 {
		lp := c.Local(p) // the globs are the configuration's
		for _, g := range c.Languages {
			if Match(g.Glob, lp) {
				return g.ID, true
			}
		}
	}
	in, ok := lang.ByPath(p)
	if !ok {
		return lang.Unknown, false
	}
	if in.ID != lang.C || !strings.HasSuffix(strings.ToLower(p), ".h") {
		return in.ID, true
	}
	if src != nil {
		id := lang.DetectHeader(src)
		if c.langs != nil {
			c.langs.mu.Lock()
			if c.langs.m == nil {
				c.langs.m = map[string]lang.ID{}
			}
			c.langs.m[p] = id
			c.langs.mu.Unlock()
		}
		return id, true
	}
	if c.langs != nil {
		c.langs.mu.Lock()
		id, ok := c.langs.m[p]
		c.langs.mu.Unlock()
		if ok {
			return id, true
		}
	}
	return lang.C, true
}
