package syntaxuse

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// The function rule decides "the code calls <function>". As in the
// reference evaluator, a qualified name is reduced to its last segment
// ("strings.Split" -> "Split", "std::string::substr" -> "substr") and any
// call whose callee name is that segment counts, whatever the receiver or
// namespace. A forbidden function is the other way round
// (function_forbidden.go).

// callMatcher reports whether node n is a call of name, as r reads calls.
type callMatcher func(n syntax.Node, name string, r callReading) bool

type callLang struct {
	// sep splits qualified names: C++ and Rust are split on ':' (so
	// "f64::sqrt" -> "sqrt"), the others on '.'.
	sep string
	// call is the node type of a call; match decides the callee name.
	call  string
	match callMatcher
	// more languages are unknown to the reference evaluator (divergence
	// more-languages).
	more bool
}

var callLangs = map[lang.ID]callLang{
	lang.Python:     {sep: ".", call: "call", match: calleeCall("attribute", "attribute")},
	lang.Java:       {sep: ".", call: "method_invocation", match: javaCall},
	lang.JavaScript: {sep: ".", call: "call_expression", match: calleeCall("member_expression", "property")},
	lang.TypeScript: {sep: ".", call: "call_expression", match: calleeCall("member_expression", "property"), more: true},
	lang.Rust:       {sep: ":", call: "call_expression", match: rustCall},
	lang.Go:         {sep: ".", call: "call_expression", match: calleeCall("selector_expression", "field")},
	lang.CPP:        {sep: ":", call: "call_expression", match: cppCall},
	lang.C:          {sep: ":", call: "call_expression", match: cppCall, more: true},
	lang.CSharp:     {sep: ".", call: "invocation_expression", match: csharpCall},
}

// textIs compares n's text with s, lengths first: a large node's text
// is not copied to be compared with a short name.
func textIs(n syntax.Node, s string) bool {
	return n.Valid() && n.End()-n.Start() == len(s) && n.Text() == s
}

// calleeCall matches calls whose callee is a plain identifier, or a member
// access (memberType) whose nameField holds the method name: the shape of
// the evaluator's Python, JavaScript, Go and Rust checks. Matchers are only
// shown nodes of the language's call type (see checkFunction).
func calleeCall(memberType, nameField string) callMatcher {
	return func(n syntax.Node, name string, _ callReading) bool {
		return calleeIs(n.Field("function"), memberType, nameField, name)
	}
}

func calleeIs(f syntax.Node, memberType, nameField, name string) bool {
	switch f.Type() {
	case "identifier":
		return f.Text() == name
	case memberType:
		return textIs(f.Field(nameField), name)
	}
	return false
}

func javaCall(n syntax.Node, name string, r callReading) bool {
	if n.Type() != "method_invocation" {
		return false
	}
	if r.methodNameOnly {
		return textIs(n.Field("name"), name)
	}
	for i := 0; i < n.ChildCount(); i++ {
		ch := n.Child(i)
		if ch.Type() == "identifier" && ch.Text() == name {
			return true
		}
	}
	return false
}

func rustCall(n syntax.Node, name string, r callReading) bool {
	f := n.Field("function")
	if r.turbofish && f.Type() == "generic_function" {
		f = f.Field("function")
	}
	if f.Type() == "scoped_identifier" {
		return textIs(f.Field("name"), name)
	}
	return calleeIs(f, "field_expression", "field", name)
}

func cppCall(n syntax.Node, name string, r callReading) bool {
	if n.Type() != "call_expression" {
		return false
	}
	f := n.Field("function")
	if !f.Valid() {
		return false
	}
	text := f.Text()
	switch f.Type() {
	case "identifier":
		return text == name
	case "scoped_identifier", "qualified_identifier":
		last := text[strings.LastIndex(text, "::")+1:]
		last = strings.TrimPrefix(last, ":")
		if r.templateCalls {
			last = stripTemplateArgs(last)
		}
		return last == name
	case "field_expression":
		return textIs(f.Field("field"), name)
	case "template_function":
		return r.templateCalls && textIs(f.Field("name"), name)
	}
	return false
}

// stripTemplateArgs drops a trailing "<...>" from a C++ name segment.
func stripTemplateArgs(s string) string {
	if i := strings.IndexByte(s, '<'); i > 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}

func csharpCall(n syntax.Node, name string, r callReading) bool {
	if n.Type() != "invocation_expression" {
		return false
	}
	f := n.Field("function")
	if f.Valid() && f.Type() == "member_access_expression" {
		f = f.Field("name")
	}
	if !f.Valid() {
		return false
	}
	switch f.Type() {
	case "identifier":
		return f.Text() == name
	case "generic_name":
		return r.genericCalls && f.NamedChildCount() > 0 && f.NamedChild(0).Type() == "identifier" && f.NamedChild(0).Text() == name
	}
	return false
}

func checkFunction(u *check.Unit, c constraint.Constraint) check.Result {
	if c.Forbidden {
		return checkForbiddenFunction(u, c)
	}
	r := callReadingOf(u.Profile)
	cl, ok := callLangs[c.Lang]
	if !ok || (cl.more && !r.moreLanguages) {
		return unsupported(r.unsupportedUnverified, fmt.Sprintf("function calls are not checked for %s", c.LangName))
	}
	name := c.Name
	if i := strings.LastIndex(name, cl.sep); i >= 0 {
		name = name[i+len(cl.sep):]
	}
	what := fmt.Sprintf("%q", name)
	if name != c.Name {
		what = fmt.Sprintf("%q (from %q)", name, c.Name)
	}
	// A callee's name is spelled out at the call, so a name that never
	// occurs settles the question without a parse.
	if name == "" || srcLacks(u, false, name) {
		return check.Failed(fmt.Sprintf("no call to %s found", what))
	}
	root, bad := parsedRoot(u, c.Lang)
	if bad != nil {
		return *bad
	}
	if c.Lang == lang.Python {
		if errNode, failed := pythonSyntaxError(root, work.Of(u)); failed {
			return syntaxErrorResult(u, errNode, "a call to "+what)
		}
	}
	call, found := firstMatch(u, root, c.Lang, nodesOf(cl.call), func(n syntax.Node) bool { return cl.match(n, name, r) })
	if !found {
		return check.Failed(fmt.Sprintf("no call to %s found", what))
	}
	line, _ := u.Position(call.Start())
	return check.Passed(fmt.Sprintf("calls %s at line %d: %s", what, line, clip(call.Text(), 60)))
}
