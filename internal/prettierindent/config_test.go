package prettierindent

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReadConfig: the configuration governing a directory (searched
// upwards, a package.json only with its "prettier" key) and the unit it
// sets; a key naming a shared configuration is an error, not a guess.
func TestReadConfig(t *testing.T) {
	root := filepath.Join("testdata", "config")
	for _, tc := range []struct {
		dir, file, unit, err string
	}{
		{"json", ".prettierrc", "spaces:4", ""},
		{"yaml", ".prettierrc.yaml", "tabs", ""},
		{"pkg/sub", "package.json", "tabs", ""},
		{"js", "prettier.config.js", "tabs", ""},
		{"shared", "package.json", "", "shared configuration"},
		{".", "", "spaces:2", ""},
	} {
		f := FindConfig(root, filepath.Join(root, tc.dir))
		if filepath.Base(f) != tc.file && !(tc.file == "" && f == "") {
			t.Errorf("%s: found %q, want %q", tc.dir, f, tc.file)
			continue
		}
		o, err := ReadConfig(f)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one saying %q", tc.dir, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.dir, err)
		case o.Unit() != tc.unit:
			t.Errorf("%s: unit %s, want %s", tc.dir, o.Unit(), tc.unit)
		}
	}
}

// TestResolve: the options prettier formats each file with, as
// prettier 3.10.1's resolveConfig(file, {editorconfig: true}) gives them
// on the same tree (testdata/resolve): .editorconfig sections by glob
// (braces, `**`, the nearest file winning, none read above one marked
// root), then the configuration file, then its overrides (files and
// excludeFiles, a pattern without a slash matching the base name).
func TestResolve(t *testing.T) {
	root := filepath.Join("testdata", "resolve")
	r := NewResolver(root)
	for _, tc := range []struct{ file, unit, sources string }{
		{"ec/src/a.js", "spaces:4", "ec/.editorconfig"},
		{"ec/src/b.ts", "tabs", "ec/.editorconfig"},
		{"ec/sub/c.js", "spaces:8", "ec/.editorconfig"},
		{"ov/src/a.js", "spaces:4", "ov/.prettierrc"},
		{"ov/src/b.ts", "tabs", "ov/.prettierrc"},
		{"ov/src/legacy/old.js", "spaces:2", "ov/.prettierrc"},
		{"ov/src/legacy/keep.js", "spaces:4", "ov/.prettierrc"},
		{"both/a.js", "tabs", "both/.editorconfig + both/.prettierrc.yaml"},
		{"rootstop/inner/a.js", "spaces:2", "prettier's defaults"},
		{"rootstop/b.js", "spaces:3", "rootstop/.editorconfig"},
	} {
		got, err := r.Resolve(filepath.Join(root, filepath.FromSlash(tc.file)))
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		if got.Unit() != tc.unit || got.Sources != tc.sources {
			t.Errorf("%s: %s from %q, want %s from %q", tc.file, got.Unit(), got.Sources, tc.unit, tc.sources)
		}
	}
	// Under tabs, the width is the one prettier sizes aligns with.
	if got, _ := r.Resolve(filepath.Join(root, "both", "a.js")); got.TabWidth != 3 {
		t.Errorf("both/a.js: tabWidth %d, want 3 (the .prettierrc's over the .editorconfig's 8)", got.TabWidth)
	}
	if got, _ := r.Resolve(filepath.Join(root, "ec", "src", "b.ts")); got.TabWidth != 4 {
		t.Errorf("ec/src/b.ts: tabWidth %d, want 4 (indent_size from [*])", got.TabWidth)
	}
}
