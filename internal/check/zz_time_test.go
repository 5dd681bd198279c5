package check

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/constraint"
)

func TestZZTime(t *testing.T) {
	src := strings.Repeat("{(", 3000) + strings.Repeat(")}", 3000)
	for _, l := range []string{"javascript"} {
		for _, sp := range []string{"%s;spaces:4;spacing"} {
			c, _ := constraint.ParseAnswer(constraint.Indentation, strings.Replace(sp, "%s", l, 1))
			u := NewUnit(context.Background(), "x", []byte(src), Lint)
			u.Tree(c.Lang)
			t0 := time.Now()
			Run(u, c)
			fmt.Println(l, time.Since(t0))
		}
	}
}
