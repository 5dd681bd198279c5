package config

import (
	"os"
	"path/filepath"
	"testing"
)

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, text := range files {
		p = filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const oneConstraint = "version: 1\nconstraints:\n  - type: naming_convention\n    spec: python;function:snake_case\n"

// TestSetNearestConfiguration: each file gets the nearest .iflint.yml
// above it, up to the repository root; none up to the root is the
// embedded default; a configuration above the root is never read.
func TestSetNearestConfiguration(t *testing.T) {
	top := t.TempDir()
	writeFiles(t, top, map[string]string{
		".iflint.yml":              oneConstraint, // above the repository: another project's
		"repo/.git/HEAD":           "ref: refs/heads/main\n",
		"repo/.iflint.yml":         "exclude: [gen]\n" + oneConstraint,
		"repo/sub/.iflint.yml":     "exclude: [gen]\nlanguages:\n  \"*.inc\": python\n" + oneConstraint,
		"repo/sub/deep/x.py":       "",
		"other/.git/HEAD":          "ref: refs/heads/main\n",
		"other/pkg/y.py":           "",
		"repo/sub/gen/skipped.py":  "",
		"repo/gen/also_skipped.py": "",
	})
	repo := filepath.Join(top, "repo")
	set, err := NewSet(repo)
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{
		"a.py":                     filepath.Join(repo, FileName),
		"sub/b.py":                 filepath.Join(repo, "sub", FileName),
		"sub/deep/x.py":            filepath.Join(repo, "sub", FileName),
		"../other/pkg/y.py":        "embedded default", // its repository has no configuration
		"sub/deep/../../top.py":    filepath.Join(repo, FileName),
		"sub/nested/dir/file.py":   filepath.Join(repo, "sub", FileName),
		"sub/.hidden/../deep/z.py": filepath.Join(repo, "sub", FileName),
	} {
		cfg, err := set.For(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if cfg.Source != want {
			t.Errorf("%s: governed by %s, want %s", p, cfg.Source, want)
		}
	}
	sub, _ := set.For("sub/x.py")
	if again, _ := set.Dir(filepath.Join(repo, "sub", "deep")); again != sub {
		t.Errorf("one configuration file is loaded once per set")
	}
	// Globs are the configuration's own: sub's exclude gen means sub/gen.
	if !sub.Excluded("sub/gen/skipped.py") || sub.Excluded("gen/also_skipped.py") {
		t.Errorf("sub's exclude [gen] is not relative to sub")
	}
	if id, ok := sub.LanguageOf("sub/deep/macros.inc", nil); !ok || id != "python" {
		t.Errorf("sub's languages glob: %q, %v", id, ok)
	}
	if sub.Local("sub/deep/x.py") != "deep/x.py" || sub.Up() != "sub" || sub.Label() != "sub/.iflint.yml" {
		t.Errorf("sub: Local %q, Up %q, Label %q", sub.Local("sub/deep/x.py"), sub.Up(), sub.Label())
	}
}

// TestLocalFromEveryRunRoot: a run in a subdirectory, at the root and in
// a sibling all map a file to the same path relative to its configuration.
func TestLocalFromEveryRunRoot(t *testing.T) {
	repo := t.TempDir()
	writeFiles(t, repo, map[string]string{".git/HEAD": "x", "app/.iflint.yml": oneConstraint, "app/src/m.py": "", "lib/n.py": ""})
	for _, tc := range []struct{ runIn, path string }{
		{".", "app/src/m.py"},             // the configuration below the run root
		{"app", "src/m.py"},               // the same directory
		{"app/src", "m.py"},               // the run root below the configuration
		{"lib", "../app/src/m.py"},        // a sibling naming it
		{"app/src", "../../app/src/m.py"}, // a roundabout name
	} {
		set, err := NewSet(filepath.Join(repo, tc.runIn))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := set.For(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := cfg.Local(tc.path); got != "src/m.py" {
			t.Errorf("run in %s, %s: Local %q, want src/m.py", tc.runIn, tc.path, got)
		}
	}
}

// TestForcedSet: -config governs every file, nested configurations
// unread, with globs relative to the run root.
func TestForcedSet(t *testing.T) {
	repo := t.TempDir()
	writeFiles(t, repo, map[string]string{".git/HEAD": "x", "sub/.iflint.yml": "bad: [", "forced.yml": "exclude: [sub/gen]\n" + oneConstraint})
	cfg, err := Load(repo, filepath.Join(repo, "forced.yml"))
	if err != nil {
		t.Fatal(err)
	}
	set, err := ForcedSet(repo, cfg)
	if err != nil {
		t.Fatal(err)
	}
	got, err := set.For("sub/x.py")
	if err != nil || got != cfg || !set.Forced() {
		t.Fatalf("forced set: %v, %v", got, err)
	}
	if !got.Excluded("sub/gen/y.py") {
		t.Errorf("the forced configuration's globs are not relative to the run root")
	}
	// Without -config, the broken nested configuration is an error with
	// its file and line.
	open, _ := NewSet(repo)
	if _, err := open.For("sub/x.py"); err == nil {
		t.Errorf("a malformed nested configuration is not reported")
	}
}
