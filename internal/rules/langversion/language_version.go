package langversion

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/toolchain"
)

// languageVersionRule decides whether the code compiles with the requested
// language version. With an installed toolchain it compiles the code the
// way the paper's evaluator does (py_compile, javac, rustc --emit=metadata);
// otherwise it reports a best-effort static verdict: the code must parse
// and use no syntax or standard-library feature newer than the version.
var LanguageVersionRule = &check.Rule{Type: constraint.LanguageVer, Paper: checkLanguageVersion, Lint: checkLanguageVersion}

// versionIssue is one reason the code would not compile with the version.
type versionIssue struct {
	start, end int
	msg        string
}

// target is a parsed version: Python 3.x (major, minor), JDK N (major)
// or Rust 1.x.y (major=1, minor=x).
type target struct {
	major, minor int
	text         string
}

func (t target) atLeast(major, minor int) bool {
	return t.major > major || t.major == major && t.minor >= minor
}

// multicodeifVersions are the only versions the paper's evaluator accepts;
// anything else (and any other language) is judged unsatisfied.
var multicodeifVersions = map[lang.ID][]string{
	lang.Python: {"3.13", "3.10", "3.8"},
	lang.Java:   {"jdk11", "jdk17", "jdk21"},
	lang.Rust:   {"1.87.0", "1.86.0", "1.85.0", "1.78.0", "1.74.0", "1.70.0", "1.60.0"},
}

var (
	pyTargetRe   = regexp.MustCompile(`^(?i:python\s*)?(\d+)\.(\d+)(?:\.\d+)?$`)
	javaTargetRe = regexp.MustCompile(`^(?i:jdk|java|openjdk|jdk-|java-|java\s*)?\s*(?:1\.)?(\d+)$`)
	rustTargetRe = regexp.MustCompile(`^(?i:rust\s*)?1\.(\d+)(?:\.\d+)?$`)
)

func parseTarget(id lang.ID, v string) (target, bool) {
	v = strings.TrimSpace(v)
	switch id {
	case lang.Python:
		if m := pyTargetRe.FindStringSubmatch(v); m != nil {
			a, _ := strconv.Atoi(m[1])
			b, _ := strconv.Atoi(m[2])
			return target{a, b, "Python " + v}, true
		}
	case lang.Java:
		if m := javaTargetRe.FindStringSubmatch(v); m != nil {
			a, _ := strconv.Atoi(m[1])
			return target{a, 0, "JDK " + m[1]}, true
		}
	case lang.Rust:
		if m := rustTargetRe.FindStringSubmatch(v); m != nil {
			b, _ := strconv.Atoi(m[1])
			return target{1, b, "Rust " + v}, true
		}
	}
	return target{}, false
}

// staticMaxBytes bounds the static analysis: tree-sitter's error recovery
// on megabytes of foreign code takes tens of seconds, and no answer to a
// version task is that large.
const staticMaxBytes = 128 << 10

