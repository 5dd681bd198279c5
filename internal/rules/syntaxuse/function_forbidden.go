package syntaxuse

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// A forbidden function ("java;!System.exit") is reported at each call.
// Unlike the required-call check, which the paper reduces to the last
// name segment, a qualified name must match the call as written, so
// forbidding System.exit does not forbid every exit(): the callee's
// segments must end with the name's (`java.lang.System.exit(1)`), or the
// name's must end with the callee's two or more segments
// (`process::exit(1)` after `use std::process;`). A bare name ("!eval")
// matches every call of that name, methods included. Rust macros count
// as calls ("!panic" matches `panic!(...)`).

// calleeOf returns the node naming what a call calls.
func calleeOf(id lang.ID, call syntax.Node) syntax.Node {
	switch call.Type() {
	case "method_invocation": // Java: object.name(...)
		return call
	case "macro_invocation":
		return call.Field("macro")
	}
	f := call.Field("function")
	if id == lang.Rust && f.Type() == "generic_function" {
		f = f.Field("function")
	}
	return f
}

var (
	templateArgs = regexp.MustCompile(`(::)?<[^<>]*>`)
	segmentSep   = strings.NewReplacer("?.", ".", "->", ".", "::", ".")
)

// segments splits a callee's text into its name segments.
func segments(text string) []string {
	t := strings.Join(strings.Fields(text), "")
	for i := 0; i < 4 && strings.Contains(t, "<"); i++ {
		t = templateArgs.ReplaceAllString(t, "")
	}
	t = strings.TrimSuffix(segmentSep.Replace(t), "!")
	return strings.Split(strings.Trim(t, "."), ".")
}

func javaCallee(call syntax.Node) []string {
	name := call.Field("name").Text()
	if obj := call.Field("object"); obj.Valid() {
		return append(segments(obj.Text()), name)
	}
	return []string{name}
}

func hasSuffix(s, suffix []string) bool {
	if len(suffix) > len(s) {
		return false
	}
	for i := range suffix {
		if s[len(s)-len(suffix)+i] != suffix[i] {
			return false
		}
	}
	return true
}

func callMatches(callee, name []string) bool {
	if len(name) == 1 {
		return len(callee) > 0 && callee[len(callee)-1] == name[0]
	}
	return len(callee) >= 2 && (hasSuffix(callee, name) || hasSuffix(name, callee))
}

func checkForbiddenFunction(u *check.Unit, c constraint.Constraint) check.Result {
	cl, ok := callLangs[c.Lang]
	if !ok {
		return check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: fmt.Sprintf("function calls are not checked for %s", c.LangName)}
	}
	name := segments(c.Name)
	last := name[len(name)-1]
	if last == "" || srcLacks(u, false, last) {
		return check.Passed(fmt.Sprintf("forbidden function %q is never called", c.Name))
	}
	root, bad := parsedRoot(u, c.Lang)
	if bad != nil {
		return *bad
	}
	pattern := nodesOf(cl.call)
	if c.Lang == lang.Rust {
		pattern = nodesOf(cl.call, "macro_invocation")
	}
	var findings []check.Finding
	firstMatch(u, root, c.Lang, pattern, func(n syntax.Node) bool {
		callee := calleeOf(c.Lang, n)
		if !callee.Valid() {
			return false
		}
		work.Of(u).Add(1 + callee.End() - callee.Start())
		segs := segments(callee.Text())
		if n.Type() == "method_invocation" {
			segs = javaCallee(n)
			callee = n.Field("name")
		}
		if callMatches(segs, name) {
			start := callee.Start()
			if n.Type() == "method_invocation" {
				if obj := n.Field("object"); obj.Valid() {
					start = obj.Start()
				}
			}
			findings = append(findings, check.Finding{Start: start, End: callee.End(), Message: fmt.Sprintf("call to forbidden function %q", c.Name)})
		}
		return false // visit every call
	})
	if len(findings) == 0 {
		if root.HasError() {
			return check.Result{Verdict: check.Unverified, Method: check.MethodRule, Reason: fmt.Sprintf("the code does not parse, so the absence of calls to %q cannot be confirmed", c.Name)}
		}
		return check.Passed(fmt.Sprintf("forbidden function %q is never called", c.Name))
	}
	return check.Failed(fmt.Sprintf("forbidden function %q is called %s", c.Name, times(len(findings))), findings...)
}
