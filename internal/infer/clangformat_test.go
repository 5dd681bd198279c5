package infer

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lang"
)

// cTree writes 30 C files with 4-space indentation and Allman braces,
// and clangFormat as src/.clang-format when it is set.
func cTree(t *testing.T, clangFormat string) string {
	dir := t.TempDir()
	write := treeWriter(t, dir)
	for i := 0; i < 30; i++ {
		write(fmt.Sprintf("src/part%d.c", i), fmt.Sprintf("int size_of_%d(int count)\n{\n    if (count > 0)\n    {\n        return count;\n    }\n    return 0;\n}\n", i))
	}
	if clangFormat != "" {
		write("src/.clang-format", clangFormat)
	}
	return dir
}

func bracesOf(t *testing.T, r *Report, id lang.ID) *Decision {
	for _, l := range r.Languages {
		if l.ID == id {
			return l.Braces
		}
	}
	t.Fatalf("no %s in the report", id)
	return nil
}

// TestClangFormatGovernsCLayout: init writes a C layout constraint the
// measurement chose only when the governing .clang-format sets that
// very layout, and otherwise says which option it contradicts.
func TestClangFormatGovernsCLayout(t *testing.T) {
	o := Options{Min: DefaultMin, MinUnits: DefaultMinUnits}
	for _, tc := range []struct {
		name, clangFormat   string
		indent, braces, why string
	}{
		{"no .clang-format", "", "c;spaces:4", "c;Allman", ""},
		{"agrees", "BasedOnStyle: LLVM\nIndentWidth: 4\nBreakBeforeBraces: Allman\n", "c;spaces:4", "c;Allman", ""},
		{"LLVM's defaults", "BasedOnStyle: LLVM\n", "", "", "lays the code out as spaces:2, not the spaces:4 measured"},
		{"Linux braces", "BasedOnStyle: LLVM\nIndentWidth: 4\nBreakBeforeBraces: Linux\n", "c;spaces:4", "", "BreakBeforeBraces Linux places some braces"},
		{"unreadable", "BasedOnStyle: [\n", "", "", "clang-format's configuration could not be read (src/.clang-format: document 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Infer(context.Background(), cTree(t, tc.clangFormat), o)
			if err != nil {
				t.Fatal(err)
			}
			in, br := indentOf(t, r, lang.C), bracesOf(t, r, lang.C)
			if in.Spec(lang.C) != tc.indent || br.Spec(lang.C) != tc.braces {
				t.Errorf("specs %q, %q; want %q, %q (left out: %q, %q)", in.Spec(lang.C), br.Spec(lang.C), tc.indent, tc.braces, in.LeftOut, br.LeftOut)
			}
			if tc.why != "" && !strings.Contains(in.LeftOut+br.LeftOut, tc.why) {
				t.Errorf("left out %q / %q; want it to say %q", in.LeftOut, br.LeftOut, tc.why)
			}
			out := string(r.Render(RenderOptions{}))
			if tc.name == "agrees" && !(strings.Contains(out, "; it is the style of") && strings.Contains(out, "#   src/.clang-format")) {
				t.Errorf("the configuration does not name the .clang-format it agrees with:\n%s", out)
			}
		})
	}
}
