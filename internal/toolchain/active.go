package toolchain

// The compiler proves only what it compiles: a change inside a
// preprocessor branch the build skips (cJSON's `#if defined(_MSC_VER)`
// blocks) compiles to nothing on either side, so identical objects say
// nothing about it. Inactive finds such lines: the file is preprocessed
// in its proof dialect with comments kept (-E -C), and a non-blank line
// of which nothing reaches the output is one the build does not see.
// Directive lines (#define, #if …) never reach the output and are
// judged by the objects alone, as before.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/lang"
)

// Inactive returns those of lines (1-based) of src, the repository's
// file path, that the build in like's dialect does not compile: nil
// for languages without a preprocessor.
func (e *Equivalence) Inactive(ctx context.Context, id lang.ID, path string, src []byte, lines []int, like *Build) ([]int, error) {
	if id != lang.C && id != lang.CPP || len(lines) == 0 {
		return nil, nil
	}
	cc, x := "gcc", "c"
	if id == lang.CPP {
		cc, x = "g++", "c++"
	}
	d := &dialect{}
	if like != nil {
		d.Flags = like.Flags
	}
	dir, err := os.MkdirTemp("", "iflint-proof-")
	if err != nil {
		return nil, fmt.Errorf("toolchain: preprocessing: %w", err)
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "src", filepath.Base(path))
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return nil, fmt.Errorf("toolchain: preprocessing: %w", err)
	}
	if err := os.WriteFile(file, src, 0o600); err != nil {
		return nil, fmt.Errorf("toolchain: preprocessing: %w", err)
	}
	args := e.cArgs(path, x, d)
	for i, a := range args {
		if a == "-c" {
			args[i] = "-E"
		}
	}
	argv := append(append([]string{cc}, args...), "-C", file)
	out, ok, err := exe(ctx, dir, argv...)
	if err != nil || !ok {
		return nil, fmt.Errorf("toolchain: preprocessing %s: %v %s", path, err, firstLines(out, 3))
	}
	seen := reached(out, "src/"+filepath.Base(path))
	text := strings.Split(string(src), "\n")
	var off []int
	for _, l := range lines {
		if l < 1 || l > len(text) {
			continue
		}
		t := strings.TrimSpace(text[l-1])
		if t == "" || strings.HasPrefix(t, "#") || seen[l] {
			continue
		}
		off = append(off, l)
	}
	return off, nil
}

// reached is the set of the main file's lines with something in the
// preprocessor's output: a line marker `# N "file"` sets the line of the
// next output line, and each output line advances it.
func reached(out, name string) map[int]bool {
	seen := map[int]bool{}
	line, main := 0, false
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "# ") {
			f := strings.Fields(l)
			if len(f) >= 3 {
				if n, err := strconv.Atoi(f[1]); err == nil {
					line, main = n, strings.Trim(f[2], `"`) == name
					continue
				}
			}
		}
		if main && strings.TrimSpace(l) != "" {
			seen[line] = true
		}
		line++
	}
	return seen
}
