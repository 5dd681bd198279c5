package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/infer"
)

// genTree writes a repository of Python, Go and Java files whose
// conventions mostly hold: about one name in thirty to sixty, one brace
// in fifty and one doc comment in two break them (seeded: the same tree
// every run), so init has conventions to choose, some to leave out, and
// findings for check to report.
func genTree(t *testing.T, dir string, seed int64) {
	t.Helper()
	rnd := rand.New(rand.NewSource(seed))
	odd := func(oneIn int) bool { return rnd.Intn(oneIn) == 0 }
	write := func(p, s string) {
		p = filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 60; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "\"\"\"Module %d.\"\"\"\n\nimport os\n\nMAX_ITEMS_%d = 10\n\n\n", i, i)
		fmt.Fprintf(&b, "class Widget%d:\n", i)
		if odd(2) {
			b.WriteString("    \"\"\"A widget.\"\"\"\n\n")
		}
		b.WriteString("    def __init__(self, size):\n        self.size = size\n\n")
		method := fmt.Sprintf("grow_by_%d", i)
		if odd(60) {
			method = fmt.Sprintf("growBy%d", i)
		}
		fmt.Fprintf(&b, "    def %s(self, amount):\n        total_size = self.size + amount\n        return total_size\n\n\n", method)
		fn := fmt.Sprintf("compute_sum_%d", i)
		if odd(60) {
			fn = fmt.Sprintf("computeSum%d", i)
		}
		fmt.Fprintf(&b, "def %s(values):\n", fn)
		if odd(2) {
			b.WriteString("    \"\"\"Sum the values.\"\"\"\n")
		}
		b.WriteString("    result = 0\n    for item_value in values:\n        result += item_value\n    return os.path.join(str(result), \"x\")\n")
		write(fmt.Sprintf("py/mod%d.py", i), b.String())
	}
	for i := 0; i < 30; i++ {
		var b strings.Builder
		b.WriteString("package gen\n\n")
		fmt.Fprintf(&b, "// Count%d counts the values.\nfunc Count%d(values []int) int {\n\ttotal := 0\n\tfor _, v := range values {\n\t\ttotal += v\n\t}\n\treturn total\n}\n\n", i, i)
		helper := fmt.Sprintf("helperFor%d", i)
		if odd(30) {
			helper = fmt.Sprintf("helper_for_%d", i)
		}
		fmt.Fprintf(&b, "func %s(n int) int {\n\tif n > 0 {\n\t\treturn n\n\t} else {\n\t\treturn -n\n\t}\n}\n", helper)
		if odd(3) {
			fmt.Fprintf(&b, "\nfunc Exported%d() {}\n", i) // no doc comment
		}
		write(fmt.Sprintf("go/gen%d.go", i), b.String())
	}
	for i := 0; i < 30; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "package gen;\n\n/** Counter %d. */\npublic class Counter%d {\n    public static final int MAX_SIZE = 10;\n    private int count;\n\n", i, i)
		open := " {\n"
		if odd(50) {
			open = "\n    {\n" // an Allman brace among K&R ones
		}
		fmt.Fprintf(&b, "    /** Returns the count. */\n    public int getCount()%s        if (count > 0) {\n            return count;\n        } else {\n            return 0;\n        }\n    }\n}\n", open)
		write(fmt.Sprintf("java/Counter%d.java", i), b.String())
	}
}

// run is one iflint invocation in dir.
func run(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	cmd := &Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Dir: dir, Getenv: func(string) string { return "" }}
	code = cmd.Main(context.Background(), args)
	return code, out.String(), errb.String()
}

// checkJSON is the part of check's JSON report the tests read.
type checkJSON struct {
	Diagnostics []engine.Diagnostic `json:"diagnostics"`
	Outcomes    []engine.Outcome    `json:"outcomes"`
}

