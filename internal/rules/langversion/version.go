package langversion

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

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

// paperVersions are the only versions the paper's evaluator accepts;
// anything else (and any other language) is judged unsatisfied
// (divergence fixed-version-table).
var paperVersions = map[lang.ID][]string{
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

// checkVersion compiles the code with the version's toolchain when one
// is installed (compile.go), and otherwise judges it by the static
// analysis of its language (python.go, java.go, rust.go).
func checkVersion(u *check.Unit, c constraint.Constraint) check.Result {
	r := readingOf(u.Profile)
	version := strings.TrimSpace(c.Name)
	if !r.anyVersion {
		// The paper's evaluator returns False for any version (or
		// language) outside its fixed table, whatever the code.
		known, ok := paperVersions[c.Lang]
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
			return compileVersion(u, c.Lang, t, cmd, r)
		}
	}
	if len(u.Src) > staticMaxBytes {
		return check.Result{Verdict: check.Unverified, Method: check.MethodStatic, Reason: fmt.Sprintf("toolchain %s not installed, and %d bytes is too large for the static analysis (limit %d)", t.text, len(u.Src), staticMaxBytes)}
	}
	var issues []versionIssue
	switch c.Lang {
	case lang.Python:
		issues = pythonVersionIssues(u, t, r)
	case lang.Java:
		issues = javaVersionIssues(u, t, r)
	case lang.Rust:
		issues = rustVersionIssues(u, t, r)
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
