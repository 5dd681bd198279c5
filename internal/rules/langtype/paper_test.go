package langtype

import (
	"context"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/guesslang"
)

// A model that fails to load (damaged weights) decides nothing: the
// verdict is unverified, never a guess.
func TestLanguageTypeWithoutModelIsUnverified(t *testing.T) {
	defer func(f func() (*guesslang.Model, error)) { guesslangModel = f }(guesslangModel)
	guesslangModel = func() (*guesslang.Model, error) {
		return guesslang.Load(nil, nil, nil)
	}
	c, err := constraint.ParseAnswer(constraint.LanguageType, "python")
	if err != nil {
		t.Fatal(err)
	}
	r := runRule(check.NewUnit(context.Background(), "", []byte("def f():\n    return 1\n"), check.MultiCodeIF), c)
	if r.Verdict != check.Unverified || !strings.Contains(r.Reason, "could not be loaded") || !strings.Contains(r.Reason, "sha256") {
		t.Errorf("got %s: %s", r.Verdict, r.Reason)
	}
}
