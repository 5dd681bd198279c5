package layout

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// Keyword arguments and defaults are never spacing findings in Python
// (pycodestyle E251 wants them unspaced); an annotated default is spaced
// (E252). The fix track's keyword-argument task holds both.
func TestKeywordArgumentsAreNotSpacingFindings(t *testing.T) {
	task, err := os.ReadFile(filepath.Join("..", "..", "..", "benchmark", "fix", "tasks", "py-keyword-args", "report.py"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := constraint.ParseAnswer(constraint.Indentation, "python;spaces:4;spacing")
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{
		"task":     string(task),
		"calls":    "f(a=1, b=g(c=2))\nx = dict(k=v, **rest)\n",
		"defaults": "def f(a, b=1, *args, c=None, **kw):\n    return lambda x=1: x\n",
		"typed":    "def f(a: int = 1, *, b: str = 'x') -> None:\n    pass\n",
		"class":    "class A(Base, metaclass=Meta):\n    pass\n",
	} {
		is, err := lintIssues(check.NewUnit(context.Background(), "x.py", []byte(src), check.Lint), c)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range is {
			if i.Kind == spacingIssue {
				t.Errorf("%s: spacing finding %q at %d", name, i.Message, i.Start)
			}
		}
	}
	is, err := lintIssues(check.NewUnit(context.Background(), "x.py", []byte("f(a = 1)\ndef g(b: int=2):\n    pass\n"), check.Lint), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(is) != 2 {
		t.Errorf("spaced keyword and unspaced annotated default: %d findings, want one E251 and one E252: %+v", len(is), is)
	}
}
