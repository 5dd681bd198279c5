package check

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/constraint"
)

func TestZZProfFile(t *testing.T) {
	src, err := os.ReadFile(os.Getenv("F"))
	if err != nil {
		t.Skip()
	}
	c, _ := constraint.ParseAnswer(constraint.Indentation, os.Getenv("SPEC"))
	u := NewUnit(context.Background(), "x", src, Lint)
	t0 := time.Now()
	u.Tree(c.Lang)
	fmt.Println("parse", time.Since(t0))
	t0 = time.Now()
	r := Run(u, c)
	fmt.Println("rule", time.Since(t0), len(r.Findings))
}
