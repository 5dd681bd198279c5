package syntax

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/lang"
)

// zigLoop is an input on which the Zig grammar's error recovery never
// finishes (found by FuzzRules).
const zigLoop = "0<0>AA%{let x%"

// TestParseStopsAtBudget: a parse that does not finish is stopped by
// tree-sitter's own timeout and reported as ErrParseBudget, and the
// grammar's parser pool still parses afterwards.
func TestParseStopsAtBudget(t *testing.T) {
	defer func(b time.Duration) { budgetBase = b }(budgetBase)
	budgetBase = 100 * time.Millisecond
	_, err := Parse(context.Background(), lang.Zig, []byte(zigLoop))
	if !errors.Is(err, ErrParseBudget) {
		t.Fatalf("Parse(%q) = %v, want ErrParseBudget", zigLoop, err)
	}
	tr, err := Parse(context.Background(), lang.Zig, []byte("const x = 1;\n"))
	if err != nil {
		t.Fatal(err)
	}
	if tr.HasError() || tr.Root().Type() != "source_file" {
		t.Errorf("after a stopped parse: root %s, errors %v", tr.Root().Type(), tr.HasError())
	}
}

// TestParseStopsWhenCancelled: a caller's deadline stops the same loop.
func TestParseStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := Parse(ctx, lang.Zig, []byte(zigLoop)); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Parse(%q) under a deadline = %v, want context.DeadlineExceeded", zigLoop, err)
	}
}

func TestBudgetGrowsWithInput(t *testing.T) {
	if Budget(0) != budgetBase || Budget(5<<20) <= Budget(0) {
		t.Errorf("Budget(0) = %v, Budget(5 MB) = %v", Budget(0), Budget(5<<20))
	}
}
