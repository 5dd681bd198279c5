package prettierindent

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/lintevaltest"
	"github.com/iflint/iflint/internal/syntax"
)

// TestPruneMatchesFullWalk holds the walk that skips one-line nodes
// after a line's lead (decidesNothing) to the reports of the walk that
// visits every node: on the testdata, on LintEval's JavaScript and
// TypeScript answers, each also cut in half (a tree with errors) and
// with its lines re-indented (so that there are reports to compare),
// under spaces and tabs. IFLINT_PRETTIER_TREES (directories, separated
// by the list separator) adds a real tree's .js/.ts files.
func TestPruneMatchesFullWalk(t *testing.T) {
	type input struct {
		name string
		id   lang.ID
		src  string
	}
	var in []input
	files, _ := filepath.Glob(filepath.Join("testdata", "*.[jt]s*"))
	for _, dir := range filepath.SplitList(os.Getenv("IFLINT_PRETTIER_TREES")) {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.IsDir() && d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			files = append(files, p)
			return nil
		})
	}
	for _, p := range files {
		var id lang.ID
		switch filepath.Ext(p) {
		case ".ts", ".tsx", ".mts", ".cts":
			id = lang.TypeScript
		case ".js", ".jsx", ".mjs", ".cjs":
			id = lang.JavaScript
		default:
			continue
		}
		if b, err := os.ReadFile(p); err == nil {
			in = append(in, input{p, id, string(b)})
		}
	}
	for fence, codes := range lintevaltest.Fenced(t) {
		id := lang.JavaScript
		switch fence {
		case "typescript", "ts", "tsx":
			id = lang.TypeScript
		case "javascript", "js", "jsx":
		default:
			continue
		}
		for i, c := range codes {
			in = append(in, input{fence + "#" + string(rune('0'+i%10)), id, c})
		}
	}
	if len(in) < 100 {
		t.Fatalf("only %d inputs", len(in))
	}
	reports := 0
	for _, c := range in {
		variants := []string{c.src, c.src[:len(c.src)/2], reindent(c.src)}
		for _, src := range variants {
			b := []byte(src)
			tr, err := syntax.Parse(context.Background(), c.id, b)
			if err != nil {
				t.Fatal(err)
			}
			ft := syntax.NewFlatTree(tr.Root())
			for _, o := range []Options{{TabWidth: 2}, {TabWidth: 4, UseTabs: true}} {
				got, want := judge(b, ft, o, false), judge(b, ft, o, true)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s (%d bytes) under %+v: pruned walk reports %v, full walk %v", c.name, len(b), o, got, want)
				}
				reports += len(want)
			}
			tr.Close()
		}
	}
	if reports == 0 {
		t.Fatal("no reports compared")
	}
	t.Logf("%d inputs, %d reports compared", len(in), reports)
}

// reindent moves every third line one blank in and every fifth one to
// column 0.
func reindent(src string) string {
	lines := strings.Split(src, "\n")
	for i := range lines {
		switch {
		case i%3 == 1:
			lines[i] = " " + lines[i]
		case i%5 == 2:
			lines[i] = strings.TrimLeft(lines[i], " \t")
		}
	}
	return strings.Join(lines, "\n")
}
