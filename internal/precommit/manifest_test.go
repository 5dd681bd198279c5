package precommit

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/iflint/iflint/internal/lang"
)

// manifestHook is the subset of pre-commit's hook schema the manifest
// uses; decoding with KnownFields makes a misspelt key an error instead
// of a silently ignored setting.
type manifestHook struct {
	ID            string   `yaml:"id"`
	Name          string   `yaml:"name"`
	Description   string   `yaml:"description"`
	Entry         string   `yaml:"entry"`
	Language      string   `yaml:"language"`
	Types         []string `yaml:"types"`
	Files         string   `yaml:"files"`
	PassFilenames *bool    `yaml:"pass_filenames"`
	RequireSerial bool     `yaml:"require_serial"`
}

func readManifest(t *testing.T) []manifestHook {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	var hooks []manifestHook
	if err := dec.Decode(&hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	return hooks
}

// TestManifestFilesMatchLanguageTable keeps the hooks' `files` pattern in
// step with internal/lang: iflint picks a file's language by extension
// alone, so a file pre-commit passes but iflint does not know is wasted
// work, and a known language missing from the pattern is silently never
// checked at commit time.
func TestManifestFilesMatchLanguageTable(t *testing.T) {
	hooks := readManifest(t)
	want := map[string]string{"iflint": "iflint check", "iflint-fix": "iflint fix -write"}
	if len(hooks) != len(want) {
		t.Fatalf("manifest has %d hooks, want %d (%v)", len(hooks), len(want), want)
	}
	var exts []string
	for _, in := range lang.All() {
		exts = append(exts, in.Extensions...)
	}
	slices.Sort(exts)
	for _, h := range hooks {
		entry, ok := want[h.ID]
		if !ok {
			t.Errorf("unexpected hook id %q", h.ID)
			continue
		}
		if h.Entry != entry || h.Language != "golang" || h.Name == "" || h.Description == "" {
			t.Errorf("hook %s: entry %q language %q name %q: want entry %q, language golang, a name and a description", h.ID, h.Entry, h.Language, h.Name, entry)
		}
		if h.PassFilenames == nil || !*h.PassFilenames || !h.RequireSerial {
			t.Errorf("hook %s: want pass_filenames: true and require_serial: true", h.ID)
		}
		if !slices.Equal(h.Types, []string{"text"}) {
			t.Errorf("hook %s: types %v, want [text]", h.ID, h.Types)
		}
		re, err := regexp.Compile(h.Files)
		if err != nil {
			t.Errorf("hook %s: files: %v", h.ID, err)
			continue
		}
		m := regexp.MustCompile(`^\(\?i\)\\\.\(([a-z|]+)\)\$$`).FindStringSubmatch(h.Files)
		if m == nil {
			t.Errorf("hook %s: files %q: want (?i)\\.(ext|...)$", h.ID, h.Files)
			continue
		}
		var listed []string
		for _, e := range strings.Split(m[1], "|") {
			listed = append(listed, "."+e)
		}
		slices.Sort(listed)
		if !slices.Equal(listed, exts) {
			t.Errorf("hook %s: files lists %v\nlang knows %v", h.ID, listed, exts)
		}
		for _, e := range exts {
			for _, name := range []string{"a" + e, "dir/sub/b" + strings.ToUpper(e)} {
				if _, known := lang.ByPath(name); !known || !re.MatchString(name) {
					t.Errorf("hook %s: %s: lang knows it %v, files matches %v", h.ID, name, known, re.MatchString(name))
				}
			}
		}
		for _, name := range []string{"go.mod", "go.sum", "README.md", "x.pyc", "x.json", "Makefile", "x.py.orig", "x.c~", "py", "x.yml"} {
			if re.MatchString(name) {
				t.Errorf("hook %s: files matches %s, which iflint does not check", h.ID, name)
			}
		}
	}
}
