package judge

import (
	"context"
	"errors"
	"sync"

	"github.com/iflint/iflint/internal/llm"
)

// fake is a scripted Completer: it answers with script[i] on call i (the
// last entry repeats), or with fn when set, and counts calls.
type fake struct {
	mu     sync.Mutex
	script []step
	fn     func(llm.Request) step
	reqs   []llm.Request
}

type step struct {
	text string
	err  error
}

func say(texts ...string) *fake {
	f := &fake{}
	for _, t := range texts {
		f.script = append(f.script, step{text: t})
	}
	return f
}

func (f *fake) Complete(_ context.Context, req llm.Request) (llm.Reply, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reqs = append(f.reqs, req)
	var s step
	switch {
	case f.fn != nil:
		s = f.fn(req)
	case len(f.script) == 0:
		s = step{err: errors.New("fake: no scripted reply")}
	default:
		s = f.script[min(len(f.reqs), len(f.script))-1]
	}
	if s.err != nil {
		return llm.Reply{}, s.err
	}
	return llm.Reply{Text: s.text, Model: req.Model, Usage: llm.Usage{PromptTokens: 10, CompletionTokens: 2, TotalTokens: 12}}, nil
}

func (f *fake) calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.reqs)
}
