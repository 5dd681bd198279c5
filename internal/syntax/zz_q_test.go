package syntax

import (
	"context"
	"os"
	"testing"

	"github.com/iflint/iflint/internal/lang"
)

func BenchmarkZZQuery(b *testing.B) {
	src, _ := os.ReadFile("/tmp/zzsample.cpp")
	t, _ := Parse(context.Background(), lang.CPP, src)
	root := t.Root()
	for _, q := range []struct{ name, q string }{
		{"one", `(type_identifier) @n`},
		{"ds", `[(comment) (string_literal) (raw_string_literal) (char_literal) (system_lib_string) (type_identifier) (call_expression)] @n`},
		{"naming", `(class_specifier name: (type_identifier) @class.name)
(struct_specifier name: (type_identifier) @class.name)
(function_definition declarator: (function_declarator declarator: [
  (identifier) @function.name
  (field_identifier) @function.name
  (qualified_identifier name: (identifier) @function.name)]))`},
		{"rare", `(goto_statement) @n`},
	} {
		cq := MustQuery(lang.CPP, q.q)
		b.Run(q.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				cq.Captures(root)
			}
		})
	}
	b.Run("parse", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			Parse(context.Background(), lang.CPP, src)
		}
	})
	b.Run("walk", func(b *testing.B) {
		n := 0
		for i := 0; i < b.N; i++ {
			root.Walk(func(Node) bool { n++; return true })
		}
		b.ReportMetric(float64(n)/float64(b.N), "nodes")
	})
}
