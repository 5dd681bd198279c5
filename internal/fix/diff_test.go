package fix

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/goldentest"

	"golang.org/x/tools/txtar"
)

// diffCase is one testdata/NAME.txtar: files "old" and "new". Since
// txtar cannot hold CR or a missing final newline, "<CR>" in a file
// stands for "\r", and a comment line "noeol: old new" drops the final
// newline of the files it lists; "context: N" sets Unified's context.
type diffCase struct {
	name     string
	old, new []byte
	context  int
}

func loadCases(t *testing.T) []diffCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no testdata cases: %v", err)
	}
	var cases []diffCase
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		c := diffCase{name: strings.TrimSuffix(filepath.Base(p), ".txtar"), context: 3}
		noeol := map[string]bool{}
		for _, line := range strings.Split(string(ar.Comment), "\n") {
			if v, ok := strings.CutPrefix(line, "noeol:"); ok {
				for _, f := range strings.Fields(v) {
					noeol[f] = true
				}
			}
			if v, ok := strings.CutPrefix(line, "context:"); ok {
				if _, err := fmt.Sscan(v, &c.context); err != nil {
					t.Fatalf("%s: context: %v", p, err)
				}
			}
		}
		files := map[string][]byte{}
		for _, f := range ar.Files {
			data := strings.ReplaceAll(string(f.Data), "<CR>", "\r")
			if noeol[f.Name] {
				data = strings.TrimSuffix(data, "\n")
			}
			files[f.Name] = []byte(data)
		}
		var ok1, ok2 bool
		if c.old, ok1 = files["old"]; !ok1 {
			t.Fatalf("%s: no old file", p)
		}
		if c.new, ok2 = files["new"]; !ok2 {
			t.Fatalf("%s: no new file", p)
		}
		cases = append(cases, c)
	}
	return cases
}

// render shows everything this package derives from a case, so the
// golden files review as one document. CR is spelled <CR> to keep the
// golden files safe from line-ending conversion.
func render(c diffCase) string {
	var sb strings.Builder
	for _, h := range Hunks(c.old, c.new) {
		fmt.Fprintf(&sb, "hunk -%d,%d +%d,%d old=%q new=%q\n", h.OldStart, h.OldLines, h.NewStart, h.NewLines, h.Old, h.New)
	}
	fmt.Fprintf(&sb, "== unified, context %d ==\n%s", c.context, Unified("dir/file.txt", c.old, c.new, c.context))
	sb.WriteString("== suggestions ==\n")
	blocks, err := Suggestion(c.old, c.new)
	if err != nil {
		fmt.Fprintf(&sb, "error: %v\n", err)
	}
	for _, b := range blocks {
		fmt.Fprintf(&sb, "lines %d..%d:\n%s\n", b.StartLine, b.Line, b.Body)
	}
	return strings.ReplaceAll(sb.String(), "\r", "<CR>")
}

func TestGolden(t *testing.T) {
	for _, c := range loadCases(t) {
		t.Run(c.name, func(t *testing.T) {
			got := render(c)
			golden := filepath.Join("testdata", c.name+".out")
			goldentest.Check(t, golden, []byte(got))
		})
	}
}

// applyHunks rebuilds new from old and the hunks alone, checking that
// they are in order, non-empty, separated by unchanged lines and that
// their line numbers agree on both sides.
func applyHunks(t *testing.T, old []byte, hunks []Hunk) string {
	t.Helper()
	a := splitLines(old)
	var out strings.Builder
	next, shift := 0, 0 // next old line to copy (0-based); new minus old numbering
	for i, h := range hunks {
		first := h.OldStart - min(h.OldLines, 1)
		if h.OldLines+h.NewLines == 0 || first < next || (i > 0 && first == next) {
			t.Fatalf("hunk %d %+v: empty, out of order or touching the previous one", i, h)
		}
		if newFirst := h.NewStart - min(h.NewLines, 1); newFirst != first+shift {
			t.Fatalf("hunk %d %+v: new side starts at line index %d, want %d", i, h, newFirst, first+shift)
		}
		if len(h.Old) != h.OldLines || len(h.New) != h.NewLines {
			t.Fatalf("hunk %d %+v: line counts disagree with Old/New", i, h)
		}
		for _, l := range a[next:first] {
			out.WriteString(l)
		}
		if got := strings.Join(a[first:first+h.OldLines], ""); got != strings.Join(h.Old, "") {
			t.Fatalf("hunk %d %+v: Old = %q, but the file has %q", i, h, h.Old, got)
		}
		out.WriteString(strings.Join(h.New, ""))
		next = first + h.OldLines
		shift += h.NewLines - h.OldLines
	}
	for _, l := range a[next:] {
		out.WriteString(l)
	}
	return out.String()
}

