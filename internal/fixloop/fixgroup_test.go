package fixloop

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/verify"
)

// groupRepo is k Go files with one snake_case function each under a
// camelCase constraint, so the naming fixer proposes one candidate per
// file, and a test command that fails exactly when one of the culprits'
// renames is present. Every run appends a line to counter, outside the
// tree: the count does not rely on the engine's own.
func groupRepo(t *testing.T, k int, culprits []int, counter string) string {
	t.Helper()
	var checks []string
	for _, c := range culprits {
		checks = append(checks, fmt.Sprintf("grep -q doThing%d m%02d.go && exit 1", c, c))
	}
	script := `echo run >> "$COUNTER"; ` + strings.Join(append(checks, "exit 0"), "; ")
	files := map[string]string{
		".iflint.yml": "version: 1\nfix:\n  test: '" + script + "'\n  timeout: 60s\nconstraints:\n  - type: naming_convention\n    spec: go;function:camelCase\n",
	}
	for i := range k {
		files[fmt.Sprintf("m%02d.go", i)] = fmt.Sprintf("package m\n\nfunc do_thing%d() int { return %d }\n", i, i)
	}
	return writeRepo(t, files)
}

// TestGroupTestingRuns is issue 13's counted test: k candidates of which
// r break the tests are decided in at most 1 + r·⌈log2 k⌉ + r runs of
// candidate sets (exactly 1 when all pass), the unmodified tree runs at
// most once and only after a failing set, and the kept set is what
// testing one candidate at a time keeps: every candidate but the
// culprits.
func TestGroupTestingRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	type tc struct{ k, r int }
	var cases []tc
	for _, k := range []int{1, 2, 3, 4, 5, 8, 13} {
		for r := 0; r <= min(k, 3); r++ {
			cases = append(cases, tc{k, r})
		}
	}
	for _, c := range cases {
		culprits := rng.Perm(c.k)[:c.r]
		slices.Sort(culprits)
		t.Run(fmt.Sprintf("k=%d/culprits=%v", c.k, culprits), func(t *testing.T) {
			counter := filepath.Join(t.TempDir(), "runs")
			dir := groupRepo(t, c.k, culprits, counter)
			cfg, files := loadRepo(t, dir)
			res, err := Fix(context.Background(), files, FixOptions{
				Options: engine.Options{Config: cfg, Workers: 1}, Root: dir,
				// The command counts its runs in a file outside its copy,
				// which only the process group mechanism lets it write.
				Test: sandbox.Shell(cfg.Fix.Test), Runner: &sandbox.Runner{Timeout: cfg.Fix.Timeout, Env: append(testEnv(), "COUNTER="+counter),
					PassEnv: []string{"COUNTER"}, TreeDir: t.TempDir(), Mechanisms: []sandbox.Mechanism{sandbox.ProcessGroup}},
			})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(counter)
			runs := strings.Count(string(b), "run")
			tr := res.TestRuns
			if runs != tr.Total || tr.Total != tr.Set+tr.Bisect+tr.Baseline+tr.Single {
				t.Errorf("the command ran %d times; TestRuns %+v", runs, tr)
			}
			if tr.Candidates != c.k || tr.Culprits != c.r {
				t.Errorf("TestRuns counts k=%d r=%d, want k=%d r=%d", tr.Candidates, tr.Culprits, c.k, c.r)
			}
			bound := 1 + c.r*ceilLog2(c.k) + c.r
			t.Logf("k=%d r=%d: %d set + %d halving runs (bound %d), %d baseline", c.k, c.r, tr.Set, tr.Bisect, bound, tr.Baseline)
			if got := tr.Set + tr.Bisect; got > bound || got > tr.Bound() {
				t.Errorf("%d runs of candidate sets, want at most 1 + r·⌈log2 k⌉ + r = %d", got, bound)
			}
			if c.r == 0 && tr.Total != 1 {
				t.Errorf("all candidates pass but %d runs were used, want exactly 1", tr.Total)
			}
			if tr.Baseline > 1 || (c.r == 0 && tr.Baseline != 0) {
				t.Errorf("%d runs on the unmodified tree", tr.Baseline)
			}
			var kept, rejected []int
			for i, cd := range res.Candidates {
				switch {
				case cd.Accepted:
					kept = append(kept, i)
					if cd.Verification.Tests == nil || !cd.Verification.Tests.Passed || cd.Verification.TestedWith != c.k-c.r-1 {
						t.Errorf("kept %s: tests %+v, tested with %d; want the passing run of all %d kept", cd.Path, cd.Verification.Tests, cd.Verification.TestedWith, c.k-c.r)
					}
				case cd.Stage == verify.StageTests:
					rejected = append(rejected, i)
					if cd.Verification.Tests == nil || cd.Verification.Tests.Passed {
						t.Errorf("rejected %s without a failing run: %+v", cd.Path, cd.Verification.Tests)
					}
				default:
					t.Errorf("candidate %s: %+v", cd.Path, cd)
				}
			}
			var want []int
			for i := range c.k {
				if !slices.Contains(culprits, i) {
					want = append(want, i)
				}
			}
			if !slices.Equal(kept, want) || !slices.Equal(rejected, culprits) {
				t.Errorf("kept %v rejected %v, want kept %v rejected %v", kept, rejected, want, culprits)
			}
		})
	}
}
