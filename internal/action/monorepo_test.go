package action

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// monorepoFixture is the monorepo `iflint check` is tested on (see
// internal/cli/monorepo_test.go): a root configuration and three
// subprojects with their own, one of them with a baseline.
const monorepoFixture = "../cli/testdata/monorepo"

// readMonorepo splits the fixture into the files a base commit holds
// (configurations, baselines, manifests) and the sources a pull request
// adds, touching every subproject.
func readMonorepo(t *testing.T) (base, head map[string]string) {
	t.Helper()
	base, head = map[string]string{}, map[string]string{}
	err := filepath.WalkDir(monorepoFixture, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(monorepoFixture, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		switch {
		case len(b) == 0:
			// An empty __init__.py (the fixture helpers delete files
			// given as ""); Python 3 imports the package without it.
		case slices.Contains([]string{".py", ".go", ".js", ".rs"}, filepath.Ext(p)):
			head[filepath.ToSlash(rel)] = string(b)
		default:
			base[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return base, head
}

// finding is one reported finding, as check prints it.
type finding struct {
	Path      string
	Line, Col int
	Message   string
}

var checkLine = regexp.MustCompile(`^(.+):(\d+):(\d+): (?:error|warning): (.*) \[[a-z_]+\]$`)

// checkGolden reads the findings `iflint check .` reports at the
// fixture's root (internal/cli's golden of that run).
func checkGolden(t *testing.T) []finding {
	t.Helper()
	b, err := os.ReadFile("../cli/testdata/monorepo_check.out")
	if err != nil {
		t.Fatal(err)
	}
	var out []finding
	for _, l := range strings.Split(string(b), "\n") {
		if m := checkLine.FindStringSubmatch(l); m != nil {
			line, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			out = append(out, finding{m[1], line, col, m[4]})
		}
	}
	if len(out) == 0 {
		t.Fatal("no findings in the check golden")
	}
	return out
}

// sarifFindings reads the findings of a SARIF file.
func sarifFindings(t *testing.T, path string) []finding {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Runs []struct {
			Results []struct {
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
				Suppressions []any
			}
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var out []finding
	for _, r := range doc.Runs[0].Results {
		if len(r.Suppressions) > 0 {
			continue
		}
		loc := r.Locations[0].PhysicalLocation
		msg := r.Message.Text[:strings.LastIndex(r.Message.Text, " (")] // without " (spec)"
		out = append(out, finding{loc.ArtifactLocation.URI, loc.Region.StartLine, loc.Region.StartColumn, msg})
	}
	slices.SortFunc(out, func(a, b finding) int {
		return strings.Compare(a.Path+"\x00"+strconv.Itoa(100000+a.Line), b.Path+"\x00"+strconv.Itoa(100000+b.Line))
	})
	return out
}

// TestActionMonorepo is a pull request adding code to every subproject
// of the monorepo: the Action reports exactly what `iflint check .`
// reports at the root (each file by its nearest configuration, the
// Python package's baseline applied), and proves each subproject's fixes
// with its own test command, run in its own directory.
func TestActionMonorepo(t *testing.T) {
	requirePython(t)
	base, head := readMonorepo(t)
	f := newFixture(t, base, head)
	code, err := f.run(Overrides{})
	if err != nil || code != ExitFindings {
		t.Fatalf("action: exit %d, %v\nstderr:\n%s", code, err, f.stderr.String())
	}
	got := sarifFindings(t, f.outputs()["sarif-file"])
	want := checkGolden(t)
	if !slices.Equal(got, want) {
		t.Errorf("the Action reports\n%v\n`iflint check .` reports\n%v", got, want)
	}

	posts := reviewPosts(f.srv.Requests())
	if len(posts) != 1 {
		t.Fatalf("%d reviews posted, want 1", len(posts))
	}
	byPath := map[string]draft{}
	for _, d := range drafts(t, posts[0]) {
		byPath[d.Path] = d
	}
	// libs/pyutil's test imports its package: it passes only when it runs
	// in libs/pyutil, so a suggestion there proves the directory.
	py, ok := byPath["libs/pyutil/pyutil/core.py"]
	if !ok {
		t.Fatalf("no suggestion for libs/pyutil; posted %v", byPath)
	}
	if !strings.Contains(py.Body, "write_all") || !strings.Contains(py.Body, `cd libs/pyutil && python3 -c "import pyutil.core"`) {
		t.Errorf("libs/pyutil's suggestion was not proven by its own tests in its directory:\n%s", py.Body)
	}
	for _, p := range []string{"services/api/server.go", "web/app/src/index.js"} {
		if _, ok := byPath[p]; !ok {
			t.Errorf("no suggestion for %s; posted %v", p, byPath)
		}
	}
}
