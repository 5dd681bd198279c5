package prettierindent

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

// Prettier formats each file with options it resolves for that file:
// the .editorconfig sections matching it (prettier's CLI reads
// .editorconfig by default), then its configuration file's options,
// then the `overrides` whose `files` globs match it and `excludeFiles`
// do not, each later source winning. A repository that sets its indent
// in .editorconfig alone, or overrides it for some files, is formatted
// that way; the configuration file's top level alone says less.

// Resolver resolves the options prettier formats files with, within one
// repository, reading each configuration file once.
type Resolver struct {
	root string

	mu  sync.Mutex
	ecs map[string]*editorConfig // by directory: its .editorconfig, nil if none
	rcs map[string]*rcFile       // by configuration file path
}

// NewResolver returns a resolver for the files below root (the
// repository root: prettier reads no .editorconfig above the project's
// root).
func NewResolver(root string) *Resolver {
	return &Resolver{root: filepath.Clean(root), ecs: map[string]*editorConfig{}, rcs: map[string]*rcFile{}}
}

// Resolved are the options for one file and where they came from.
type Resolved struct {
	Options
	// Sources names, relative to the root and slash-separated, the
	// .editorconfig files that set an indentation property for the file
	// and the prettier configuration governing it, or "prettier's
	// defaults" when there is neither.
	Sources string
}

// Resolve returns the options prettier formats file (absolute, below
// the root) with.
func (r *Resolver) Resolve(file string) (Resolved, error) {
	o := Options{TabWidth: 2}
	var from []string
	ec := r.editorOptions(file)
	if ec.set() {
		ec.apply(&o)
		from = append(from, ec.from...)
	}
	cfg := FindConfig(r.root, filepath.Dir(file))
	if cfg != "" {
		rc, err := r.rc(cfg)
		if err != nil {
			return Resolved{}, err
		}
		rel := filepath.ToSlash(mustRel(filepath.Dir(cfg), file))
		fo := rc.base
		for _, ov := range rc.overrides {
			if ov.matches(rel) {
				fo = fo.merge(ov.options)
			}
		}
		// Named even when it sets no indentation option: prettier's
		// defaults are then what the repository's configuration keeps.
		from = append(from, r.rel(cfg))
		if fo.UseTabs != nil {
			o.UseTabs = *fo.UseTabs
		}
		if fo.TabWidth != nil {
			o.TabWidth = *fo.TabWidth
		}
	}
	if o.TabWidth < 1 || o.TabWidth > 16 {
		return Resolved{}, fmt.Errorf("%s: tabWidth %d: expected 1 to 16", strings.Join(from, ", "), o.TabWidth)
	}
	src := "prettier's defaults"
	if len(from) > 0 {
		src = strings.Join(dedupe(from), " + ")
	}
	return Resolved{Options: o, Sources: src}, nil
}

func (r *Resolver) rel(p string) string { return filepath.ToSlash(mustRel(r.root, p)) }

func mustRel(base, p string) string {
	rel, err := filepath.Rel(base, p)
	if err != nil {
		return p
	}
	return rel
}

func dedupe(s []string) []string {
	var out []string
	for _, x := range s {
		if len(out) == 0 || out[len(out)-1] != x {
			out = append(out, x)
		}
	}
	return out
}

func (fo fileOptions) set() bool { return fo.UseTabs != nil || fo.TabWidth != nil }

func (fo fileOptions) merge(o fileOptions) fileOptions {
	if o.UseTabs != nil {
		fo.UseTabs = o.UseTabs
	}
	if o.TabWidth != nil {
		fo.TabWidth = o.TabWidth
	}
	return fo
}

// rcFile is a prettier configuration: its top-level options and its
// overrides, in order.
type rcFile struct {
	base      fileOptions
	overrides []override
}

type override struct {
	files, exclude []string
	options        fileOptions
}

// matches reports whether rel (relative to the configuration's
// directory) is one of the override's files, as prettier matches them:
// a pattern without a slash against the file's base name, one with a
// slash against its path, dot files included.
func (ov override) matches(rel string) bool {
	return matchAny(ov.files, rel) && !matchAny(ov.exclude, rel)
}

func matchAny(globs []string, rel string) bool {
	for _, g := range globs {
		subject := rel
		if !strings.Contains(g, "/") {
			subject = path.Base(rel)
		}
		if globRegexp(strings.TrimPrefix(g, "./")).MatchString(subject) {
			return true
		}
	}
	return false
}

// strings or a list of them, as prettier's files and excludeFiles are.
type stringList []string

func (s *stringList) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*s = []string{n.Value}
		return nil
	}
	var l []string
	if err := n.Decode(&l); err != nil {
		return fmt.Errorf("expected a glob or a list of globs: %w", err)
	}
	*s = l
	return nil
}

