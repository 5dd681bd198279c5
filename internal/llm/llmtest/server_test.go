package llmtest_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/llm/llmtest"
)

func TestScriptRepeatsLastResponse(t *testing.T) {
	h := llmtest.Script(llmtest.Response{Status: 500}, llmtest.Response{Text: "ok"})
	for n, want := range map[int]string{1: "", 2: "ok", 3: "ok"} {
		if got := h(llmtest.Request{N: n}).Text; got != want {
			t.Errorf("request %d: %q, want %q", n, got, want)
		}
	}
}

func TestUnknownPathIsRejected(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("ok"))
	resp, err := srv.Client().Post(srv.RootURL()+"/v1/completions", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || srv.Count() != 0 {
		t.Errorf("status %d, count %d", resp.StatusCode, srv.Count())
	}
}
