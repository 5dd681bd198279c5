package llm_test

import (
	"github.com/iflint/iflint/internal/goldentest"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/llm"
)

// TestExtractCode runs every testdata/extract/NAME.txtar: the archive
// comment holds "lang: X", the "reply" file the model reply, and NAME.out
// the expected code (rewritten with -update; review the diff).
func TestExtractCode(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "extract", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no extract cases: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			lang, reply, found := "", "", false
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				if v, ok := strings.CutPrefix(line, "lang:"); ok {
					lang = strings.TrimSpace(v)
				}
			}
			for _, f := range ar.Files {
				if f.Name == "reply" {
					reply, found = string(f.Data), true
				}
			}
			if !found {
				t.Fatal("no reply file in archive")
			}
			got := llm.ExtractCode(reply, lang)
			golden := strings.TrimSuffix(file, ".txtar") + ".out"
			goldentest.Check(t, golden, []byte(got))
		})
	}
}

// TestExtractCodeNeverPanics feeds degenerate inputs.
func TestExtractCodeNeverPanics(t *testing.T) {
	for _, in := range []string{"", "```", "~~~", "``", "```\n", "````\n```", "\n\n", "```go", "``````", "~~~~~~ x"} {
		_ = llm.ExtractCode(in, "go")
		_ = llm.ExtractCode(in, "")
	}
}