// TestInitThenCheck: the configuration init writes loads, and check with
// it reports findings on at most (1 - min) of the units judged; what
// init counted for each constraint is exactly what check then reports
// and (for the rules that count) judges.
func TestInitThenCheck(t *testing.T) {
	dir := t.TempDir()
	genTree(t, dir, 1)
	for _, min := range []string{"0.95", "0.8"} {
		t.Run("min "+min, func(t *testing.T) {
			code, _, stderr := run(t, dir, "init", "-force", "-min", min)
			if code != ExitClean {
				t.Fatalf("init -min %s: exit %d: %s", min, code, stderr)
			}
			text, err := os.ReadFile(filepath.Join(dir, config.FileName))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := config.Parse(config.FileName, text); err != nil {
				t.Fatalf("the written configuration does not load: %v\n%s", err, text)
			}
			code, stdout, stderr := run(t, dir, "check", "-format", "json")
			if code != ExitClean && code != ExitFindings {
				t.Fatalf("check: exit %d: %s", code, stderr)
			}
			var rep checkJSON
			if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
				t.Fatal(err)
			}
			var m float64
			fmt.Sscan(min, &m)
			ir, err := infer.Infer(context.Background(), dir, infer.Options{Min: m, MinUnits: infer.DefaultMinUnits})
			if err != nil {
				t.Fatal(err)
			}
			chosen := ir.Chosen()
			for _, want := range []string{
				"spec: python;class:PascalCase,function:snake_case,variable:snake_case",
				"spec: go;tabs", "spec: go;1TBS", "spec: java;spaces:4", "spec: java;1TBS",
				"# comment_formatting: left out: of 300 declarations, Python docstring",
			} {
				if !strings.Contains(string(text), want) {
					t.Errorf("the configuration lacks %q:\n%s", want, text)
				}
			}
			units := 0
			for _, c := range chosen {
				units += c.Units
				findings, lines, checked := 0, map[string]bool{}, 0
				for _, d := range rep.Diagnostics {
					if d.Spec == c.Spec {
						findings++
						lines[fmt.Sprint(d.Path, ":", d.Line)] = true
					}
				}
				for _, o := range rep.Outcomes {
					if o.Spec == c.Spec {
						checked += o.Checked
					}
				}
				if c.Type == constraint.Indentation {
					findings = len(lines) // init counts the lines reported
				} else if checked != c.Units {
					t.Errorf("%s: check judged %d units, init counted %d", c.Spec, checked, c.Units)
				}
				if findings != c.Bad {
					t.Errorf("%s: check reports %d findings, init counted %d", c.Spec, findings, c.Bad)
				}
				if c.Share() < m {
					t.Errorf("%s chosen with a share of %.3f, below -min %s", c.Spec, c.Share(), min)
				}
			}
			if n := len(rep.Diagnostics); float64(n) > (1-m)*float64(units) {
				t.Errorf("check reports %d findings on %d units judged: more than %.0f%%", n, units, 100*(1-m))
			}
			if len(rep.Diagnostics) == 0 {
				t.Errorf("no findings at all: the generated tree breaks some conventions on purpose")
			}
		})
	}
}

// TestInitBaselineThenCheckIsClean: with -baseline, check is clean right
// after init, and one new violation is reported.
func TestInitBaselineThenCheckIsClean(t *testing.T) {
	dir := t.TempDir()
	genTree(t, dir, 2)
	if code, _, stderr := run(t, dir, "init", "-baseline", "iflint-baseline.json"); code != ExitClean {
		t.Fatalf("init: exit %d: %s", code, stderr)
	}
	code, stdout, stderr := run(t, dir, "check")
	if code != ExitClean || stdout != "" {
		t.Fatalf("check right after init -baseline: exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "in the baseline") {
		t.Errorf("check's summary does not count the baselined findings: %s", stderr)
	}
	bad := "def badName(x):\n    return x\n"
	if err := os.WriteFile(filepath.Join(dir, "py", "new.py"), []byte("\"\"\"New.\"\"\"\n\n\n"+bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ = run(t, dir, "check")
	if code != ExitFindings || strings.Count(stdout, "\n") != 1 || !strings.Contains(stdout, "badName") {
		t.Errorf("one new violation after init -baseline: exit %d, want exactly its finding:\n%s", code, stdout)
	}
}

// TestInitDeterministic: the same tree gives the same bytes, whatever
// the order files are read in parallel.
func TestInitDeterministic(t *testing.T) {
	dir := t.TempDir()
	genTree(t, dir, 3)
	var first []byte
	for i := 0; i < 3; i++ {
		if code, _, stderr := run(t, dir, "init", "-force"); code != ExitClean {
			t.Fatalf("init: exit %d: %s", code, stderr)
		}
		b, err := os.ReadFile(filepath.Join(dir, config.FileName))
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = b
		} else if !bytes.Equal(first, b) {
			t.Fatalf("run %d wrote a different configuration:\n%s\nfirst:\n%s", i+1, b, first)
		}
	}
}

// TestInitWritesNothingOnRefusal: a run that stops (a file in the way,
// nothing to write) leaves the directory as it was.
func TestInitWritesNothingOnRefusal(t *testing.T) {
	for name, tc := range map[string]struct {
		args []string
		keep string
	}{
		"baseline in the way":   {[]string{"init", "-baseline", "b.json"}, "b.json"},
		"too few units":         {[]string{"init", "-min-units", "100000"}, ""},
		"no baseline directory": {[]string{"init", "-baseline", "ci/b.json"}, ""},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			genTree(t, dir, 4)
			if tc.keep != "" {
				if err := os.WriteFile(filepath.Join(dir, tc.keep), []byte("mine\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if code, _, _ := run(t, dir, tc.args...); code != ExitUsage {
				t.Fatalf("exit %d, want %d", code, ExitUsage)
			}
			ents, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range ents {
				names = append(names, e.Name())
			}
			want := "go java py"
			if tc.keep != "" {
				want = tc.keep + " " + want
			}
			if got := strings.Join(names, " "); got != want {
				t.Errorf("directory holds %s, want %s", got, want)
			}
		})
	}
}
