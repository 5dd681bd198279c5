package toolchain

// Formatters for the formatter-agreement stage of a fix (issue 18 item
// 4, internal/verify/formatter.go): a layout fix is kept only if the
// formatter the repository configures accepts the lines it changes as it
// accepted them before. Formatters finds that formatter for a file and
// runs it on the file's bytes through standard input:
//
//   - clang-format, when a .clang-format or _clang-format stands in the
//     file's directory or above it (up to the repository root), for C,
//     C++, Java, JavaScript and TypeScript;
//   - rustfmt, when rustfmt.toml, .rustfmt.toml or Cargo.toml does (the
//     edition read from Cargo.toml);
//   - gofmt, for every Go file (Go has one format, and no configuration);
//   - prettier, when a .prettierrc (JSON, YAML or TOML), a "prettier" key
//     of package.json or prettier among its devDependencies does, for
//     JavaScript and TypeScript. A configuration that is a program
//     (.prettierrc.js, prettier.config.*) or loads plugins would run the
//     repository's code, and is refused with that reason.
//
// The repository is untrusted input: the formatter is the one installed
// on this machine (never node_modules/.bin), it runs with the
// environment stripped of credentials (CompilerEnv), in its own process
// group killed at FormatTimeout, and its output is cached like every
// toolchain run, under the formatter's identity, its configuration's
// bytes and the file's.

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/lang"
)

// FormatTimeout bounds one formatter run.
const FormatTimeout = 30 * time.Second

// Formatters finds and runs the repository's formatters. Root is the
// repository; Cache keeps runs (nil: none kept, nothing counted). Look,
// when set, replaces exec.LookPath (a test's fake formatter); Timeout,
// when set, replaces FormatTimeout.
type Formatters struct {
	Root    string
	Cache   *CompileCache
	Look    func(name string) (string, error)
	Timeout time.Duration

	mu  sync.Mutex
	ids map[string]string
}

// Formatting is the formatter a file gets: its name, the command that
// formats standard input to standard output, where it runs and the
// configuration files whose bytes decide its output.
type Formatting struct {
	Name   string
	argv   []string
	dir    string
	config []string
}

// FormatResult is one run: the formatted text, or the formatter's
// complaint when it refused the input (OK false).
type FormatResult struct {
	OK     bool   `json:"ok"`
	Out    []byte `json:"out,omitempty"`
	Output string `json:"output,omitempty"`
}

// Find returns the formatter for the repository's file path (slash-
// separated, relative to Root) in language id, or why there is none:
// the repository configures none for it, or it is not installed ("":
// the language has no formatter here, Python's say).
func (fs *Formatters) Find(path string, id lang.ID) (*Formatting, string) {
	look := fs.Look
	if look == nil {
		look = exec.LookPath
	}
	abs := filepath.Join(fs.Root, filepath.FromSlash(path))
	installed := func(name string) (string, string) {
		p, err := look(name)
		if err != nil {
			return "", name + " is not installed"
		}
		return p, ""
	}
	switch id {
	case lang.Go:
		exe, why := installed("gofmt")
		if why != "" {
			return nil, why
		}
		return &Formatting{Name: "gofmt", argv: []string{exe}, dir: filepath.Dir(abs)}, ""
	case lang.C, lang.CPP, lang.Java, lang.JavaScript, lang.TypeScript:
		if cfg := fs.upward(abs, ".clang-format", "_clang-format"); cfg != "" {
			exe, why := installed("clang-format")
			if why != "" {
				return nil, why
			}
			return &Formatting{Name: "clang-format", argv: []string{exe, "-style=file", "--assume-filename=" + abs}, dir: filepath.Dir(abs), config: []string{cfg}}, ""
		}
		if id == lang.JavaScript || id == lang.TypeScript {
			return fs.prettier(abs, installed)
		}
		return nil, "the repository has no .clang-format"
	case lang.Rust:
		cfg := fs.upward(abs, "rustfmt.toml", ".rustfmt.toml")
		cargo := fs.upward(abs, "Cargo.toml")
		if cfg == "" && cargo == "" {
			return nil, "the repository has no rustfmt.toml or Cargo.toml"
		}
		exe, why := installed("rustfmt")
		if why != "" {
			return nil, why
		}
		argv := []string{exe, "--emit", "stdout", "--quiet", "--edition", cargoEdition(cargo)}
		var configs []string
		if cfg != "" {
			argv = append(argv, "--config-path", cfg)
			configs = append(configs, cfg)
		}
		if cargo != "" {
			configs = append(configs, cargo)
		}
		return &Formatting{Name: "rustfmt", argv: argv, dir: filepath.Dir(abs), config: configs}, ""
	}
	return nil, "" // no formatter of the language's own
}

var prettierPrograms = []string{".prettierrc.js", ".prettierrc.cjs", ".prettierrc.mjs", ".prettierrc.ts", "prettier.config.js", "prettier.config.cjs", "prettier.config.mjs", "prettier.config.ts"}

