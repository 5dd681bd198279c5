package config

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/prettierindent"
	"github.com/iflint/iflint/internal/rules"
)

// JavaScript and TypeScript have two layouts in common use that
// disagree (prettier's ternaries, curried arrows and JSX are not
// eslint's `indent`; eslint-config-prettier turns `indent` off for that
// reason), so the embedded default holds them to one only where the
// repository says which: prettier's where prettier formats the root (a
// prettier configuration, or a package.json configuring or depending on
// it), with the unit prettier resolves there (.editorconfig, the
// configuration, its overrides); otherwise eslint's `indent` where the
// root's eslint configuration sets that rule, with its unit. Without
// either, no layout is imposed: two spaces and four are both idiomatic.

// jsLayout adds to c, the embedded default, the JavaScript and
// TypeScript layout root's formatter or linter configuration sets.
func jsLayout(c *Config, root string) error {
	var from string
	units := map[lang.ID]string{}
	if m := prettierindent.UsedAt(root, root); m != "" {
		res := prettierindent.NewResolver(root)
		var srcs []string
		for _, id := range []lang.ID{lang.JavaScript, lang.TypeScript} {
			// The options prettier resolves for a file of the language
			// at the root.
			probe := map[lang.ID]string{lang.JavaScript: "index.js", lang.TypeScript: "index.ts"}[id]
			o, err := res.Resolve(filepath.Join(root, probe))
			if err != nil {
				// A configuration that cannot be read sets no unit
				// iflint can know; the default then imposes none.
				return nil
			}
			units[id] = o.Unit() + ";" + constraint.ReadingPrettier
			if o.Sources != "prettier's defaults" {
				for _, f := range strings.Split(o.Sources, " + ") {
					if !slices.Contains(srcs, f) {
						srcs = append(srcs, f)
					}
				}
			}
		}
		from = strings.Join(srcs, ", ")
		if from == "" {
			from = m
		}
	} else if f, unit := eslintIndent(root); unit != "" {
		units[lang.JavaScript], units[lang.TypeScript] = unit, unit
		from = f
	}
	if len(units) == 0 {
		return nil
	}
	for _, id := range []lang.ID{lang.JavaScript, lang.TypeScript} {
		k, err := rules.ParseSpec(constraint.Indentation, string(id)+";"+units[id])
		if err != nil {
			return fmt.Errorf("embedded default: %s's layout: %w", from, err)
		}
		c.Constraints = append(c.Constraints, Entry{Constraint: k, Severity: "error"})
	}
	if c.From != "" {
		from = c.From + ", " + from
	}
	c.From = from
	return nil
}

// eslintConfigs are the eslint configuration files of a directory, the
// flat ones first as eslint 9 looks for them.
var eslintConfigs = []string{"eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts",
	"eslint.config.mts", "eslint.config.cts", ".eslintrc.js", ".eslintrc.cjs", ".eslintrc.yaml", ".eslintrc.yml",
	".eslintrc.json", ".eslintrc"}

// eslintIndent returns root's eslint configuration file and the
// indentation unit its `indent` rule (or @stylistic's) sets ("spaces:N"
// or "tabs"), or "" when it sets none or turns it off. A JSON or YAML
// configuration is read; a program is scanned for the rule's entry.
func eslintIndent(root string) (string, string) {
	for _, n := range eslintConfigs {
		b, err := os.ReadFile(filepath.Join(root, n))
		if err != nil {
			continue
		}
		if filepath.Ext(n) == ".json" || filepath.Ext(n) == ".yaml" || filepath.Ext(n) == ".yml" || n == ".eslintrc" {
			var doc struct {
				Rules map[string]any `yaml:"rules"`
			}
			if yaml.Unmarshal(b, &doc) != nil {
				return n, ""
			}
			for _, k := range []string{"indent", "@stylistic/indent", "@stylistic/js/indent", "@stylistic/ts/indent"} {
				if v, ok := doc.Rules[k]; ok {
					return n, eslintUnit(v)
				}
			}
			return n, ""
		}
		m := reESLintIndent.FindSubmatch(b)
		if m == nil {
			return n, ""
		}
		sev, arg := string(m[1]), string(m[2])
		if sev == "off" || sev == "0" {
			return n, ""
		}
		if arg == "" {
			return n, "spaces:4"
		}
		if arg == "tab" {
			return n, "tabs"
		}
		return n, "spaces:" + arg
	}
	return "", ""
}

// The `indent` entry of a configuration that is a program: its
// severity and, when given, its first option.
var reESLintIndent = regexp.MustCompile(`['"]?(?:@stylistic/(?:js/|ts/)?)?\bindent['"]?\s*:\s*\[?\s*['"]?(error|warn|off|[012])['"]?\s*(?:,\s*['"]?(\d+|tab)['"]?)?`)

// eslintUnit reads a rule entry: a severity, or [severity, option, ...].
func eslintUnit(v any) string {
	var sev any = v
	var arg any
	if l, ok := v.([]any); ok && len(l) > 0 {
		sev = l[0]
		if len(l) > 1 {
			arg = l[1]
		}
	}
	switch sev {
	case "off", 0:
		return ""
	}
	switch a := arg.(type) {
	case nil:
		return "spaces:4" // the rule's default
	case int:
		if a > 0 {
			return "spaces:" + strconv.Itoa(a)
		}
	case string:
		if a == "tab" {
			return "tabs"
		}
	}
	return ""
}
