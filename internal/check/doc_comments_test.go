package check

import (
	"os"
	"strings"
	"testing"
)

// TestDocStylesInReadme keeps README's description of each lint
// documentation rule equal to the rule's own doc, which failing results
// cite: one text, one place to change it.
func TestDocStylesInReadme(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, ds := range DocStyles {
		if !strings.Contains(string(readme), ds.Doc) {
			t.Errorf("README.md does not quote the %s rule's doc verbatim; paste this line into its Doc comments section:\n%s", ds.Title, ds.Doc)
		}
		if got, ok := DocStyleFor(strings.ToUpper(ds.Style)); !ok || got != ds {
			t.Errorf("DocStyleFor(%q) does not find the %s rule", strings.ToUpper(ds.Style), ds.Title)
		}
	}
}

func TestDocStyleScopeIsFirstSentence(t *testing.T) {
	for _, ds := range DocStyles {
		s := ds.Scope()
		if !strings.HasSuffix(s, ".") || strings.Contains(strings.TrimSuffix(s, "."), ". ") || !strings.HasPrefix(ds.Doc, s) {
			t.Errorf("%s: scope %q is not the doc's first sentence", ds.Title, s)
		}
	}
}

func TestGoDirective(t *testing.T) {
	for c, want := range map[string]bool{
		"go:generate x": true, "nolint:revive": true, "line foo.go:1": true, "export F": true,
		" go:generate": false, "Foo: bar": false, "a:": false, ":x": false, "x-y:z": false,
	} {
		if got := goDirective(c); got != want {
			t.Errorf("goDirective(%q) = %v, want %v", c, got, want)
		}
	}
}
