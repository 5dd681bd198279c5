package check

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

func TestZZDebugES(t *testing.T) {
	src, err := os.ReadFile(os.Getenv("F"))
	if err != nil {
		t.Skip()
	}
	tr, _ := syntax.Parse(context.Background(), lang.JavaScript, src)
	x, bad := esJudge(src, newFtree(tr.Root()), "    ")
	for i, tk := range x.toks {
		fmt.Printf("%d %q line=%d desc=%+v ign=%v desired=%q\n", i, tk.text, tk.line, x.desc[i], x.ignored[i], x.desired(i))
	}
	fmt.Println(bad)
}
