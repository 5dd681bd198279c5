package check

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// languageVersionRule decides whether the code compiles with the requested
// language version. With an installed toolchain it compiles the code the
// way the paper's evaluator does (py_compile, javac, rustc --emit=metadata);
// otherwise it reports a best-effort static verdict: the code must parse
// and use no syntax or standard-library feature newer than the version.
var languageVersionRule = &Rule{Type: constraint.LanguageVer, Check: checkLanguageVersion}

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

func checkLanguageVersion(u *Unit, c constraint.Constraint) Result {
	version := strings.TrimSpace(c.Name)
	if u.Profile == MultiCodeIF {
		// The paper's evaluator returns False for any version (or
		// language) outside its fixed table, whatever the code.
		// Divergence (lint profile): other versions are checked on their
		// merits, and languages without a checker are unverified.
		known, ok := multicodeifVersions[c.Lang]
		if !ok {
			return Failed(fmt.Sprintf("the MultiCodeIF evaluator has no version checker for %s", c.LangName))
		}
		found := false
		for _, k := range known {
			found = found || k == version
		}
		if !found {
			return Failed(fmt.Sprintf("the MultiCodeIF evaluator only accepts %s versions %s, not %q", c.LangName, strings.Join(known, ", "), version))
		}
	}
	t, ok := parseTarget(c.Lang, version)
	if !ok {
		return Result{Verdict: Unverified, Method: MethodStatic, Reason: fmt.Sprintf("cannot check %s version %q: only Python 3.x, JDK N and Rust 1.x versions are supported", c.LangName, version)}
	}
	if u.Toolchains != nil {
		if cmd, ok := u.Toolchains.Find(c.Lang, version); ok && len(cmd) > 0 {
			return compileVersion(u, c.Lang, t, cmd)
		}
	}
	if len(u.Src) > staticMaxBytes {
		return Result{Verdict: Unverified, Method: MethodStatic, Reason: fmt.Sprintf("toolchain %s not installed, and %d bytes is too large for the static analysis (limit %d)", t.text, len(u.Src), staticMaxBytes)}
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
		return Result{Verdict: Unverified, Method: MethodStatic, Reason: fmt.Sprintf("no toolchain for %s %s and no static version analysis for %s", c.LangName, version, c.LangName)}
	}
	prefix := fmt.Sprintf("best effort (static analysis; toolchain %s not installed): ", t.text)
	if len(issues) == 0 {
		return Result{Verdict: Pass, Method: MethodStatic, Reason: prefix + fmt.Sprintf("parses cleanly and uses no feature newer than %s (type errors and missing APIs are not checked)", t.text)}
	}
	res := Result{Verdict: Fail, Method: MethodStatic, Reason: prefix + issues[0].msg}
	if len(issues) > 1 {
		res.Reason += fmt.Sprintf(" (and %d more)", len(issues)-1)
	}
	for _, is := range issues {
		res.Findings = append(res.Findings, Finding{Start: is.start, End: is.end, Message: is.msg})
	}
	return res
}

