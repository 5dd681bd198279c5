package toolchain

// Builds for the compiler proof of a fix (issue 18): without a test
// command a candidate is kept only with a proof that the program is
// unchanged, and the strongest one is the compiler's own: the file built
// before and after with debug information off must give the same
// compiled output, modulo the names the compiler erases. Build compiles
// one file and returns its output normalised into Objects, which
// internal/verify compares:
//
//   - Python: every code object, recursively, its line tables and file
//     name left out, docstrings dropped (the safety stage judged them),
//     local names (co_varnames, co_cellvars, co_freevars) apart so that
//     they are compared through the candidate's renaming;
//   - Java: javac -g:none, one digest per class file the file defines
//     (-implicit:none), the repository's source root on -sourcepath;
//   - C and C++: gcc/g++ -c -g0, the object's local symbols stripped
//     (objcopy --discard-all), the file's directory and the repository
//     root on the include path, in the dialect of dialect.go (the flags
//     of compile_commands.json, else the strictest standard the original
//     satisfies), its -Wall -pedantic warnings kept for comparison.
//
// Go and Rust are not built (a package or crate, not a file, is their
// unit): their candidates fall back to the syntax-tree proof. Each build
// goes through the CompileCache under the compiler's identity, so the
// original's build is shared by every candidate of the file and a
// repeated run compiles nothing.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/lang"
)

// ProofTimeout bounds one build of the proof: javac with a source path
// may compile much of a project.
const ProofTimeout = 2 * time.Minute

// Object is one unit of compiled output: its name, a digest of what the
// compiler kept, and the local names it compared apart (Python only).
type Object struct {
	Name   string   `json:"name"`
	Digest string   `json:"digest"`
	Locals []string `json:"locals,omitempty"`
}

