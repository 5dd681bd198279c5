package suppress

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// letters abbreviate types in the goldens' per-line coverage column.
var letters = []struct {
	t constraint.Type
	l string
}{
	{constraint.Naming, "N"}, {constraint.Indentation, "I"}, {constraint.Braces, "B"},
	{constraint.Comments, "C"}, {constraint.Library, "L"}, {constraint.Function, "F"},
}

// TestGoldens parses every testdata/<case>.<ext> and renders its
// directives, its problems and, per line, the types a finding starting
// on that line would have silenced ("*" every type; N naming, I
// indentation/spacing, B braces, C comments, L library, F function).
func TestGoldens(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "*"))
	n := 0
	for _, p := range paths {
		if strings.HasSuffix(p, ".golden") {
			continue
		}
		n++
		t.Run(filepath.Base(p), func(t *testing.T) {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			in, ok := lang.ByPath(p)
			if !ok {
				t.Fatalf("%s: unknown language", p)
			}
			s := Parse(in.ID, src, func() (*syntax.Tree, error) { return syntax.Parse(context.Background(), in.ID, src) })
			goldentest.Check(t, p+".golden", []byte(render(s, src)))
		})
	}
	if n == 0 {
		t.Fatal("no testdata cases")
	}
}

func render(s *Set, src []byte) string {
	var b strings.Builder
	b.WriteString("directives:\n")
	for _, d := range s.Directives {
		types := "*"
		if d.Names != nil {
			var ns []string
			for _, n := range d.Names {
				var ts []string
				for _, t := range n.Types {
					ts = append(ts, string(t))
				}
				ns = append(ns, n.Text+"="+strings.Join(ts, "+"))
			}
			types = strings.Join(ns, " ")
		}
		scope := fmt.Sprintf("%d:%d-%d:%d", d.From.Line, d.From.Col, d.To.Line, d.To.Col)
		if d.File {
			scope = "file"
			if d.From.Line > 0 {
				scope = fmt.Sprintf("file from %d:%d", d.From.Line, d.From.Col)
			}
		}
		fmt.Fprintf(&b, "  %d:%d %s %q [%s] %s", d.Pos.Line, d.Pos.Col, d.Tool, d.Marker, types, scope)
		if d.Reason != "" {
			fmt.Fprintf(&b, " reason %q", d.Reason)
		}
		b.WriteString("\n")
	}
	if len(s.Problems) > 0 {
		b.WriteString("problems:\n")
		for _, p := range s.Problems {
			fmt.Fprintf(&b, "  %d:%d %s\n", p.Pos.Line, p.Pos.Col, p.Msg)
		}
	}
	b.WriteString("lines:\n")
	for i, line := range strings.Split(strings.TrimSuffix(string(src), "\n"), "\n") {
		p := Pos{Line: i + 1, Col: len(line) - len(strings.TrimLeft(line, " \t")) + 1}
		fmt.Fprintf(&b, "%4d %-6s| %s\n", i+1, covered(s, p), line)
	}
	return b.String()
}

// covered lists what a finding at p would be silenced for, without
// counting it as a use.
func covered(s *Set, p Pos) string {
	all := false
	var got []string
	for _, l := range letters {
		for _, d := range s.Directives {
			if d.contains(p) && d.Covers(l.t) {
				if d.Names == nil {
					all = true
				}
				got = append(got, l.l)
				break
			}
		}
	}
	if all {
		return "*"
	}
	return strings.Join(got, "")
}

func TestMatchCountsUsesAndUnused(t *testing.T) {
	src := []byte("def Foo():  # iflint:ignore[naming_convention,brace_block_formatting] legacy\n    pass\n\n# iflint:ignore[comment_formatting] stale\nx = 1\ny = 2  # noqa: N806\nz = 3  # noqa: E501\n")
	s := Parse(lang.Python, src, func() (*syntax.Tree, error) { return syntax.Parse(context.Background(), lang.Python, src) })
	if len(s.Directives) != 3 {
		t.Fatalf("directives: %d, want 3 (E501 maps to nothing)", len(s.Directives))
	}
	d := s.Match(constraint.Naming, Pos{1, 5}, false)
	if d == nil || d.Reason != "legacy" {
		t.Fatalf("naming at 1:5: %+v", d)
	}
	if s.Match(constraint.Naming, Pos{2, 5}, false) != nil {
		t.Error("a trailing marker must not cover the next line")
	}
	if s.Match(constraint.Naming, Pos{1, 1}, true) != nil {
		t.Error("a line marker must not silence a file-level finding")
	}
	decided := map[constraint.Type]bool{constraint.Naming: true, constraint.Comments: true}
	var got []string
	for _, u := range s.Unused(decided, nil) {
		got = append(got, fmt.Sprintf("%d:%s", u.Directive.Pos.Line, strings.Join(u.Names, ",")))
	}
	want := "1:brace_block_formatting 4:comment_formatting 6:N806"
	if strings.Join(got, " ") != want {
		t.Errorf("unused = %q, want %q", strings.Join(got, " "), want)
	}
	if u := s.Unused(decided, map[constraint.Type]bool{constraint.Comments: true}); len(u) != 2 {
		t.Errorf("an unverified type's markers are not reported: got %d unused, want 2", len(u))
	}
}

func TestMarkerInStringIsNotADirective(t *testing.T) {
	for _, tc := range []struct {
		id  lang.ID
		src string
	}{
		{lang.Python, "s = '# noqa # iflint:ignore'\n"},
		{lang.Go, "package p\n\nvar s = `//nolint`\n"},
		{lang.JavaScript, "const s = '// eslint-disable-line';\n"},
		{lang.Java, "class A { String s = \"@SuppressWarnings(\\\"all\\\") CHECKSTYLE:OFF\"; }\n"},
		{lang.Rust, "const S: &str = \"#[allow(non_snake_case)]\";\n"},
		{lang.CPP, "const char *s = \"// NOLINT\";\n"},
	} {
		src := []byte(tc.src)
		s := Parse(tc.id, src, func() (*syntax.Tree, error) { return syntax.Parse(context.Background(), tc.id, src) })
		if len(s.Directives) != 0 {
			t.Errorf("%s %q: %d directives, want 0", tc.id, tc.src, len(s.Directives))
		}
	}
}

func TestCommentQueriesCompile(t *testing.T) {
	for id, q := range commentQueries {
		if _, err := syntax.CompileQuery(id, q); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
}

// TestReadmeMarkerTables keeps README's marker tables equal to the
// mapping the code applies.
func TestReadmeMarkerTables(t *testing.T) {
	readme, err := os.ReadFile("../../docs/suppressions.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), Markdown()) {
		t.Errorf("docs/suppressions.md's tables are stale; replace them with suppress.Markdown():\n%s", Markdown())
	}
}