// compileVersion runs the toolchain on the unit, reproducing the paper's
// file naming and flags in the MultiCodeIF profile.
func compileVersion(u *Unit, id lang.ID, t target, cmd []string) Result {
	name := "code.py"
	var extra func(string) []string
	switch id {
	case lang.Java:
		name = "Test.java"
		if u.Profile == Lint {
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
			if u.Profile == Lint {
				// Divergence (lint profile): the paper runs rustc without
				// --edition, i.e. edition 2015, where async fn and .await
				// do not exist; lint compiles as edition 2021.
				args = append(args, "--edition=2021")
			}
			return args
		}
	}
	r := compileCacheOf(u.Toolchains).compile(u.Ctx, cmd, extra, name, u.Src)
	switch {
	case r.err != nil:
		return Result{Verdict: Unverified, Method: MethodToolchain, Reason: fmt.Sprintf("could not run %s: %v", cmd[0], r.err)}
	case r.timedOut:
		if u.Profile == Lint {
			// Divergence (lint profile): a compiler timeout says nothing
			// about the version; the paper counts it as a failure.
			return Result{Verdict: Unverified, Method: MethodToolchain, Reason: fmt.Sprintf("%s timed out after %s", strings.Join(cmd, " "), compileTimeout)}
		}
		return Result{Verdict: Fail, Method: MethodToolchain, Reason: fmt.Sprintf("%s timed out after %s", strings.Join(cmd, " "), compileTimeout)}
	case r.ok:
		return Result{Verdict: Pass, Method: MethodToolchain, Reason: fmt.Sprintf("compiles with %s (%s)", t.text, strings.Join(cmd, " "))}
	}
	msg := firstCompilerError(r.output)
	res := Result{Verdict: Fail, Method: MethodToolchain, Reason: fmt.Sprintf("does not compile with %s: %s", t.text, msg)}
	if line := compilerErrorLine(r.output, name); line > 0 {
		s, e := lineRange(u.Src, line)
		res.Findings = []Finding{{Start: s, End: e, Message: msg}}
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

// pyFeature is a syntax node kind that needs at least Python 3.<minor>.
type pyFeature struct {
	minor int
	what  string
}

var pyFeatures = map[string]pyFeature{
	"named_expression":     {8, "assignment expression (:=)"},
	"positional_separator": {8, "positional-only parameter marker (/)"},
	"match_statement":      {10, "match statement"},
	"except_group_clause":  {11, "except* clause"},
	"type_alias_statement": {12, "type alias statement"},
}

// pyRemoved lists standard modules removed in 3.<minor> (PEP 594, 632 and
// earlier removals); pyAdded lists modules first shipped in 3.<minor>.
var pyRemoved = map[string]int{
	"formatter": 10, "parser": 10, "symbol": 10, "binhex": 11,
	"distutils": 12, "imp": 12, "asynchat": 12, "asyncore": 12, "smtpd": 12,
	"aifc": 13, "audioop": 13, "cgi": 13, "cgitb": 13, "chunk": 13, "crypt": 13,
	"imghdr": 13, "mailcap": 13, "msilib": 13, "nis": 13, "nntplib": 13,
	"ossaudiodev": 13, "pipes": 13, "sndhdr": 13, "spwd": 13, "sunau": 13,
	"telnetlib": 13, "uu": 13, "xdrlib": 13, "lib2to3": 13,
}

var pyAdded = map[string]int{"zoneinfo": 9, "graphlib": 9, "tomllib": 11}

// pyQuery selects every node kind pythonVersionIssues looks at; a query
// runs inside tree-sitter, far faster than walking every node from Go.
// Strings matter only before 3.12 and imports and annotations only to the
// lint profile, so they are left out of the query when irrelevant.
func pyQuery(p Profile, t target) string {
	q := `(print_statement) (exec_statement) (named_expression) (positional_separator)
 (match_statement) (except_group_clause) (type_alias_statement) (type_parameter)
 (return_statement) (yield) (await) (break_statement) (continue_statement) (decorator)
 (with_clause)`
	if !t.atLeast(3, 12) {
		q += " (string)"
	}
	if p == Lint {
		q += " (import_statement) (import_from_statement) (type)"
	}
	return "[" + q + "] @n"
}

// pythonVersionIssues approximates `python3.X -m py_compile`: the file
// must parse as Python 3 and use no syntax newer than 3.X. In the lint
// profile it also flags what fails at import time on that version.
func pythonVersionIssues(u *Unit, t target) []versionIssue {
	tree, err := u.Tree(lang.Python)
	if err != nil {
		return []versionIssue{{0, 0, "could not parse: " + err.Error()}}
	}
	var issues []versionIssue
	add := func(n nodeRange, msg string) {
		issues = append(issues, versionIssue{n.Start(), n.End(), msg})
	}
	futureAnnotations := strings.Contains(string(u.Src), "from __future__ import annotations")
	root := tree.Root()
	if bad, ok := firstSyntaxError(root); ok {
		issues = append(issues, syntaxIssue(bad))
	}
	for _, c := range syntax.MustQuery(lang.Python, pyQuery(u.Profile, t)).Captures(root) {
		n := c.Node
		typ := n.Type()
		if typ == "print_statement" || typ == "exec_statement" {
			add(n, fmt.Sprintf("Python 2 %s statement is a syntax error in Python 3", strings.TrimSuffix(typ, "_statement")))
			continue
		}
		if f, ok := pyFeatures[typ]; ok && !t.atLeast(3, f.minor) {
			add(n, fmt.Sprintf("%s needs Python 3.%d", f.what, f.minor))
		}
		switch typ {
		case "return_statement", "yield":
			if !n.IsNamed() {
				break
			}
			if fn := pyEnclosing(n, "function_definition", "lambda"); !fn.Valid() || (typ == "return_statement" && fn.Type() == "lambda") {
				add(n, fmt.Sprintf("'%s' outside function", strings.TrimSuffix(typ, "_statement")))
			}
		case "await":
			if n.IsNamed() { // the expression, not the keyword token
				fn := pyEnclosing(n, "function_definition", "lambda")
				if !fn.Valid() {
					add(n, "'await' outside function")
				} else if fn.Type() == "lambda" || fn.Child(0).Type() != "async" {
					add(n, "'await' outside async function")
				}
			}
		case "break_statement", "continue_statement":
			if l := pyEnclosing(n, "for_statement", "while_statement", "function_definition", "class_definition", "lambda"); !l.Valid() || (l.Type() != "for_statement" && l.Type() != "while_statement") {
				add(n, fmt.Sprintf("'%s' outside loop", strings.TrimSuffix(typ, "_statement")))
			}
		case "type_parameter":
			// Also the [..] of List[int]; only a def/class list is PEP 695.
			if p := n.Parent(); !t.atLeast(3, 12) && p.Valid() && (p.Type() == "function_definition" || p.Type() == "class_definition") {
				add(n, "PEP 695 type parameter list needs Python 3.12")
			}
		case "decorator":
			if !t.atLeast(3, 9) && !pyPlainDecorator(n) {
				add(n, "decorator with an arbitrary expression needs Python 3.9")
			}
		case "with_clause":
			if !t.atLeast(3, 9) && n.ChildCount() > 0 && n.Child(0).Type() == "(" && pyParenthesizedWith(n) {
				add(n, "parenthesized context managers need Python 3.9 (officially 3.10)")
			}
		case "string":
			if !t.atLeast(3, 12) {
				if msg := pyFStringNesting(n); msg != "" {
					add(n, msg)
				}
			}
		}
		if u.Profile == Lint {
			// Divergence (lint profile): the paper only byte-compiles
			// (py_compile), which never imports anything nor evaluates
			// annotations; lint also flags imports of modules missing in
			// that version and PEP 604 unions in evaluated annotations.
			switch typ {
			case "import_statement", "import_from_statement":
				for _, m := range pyImportedModules(n) {
					if r, ok := pyRemoved[m]; ok && t.atLeast(3, r) {
						add(n, fmt.Sprintf("module %s was removed in Python 3.%d", m, r))
					}
					if a, ok := pyAdded[m]; ok && !t.atLeast(3, a) {
						add(n, fmt.Sprintf("module %s needs Python 3.%d", m, a))
					}
				}
			case "type":
				if !t.atLeast(3, 10) && !futureAnnotations && pyEvaluatedAnnotation(n) && pyHasUnion(n) {
					add(n, "X | Y union in an evaluated annotation needs Python 3.10")
				}
			}
		}
	}
	return issues
}

type pyNode = nodeRange

func pyEnclosing(n pyNode, types ...string) pyNode {
	for p := n.Parent(); p.Valid(); p = p.Parent() {
		for _, t := range types {
			if p.Type() == t {
				return p
			}
		}
	}
	return pyNode{}
}

// pyPlainDecorator reports whether a decorator has the pre-3.9 shape: a
// dotted name, optionally called once.
func pyPlainDecorator(d pyNode) bool {
	e := d.NamedChild(0)
	if e.Valid() && e.Type() == "call" {
		e = e.Field("function")
	}
	for e.Valid() && e.Type() == "attribute" {
		e = e.Field("object")
	}
	return e.Valid() && e.Type() == "identifier"
}

// pyParenthesizedWith tells `with (a as b, c):` (new grammar) from
// `with (a):` or `with (a, b):`, which were always valid expressions.
func pyParenthesizedWith(w pyNode) bool {
	items := 0
	for i := 0; i < w.ChildCount(); i++ {
		c := w.Child(i)
		if c.Type() != "with_item" {
			continue
		}
		items++
		if c.Any(func(m pyNode) bool { return m.Type() == "as_pattern" }) {
			return true
		}
	}
	last := w.Child(w.ChildCount() - 2)
	return items > 1 && last.Valid() && last.Type() == ","
}

// pyFStringNesting reports PEP 701 constructs: an f-string whose
// replacement fields reuse its own quote, or contain a backslash.
func pyFStringNesting(s pyNode) string {
	start := s.Child(0)
	if !start.Valid() || start.Type() != "string_start" {
		return ""
	}
	delim := start.Text()
	prefix := strings.TrimRight(delim, `'"`)
	quote := strings.TrimPrefix(delim, prefix)
	if !strings.ContainsAny(prefix, "fF") {
		return ""
	}
	msg := ""
	for i := 0; i < s.ChildCount() && msg == ""; i++ {
		in := s.Child(i)
		if in.Type() != "interpolation" {
			continue
		}
		in.Walk(func(m pyNode) bool {
			if msg != "" {
				return false
			}
			if m.Type() == "string" {
				inner := m.Child(0)
				if inner.Valid() && len(quote) == 1 && strings.TrimLeft(inner.Text(), "rRbBuUfF") == quote {
					msg = "f-string reusing its quote inside a replacement field needs Python 3.12"
				}
				return false
			}
			if m.ChildCount() == 0 && strings.Contains(m.Text(), `\`) {
				msg = "backslash inside an f-string replacement field needs Python 3.12"
			}
			return true
		})
	}
	return msg
}

func pyImportedModules(n pyNode) []string {
	var out []string
	if n.Type() == "import_from_statement" {
		if m := n.Field("module_name"); m.Valid() {
			name, _, _ := strings.Cut(m.Text(), ".")
			out = append(out, name)
		}
		return out
	}
	for i := 0; i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if c.Type() == "aliased_import" {
			c = c.Field("name")
		}
		if c.Valid() && c.Type() == "dotted_name" {
			name, _, _ := strings.Cut(c.Text(), ".")
			out = append(out, name)
		}
	}
	return out
}

// pyEvaluatedAnnotation: parameter and return annotations are evaluated
// when the def runs; annotations of local variables never are.
func pyEvaluatedAnnotation(typ pyNode) bool {
	p := typ.Parent()
	if !p.Valid() {
		return false
	}
	switch p.Type() {
	case "typed_parameter", "typed_default_parameter", "function_definition":
		return true
	}
	return false
}

func pyHasUnion(typ pyNode) bool {
	return typ.Any(func(m pyNode) bool {
		if m.Type() == "string" {
			return false
		}
		if m.Type() == "union_type" {
			return true
		}
		if m.Type() == "binary_operator" {
			op := m.Field("operator")
			return op.Valid() && op.Text() == "|"
		}
		return false
	})
}
