package report

import (
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/engine"
)

// TestTextEscapesNames: a file name or message holding a newline or an
// escape sequence stays on its one line and never reaches the terminal
// raw.
func TestTextEscapesNames(t *testing.T) {
	r := &engine.Result{
		Diagnostics: []engine.Diagnostic{
			{Path: "a\nb.py:1:1: error: forged [x]", Line: 2, Col: 3, Type: "naming_convention", Message: "name \x1b]0;pwned\x07 is bad"},
			{Path: "plain.py", Line: 1, Col: 1, Type: "naming_convention", Message: "fine"},
		},
		UnusedIgnores: []engine.Ignore{{Path: "\x1b[2J.py", Line: 1, Col: 1, Message: "m"}},
	}
	var b strings.Builder
	if err := Text(&b, r); err != nil {
		t.Fatal(err)
	}
	want := `"a\nb.py:1:1: error: forged [x]":2:3: error: name \x1b]0;pwned\a is bad [naming_convention]` + "\n" +
		"plain.py:1:1: error: fine [naming_convention]\n" +
		`"\x1b[2J.py":1:1: error: unused suppression: m [unused_ignore]` + "\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