type rcDoc struct {
	fileOptions `yaml:",inline"`
	Overrides   []struct {
		Files        stringList  `yaml:"files"`
		ExcludeFiles stringList  `yaml:"excludeFiles"`
		Options      fileOptions `yaml:"options"`
	} `yaml:"overrides"`
}

func (r *Resolver) rc(p string) (*rcFile, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if rc, ok := r.rcs[p]; ok {
		return rc, nil
	}
	rc, err := readRC(p)
	if err != nil {
		return nil, err
	}
	r.rcs[p] = rc
	return rc, nil
}

// readRC reads a configuration file with its overrides: JSON and YAML
// files and package.json's key as prettier reads them; a program (a
// .js or .ts configuration) or TOML is scanned for its top-level
// settings only, as ReadConfig does, and an `overrides` in it that sets
// an indentation option is an error: which files it governs is not
// read here.
func readRC(p string) (*rcFile, error) {
	name := filepath.Base(p)
	var b []byte
	switch {
	case name == "package.json":
		v, _ := packageKey(p)
		var probe map[string]json.RawMessage
		if json.Unmarshal(v, &probe) != nil {
			return nil, fmt.Errorf("%s: its \"prettier\" key names a shared configuration prettier loads from a package, which is not read here", p)
		}
		b = v
	case name == ".prettierrc" || strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".json5") ||
		strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml"):
		var err error
		if b, err = os.ReadFile(p); err != nil {
			return nil, fmt.Errorf("reading prettier's configuration: %w", err)
		}
	default:
		o, err := ReadConfig(p)
		if err != nil {
			return nil, err
		}
		src, _ := os.ReadFile(p)
		if i := bytes.Index(src, []byte("overrides")); i >= 0 && (reTabs.Match(src[i:]) || reWidth.Match(src[i:])) {
			return nil, fmt.Errorf("%s: its overrides set an indentation option for some files, and which files a program configuration names is not read here", p)
		}
		t, w := o.UseTabs, o.TabWidth
		return &rcFile{base: fileOptions{UseTabs: &t, TabWidth: &w}}, nil
	}
	var doc rcDoc
	// YAML reads JSON too (a .prettierrc may be either).
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	rc := &rcFile{base: doc.fileOptions}
	for _, ov := range doc.Overrides {
		rc.overrides = append(rc.overrides, override{files: ov.Files, exclude: ov.ExcludeFiles, options: ov.Options})
	}
	return rc, nil
}

// editorConfig is one .editorconfig file: whether it is the root one,
// and its sections in order.
type editorConfig struct {
	root     bool
	rel      string // its path, relative to the resolver's root
	sections []ecSection
}

type ecSection struct {
	glob  string
	props map[string]string
}

// ecProps are the properties that apply to one file, and the files
// they came from.
type ecProps struct {
	props map[string]string
	from  []string
}

func (e ecProps) set() bool {
	for _, k := range []string{"indent_style", "indent_size", "tab_width"} {
		if _, ok := e.props[k]; ok {
			return true
		}
	}
	return false
}

// editorOptions gathers the .editorconfig properties that apply to file,
// as the editorconfig library does: the files from the file's directory
// up to the first marked root = true (and no further than the
// resolver's root), farther files first, later sections winning.
func (r *Resolver) editorOptions(file string) ecProps {
	var chain []*editorConfig
	for d := filepath.Dir(file); ; d = filepath.Dir(d) {
		if ec := r.editorConfigIn(d); ec != nil {
			chain = append(chain, ec)
			if ec.root {
				break
			}
		}
		if d == r.root || d == filepath.Dir(d) || !strings.HasPrefix(d, r.root) {
			break
		}
	}
	out := ecProps{props: map[string]string{}}
	for i := len(chain) - 1; i >= 0; i-- {
		ec := chain[i]
		rel := filepath.ToSlash(mustRel(filepath.Join(r.root, filepath.FromSlash(path.Dir(ec.rel))), file))
		used := false
		for _, s := range ec.sections {
			if !ecMatch(s.glob, rel) {
				continue
			}
			for k, v := range s.props {
				out.props[k] = v
				if k == "indent_style" || k == "indent_size" || k == "tab_width" {
					used = true
				}
			}
		}
		if used {
			out.from = append(out.from, ec.rel)
		}
	}
	return out
}

// ecMatch matches an editorconfig section glob against rel, the file's
// path relative to the .editorconfig's directory: a glob without a slash
// matches the base name at any depth, one with a slash the path from
// the file's directory (a leading slash anchoring it there).
func ecMatch(glob, rel string) bool {
	if !strings.Contains(glob, "/") {
		return globRegexp(glob).MatchString(path.Base(rel))
	}
	glob = strings.TrimPrefix(glob, "/")
	return globRegexp(glob).MatchString(rel)
}

