package fix

import (
	"context"

	"github.com/iflint/iflint/internal/llm"
)

// Refactorer rewrites a whole file against violated constraints. The
// reply is a candidate like any other: nothing it says is trusted until
// verification has re-checked and tested it.
type Refactorer interface {
	Refactor(ctx context.Context, in llm.RefactorInput) (string, error)
}

// LLM is the Refactorer backed by a chat model.
type LLM struct {
	C     llm.Completer
	Model string
}

// Refactor implements Refactorer.
func (l LLM) Refactor(ctx context.Context, in llm.RefactorInput) (string, error) {
	code, _, err := llm.Refactor(ctx, l.C, l.Model, in)
	return code, err
}