// lcsLen is the quadratic dynamic-programming reference for how many
// lines a minimal diff keeps.
func lcsLen(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(cur[j], prev[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// randomFile draws lines from a small alphabet so that files share many
// lines in many ways, with random line endings and final newline.
func randomFile(r *rand.Rand, maxLines int, crlf bool) []byte {
	var sb strings.Builder
	n := r.IntN(maxLines + 1)
	for i := 0; i < n; i++ {
		sb.WriteString(string(rune('a' + r.IntN(4))))
		if crlf || r.IntN(20) == 0 {
			sb.WriteString("\r")
		}
		sb.WriteString("\n")
	}
	s := sb.String()
	if r.IntN(4) == 0 {
		s = strings.TrimSuffix(s, "\n")
	}
	return []byte(s)
}

func TestHunksMinimal(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		old, new := randomFile(r, 4+i%40, false), randomFile(r, 4+i%40, false)
		if i%3 == 0 { // a small edit of old, the common case for fixes
			new = mutate(r, old)
		}
		hunks := Hunks(old, new)
		if got := applyHunks(t, old, hunks); got != string(new) {
			t.Fatalf("Hunks(%q, %q) rebuild %q", old, new, got)
		}
		changed := 0
		for _, h := range hunks {
			changed += h.OldLines + h.NewLines
		}
		a, b := splitLines(old), splitLines(new)
		if want := len(a) + len(b) - 2*lcsLen(a, b); changed != want {
			t.Fatalf("Hunks(%q, %q) changes %d lines, minimal is %d: %+v", old, new, changed, want, hunks)
		}
	}
}

// mutate deletes, inserts or replaces a few lines of src.
func mutate(r *rand.Rand, src []byte) []byte {
	lines := splitLines(src)
	for n := r.IntN(3) + 1; n > 0; n-- {
		i := r.IntN(len(lines) + 1)
		switch r.IntN(3) {
		case 0:
			if i < len(lines) {
				lines = append(lines[:i:i], lines[i+1:]...)
			}
		case 1:
			lines = append(lines[:i:i], append([]string{"new\n"}, lines[i:]...)...)
		default:
			if i < len(lines) {
				lines[i] = "changed\n"
			}
		}
	}
	return []byte(strings.Join(lines, ""))
}

func TestUnifiedNoChange(t *testing.T) {
	if got := Unified("f", []byte("a\nb"), []byte("a\nb"), 3); got != "" {
		t.Errorf("Unified of identical files = %q, want empty", got)
	}
}

// TestUnifiedGitApply checks with the real git that every golden case
// and many random ones apply cleanly and produce exactly the new file.
func TestUnifiedGitApply(t *testing.T) {
	repo := gitRepo(t)
	cases := loadCases(t)
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 40; i++ {
		old := randomFile(r, 30, i%5 == 0)
		cases = append(cases, diffCase{name: fmt.Sprint("random", i), old: old, new: mutate(r, old), context: r.IntN(4)})
	}
	for _, c := range cases {
		if len(c.old) == 0 || len(c.new) == 0 || string(c.old) == string(c.new) {
			// git reads an empty side as creating or deleting the file,
			// and an empty patch as a mistake.
			continue
		}
		if err := repo.apply("dir/file.txt", c); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestUnifiedGitApplyPaths checks that names with spaces, tabs, quotes
// or backslashes survive the header lines.
func TestUnifiedGitApplyPaths(t *testing.T) {
	repo := gitRepo(t)
	c := diffCase{old: []byte("a\nb\n"), new: []byte("a\nc\n"), context: 3}
	for _, path := range []string{"with space.go", "tab\there.go", `quo"te.go`, `back\slash.go`, "ünï.go"} {
		if err := repo.apply(path, c); err != nil {
			t.Errorf("path %q: %v", path, err)
		}
	}
}

type gitTemp struct{ dir string }

func gitRepo(t *testing.T) gitTemp {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	g := gitTemp{t.TempDir()}
	if err := g.run("init", "-q"); err != nil {
		t.Fatal(err)
	}
	return g
}

func (g gitTemp) run(args ...string) error {
	cmd := exec.Command("git", args...)
	cmd.Dir = g.dir
	// Keep the user's and system git configuration (autocrlf!) out.
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("git %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

// apply writes c.old at path, checks and applies Unified's patch with
// git, and compares the result with c.new.
func (g gitTemp) apply(path string, c diffCase) error {
	file := filepath.Join(g.dir, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(file, c.old, 0o644); err != nil {
		return err
	}
	patch := Unified(path, c.old, c.new, c.context)
	if err := os.WriteFile(filepath.Join(g.dir, "p.diff"), []byte(patch), 0o644); err != nil {
		return err
	}
	args := []string{"apply"}
	if c.context == 0 {
		// git insists on context unless told the patch has none.
		args = append(args, "--unidiff-zero")
	}
	if err := g.run(append(args, "--check", "p.diff")...); err != nil {
		return fmt.Errorf("%w\nold: %q\npatch: %q", err, c.old, patch)
	}
	if err := g.run(append(args, "p.diff")...); err != nil {
		return fmt.Errorf("--check passed but: %w", err)
	}
	got, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if string(got) != string(c.new) {
		return fmt.Errorf("git apply gave %q, want %q\npatch: %q", got, c.new, patch)
	}
	return os.Remove(file)
}

// bigFiles is a 10k-line file and a copy with scattered edits and one
// moved block, the shape of a large generated fix.
func bigFiles() (old, new []byte) {
	var a, b strings.Builder
	for i := 0; i < 10000; i++ {
		line := fmt.Sprintf("line %d %d\n", i, i%7)
		a.WriteString(line)
		switch {
		case i%97 == 0:
			b.WriteString("edited\n")
		case i%89 == 0:
		case i >= 5000 && i < 5500:
			// moved to the end below
		default:
			b.WriteString(line)
		}
	}
	for i := 5000; i < 5500; i++ {
		fmt.Fprintf(&b, "line %d %d\n", i, i%7)
	}
	return []byte(a.String()), []byte(b.String())
}

// TestHunksLarge runs the large case for correctness; its speed is
// measured by BenchmarkHunksLarge, not asserted.
func TestHunksLarge(t *testing.T) {
	old, new := bigFiles()
	if got := applyHunks(t, old, Hunks(old, new)); got != string(new) {
		t.Fatal("large diff does not rebuild the new file")
	}
}

func BenchmarkHunksLarge(b *testing.B) {
	old, new := bigFiles()
	for b.Loop() {
		Hunks(old, new)
	}
}

// BenchmarkHunksShuffled is close to the worst case: every line is shared
// but in a different order.
func BenchmarkHunksShuffled(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	var a, c strings.Builder
	lines := make([]string, 10000)
	for i := range lines {
		lines[i] = fmt.Sprintf("l%d\n", r.IntN(2000))
		a.WriteString(lines[i])
	}
	r.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	for _, l := range lines {
		c.WriteString(l)
	}
	for b.Loop() {
		Hunks([]byte(a.String()), []byte(c.String()))
	}
}
