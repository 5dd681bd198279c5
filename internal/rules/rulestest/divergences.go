package rulestest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
)

var kebab = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// Divergences checks the family's named divergences: each is of its
// rule's type, named in kebab-case and once within the type, says what
// the paper's evaluator and the lint profile do, and has its golden,
// testdata/<type>/<Name>.out (or testdata/<type>/<dir>/<Name>.out for a
// golden the family's own test runs with a setup of its own, such as a
// fake toolchain), whose two profiles' renderings differ: a divergence
// that no input shows is dead code.
func Divergences(t *testing.T, rules []*check.Rule) {
	t.Helper()
	DivergencesIn(t, ".", rules)
}

// DivergencesIn is Divergences for rules whose family directories match
// the glob dir: the registry checks every family with "*", so a family
// that forgets to call Divergences is still held to its goldens.
func DivergencesIn(t *testing.T, dir string, rules []*check.Rule) {
	t.Helper()
	for _, r := range rules {
		seen := map[string]bool{}
		for _, d := range r.Divergences {
			switch {
			case d.Type != r.Type:
				t.Errorf("%s: divergence %q is of type %s", r.Type, d.Name, d.Type)
			case !kebab.MatchString(d.Name):
				t.Errorf("%s: divergence %q is not kebab-case", r.Type, d.Name)
			case seen[d.Name]:
				t.Errorf("%s: divergence %q listed twice", r.Type, d.Name)
			case d.Paper == "" || d.Lint == "":
				t.Errorf("%s: divergence %q does not say what each profile does", r.Type, d.Name)
			}
			seen[d.Name] = true
			path := divergenceGolden(dir, string(r.Type), d.Name)
			if path == "" {
				t.Errorf("%s: divergence %q has no golden testdata/%s/%s.txt", r.Type, d.Name, r.Type, d.Name)
				continue
			}
			out, err := os.ReadFile(path)
			if err != nil {
				t.Error(err)
				continue
			}
			paper, lint := profileOutputs(string(out))
			if paper == lint {
				t.Errorf("%s: the two profiles agree on the golden of divergence %q (%s):\n%s", r.Type, d.Name, path, out)
			}
		}
	}
}

// divergenceGolden finds the rendered golden named after a divergence.
func divergenceGolden(dir, typ, name string) string {
	for _, pattern := range []string{filepath.Join(dir, "testdata", typ, name+".out"), filepath.Join(dir, "testdata", typ, "*", name+".out")} {
		if m, _ := filepath.Glob(pattern); len(m) > 0 {
			return m[0]
		}
	}
	return ""
}

// profileOutputs splits a rendered golden into what each profile said,
// without the profile's name.
func profileOutputs(out string) (paper, lint string) {
	paper, lint, _ = strings.Cut(out, "\n"+string(check.Lint)+": ")
	return strings.TrimPrefix(paper, string(check.MultiCodeIF)+": ") + "\n", lint
}
