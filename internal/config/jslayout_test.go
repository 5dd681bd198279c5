package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lang"
)

// TestDefaultTakesJSLayoutFromTheRepository: the embedded default holds
// JavaScript and TypeScript to prettier's layout where prettier formats
// the root (with the unit prettier resolves: .editorconfig, then its
// configuration), to eslint's `indent` where the eslint configuration
// sets that rule and prettier is not used, and to none otherwise.
func TestDefaultTakesJSLayoutFromTheRepository(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string // the JavaScript and TypeScript indentation specs, joined
		label string
	}{
		{"nothing", map[string]string{"package.json": `{"name": "x"}`}, "", "embedded default"},
		{"prettier dependency", map[string]string{"package.json": `{"devDependencies": {"prettier": "^3"}}`},
			"indentation_spacing javascript;spaces:2;prettier,indentation_spacing typescript;spaces:2;prettier", "embedded default with package.json"},
		{"prettierrc and editorconfig", map[string]string{".prettierrc": `{"semi": false, "overrides": [{"files": "*.ts", "options": {"tabWidth": 4}}]}`, ".editorconfig": "root = true\n[*]\nindent_style = space\nindent_size = 4\n[*.js]\nindent_style = tab\n"},
			"indentation_spacing javascript;tabs;prettier,indentation_spacing typescript;spaces:4;prettier", "embedded default with .editorconfig, .prettierrc"},
		{"eslintrc indent", map[string]string{".eslintrc.json": `{"rules": {"indent": ["error", 4, {"SwitchCase": 1}]}}`},
			"indentation_spacing javascript;spaces:4,indentation_spacing typescript;spaces:4", "embedded default with .eslintrc.json"},
		{"flat config tabs", map[string]string{"eslint.config.js": "export default [{ rules: { 'indent': ['error', 'tab'] } }];\n"},
			"indentation_spacing javascript;tabs,indentation_spacing typescript;tabs", "embedded default with eslint.config.js"},
		{"eslint indent off", map[string]string{".eslintrc.yml": "rules:\n  indent: off\n"}, "", "embedded default"},
		{"prettier over eslint", map[string]string{".eslintrc.json": `{"rules": {"indent": ["error", 4]}}`, ".prettierrc.yaml": "useTabs: true\n"},
			"indentation_spacing javascript;tabs;prettier,indentation_spacing typescript;tabs;prettier", "embedded default with .prettierrc.yaml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for p, s := range tc.files {
				if err := os.WriteFile(filepath.Join(root, p), []byte(s), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			s, err := NewSet(root)
			if err != nil {
				t.Fatal(err)
			}
			c, err := s.Dir(root)
			if err != nil {
				t.Fatal(err)
			}
			var ind []string
			for _, sp := range specsOf(c, lang.JavaScript, lang.TypeScript) {
				if strings.HasPrefix(sp, "indentation_spacing") {
					ind = append(ind, sp)
				}
			}
			if got := strings.Join(ind, ","); got != tc.want {
				t.Errorf("specs %q, want %q", got, tc.want)
			}
			if c.Label() != tc.label {
				t.Errorf("label %q, want %q", c.Label(), tc.label)
			}
		})
	}
}
