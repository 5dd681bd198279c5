package check

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

func dumpNode(n syntax.Node, field string, depth int, sb *strings.Builder) {
	txt := ""
	if n.ChildCount() == 0 || strings.Contains(n.Type(), "comment") {
		txt = " " + fmt.Sprintf("%q", n.Text())
	}
	f := ""
	if field != "" {
		f = field + ": "
	}
	fmt.Fprintf(sb, "%s%s%s [%d]%s\n", strings.Repeat("  ", depth), f, n.Type(), n.StartPoint().Row+1, txt)
	for i := 0; i < n.ChildCount(); i++ {
		dumpNode(n.Child(i), n.FieldNameForChild(i), depth+1, sb)
	}
}

func TestZZDump(t *testing.T) {
	p := os.Getenv("DUMP")
	if p == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(p)
	id := lang.ID(os.Getenv("DUMPLANG"))
	tr, err := syntax.Parse(context.Background(), id, src)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	dumpNode(tr.Root(), "", 0, &sb)
	fmt.Print(sb.String())
}

func TestZZDoc(t *testing.T) {
	p := os.Getenv("DOCFILE")
	if p == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(p)
	ds, _ := DocStyleFor(os.Getenv("DOCSTYLE"))
	u := NewUnit(context.Background(), p, src, Lint)
	is, skip, err := DocIssues(u, ds)
	fmt.Println("skip:", skip, "err:", err)
	for _, i := range is {
		l, c := u.Position(i.Start)
		fmt.Printf("%d:%d %s [%s %s %s]\n", l, c, i.Message, i.Problem, i.Kind, i.Name)
	}
}
