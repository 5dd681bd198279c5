package infer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lang"
)

// jsTree writes 30 JavaScript files indented with 2 spaces under web/,
// and pkg as web/package.json when it is set.
func jsTree(t *testing.T, pkg string) string {
	dir := t.TempDir()
	write := treeWriter(t, dir)
	for i := 0; i < 30; i++ {
		write(fmt.Sprintf("web/src/part%d.js", i), fmt.Sprintf("function sizeOf%d(items) {\n  if (items.length > 0) {\n    return items.length;\n  }\n  return 0;\n}\n\nmodule.exports = { sizeOf%d };\n", i, i))
	}
	if pkg != "" {
		write("web/package.json", pkg)
	}
	return dir
}

// treeWriter writes files (slash paths) under dir, making their
// directories.
func treeWriter(t *testing.T, dir string) func(p, s string) {
	return func(p, s string) {
		p = filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func indentOf(t *testing.T, r *Report, id lang.ID) *Decision {
	for _, l := range r.Languages {
		if l.ID == id {
			return l.Indent
		}
	}
	t.Fatalf("no %s in the report", id)
	return nil
}

// TestPrettierTreeGetsThePrettierReading: on a tree prettier formats
// (a package.json depending on it or configuring it), init writes the
// prettier reading with the unit of prettier's configuration; where that
// unit does not hold (a .prettierrc saying tabs over code indented with
// spaces), it writes none and says why; without prettier the same tree
// gets eslint's reading.
func TestPrettierTreeGetsThePrettierReading(t *testing.T) {
	o := Options{Min: DefaultMin, MinUnits: DefaultMinUnits}
	for name, pkg := range map[string]string{
		"devDependency": `{"name": "web", "devDependencies": {"prettier": "^3.0.0", "eslint": "^9.0.0"}}`,
		"prettier key":  `{"name": "web", "prettier": {"singleQuote": true}}`,
	} {
		t.Run(name, func(t *testing.T) {
			r, err := Infer(context.Background(), jsTree(t, pkg), o)
			if err != nil {
				t.Fatal(err)
			}
			d := indentOf(t, r, lang.JavaScript)
			if d.Spec(lang.JavaScript) != "javascript;spaces:2;prettier" || d.LeftOut != "" {
				t.Errorf("spec %q, left out %q; want javascript;spaces:2;prettier", d.Spec(lang.JavaScript), d.LeftOut)
			}
			if out := string(r.Render(RenderOptions{})); !strings.Contains(out, "spec: javascript;spaces:2;prettier") {
				t.Errorf("the configuration does not hold the prettier reading:\n%s", out)
			}
		})
	}
	t.Run("prettierrc sets tabs", func(t *testing.T) {
		dir := jsTree(t, `{"name": "web", "devDependencies": {"prettier": "^3.0.0"}}`)
		treeWriter(t, dir)("web/.prettierrc", "useTabs: true\n")
		r, err := Infer(context.Background(), dir, o)
		if err != nil {
			t.Fatal(err)
		}
		d := indentOf(t, r, lang.JavaScript)
		if d.Spec(lang.JavaScript) != "" || !strings.Contains(d.LeftOut, "prettier formats 30 of the 30 files") || !strings.Contains(d.LeftOut, "(tabs) holds for") {
			t.Errorf("spec %q, left out %q", d.Spec(lang.JavaScript), d.LeftOut)
		}
	})
	// Prettier reads .editorconfig and its configuration's overrides per
	// file: an indent set there is the one it prints.
	for name, extra := range map[string][2]string{
		"editorconfig sets tabs": {".editorconfig", "root = true\n[*.{js,ts}]\nindent_style = tab\n"},
		"override sets tabs":     {"web/.prettierrc", `{"semi": false, "overrides": [{"files": "src/*.js", "options": {"useTabs": true}}]}`},
	} {
		t.Run(name, func(t *testing.T) {
			dir := jsTree(t, `{"name": "web", "devDependencies": {"prettier": "^3.0.0"}}`)
			treeWriter(t, dir)(extra[0], extra[1])
			r, err := Infer(context.Background(), dir, o)
			if err != nil {
				t.Fatal(err)
			}
			d := indentOf(t, r, lang.JavaScript)
			if d.Spec(lang.JavaScript) != "" || !strings.Contains(d.LeftOut, "(tabs) holds for") {
				t.Errorf("spec %q, left out %q; want none, prettier setting tabs", d.Spec(lang.JavaScript), d.LeftOut)
			}
		})
	}
	t.Run("editorconfig sets 2 spaces over a 4-space default", func(t *testing.T) {
		dir := jsTree(t, `{"name": "web", "devDependencies": {"prettier": "^3.0.0"}}`)
		treeWriter(t, dir)(".editorconfig", "[*]\nindent_size = 4\n[web/**.js]\nindent_style = space\nindent_size = 2\n")
		r, err := Infer(context.Background(), dir, o)
		if err != nil {
			t.Fatal(err)
		}
		if d := indentOf(t, r, lang.JavaScript); d.Spec(lang.JavaScript) != "javascript;spaces:2;prettier" || !strings.Contains(d.Agrees, ".editorconfig") {
			t.Errorf("spec %q, agrees %q, left out %q; want javascript;spaces:2;prettier from .editorconfig", d.Spec(lang.JavaScript), d.Agrees, d.LeftOut)
		}
	})
	t.Run("no prettier", func(t *testing.T) {
		r, err := Infer(context.Background(), jsTree(t, `{"name": "web", "devDependencies": {"eslint": "^9.0.0"}}`), o)
		if err != nil {
			t.Fatal(err)
		}
		if d := indentOf(t, r, lang.JavaScript); d.Spec(lang.JavaScript) != "javascript;spaces:2" || d.LeftOut != "" {
			t.Errorf("spec %q, left out %q; want javascript;spaces:2", d.Spec(lang.JavaScript), d.LeftOut)
		}
	})
}

func TestFormattedBy(t *testing.T) {
	markers := []string{".prettierrc", "web/ui/package.json"}
	for rel, want := range map[string]string{
		"web/ui/src/a.ts": "web/ui/package.json",
		"web/other.ts":    ".prettierrc",
		"web/uix/a.ts":    ".prettierrc",
	} {
		if got := formattedBy(markers, rel); got != want {
			t.Errorf("formattedBy(%s) = %q, want %q", rel, got, want)
		}
	}
	if got := formattedBy([]string{"web/package.json"}, "src/a.js"); got != "" {
		t.Errorf("a file outside the marker's directory: %q", got)
	}
}
