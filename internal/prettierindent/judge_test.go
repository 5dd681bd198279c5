package prettierindent

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// TestGolden judges each testdata snippet (prettier's output with a few
// lines re-indented on purpose, as its first line says) and compares
// the reports with the snippet's .out golden: the re-indented lines and
// no other, each with prettier's indentation. A name's `.tabs.` reads
// it under useTabs, `.tw4.` under tabWidth 4.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*"))
	n := 0
	for _, p := range files {
		if ext := filepath.Ext(p); ext != ".ts" && ext != ".js" && ext != ".jsx" {
			continue
		}
		n++
		t.Run(filepath.Base(p), func(t *testing.T) {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			id := lang.TypeScript
			if ext := filepath.Ext(p); ext == ".js" || ext == ".jsx" {
				id = lang.JavaScript
			}
			o := Options{TabWidth: 2}
			if strings.Contains(p, ".tabs.") {
				o.UseTabs = true
			}
			if strings.Contains(p, ".tw4.") {
				o.TabWidth = 4
			}
			tr, err := syntax.Parse(context.Background(), id, src)
			if err != nil {
				t.Fatal(err)
			}
			defer tr.Close()
			var b strings.Builder
			for _, r := range Judge(src, syntax.NewFlatTree(tr.Root()), o) {
				what := ""
				if r.Comment {
					what = " (comment)"
				}
				fmt.Fprintf(&b, "line %d: want %q%s\n", r.Line+1, r.Want, what)
			}
			goldentest.Check(t, strings.TrimSuffix(p, filepath.Ext(p))+".out", []byte(b.String()))
		})
	}
	if n == 0 {
		t.Fatal("no testdata")
	}
}

// TestRender: prettier's generateInd, aligns included.
func TestRender(t *testing.T) {
	for _, tc := range []struct {
		i    ind
		o    Options
		want string
	}{
		{ind("").in().in(), Options{TabWidth: 2}, "    "},
		{ind("").in().align(2).in(), Options{TabWidth: 4}, "          "},
		{ind("").in().align(2).in(), Options{UseTabs: true}, "\t\t\t"},
		{ind("").in().align(2), Options{UseTabs: true}, "\t  "},
	} {
		if got := tc.i.render(tc.o); got != tc.want {
			t.Errorf("%q under %+v: got %q, want %q", tc.i, tc.o, got, tc.want)
		}
	}
}
