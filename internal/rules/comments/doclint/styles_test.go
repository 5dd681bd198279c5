package doclint

import (
	"strings"
	"testing"
)

func TestDocStyleScopeIsFirstSentence(t *testing.T) {
	for _, ds := range Styles {
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
