package layoutview

import (
	"context"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

func TestLayoutQueriesCompile(t *testing.T) {
	for id, q := range queries {
		if _, err := syntax.CompileQuery(id, q); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
}

// A comment line joins the next line in C/C++/Rust only.
func TestLayoutCommentNewline(t *testing.T) {
	src := "int a;\n// c\nint b;\n"
	for _, tc := range []struct {
		id   lang.ID
		want string
	}{
		{lang.C, "int a;\nint b;\n"},
		{lang.CPP, "int a;\nint b;\n"},
		{lang.Rust, "int a;\nint b;\n"},
		{lang.Java, "int a;\n\nint b;\n"},
		{lang.Go, "int a;\n\nint b;\n"},
		{lang.JavaScript, "int a;\n\nint b;\n"},
		{lang.Kotlin, "int a;\n\nint b;\n"},
	} {
		u := check.NewUnit(context.Background(), "x", []byte(src), check.MultiCodeIF)
		sp, err := SpansFor(u, tc.id)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(PaperView(u, tc.id, sp, true).Text); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.id, got, tc.want)
		}
	}
}
