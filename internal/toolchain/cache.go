package toolchain

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/check"
)

// Compiles once: a toolchain's verdict on a file depends only on the
// toolchain (which executable, which version), the arguments it runs with
// and the file's name and bytes, so each run is kept in the
// content-addressed cache that also holds judge verdicts, and an
// identical run later is answered from it. A benchmark replay with
// toolchains is almost all compiles; a second identical one compiles
// nothing.

// CachedToolchains finds toolchains like its Toolchains and runs their
// compiles through Cache.
type CachedToolchains struct {
	check.Toolchains
	Cache *CompileCache
}

// Compile implements Compiler through the cache.
func (t *CachedToolchains) Compile(ctx context.Context, prefix []string, extra func(dir string) []string, name string, src []byte) Result {
	return t.Cache.Compile(ctx, prefix, extra, name, src)
}

// CompileStore is where toolchain runs are kept (internal/cache.Cache).
type CompileStore interface {
	Get(key string, v any) bool
	Put(key string, v any) error
}

// CompileCache answers toolchain runs from a store and counts what it
// did. The zero value with a nil Store compiles everything and counts.
// It is safe for concurrent use.
type CompileCache struct {
	Store CompileStore

	ran, cached atomic.Int64

	mu  sync.Mutex
	ids map[string]string // command prefix -> identity ("" when unknown)
}

// Counts returns how many compiles ran and how many were answered from
// the cache.
func (c *CompileCache) Counts() (ran, cached int64) { return c.ran.Load(), c.cached.Load() }

// storedCompile is a cache entry: what the compiler said.
type storedCompile struct {
	OK     bool   `json:"ok"`
	Output string `json:"output"`
}

// Compile is CompileFile through the cache (a nil cache compiles every
// time). Runs that say nothing about the code — the compiler could not
// start, or timed out (a loaded machine can cause that) — are not kept,
// so they are tried again next time.
func (c *CompileCache) Compile(ctx context.Context, prefix []string, extra func(dir string) []string, name string, src []byte) Result {
	if c == nil {
		return CompileFile(ctx, prefix, extra, name, src, nil)
	}
	key := ""
	if c.Store == nil {
		c.ran.Add(1)
		return CompileFile(ctx, prefix, extra, name, src, nil)
	}
	if id := c.identity(prefix); id != "" {
		args := append([]string{}, prefix[1:]...)
		if extra != nil {
			args = append(args, extra("\x00DIR")...)
		}
		sum := sha256.Sum256(src)
		key = cache.Key("iflint/toolchain/compile/v1", id, strings.Join(args, "\x00"), name, hex.EncodeToString(sum[:]))
		var e storedCompile
		if c.Store.Get(key, &e) {
			c.cached.Add(1)
			return Result{OK: e.OK, Output: e.Output}
		}
	}
	c.ran.Add(1)
	r := CompileFile(ctx, prefix, extra, name, src, nil)
	if key != "" && r.Err == nil && !r.TimedOut {
		// A failed write costs a compile next time, not a verdict.
		_ = c.Store.Put(key, storedCompile{OK: r.OK, Output: r.Output})
	}
	return r
}

// identity names what a command prefix runs: the executable's path and
// content hash, and what the toolchain says its version is (a rustup
// proxy or a pyenv shim is the same file for every version it runs). It
// is worked out once per prefix; "" means unknown, and such runs are
// never cached.
func (c *CompileCache) identity(prefix []string) string {
	k := strings.Join(prefix, "\x00")
	c.mu.Lock()
	defer c.mu.Unlock()
	if id, ok := c.ids[k]; ok {
		return id
	}
	id := toolchainIdentity(prefix)
	if c.ids == nil {
		c.ids = map[string]string{}
	}
	c.ids[k] = id
	return id
}

func toolchainIdentity(prefix []string) string {
	if len(prefix) == 0 {
		return ""
	}
	exe, err := exec.LookPath(prefix[0])
	if err != nil {
		return ""
	}
	if exe, err = filepath.Abs(exe); err != nil {
		return ""
	}
	b, err := os.ReadFile(exe)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	// The program part of the prefix, without its flags: python,
	// javac, rustc, or "rustup run 1.74.0 rustc".
	probe := []string{}
	for _, a := range prefix[1:] {
		if strings.HasPrefix(a, "-") {
			break
		}
		probe = append(probe, a)
	}
	flag := "--version"
	if strings.Contains(filepath.Base(exe), "javac") {
		flag = "-version" // JDK 8's javac knows no --version
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, append(probe, flag)...)
	cmd.Env = CompilerEnv(nil)
	out, err := cmd.CombinedOutput()
	if err != nil || len(strings.TrimSpace(string(out))) == 0 {
		return ""
	}
	return strings.Join([]string{exe, hex.EncodeToString(sum[:]), strings.Join(prefix, " "), strings.TrimSpace(string(out))}, "\x00")
}