func checkLanguageVersion(u *check.Unit, c constraint.Constraint) check.Result {
	version := strings.TrimSpace(c.Name)
	if u.Profile == check.MultiCodeIF {
		// The paper's evaluator returns False for any version (or
		// language) outside its fixed table, whatever the code.
		// Divergence (lint profile): other versions are checked on their
		// merits, and languages without a checker are unverified.
		known, ok := multicodeifVersions[c.Lang]
		if !ok {
			return check.Failed(fmt.Sprintf("the MultiCodeIF evaluator has no version checker for %s", c.LangName))
		}
		found := false
		for _, k := range known {
			found = found || k == version
		}
		if !found {
			return check.Failed(fmt.Sprintf("the MultiCodeIF evaluator only accepts %s versions %s, not %q", c.LangName, strings.Join(known, ", "), version))
		}
	}
	t, ok := parseTarget(c.Lang, version)
	if !ok {
		return check.Result{Verdict: check.Unverified, Method: check.MethodStatic, Reason: fmt.Sprintf("cannot check %s version %q: only Python 3.x, JDK N and Rust 1.x versions are supported", c.LangName, version)}
	}
	if u.Toolchains != nil {
		if cmd, ok := u.Toolchains.Find(c.Lang, version); ok && len(cmd) > 0 {
			return compileVersion(u, c.Lang, t, cmd)
		}
	}
	if len(u.Src) > staticMaxBytes {
		return check.Result{Verdict: check.Unverified, Method: check.MethodStatic, Reason: fmt.Sprintf("toolchain %s not installed, and %d bytes is too large for the static analysis (limit %d)", t.text, len(u.Src), staticMaxBytes)}
	}
	var issues []versionIssue
	switch c.Lang {
	case lang.Python:
		issues = pythonVersionIssues(u, t)
	case lang.Java:
		issues = javaVersionIssues(u, t)
	case lang.Rust:
		issues = rustVersionIssues(u, t)
	default:
		return check.Result{Verdict: check.Unverified, Method: check.MethodStatic, Reason: fmt.Sprintf("no toolchain for %s %s and no static version analysis for %s", c.LangName, version, c.LangName)}
	}
	prefix := fmt.Sprintf("best effort (static analysis; toolchain %s not installed): ", t.text)
	if len(issues) == 0 {
		return check.Result{Verdict: check.Pass, Method: check.MethodStatic, Reason: prefix + fmt.Sprintf("parses cleanly and uses no feature newer than %s (type errors and missing APIs are not checked)", t.text)}
	}
	res := check.Result{Verdict: check.Fail, Method: check.MethodStatic, Reason: prefix + issues[0].msg}
	if len(issues) > 1 {
		res.Reason += fmt.Sprintf(" (and %d more)", len(issues)-1)
	}
	for _, is := range issues {
		res.Findings = append(res.Findings, check.Finding{Start: is.start, End: is.end, Message: is.msg})
	}
	return res
}

// compileVersion runs the toolchain on the unit, reproducing the paper's
// file naming and flags in the MultiCodeIF profile.
func compileVersion(u *check.Unit, id lang.ID, t target, cmd []string) check.Result {
	name := "code.py"
	var extra func(string) []string
	switch id {
	case lang.Java:
		name = "Test.java"
		if u.Profile == check.Lint {
			// Divergence (lint profile): the paper writes every answer to
			// Test.java, so any public class not named Test fails to
			// compile; lint names the file after the public class.
			if cls := javaPublicType(u); cls != "" {
				name = cls + ".java"
			}
		}
		extra = func(dir string) []string { return []string{"-d", dir} }
	case lang.Rust:
		name = "temp_check.rs"
		extra = func(dir string) []string {
			args := []string{"--out-dir", dir}
			if u.Profile == check.Lint {
				// Divergence (lint profile): the paper runs rustc without
				// --edition, i.e. edition 2015, where async fn and .await
				// do not exist; lint compiles as edition 2021.
				args = append(args, "--edition=2021")
			}
			return args
		}
	}
	r := toolchain.CompileCacheOf(u.Toolchains).Compile(u.Ctx, cmd, extra, name, u.Src)
	switch {
	case r.Err != nil:
		return check.Result{Verdict: check.Unverified, Method: check.MethodToolchain, Reason: fmt.Sprintf("could not run %s: %v", cmd[0], r.Err)}
	case r.TimedOut:
		if u.Profile == check.Lint {
			// Divergence (lint profile): a compiler timeout says nothing
			// about the version; the paper counts it as a failure.
			return check.Result{Verdict: check.Unverified, Method: check.MethodToolchain, Reason: fmt.Sprintf("%s timed out after %s", strings.Join(cmd, " "), toolchain.CompileTimeout)}
		}
		return check.Result{Verdict: check.Fail, Method: check.MethodToolchain, Reason: fmt.Sprintf("%s timed out after %s", strings.Join(cmd, " "), toolchain.CompileTimeout)}
	case r.Ok:
		return check.Result{Verdict: check.Pass, Method: check.MethodToolchain, Reason: fmt.Sprintf("compiles with %s (%s)", t.text, strings.Join(cmd, " "))}
	}
	msg := firstCompilerError(r.Output)
	res := check.Result{Verdict: check.Fail, Method: check.MethodToolchain, Reason: fmt.Sprintf("does not compile with %s: %s", t.text, msg)}
	if line := compilerErrorLine(r.Output, name); line > 0 {
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