// Build is one file's compiled output, or why it did not build.
type Build struct {
	OK      bool     `json:"ok"`
	Output  string   `json:"output,omitempty"` // the compiler's complaint when !OK
	Objects []Object `json:"objects,omitempty"`
	// C and C++: the dialect's flags, chosen on the original and given
	// back to build the candidate alike (Build's like); the method as
	// the report names it ("gcc -std=c89 -pedantic-errors -g0"); the
	// warnings under -Wall -pedantic, positions dropped, sorted.
	Flags    []string `json:"flags,omitempty"`
	Method   string   `json:"method,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

// Equivalence builds files for the compiler proof. Root is the
// repository (source roots and include paths are found in it); Cache
// counts and keeps builds (nil: no cache, nothing counted).
type Equivalence struct {
	Root  string
	Cache *CompileCache

	// dialects holds the C and C++ dialect chosen on the first original
	// of each path built: the file as the repository has it decides the
	// standard, and a fix run's later originals (with fixes applied) are
	// built in it without probing again.
	mu       sync.Mutex
	dialects map[string][]string
}

// Method names how id is built for the proof, as the report says it
// ("javac -g:none"), or "" when it is not built here.
func (e *Equivalence) Method(id lang.ID) string {
	switch id {
	case lang.Python:
		if _, err := exec.LookPath("python3"); err == nil {
			return "python3 code objects"
		}
	case lang.Java:
		if _, err := exec.LookPath("javac"); err == nil {
			return "javac -g:none"
		}
	case lang.C:
		if _, err := exec.LookPath("gcc"); err == nil && objcopy() != "" {
			return "gcc -g0, local symbols stripped"
		}
	case lang.CPP:
		if _, err := exec.LookPath("g++"); err == nil && objcopy() != "" {
			return "g++ -g0, local symbols stripped"
		}
	}
	return ""
}

func objcopy() string {
	p, err := exec.LookPath("objcopy")
	if err != nil {
		return ""
	}
	return p
}

// Build compiles src as the repository's file path (slash-separated,
// relative to Root) in language id: the original with like nil (C and
// C++: its dialect chosen), a candidate with like the original's build
// (built in the same dialect).
func (e *Equivalence) Build(ctx context.Context, id lang.ID, path string, src []byte, like *Build) (Build, error) {
	var tool, args []string
	var run func(ctx context.Context, dir, file string) (Build, error)
	switch id {
	case lang.Python:
		tool, args, run = []string{"python3"}, []string{"-I", "-c", pyDump}, e.python
	case lang.Java:
		tool, args, run = []string{"javac"}, e.javaArgs(path, src), e.java(path, src)
	case lang.C, lang.CPP:
		cc, x := "gcc", "c"
		if id == lang.CPP {
			cc, x = "g++", "c++"
		}
		var d *dialect
		if like != nil {
			d = &dialect{Flags: like.Flags}
		} else if flags, ok := e.dialectOf(path); ok {
			d = &dialect{Flags: flags}
		}
		tool, args, run = []string{cc}, e.cArgs(path, x, d), e.c(cc, x, path, d)
	default:
		return Build{}, fmt.Errorf("toolchain: no proof build for %s", id)
	}
	name := filepath.Base(path)
	key := ""
	if e.Cache != nil && e.Cache.Store != nil {
		if idn := e.Cache.identity(tool); idn != "" {
			sum := sha256.Sum256(src)
			// The root's own path is left out: a copy of the repository
			// elsewhere (a fix-track task's temporary copy) builds alike.
			argv := strings.Join(args, "\x00")
			if e.Root != "" {
				argv = strings.ReplaceAll(argv, e.Root, "<root>")
			}
			key = cache.Key("iflint/toolchain/proof/v2", idn, argv, path, hex.EncodeToString(sum[:]))
			var b Build
			if e.Cache.Store.Get(key, &b) {
				e.Cache.cached.Add(1)
				e.remember(id, path, b, like)
				return b, nil
			}
		}
	}
	if e.Cache != nil {
		e.Cache.ran.Add(1)
	}
	dir, err := os.MkdirTemp("", "iflint-proof-")
	if err != nil {
		return Build{}, fmt.Errorf("toolchain: proof build: %w", err)
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "src", name)
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return Build{}, fmt.Errorf("toolchain: proof build: %w", err)
	}
	if err := os.WriteFile(file, src, 0o600); err != nil {
		return Build{}, fmt.Errorf("toolchain: proof build: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, ProofTimeout)
	defer cancel()
	b, err := run(ctx, dir, file)
	if err != nil {
		return Build{}, err
	}
	if key != "" {
		_ = e.Cache.Store.Put(key, b) // a failed write costs a build next time
	}
	e.remember(id, path, b, like)
	return b, nil
}

// dialectOf is the dialect chosen for path's first original, if any.
func (e *Equivalence) dialectOf(path string) ([]string, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	f, ok := e.dialects[path]
	return f, ok
}

// remember keeps the dialect an original of path was built in.
func (e *Equivalence) remember(id lang.ID, path string, b Build, like *Build) {
	if like != nil || (id != lang.C && id != lang.CPP) || b.Method == "" {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.dialects == nil {
		e.dialects = map[string][]string{}
	}
	if _, ok := e.dialects[path]; !ok {
		e.dialects[path] = b.Flags
	}
}

// exe runs one command of a build in dir, its process group killed when
// ctx ends; it returns the combined output, the temporary directory's
// path removed, and whether the command succeeded. An error means it
// could not run or ran out of time: no verdict on the code.
func exe(ctx context.Context, dir string, argv ...string) (string, bool, error) {
	cmd := groupCommand(ctx, dir, map[string]string{"LC_ALL": "C", "PYTHONHASHSEED": "0", "SOURCE_DATE_EPOCH": "0"}, argv...)
	out, err := cmd.CombinedOutput()
	text := strings.ReplaceAll(string(out), dir+string(filepath.Separator), "")
	if ctx.Err() != nil {
		return text, false, fmt.Errorf("toolchain: %s: %w", argv[0], ctx.Err())
	}
	if err != nil {
		if _, ok := err.(*exec.ExitError); ok {
			return text, false, nil
		}
		return text, false, fmt.Errorf("toolchain: running %s: %w", argv[0], err)
	}
	return text, true, nil
}

func (e *Equivalence) python(ctx context.Context, dir, file string) (Build, error) {
	out, ok, err := exe(ctx, dir, "python3", "-I", "-c", pyDump, file)
	if err != nil || !ok {
		return Build{OK: false, Output: firstLines(out, 5)}, err
	}
	var objs []Object
	if err := json.Unmarshal([]byte(out), &objs); err != nil {
		return Build{}, fmt.Errorf("toolchain: reading the code objects python3 printed: %w", err)
	}
	return Build{OK: true, Objects: objs}, nil
}

// pyDump prints the file's code objects as JSON, depth first: each one's
// qualified name, a digest of everything but line tables, file name and
// local names, and its local names.
const pyDump = `
import ast, hashlib, json, sys, types
src = open(sys.argv[1], 'rb').read()
try:
    tree = ast.parse(src)
except (SyntaxError, ValueError) as e:
    print(e)
    sys.exit(1)
for n in ast.walk(tree):
    b = getattr(n, 'body', None)
    if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and b and isinstance(b[0], ast.Expr) and isinstance(b[0].value, ast.Constant) and isinstance(b[0].value.value, str):
        del b[0]
        if not b:
            b.append(ast.Pass())
# The Pass standing for a removed docstring has no position; compile
# requires one.
ast.fix_missing_locations(tree)
code = compile(tree, 'f', 'exec', dont_inherit=True)
out = []
def walk(c):
    consts = []
    for k in c.co_consts:
        consts.append('<code>' if isinstance(k, types.CodeType) else repr((type(k).__name__, k)))
    exact = [c.co_code.hex(), consts, list(c.co_names), c.co_argcount, c.co_posonlyargcount,
             c.co_kwonlyargcount, c.co_nlocals, c.co_stacksize, c.co_flags, c.co_name,
             getattr(c, 'co_qualname', ''), getattr(c, 'co_exceptiontable', b'').hex()]
    out.append({'name': getattr(c, 'co_qualname', c.co_name),
                'digest': hashlib.sha256(json.dumps(exact).encode()).hexdigest(),
                'locals': list(c.co_varnames) + ['|'] + list(c.co_cellvars) + ['|'] + list(c.co_freevars)})
    for k in c.co_consts:
        if isinstance(k, types.CodeType):
            walk(k)
walk(code)
print(json.dumps(out))
`

var javaPackage = regexp.MustCompile(`(?m)^\s*package\s+([\w.]+)\s*;`)

// javaRoot is the source root of a Java file: its directory minus the
// package's path ("" when they do not match).
func (e *Equivalence) javaRoot(path string, src []byte) string {
	dir := filepath.Dir(filepath.FromSlash(path))
	m := javaPackage.FindSubmatch(src)
	if m == nil {
		return filepath.Join(e.Root, dir)
	}
	pkg := filepath.FromSlash(strings.ReplaceAll(string(m[1]), ".", "/"))
	if dir == pkg {
		return e.Root
	}
	if !strings.HasSuffix(dir, string(filepath.Separator)+pkg) {
		return ""
	}
	return filepath.Join(e.Root, strings.TrimSuffix(dir, string(filepath.Separator)+pkg))
}

func (e *Equivalence) javaArgs(path string, src []byte) []string {
	args := []string{"-g:none", "-implicit:none", "-proc:none", "-nowarn", "-encoding", "UTF-8", "-Xlint:none"}
	if r := e.javaRoot(path, src); r != "" {
		args = append(args, "-sourcepath", r)
	}
	return args
}

func (e *Equivalence) java(path string, src []byte) func(ctx context.Context, dir, file string) (Build, error) {
	return func(ctx context.Context, dir, file string) (Build, error) {
		classes := filepath.Join(dir, "classes")
		argv := append([]string{"javac"}, e.javaArgs(path, src)...)
		argv = append(argv, "-d", classes, file)
		out, ok, err := exe(ctx, dir, argv...)
		if err != nil || !ok {
			return Build{OK: false, Output: firstLines(out, 5)}, err
		}
		return digests(classes)
	}
}

// includes is the include path of a file's proof build: its own
// directory, the root, and include/ when there is one.
func (e *Equivalence) includes(path string) []string {
	inc := filepath.Join(e.Root, filepath.Dir(filepath.FromSlash(path)))
	args := []string{"-I", inc, "-I", e.Root}
	if st, err := os.Stat(filepath.Join(e.Root, "include")); err == nil && st.IsDir() {
		args = append(args, "-I", filepath.Join(e.Root, "include"))
	}
	return args
}

// cArgs are the compiler's arguments but the output and the file: in
// dialect d, or (d nil) the dialect to be chosen on the source.
func (e *Equivalence) cArgs(path, x string, d *dialect) []string {
	args := []string{"-x", x, "-c", "-g0", "-O0", "-frandom-seed=iflint"}
	if d == nil {
		return append(append(args, "<dialect of the original>"), e.includes(path)...)
	}
	args = append(args, d.Flags...)
	if !slices.Contains(d.Flags, "-pedantic-errors") {
		args = append(args, "-pedantic")
	}
	args = append(args, "-Wall", "-Wno-error")
	if _, ok := e.compileCommand(path); ok {
		return append(args, "-iquote", filepath.Join(e.Root, filepath.Dir(filepath.FromSlash(path))))
	}
	return append(args, e.includes(path)...)
}

func (e *Equivalence) c(cc, x, path string, like *dialect) func(ctx context.Context, dir, file string) (Build, error) {
	return func(ctx context.Context, dir, file string) (Build, error) {
		d := like
		if d == nil {
			chosen, err := e.chooseDialect(ctx, cc, x, path, dir, file)
			if err != nil {
				return Build{}, err
			}
			d = &chosen
		}
		method := cc + " -g0"
		if d.Label != "" || len(d.Flags) > 0 {
			label := d.Label
			if label == "" {
				label = strings.Join(d.Flags, " ")
				if _, ok := e.compileCommand(path); ok {
					label = "compile_commands.json flags"
				}
			}
			method = cc + " " + label + " -g0"
		}
		obj := filepath.Join(dir, "out", "f.o")
		if err := os.MkdirAll(filepath.Dir(obj), 0o700); err != nil {
			return Build{}, fmt.Errorf("toolchain: proof build: %w", err)
		}
		argv := append([]string{cc}, e.cArgs(path, x, d)...)
		argv = append(argv, "-ffile-prefix-map="+dir+"=.", "-o", obj, file)
		out, ok, err := exe(ctx, dir, argv...)
		if err != nil || !ok {
			return Build{OK: false, Output: firstLines(out, 5), Flags: d.Flags, Method: method}, err
		}
		if out, ok, err := exe(ctx, dir, objcopy(), "--discard-all", "--remove-section=.comment", "--remove-section=.note.GNU-stack", obj); err != nil || !ok {
			return Build{}, fmt.Errorf("toolchain: objcopy --discard-all: %s%w", out, err)
		}
		b, err := digests(filepath.Dir(obj))
		b.Flags, b.Method, b.Warnings = d.Flags, method, warnings(out)
		return b, err
	}
}

// digests lists the files under dir with their SHA-256, sorted.
func digests(dir string) (Build, error) {
	var objs []Object
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		sum := sha256.Sum256(b)
		objs = append(objs, Object{Name: filepath.ToSlash(rel), Digest: hex.EncodeToString(sum[:])})
		return nil
	})
	if err != nil {
		return Build{}, fmt.Errorf("toolchain: reading the compiled output: %w", err)
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].Name < objs[j].Name })
	return Build{OK: true, Objects: objs}, nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(strings.TrimSpace(s), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
