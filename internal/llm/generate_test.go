package llm

import (
	"context"
	"errors"
	"strings"
	"testing"
)

type scripted struct {
	replies []string
	got     []Request
}

func (s *scripted) Complete(_ context.Context, r Request) (Reply, error) {
	s.got = append(s.got, r)
	if len(s.replies) == 0 {
		return Reply{}, errors.New("no reply scripted")
	}
	t := s.replies[0]
	s.replies = s.replies[1:]
	return Reply{Text: t}, nil
}

func TestGenerateExtractsCode(t *testing.T) {
	c := &scripted{replies: []string{"Sure! Here it is:\n```python\ndef f():\n    return 1\n```\nHope this helps."}}
	code, _, err := Generate(context.Background(), c, "m", "Write f that returns 1.", "python")
	if err != nil {
		t.Fatal(err)
	}
	if code != "def f():\n    return 1" {
		t.Errorf("code = %q", code)
	}
	p := c.got[0].Messages[0].Content
	if !strings.Contains(p, "Write f that returns 1.") || !strings.Contains(p, "in python") {
		t.Errorf("prompt lacks the task or language:\n%s", p)
	}
}

func TestRefactorPromptCarriesFeedback(t *testing.T) {
	c := &scripted{replies: []string{"```go\npackage x\n```"}}
	in := RefactorInput{
		Path: "x.go", Language: "go", Source: "package x\n", Round: 2,
		Violated:  []Violation{{Constraint: "go;tabs", Doc: "indent with tabs", Findings: []string{"line 3: indented with spaces"}}},
		Satisfied: []string{"go;K&R"},
		Rejected:  "tests: exit 1\n--- FAIL: TestSum",
	}
	code, _, err := Refactor(context.Background(), c, "m", in)
	if err != nil || code != "package x" {
		t.Fatalf("code %q, err %v", code, err)
	}
	p := c.got[0].Messages[0].Content
	for _, want := range []string{"go;tabs: indent with tabs", "line 3: indented with spaces", "- go;K&R", "attempt 2", "rejected by verification:\ntests: exit 1\n--- FAIL: TestSum", "```go\npackage x\n"} {
		if !strings.Contains(p, want) {
			t.Errorf("prompt lacks %q:\n%s", want, p)
		}
	}
	if _, _, err := Refactor(context.Background(), c, "m", RefactorInput{Path: "x.go"}); err == nil {
		t.Error("refactor without violations succeeded")
	}
}
