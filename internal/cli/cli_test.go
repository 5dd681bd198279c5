package cli

import (
	"bytes"
	"context"
	"fmt"
	"github.com/iflint/iflint/internal/goldentest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"
)

// TestScripts runs testdata/<case>.txt: a txtar archive whose "args" file
// holds the command line (one argument per line) and whose other files
// form the working directory. The exit code, standard output and standard
// error are compared with <case>.out.
func TestScripts(t *testing.T) {
	cases, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if len(cases) == 0 {
		t.Fatal("no testdata cases")
	}
	for _, path := range cases {
		path := path
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			var args []string
			for _, f := range ar.Files {
				if f.Name == "args" {
					for _, a := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
						args = append(args, strings.ReplaceAll(a, "$WORK", dir))
					}
					continue
				}
				p := filepath.Join(dir, f.Name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var stdout, stderr bytes.Buffer
			cmd := &Command{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Dir: dir,
				Getenv: func(string) string { return "" },
				// A stopped clock keeps timing lines out of the goldens' way.
				Now: func() time.Time { return time.Unix(0, 0) }}
			code := cmd.Main(context.Background(), args)
			got := fmt.Sprintf("exit %d\n--- stdout\n%s--- stderr\n%s", code,
				strings.ReplaceAll(stdout.String(), dir, "$WORK"), strings.ReplaceAll(stderr.String(), dir, "$WORK"))
			out := strings.TrimSuffix(path, ".txt") + ".out"
			goldentest.Check(t, out, []byte(got))
		})
	}
}
