package prettierindent

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// configNames are the files prettier reads its configuration from, in
// the order it looks for them in each directory (package.json counts
// only when it has a "prettier" key).
var configNames = []string{"package.json", "package.yaml", ".prettierrc", ".prettierrc.json", ".prettierrc.yaml",
	".prettierrc.yml", ".prettierrc.json5", ".prettierrc.js", "prettier.config.js", ".prettierrc.ts",
	"prettier.config.ts", ".prettierrc.mjs", "prettier.config.mjs", ".prettierrc.mts", "prettier.config.mts",
	".prettierrc.cjs", "prettier.config.cjs", ".prettierrc.cts", "prettier.config.cts", ".prettierrc.toml"}

// FindConfig returns the prettier configuration file that governs the
// files of dir, searching from dir up to root as prettier does, or ""
// when there is none (prettier's defaults then apply).
func FindConfig(root, dir string) string {
	root = filepath.Clean(root)
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		for _, n := range configNames {
			p := filepath.Join(d, n)
			if _, err := os.Stat(p); err != nil {
				continue
			}
			if n == "package.json" {
				if _, ok := packageKey(p); !ok {
					continue
				}
			}
			if n == "package.yaml" {
				continue // read by prettier only with a "prettier" key; not read here
			}
			return p
		}
		if d == root || d == filepath.Dir(d) || !strings.HasPrefix(d, root) {
			return ""
		}
	}
}

// packageKey is package.json's "prettier" value, if it has one.
func packageKey(p string) (json.RawMessage, bool) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	var pkg map[string]json.RawMessage
	if json.Unmarshal(b, &pkg) != nil {
		return nil, false
	}
	v, ok := pkg["prettier"]
	return v, ok
}

// fileOptions are the options a configuration sets (nil when unset).
type fileOptions struct {
	UseTabs  *bool `json:"useTabs" yaml:"useTabs"`
	TabWidth *int  `json:"tabWidth" yaml:"tabWidth"`
}

// ReadConfig reads the indentation options of the prettier configuration
// at p (see FindConfig; "" reads prettier's defaults: two spaces). JSON
// and YAML files and package.json's key are read as prettier reads
// them; a JavaScript or TOML configuration is not run but scanned for
// `useTabs` and `tabWidth` settings; a package.json key naming a shared
// configuration cannot be read here and is an error. Options overridden
// for some files only (`overrides`) are not applied.
func ReadConfig(p string) (Options, error) {
	o := Options{TabWidth: 2}
	if p == "" {
		return o, nil
	}
	var fo fileOptions
	name := filepath.Base(p)
	switch {
	case name == "package.json":
		v, _ := packageKey(p)
		if err := json.Unmarshal(v, &fo); err != nil {
			return o, fmt.Errorf("%s: its \"prettier\" key names a shared configuration prettier loads from a package, which is not read here", p)
		}
	case name == ".prettierrc" || strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".json5") ||
		strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml"):
		b, err := os.ReadFile(p)
		if err != nil {
			return o, fmt.Errorf("reading prettier's configuration: %w", err)
		}
		// YAML reads JSON too (a .prettierrc may be either).
		if err := yaml.Unmarshal(b, &fo); err != nil {
			return o, fmt.Errorf("%s: %w", p, err)
		}
	default:
		b, err := os.ReadFile(p)
		if err != nil {
			return o, fmt.Errorf("reading prettier's configuration: %w", err)
		}
		if m := reTabs.FindSubmatch(b); m != nil {
			t := string(m[1]) == "true"
			fo.UseTabs = &t
		}
		if m := reWidth.FindSubmatch(b); m != nil {
			n, _ := strconv.Atoi(string(m[1]))
			fo.TabWidth = &n
		}
	}
	if fo.UseTabs != nil {
		o.UseTabs = *fo.UseTabs
	}
	if fo.TabWidth != nil {
		if *fo.TabWidth < 1 || *fo.TabWidth > 16 {
			return o, fmt.Errorf("%s: tabWidth %d: expected 1 to 16", p, *fo.TabWidth)
		}
		o.TabWidth = *fo.TabWidth
	}
	return o, nil
}

// The first `useTabs` and `tabWidth` settings of a configuration that is
// a program (the top-level ones come before any `overrides`).
var (
	reTabs  = regexp.MustCompile(`\buseTabs["']?\s*[:=]\s*(true|false)\b`)
	reWidth = regexp.MustCompile(`\btabWidth["']?\s*[:=]\s*(\d+)`)
)

// Unit is the indentation spec's unit for o: "tabs" or "spaces:<n>".
func (o Options) Unit() string {
	if o.UseTabs {
		return "tabs"
	}
	return "spaces:" + strconv.Itoa(o.TabWidth)
}

// PackageUsesPrettier reports whether the package.json at p configures
// prettier (a "prettier" key) or lists it among its dependencies.
func PackageUsesPrettier(p string) bool {
	b, err := os.ReadFile(p)
	if err != nil {
		return false
	}
	var pkg map[string]json.RawMessage
	if json.Unmarshal(b, &pkg) != nil {
		return false
	}
	if _, ok := pkg["prettier"]; ok {
		return true
	}
	for _, k := range []string{"dependencies", "devDependencies", "peerDependencies", "optionalDependencies"} {
		var deps map[string]json.RawMessage
		if json.Unmarshal(pkg[k], &deps) == nil {
			if _, ok := deps["prettier"]; ok {
				return true
			}
		}
	}
	return false
}

// UsedAt returns the file that says prettier formats the code at dir
// (a prettier configuration file found from dir up to root as prettier
// finds it, or dir's package.json configuring or depending on
// prettier), relative to root, or "".
func UsedAt(root, dir string) string {
	if f := FindConfig(root, dir); f != "" {
		rel, _ := filepath.Rel(root, f)
		return filepath.ToSlash(rel)
	}
	if p := filepath.Join(dir, "package.json"); PackageUsesPrettier(p) {
		rel, _ := filepath.Rel(root, p)
		return filepath.ToSlash(rel)
	}
	return ""
}