func (fs *Formatters) prettier(abs string, installed func(string) (string, string)) (*Formatting, string) {
	if p := fs.upward(abs, prettierPrograms...); p != "" {
		return nil, fmt.Sprintf("prettier's configuration %s is a program, which would run the repository's code; not run", fs.rel(p))
	}
	cfg := fs.upward(abs, ".prettierrc", ".prettierrc.json", ".prettierrc.json5", ".prettierrc.yaml", ".prettierrc.yml", ".prettierrc.toml")
	pkg := fs.upward(abs, "package.json")
	if cfg == "" && !usesPrettier(pkg) {
		return nil, "the repository has no .clang-format or prettier configuration"
	}
	for _, c := range []string{cfg, pkg} {
		if b, err := os.ReadFile(c); c != "" && err == nil && bytes.Contains(b, []byte("plugins")) {
			return nil, fmt.Sprintf("prettier's configuration %s loads plugins, which would run the repository's code; not run", fs.rel(c))
		}
	}
	exe, why := installed("prettier")
	if why != "" {
		return nil, why
	}
	var configs []string
	for _, c := range []string{cfg, pkg, fs.upward(abs, ".editorconfig")} {
		if c != "" {
			configs = append(configs, c)
		}
	}
	return &Formatting{Name: "prettier", argv: []string{exe, "--stdin-filepath", abs}, dir: filepath.Dir(abs), config: configs}, ""
}

// usesPrettier reports whether package.json at p configures prettier
// (a "prettier" key) or depends on it for development.
func usesPrettier(p string) bool {
	if p == "" {
		return false
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return false
	}
	var pkg struct {
		Prettier        json.RawMessage   `json:"prettier"`
		DevDependencies map[string]string `json:"devDependencies"`
	}
	if json.Unmarshal(b, &pkg) != nil {
		return false
	}
	_, dev := pkg.DevDependencies["prettier"]
	return len(pkg.Prettier) > 0 || dev
}

var editionRe = regexp.MustCompile(`(?m)^\s*edition\s*=\s*"(\d{4})"`)

// cargoEdition is the edition Cargo.toml at p declares (2015 when it
// declares none, as cargo reads it; 2021 without a Cargo.toml).
func cargoEdition(p string) string {
	if p == "" {
		return "2021"
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return "2021"
	}
	if m := editionRe.FindSubmatch(b); m != nil {
		return string(m[1])
	}
	return "2015"
}

// upward is the first of names found in the directory of abs or above
// it, up to Root, or "".
func (fs *Formatters) upward(abs string, names ...string) string {
	root := filepath.Clean(fs.Root)
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		for _, n := range names {
			p := filepath.Join(dir, n)
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				return p
			}
		}
		if dir == root || !strings.HasPrefix(dir, root+string(filepath.Separator)) {
			return ""
		}
	}
}

func (fs *Formatters) rel(p string) string {
	if r, err := filepath.Rel(fs.Root, p); err == nil {
		return filepath.ToSlash(r)
	}
	return p
}

// Format runs f on src. An error means the formatter could not run or
// ran out of time: no verdict on the code.
func (fs *Formatters) Format(ctx context.Context, f *Formatting, src []byte) (FormatResult, error) {
	key := ""
	if c := fs.Cache; c != nil && c.Store != nil {
		if id := fs.identity(f.argv[0]); id != "" {
			h := sha256.New()
			for _, c := range f.config {
				b, _ := os.ReadFile(c)
				fmt.Fprintf(h, "%s\x00%d\x00", c, len(b))
				h.Write(b)
			}
			sum := sha256.Sum256(src)
			key = cache.Key("iflint/toolchain/format/v1", id, strings.Join(f.argv[1:], "\x00"), hex.EncodeToString(h.Sum(nil)), hex.EncodeToString(sum[:]))
			var r FormatResult
			if c.Store.Get(key, &r) {
				c.cached.Add(1)
				return r, nil
			}
		}
	}
	if fs.Cache != nil {
		fs.Cache.ran.Add(1)
	}
	r, err := runFormatter(ctx, f, src, cmp.Or(fs.Timeout, FormatTimeout))
	if err == nil && key != "" {
		_ = fs.Cache.Store.Put(key, r) // a failed write costs a run next time
	}
	return r, err
}

func runFormatter(ctx context.Context, f *Formatting, src []byte, timeout time.Duration) (FormatResult, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := groupCommand(ctx, f.dir, map[string]string{"LC_ALL": "C"}, f.argv...)
	cmd.Stdin = bytes.NewReader(src)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		return FormatResult{}, fmt.Errorf("toolchain: %s: %w", f.Name, ctx.Err())
	}
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		return FormatResult{Output: firstLines(errb.String()+out.String(), 3)}, nil
	}
	if err != nil {
		return FormatResult{}, fmt.Errorf("toolchain: running %s: %w", f.Name, err)
	}
	return FormatResult{OK: true, Out: out.Bytes()}, nil
}

// identity names a formatter executable: its path, its bytes' digest and
// what it says its version is when it says one (gofmt does not: its
// bytes are its version). "" when it cannot be read: never cached.
func (fs *Formatters) identity(exe string) string {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if id, ok := fs.ids[exe]; ok {
		return id
	}
	id := ""
	if b, err := os.ReadFile(exe); err == nil {
		sum := sha256.Sum256(b)
		id = exe + "\x00" + hex.EncodeToString(sum[:])
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, exe, "--version")
		cmd.Env = CompilerEnv(nil)
		if out, err := cmd.Output(); err == nil {
			id += "\x00" + strings.TrimSpace(string(out))
		}
		cancel()
	}
	if fs.ids == nil {
		fs.ids = map[string]string{}
	}
	fs.ids[exe] = id
	return id
}
