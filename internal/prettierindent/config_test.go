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
