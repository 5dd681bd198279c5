package langversion

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/toolchain"
)

// Compiling with an installed toolchain (internal/toolchain), and
// reading the compiler's first error back as a finding.

// compileVersion runs the toolchain on the unit, naming the file and
// passing the flags as the paper's evaluator did, except where the
// reading departs from it (java-file-name, rust-edition).
func compileVersion(u *check.Unit, id lang.ID, t target, cmd []string, r reading) check.Result {
	name := "code.py"
	var extra func(string) []string
	switch id {
	case lang.Java:
		name = "Test.java"
		if r.fileAfterClass {
			if cls := javaPublicType(u); cls != "" {
				name = cls + ".java"
			}
		}
		extra = func(dir string) []string { return []string{"-d", dir} }
	case lang.Rust:
		name = "temp_check.rs"
		extra = func(dir string) []string {
			args := []string{"--out-dir", dir}
			if r.edition2021 {
				args = append(args, "--edition=2021")
			}
			return args
		}
	}
	out := toolchain.Compile(u.Ctx, u.Toolchains, cmd, extra, name, u.Src)
	switch {
	case out.Err != nil:
		return check.Result{Verdict: check.Unverified, Method: check.MethodToolchain, Reason: fmt.Sprintf("could not run %s: %v", cmd[0], out.Err)}
	case out.TimedOut:
		if r.timeoutUnverified {
			return check.Result{Verdict: check.Unverified, Method: check.MethodToolchain, Reason: fmt.Sprintf("%s timed out after %s", strings.Join(cmd, " "), toolchain.CompileTimeout)}
		}
		return check.Result{Verdict: check.Fail, Method: check.MethodToolchain, Reason: fmt.Sprintf("%s timed out after %s", strings.Join(cmd, " "), toolchain.CompileTimeout)}
	case out.OK:
		return check.Result{Verdict: check.Pass, Method: check.MethodToolchain, Reason: fmt.Sprintf("compiles with %s (%s)", t.text, strings.Join(cmd, " "))}
	}
	msg := firstCompilerError(out.Output)
	res := check.Result{Verdict: check.Fail, Method: check.MethodToolchain, Reason: fmt.Sprintf("does not compile with %s: %s", t.text, msg)}
	if line := compilerErrorLine(out.Output, name); line > 0 {
		s, e := lineRange(u.Src, line)
		res.Findings = []check.Finding{{Start: s, End: e, Message: msg}}
	}
	return res
}

var errLineRe = regexp.MustCompile(`(?m)^.*\b(?:error|Error|SyntaxError|IndentationError|TabError)\b.*$`)

func firstCompilerError(out string) string {
	out = strings.TrimSpace(out)
	if m := errLineRe.FindString(out); m != "" {
		return strings.TrimSpace(m)
	}
	if out == "" {
		return "compiler exited with an error"
	}
	return firstOutputLine(out)
}

// compilerErrorLine finds the first 1-based line number the compiler
// blamed: "Test.java:3:", "--> temp_check.rs:3:5" or `File "...", line 3`.
func compilerErrorLine(out, name string) int {
	for _, re := range []*regexp.Regexp{
		regexp.MustCompile(regexp.QuoteMeta(name) + `:(\d+)`),
		regexp.MustCompile(`line (\d+)`),
	} {
		if m := re.FindStringSubmatch(out); m != nil {
			n, _ := strconv.Atoi(m[1])
			return n
		}
	}
	return 0
}

// lineRange returns the byte range of 1-based line n (without newline).
func lineRange(src []byte, n int) (int, int) {
	start := 0
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(src[start:], '\n')
		if j < 0 {
			return len(src), len(src)
		}
		start += j + 1
	}
	end := start
	for end < len(src) && src[end] != '\n' {
		end++
	}
	return start, end
}

func firstOutputLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
