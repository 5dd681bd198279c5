package infer

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestSubprojects(t *testing.T) {
	root := t.TempDir()
	for p, text := range map[string]string{
		"go.mod":                           "module example.com/root\n", // the root is never a subproject
		"services/api/go.mod":              "module example.com/api\n",
		"services/api/internal/x.go":       "package x\n",
		"libs/pyutil/pyproject.toml":       "[project]\nname = \"pyutil\"\n",
		"package.json":                     `{"private": true, "workspaces": ["web/*", "!web/old"]}`,
		"web/app/package.json":             `{"name": "app"}`,
		"web/old/package.json":             `{"name": "old"}`,
		"web/notes/README.md":              "no package.json: not a workspace\n",
		"tools/package.json":               `{"workspaces": {"packages": ["cli"]}}`,
		"tools/cli/package.json":           `{"name": "cli"}`,
		"js/pnpm-workspace.yaml":           "packages:\n  - 'packages/*'\n  - '!packages/private'\ncatalog:\n  vite: ^8\n",
		"js/packages/ui/package.json":      `{"name": "ui"}`,
		"js/packages/private/package.json": `{"name": "private"}`,
		"Cargo.toml":                       "[package]\nname = \"x\" # [workspace] in a comment\n\n[workspace]\nmembers = [\n  \"crates/*\", # all crates\n  'bins/tool',\n]\nexclude = [\"crates/skip\"]\n",
		"crates/core/Cargo.toml":           "[package]\nname = \"core\"\n",
		"crates/skip/Cargo.toml":           "[package]\nname = \"skip\"\n",
		"bins/tool/Cargo.toml":             "[package]\nname = \"tool\"\n",
		"vendor/dep/go.mod":                "module dep\n", // vendored: left out
		"node_modules/x/package.json":      `{"workspaces": ["*"]}`,
		"testdata/fixture/go.mod":          "module fixture\n",
		".hidden/go.mod":                   "module hidden\n",
		"services/api/web/package.json":    `{"name": "nested, not a workspace member"}`,
	} {
		p = filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Subprojects(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []Subproject{
		{"bins/tool", []string{KindCargo}},
		{"crates/core", []string{KindCargo}},
		{"js/packages/ui", []string{KindPnpm}},
		{"libs/pyutil", []string{KindPy}},
		{"services/api", []string{KindGo}},
		{"tools/cli", []string{KindNpm}},
		{"web/app", []string{KindNpm}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Subprojects:\n got %v\nwant %v", got, want)
	}
}
