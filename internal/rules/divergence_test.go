package rules

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/rules/rulestest"
)

// TestDivergencesHaveGoldens: every named divergence has a golden named
// after it in its family (testdata/<type>/<name>.txt) on which the two
// profiles answer differently, so the divergence is shown, not only
// described; and names are unique per type.
func TestDivergencesHaveGoldens(t *testing.T) {
	for _, r := range Rules {
		seen := map[string]bool{}
		for _, d := range r.Divergences {
			if d.Type != r.Type {
				t.Errorf("%s lists divergence %q of type %s", r.Type, d.Name, d.Type)
			}
			if seen[d.Name] {
				t.Errorf("%s: divergence %q named twice", r.Type, d.Name)
			}
			seen[d.Name] = true
			if d.Name == "" || d.Paper == "" || d.Lint == "" {
				t.Errorf("%s: divergence %q lacks a name or a description of either profile", r.Type, d.Name)
				continue
			}
			paths, _ := filepath.Glob(filepath.Join("*", "testdata", string(r.Type), d.Name+".txt"))
			if len(paths) != 1 {
				t.Errorf("%s: divergence %q has no golden %s/%s.txt in its family", r.Type, d.Name, r.Type, d.Name)
				continue
			}
			out := rulestest.Render(t, r, paths[0])
			paper, lint, ok := strings.Cut(out, "\nlint: ")
			if !ok {
				t.Fatalf("%s: no lint section in\n%s", paths[0], out)
			}
			paper = strings.TrimPrefix(paper, "multicodeif: ")
			if paper == strings.TrimSuffix(lint, "\n") {
				t.Errorf("%s: both profiles answer the same, so the golden does not show divergence %q", paths[0], d.Name)
			}
		}
	}
}
