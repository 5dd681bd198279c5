package engine_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/bench"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/lintevaltest"
	"github.com/iflint/iflint/internal/par"
)

// collisions returns the pairs of distinct findings (different position,
// constraint or message) of one run that share a fingerprint.
func collisions(ds []engine.Diagnostic) []string {
	type id struct {
		path, t, spec, msg string
		l1, c1, l2, c2     int
	}
	seen := map[string]id{}
	var bad []string
	for _, d := range ds {
		me := id{d.Path, string(d.Type), d.Spec, d.Message, d.Line, d.Col, d.EndLine, d.EndCol}
		if o, ok := seen[d.Fingerprint]; ok && o != me {
			bad = append(bad, fmt.Sprintf("%s %d:%d and %d:%d (%s: %s)", d.Path, o.l1, o.c1, me.l1, me.c1, d.Type, d.Message))
		}
		seen[d.Fingerprint] = me
	}
	return bad
}

// TestFingerprintsUnique: distinct findings never share a fingerprint on
// the fix track, the rule goldens and the LintEval generations (the
// last is skipped without the data, and fails under CI without it).
func TestFingerprintsUnique(t *testing.T) {
	ctx := context.Background()
	t.Run("fix track", func(t *testing.T) {
		tasks, err := filepath.Glob(filepath.Join("..", "..", "benchmark", "fix", "tasks", "*"))
		if err != nil || len(tasks) == 0 {
			t.Fatalf("no fix-track tasks: %v", err)
		}
		n := 0
		for _, dir := range tasks {
			cfg, err := config.Load(dir, "")
			if err != nil {
				t.Fatal(err)
			}
			res, err := engine.CheckPaths(ctx, dir, []string{dir}, engine.Options{Config: cfg})
			if err != nil {
				t.Fatal(err)
			}
			n += len(res.Diagnostics)
			for _, c := range collisions(res.Diagnostics) {
				t.Errorf("%s: %s", filepath.Base(dir), c)
			}
		}
		t.Logf("%d findings in %d tasks", n, len(tasks))
		if n < 100 {
			t.Errorf("only %d findings: the track holds far more", n)
		}
	})
	t.Run("rule goldens", func(t *testing.T) {
		cases, err := filepath.Glob(filepath.Join("..", "rules", "*", "testdata", "*", "*.txt"))
		if err != nil || len(cases) == 0 {
			t.Fatalf("no rule goldens: %v", err)
		}
		n := 0
		for _, path := range cases {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var spec string
			var file engine.File
			for _, f := range ar.Files {
				if f.Name == "spec" {
					spec = strings.TrimSpace(string(f.Data))
				} else {
					file = engine.File{Path: f.Name, Src: f.Data}
				}
			}
			c, err := constraint.ParseAnswer(constraint.Type(filepath.Base(filepath.Dir(path))), spec)
			if err != nil || file.Path == "" {
				continue // the golden test itself reports broken cases
			}
			if _, ok := lang.ByPath(file.Path); !ok && c.Lang != "" {
				file.Path = codeName(c.Lang)
			}
			for _, p := range []check.Profile{check.Lint, check.MultiCodeIF} {
				ds := checkOne(ctx, p, c, file)
				n += len(ds)
				for _, bad := range collisions(ds) {
					t.Errorf("%s (%s): %s", path, p, bad)
				}
			}
		}
		t.Logf("%d findings in %d goldens", n, len(cases))
	})
	t.Run("LintEval generations", func(t *testing.T) {
		if testing.Short() {
			t.Skip("checks every stored generation")
		}
		data := lintevaltest.Dir(t)
		ds, err := bench.LoadDataset(data)
		if err != nil {
			t.Fatal(err)
		}
		jobs, err := bench.LoadJobs(ds, filepath.Join(data, "multicodeif", "results", "single_level"), true)
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		n := 0
		par.For(len(jobs), 0, func(i int) {
			j := jobs[i]
			file := engine.File{Path: codeName(j.Task.Constraint.Lang), Src: []byte(j.Code)}
			for _, p := range []check.Profile{check.Lint, check.MultiCodeIF} {
				found := checkOne(ctx, p, j.Task.Constraint, file)
				bad := collisions(found)
				mu.Lock()
				n += len(found)
				for _, b := range bad {
					t.Errorf("%s %s #%d (%s): %s", j.Model, j.Task.File, j.Task.Index, p, b)
				}
				mu.Unlock()
			}
		})
		t.Logf("%d findings in %d generations", n, len(jobs))
		if n == 0 {
			t.Error("no findings at all: the check proves nothing")
		}
	})
}

// codeName is a file name in language id.
func codeName(id lang.ID) string {
	if in := lang.Get(id); len(in.Extensions) > 0 {
		return "code" + in.Extensions[0]
	}
	return "code.txt"
}

func checkOne(ctx context.Context, p check.Profile, c constraint.Constraint, f engine.File) []engine.Diagnostic {
	cfg := &config.Config{Profile: p, Constraints: []config.Entry{{Constraint: c, Severity: "error"}}}
	return engine.MustCheck(ctx, []engine.File{f}, engine.Options{Config: cfg, Workers: 1}).Diagnostics
}
