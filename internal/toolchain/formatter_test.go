package toolchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/toolchain"
)

// fakeLook finds every formatter at testdata/fakefmt (see its comment).
func fakeLook(t *testing.T) func(string) (string, error) {
	exe, err := filepath.Abs(filepath.Join("testdata", "fakefmt"))
	if err != nil {
		t.Fatal(err)
	}
	return func(string) (string, error) { return exe, nil }
}

func repo(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, s := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestFindFormatter: each formatter applies where the repository's
// configuration says so, gofmt always; a prettier configuration that is
// a program or loads plugins is refused, since running it would run the
// repository's code; a missing formatter is named.
func TestFindFormatter(t *testing.T) {
	look := fakeLook(t)
	for _, c := range []struct {
		name  string
		files map[string]string
		path  string
		id    lang.ID
		want  string // formatter name, or "-" + part of the reason
	}{
		{"clang-format above", map[string]string{".clang-format": "BasedOnStyle: LLVM\n"}, "src/a.c", lang.C, "clang-format"},
		{"no clang-format", map[string]string{}, "src/a.c", lang.C, "-no .clang-format"},
		{"gofmt always", map[string]string{}, "a.go", lang.Go, "gofmt"},
		{"rustfmt by Cargo.toml", map[string]string{"Cargo.toml": "[package]\nedition = \"2021\"\n"}, "src/lib.rs", lang.Rust, "rustfmt"},
		{"no rust config", map[string]string{}, "lib.rs", lang.Rust, "-no rustfmt.toml"},
		{"prettierrc", map[string]string{".prettierrc": "{\"semi\": false}\n"}, "a.js", lang.JavaScript, "prettier"},
		{"prettier key", map[string]string{"package.json": "{\"prettier\": {\"semi\": false}}\n"}, "a.ts", lang.TypeScript, "prettier"},
		{"prettier devDependency", map[string]string{"package.json": "{\"devDependencies\": {\"prettier\": \"^3\"}}\n"}, "a.js", lang.JavaScript, "prettier"},
		{"prettier program", map[string]string{"prettier.config.js": "module.exports = {}\n"}, "a.js", lang.JavaScript, "-is a program"},
		{"prettier plugins", map[string]string{".prettierrc": "{\"plugins\": [\"x\"]}\n"}, "a.js", lang.JavaScript, "-loads plugins"},
		{"no js config", map[string]string{"package.json": "{}\n"}, "a.js", lang.JavaScript, "-no .clang-format or prettier"},
		{"python", map[string]string{}, "a.py", lang.Python, "-"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fs := &toolchain.Formatters{Root: repo(t, c.files), Look: look}
			f, why := fs.Find(c.path, c.id)
			got := "-" + why
			if f != nil {
				got = f.Name
			}
			if c.want == "-" && got != "-" || strings.HasPrefix(c.want, "-") && !strings.Contains(got, c.want[1:]) || !strings.HasPrefix(c.want, "-") && got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	fs := &toolchain.Formatters{Root: repo(t, map[string]string{".clang-format": "{}\n"}), Look: func(string) (string, error) { return "", errors.New("not found") }}
	if f, why := fs.Find("a.c", lang.C); f != nil || why != "clang-format is not installed" {
		t.Errorf("missing formatter: got %v %q", f, why)
	}
}

// memStore is an in-memory CompileStore.
type memStore struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (s *memStore) Get(k string, v any) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.m[k]
	return ok && json.Unmarshal(b, v) == nil
}

func (s *memStore) Put(k string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string][]byte{}
	}
	s.m[k] = b
	return nil
}

// TestFormatRunsUntrustedInputSafely: the formatter's output comes back
// (and a second identical run from the cache, a changed configuration
// missing it), its refusal is data, the environment it sees carries no
// credential, and one that hangs is killed with its children.
func TestFormatRunsUntrustedInputSafely(t *testing.T) {
	root := repo(t, map[string]string{".clang-format": "BasedOnStyle: LLVM\n"})
	cc := &toolchain.CompileCache{Store: &memStore{}}
	fs := &toolchain.Formatters{Root: root, Cache: cc, Look: fakeLook(t), Timeout: 2 * time.Second}
	f, why := fs.Find("a.c", lang.C)
	if f == nil {
		t.Fatal(why)
	}
	ctx := context.Background()
	src := []byte("int x;\n   int y;\n")
	for i := 0; i < 2; i++ {
		r, err := fs.Format(ctx, f, src)
		if err != nil || !r.OK || string(r.Out) != "int x;\nint y;\n" {
			t.Fatalf("run %d: %+v %v", i, r, err)
		}
	}
	if ran, cached := cc.Counts(); ran != 1 || cached != 1 {
		t.Errorf("runs: %d ran, %d cached; want 1, 1", ran, cached)
	}
	if err := os.WriteFile(filepath.Join(root, ".clang-format"), []byte("BasedOnStyle: Google\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Format(ctx, f, src); err != nil {
		t.Fatal(err)
	}
	if ran, _ := cc.Counts(); ran != 2 {
		t.Errorf("a changed configuration was answered from the cache")
	}

	r, err := fs.Format(ctx, f, []byte("FAKEFMT_FAIL\n"))
	if err != nil || r.OK || !strings.Contains(r.Output, "cannot format") {
		t.Errorf("refusal: %+v %v", r, err)
	}

	t.Setenv("GITHUB_TOKEN", "ghs_secret")
	t.Setenv("MY_API_KEY", "sk-secret")
	r, err = fs.Format(ctx, f, []byte("FAKEFMT_ENV\n"))
	if err != nil || !r.OK || !strings.Contains(string(r.Out), "PATH=") {
		t.Fatalf("env run: %+v %v", r, err)
	}
	if strings.Contains(string(r.Out), "secret") {
		t.Errorf("the formatter saw a credential:\n%s", r.Out)
	}

	fs.Timeout = 300 * time.Millisecond
	if _, err := fs.Format(ctx, f, []byte("FAKEFMT_HANG\n")); err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Errorf("a hanging formatter: got %v, want a deadline error", err)
	}
}