// apply sets o as prettier's editorconfig-to-prettier maps the
// properties, after the editorconfig library's own defaults (tab_width
// from a numeric indent_size; indent_size "tab" under indent_style tab).
func (e ecProps) apply(o *Options) {
	p := e.props
	style, size, width := p["indent_style"], p["indent_size"], p["tab_width"]
	if style == "tab" && size == "" {
		size = "tab"
	}
	if n, err := strconv.Atoi(size); err == nil && width == "" && n > 0 {
		width = size
	}
	if size == "tab" && width != "" {
		size = width
	}
	useTabs, tabsSet := false, false
	if style == "tab" || style == "space" {
		useTabs, tabsSet = style == "tab", true
	}
	if size == "tab" {
		useTabs, tabsSet = true, true
	}
	if tabsSet {
		o.UseTabs = useTabs
	}
	atoi := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		return n, err == nil
	}
	if n, ok := atoi(width); useTabs && ok && n > 0 {
		o.TabWidth = n
	} else if n, ok := atoi(size); style == "space" && ok {
		o.TabWidth = n
	} else if n, ok := atoi(width); ok {
		o.TabWidth = n
	}
}

// editorConfigIn reads dir's .editorconfig once (nil when there is none
// or it cannot be read: editorconfig ignores what it cannot read).
func (r *Resolver) editorConfigIn(dir string) *editorConfig {
	r.mu.Lock()
	defer r.mu.Unlock()
	if ec, ok := r.ecs[dir]; ok {
		return ec
	}
	var ec *editorConfig
	p := filepath.Join(dir, ".editorconfig")
	if b, err := os.ReadFile(p); err == nil {
		ec = parseEditorConfig(b)
		ec.rel = r.rel(p)
	}
	r.ecs[dir] = ec
	return ec
}

// parseEditorConfig reads an INI file as editorconfig does: `;` and `#`
// comment lines, [glob] sections, `key = value` (keys and the values of
// the indentation properties case-insensitive).
func parseEditorConfig(b []byte) *editorConfig {
	ec := &editorConfig{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	var cur *ecSection
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || l[0] == '#' || l[0] == ';' {
			continue
		}
		if l[0] == '[' {
			if j := strings.LastIndexByte(l, ']'); j > 0 {
				ec.sections = append(ec.sections, ecSection{glob: l[1:j], props: map[string]string{}})
				cur = &ec.sections[len(ec.sections)-1]
			}
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		if !ok {
			if k, v, ok = strings.Cut(l, ":"); !ok {
				continue
			}
		}
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.ToLower(strings.TrimSpace(stripINIComment(v)))
		if cur == nil {
			if k == "root" {
				ec.root = v == "true"
			}
			continue
		}
		if v == "unset" {
			delete(cur.props, k)
			continue
		}
		cur.props[k] = v
	}
	return ec
}

func stripINIComment(v string) string {
	for _, sep := range []string{" ;", " #"} {
		if i := strings.Index(v, sep); i >= 0 {
			v = v[:i]
		}
	}
	return v
}

var (
	globMu    sync.Mutex
	globCache = map[string]*regexp.Regexp{}
)

// globRegexp compiles the glob forms prettier's and editorconfig's
// matchers share: `*` within a path segment, `**` across segments
// (`**/` also matching no directory), `?`, `[...]` classes and
// `{a,b}` alternatives (nested).
func globRegexp(g string) *regexp.Regexp {
	globMu.Lock()
	defer globMu.Unlock()
	if re, ok := globCache[g]; ok {
		return re
	}
	var sb strings.Builder
	sb.WriteString("^")
	depth := 0
	for i := 0; i < len(g); i++ {
		c := g[i]
		switch {
		case c == '*' && strings.HasPrefix(g[i:], "**/"):
			sb.WriteString("(?:.*/)?")
			i += 2
		case c == '*' && strings.HasPrefix(g[i:], "**"):
			sb.WriteString(".*")
			i++
		case c == '*':
			sb.WriteString("[^/]*")
		case c == '?':
			sb.WriteString("[^/]")
		case c == '[':
			j := strings.IndexByte(g[i+1:], ']')
			if j < 0 {
				sb.WriteString(`\[`)
				continue
			}
			class := g[i+1 : i+1+j]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			sb.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += j + 1
		case c == '{':
			depth++
			sb.WriteString("(?:")
		case c == '}' && depth > 0:
			depth--
			sb.WriteString(")")
		case c == ',' && depth > 0:
			sb.WriteString("|")
		case c == '\\' && i+1 < len(g):
			i++
			sb.WriteString(regexp.QuoteMeta(g[i : i+1]))
		default:
			sb.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	sb.WriteString("$")
	re, err := regexp.Compile(sb.String())
	if err != nil {
		re = regexp.MustCompile("^" + regexp.QuoteMeta(g) + "$")
	}
	globCache[g] = re
	return re
}
