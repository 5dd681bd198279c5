package toolchain

// The dialect a C or C++ file is proven in (issue 18). A proof that
// compiles with looser flags than the project's build proves nothing
// about that build: cJSON builds with -std=c89 -pedantic -Werror, and
// `/* */` → `//` compiled identically under gcc's default gnu17 while
// `make test` then failed ("C++ style comments are not allowed in ISO
// C90"). So both sides of a candidate are compiled under one dialect,
// chosen on the original:
//
//   - the flags compile_commands.json gives the file (at the root or in
//     build/), when it lists the file: the project's own build;
//   - otherwise the strictest ISO standard the original satisfies with
//     -pedantic-errors, probed from the oldest (c89, then c99, c11, c17;
//     c++98, then c++11, c++14, c++17, c++20), so a candidate must stay
//     valid in every standard the original was valid in;
//   - otherwise (the original needs GNU extensions) the compiler's
//     default.
//
// Warnings under -Wall -pedantic are collected on both sides and a new
// one is a difference: a project that builds with -Werror fails on it.

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

var (
	cStandards   = []string{"c89", "c99", "c11", "c17"}
	cxxStandards = []string{"c++98", "c++11", "c++14", "c++17", "c++20"}
)

// dialect is how one file is compiled for the proof: the flags that
// choose the language, and how the report names them.
type dialect struct {
	Flags []string
	Label string // "-std=c89 -pedantic-errors", "compile_commands.json"
}

// chooseDialect picks the dialect of the original src (see above).
func (e *Equivalence) chooseDialect(ctx context.Context, cc, x, path, dir, file string) (dialect, error) {
	if flags, ok := e.compileCommand(path); ok {
		return dialect{Flags: flags, Label: "compile_commands.json flags"}, nil
	}
	stds := cStandards
	if x == "c++" {
		stds = cxxStandards
	}
	for _, std := range stds {
		flags := []string{"-std=" + std, "-pedantic-errors"}
		argv := append([]string{cc, "-x", x, "-fsyntax-only"}, flags...)
		argv = append(argv, e.includes(path)...)
		argv = append(argv, file)
		_, ok, err := exe(ctx, dir, argv...)
		if err != nil {
			return dialect{}, err
		}
		if ok {
			return dialect{Flags: flags, Label: strings.Join(flags, " ")}, nil
		}
	}
	return dialect{}, nil
}

// compileCommand is the flags compile_commands.json (at the root, or in
// build/) gives the file path, less what names the output, debugging,
// optimisation and dependency files; relative include paths are made
// absolute against the entry's directory.
func (e *Equivalence) compileCommand(path string) ([]string, bool) {
	abs := filepath.Join(e.Root, filepath.FromSlash(path))
	for _, db := range []string{"compile_commands.json", filepath.Join("build", "compile_commands.json")} {
		data, err := os.ReadFile(filepath.Join(e.Root, db))
		if err != nil {
			continue
		}
		var entries []struct {
			Directory string   `json:"directory"`
			File      string   `json:"file"`
			Command   string   `json:"command"`
			Arguments []string `json:"arguments"`
		}
		if json.Unmarshal(data, &entries) != nil {
			continue
		}
		for _, en := range entries {
			f := en.File
			if !filepath.IsAbs(f) {
				f = filepath.Join(en.Directory, f)
			}
			if filepath.Clean(f) != abs {
				continue
			}
			args := en.Arguments
			if len(args) == 0 {
				args = splitCommand(en.Command)
			}
			if len(args) == 0 {
				continue
			}
			return projectFlags(args[1:], en.Directory, en.File), true
		}
	}
	return nil, false
}

// projectFlags keeps the flags that decide what the code means (-I, -D,
// -U, -std, -include, -W, -f, -m, -pedantic …) and drops the rest.
func projectFlags(args []string, dir, file string) []string {
	var out []string
	takesPath := map[string]bool{"-I": true, "-isystem": true, "-iquote": true, "-include": true, "-idirafter": true}
	dropNext := map[string]bool{"-o": true, "-MF": true, "-MT": true, "-MQ": true, "-x": true}
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == file || a == filepath.Join(dir, file):
		case dropNext[a]:
			i++
		case takesPath[a] && i+1 < len(args):
			out = append(out, a, abs(args[i+1]))
			i++
		case (a == "-D" || a == "-U") && i+1 < len(args):
			out = append(out, a, args[i+1])
			i++
		case strings.HasPrefix(a, "-I"):
			out = append(out, "-I"+abs(a[2:]))
		case a == "-c", strings.HasPrefix(a, "-g"), strings.HasPrefix(a, "-O"), strings.HasPrefix(a, "-M"), strings.HasPrefix(a, "-o"):
		case strings.HasPrefix(a, "-"):
			out = append(out, a)
		}
	}
	return out
}

// splitCommand splits a shell command line: spaces separate, quotes and
// backslashes group.
func splitCommand(s string) []string {
	var out []string
	var cur strings.Builder
	in, quote, esc := false, rune(0), false
	for _, r := range s {
		switch {
		case esc:
			cur.WriteRune(r)
			esc, in = false, true
		case r == '\\' && quote != '\'':
			esc = true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, in = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// warnings are the compiler's warnings in out, each its message alone
// (the position dropped: a layout change moves it), sorted.
func warnings(out string) []string {
	var ws []string
	for _, l := range strings.Split(out, "\n") {
		if _, msg, ok := strings.Cut(l, ": warning: "); ok {
			ws = append(ws, msg)
		}
	}
	sortStrings(ws)
	return ws
}

func sortStrings(s []string) { slices.Sort(s) }
