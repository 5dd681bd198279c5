package comments

// What each finding carries for its fix. The fix of a comment is planned
// by compose, not by the rule: planning needs the file's comments as the
// syntax tree has them (which comment a finding points at, what stands
// next to it, whether it is a comment at all and not text inside a
// string), and that walk costs more than the parse itself (on gin's Go
// files 556 ms against a 367 ms parse; the comment kinds, which lex with
// Pygments, would parse for it too), so `iflint check` does not pay for
// it. A finding therefore carries a Fix whose Data names what is to be
// converted (a target) and whose Applicability says whether the
// conversion can change what the program does; its Edits are left to
// compose. A finding the rule knows cannot be fixed carries NoFix.

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
	"github.com/iflint/iflint/internal/work"
)

// target is the Data of a comment finding's Fix.
type target struct {
	// issue is the lint documentation rule's issue: the declaration a
	// doc comment is missing from.
	issue *doclint.Issue
	// keyword and name are the declaration the paper's GoDoc reads on
	// the finding's line.
	keyword, name string
	// shown are the findings of the run the finding came from (shared):
	// compose leaves those it was not given to the caller.
	shown []shownFinding
}

// shownFinding is where a finding of the run was, and what it said.
type shownFinding struct {
	start   int
	message string
}

func shownOf(fs []check.Finding) []shownFinding {
	out := make([]shownFinding, len(fs))
	for i, f := range fs {
		out[i] = shownFinding{f.Start, f.Message}
	}
	return out
}

func targetOf(f check.Finding) (*target, bool) {
	if f.Fix == nil {
		return nil, false
	}
	t, ok := f.Fix.Data.(*target)
	return t, ok
}

// carry gives each finding without a NoFix a Fix with the target mk
// makes (mk may be nil) and the applicability safe says.
func carry(fs []check.Finding, mk func(i int) *target, safe func(i int) bool) {
	shown := shownOf(fs)
	for i := range fs {
		if fs[i].NoFix != "" {
			continue
		}
		t := &target{}
		if mk != nil {
			t = mk(i)
		}
		t.shown = shown
		a := check.Safe
		if safe != nil && !safe(i) {
			a = check.Unsafe
		}
		fs[i].Fix = &check.Fix{Applicability: a, Data: t}
	}
}

// attachKindFixes gives the comment kinds' findings their fixes: each
// comment becomes the other kind, or moves beside the code below it.
func attachKindFixes(u *check.Unit, c constraint.Constraint, r *check.Result) {
	example := exampleFunctions(u, c.Lang)
	carry(r.Findings, nil, func(int) bool { return !example })
}

// exampleFunctions reports a Go file with Example functions, whose
// "// Output:" comments `go test` checks: a comment changed there may be
// a test changed.
func exampleFunctions(u *check.Unit, id lang.ID) bool {
	return id == lang.Go && bytes.Contains(u.Src, []byte("func Example"))
}

// attachPaperDocFixes gives the findings of the paper's documentation
// styles theirs (GoDoc's and docstrings' are attached where they are
// made, where the rule knows the declaration).
func attachPaperDocFixes(u *check.Unit, c constraint.Constraint, style string, r *check.Result) {
	switch style {
	case "rustdoc":
		// An ordinary comment becomes ///, whose code blocks are doctests.
		carry(r.Findings, nil, func(i int) bool { return !mayHoldCode(string(u.Src[r.Findings[i].Start:r.Findings[i].End])) })
	case "javadoc", "kotlindoc":
		carry(r.Findings, nil, nil)
	}
}

// attachDocIssueFixes gives the lint documentation rules' findings their
// fixes: a missing doc comment may be made of the comments above the
// declaration; any other problem needs words.
func attachDocIssueFixes(u *check.Unit, ds *doclint.Style, issues []doclint.Issue, fs []check.Finding) {
	for i, is := range issues {
		switch is.Problem {
		case doclint.Missing:
		case doclint.Form:
			fs[i].NoFix = fmt.Sprintf("the doc comment's first line must start with %q; reword it by hand (the fixer never invents words)", is.Name)
		case doclint.OwnDecl:
			fs[i].NoFix = fmt.Sprintf("move %s into a declaration of its own and document it there by hand", is.Name)
		case doclint.Empty:
			fs[i].NoFix = "the docstring is blank; write its text by hand (the fixer never invents words)"
		case doclint.Tag:
			fs[i].NoFix = "a Javadoc tag is missing, repeated or names nothing; its description needs words, so correct it by hand"
		default:
			fs[i].NoFix = "not fixable: " + is.Message
		}
	}
	carry(fs, func(i int) *target { is := issues[i]; return &target{issue: &is} },
		func(i int) bool { return docConversionSafe(u, ds.Lang, issues[i].Outer, issues[i].Start) })
}

// docConversionSafe reports whether turning the comments around a
// declaration into its documentation cannot add a test: a Rust doc
// comment's code block is a doctest `cargo test` runs, a docstring's
// ">>>" example one a doctest runner runs (see internal/verify's safety
// stage). It reads the comment lines directly above outer and, for
// Python, the lines after the declaration's header.
func docConversionSafe(u *check.Unit, id lang.ID, outer, at int) bool {
	switch id {
	case lang.Rust:
		above := commentLinesAbove(u.Src, outer)
		work.Of(u).Add(1 + 2*len(above))
		return !mayHoldCode(above)
	case lang.Python:
		text := commentLinesAbove(u.Src, outer) + commentLinesBelow(u.Src, at)
		work.Of(u).Add(1 + 2*len(text))
		return !strings.Contains(text, ">>>")
	}
	return true
}

// mayHoldCode reports text that may hold a markdown code block: a fence
// or a line indented by four spaces after its comment marker.
func mayHoldCode(text string) bool {
	if strings.Contains(text, "```") || strings.Contains(text, "~~~") {
		return true
	}
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimLeft(strings.TrimSpace(l), "/*!")
		if strings.HasPrefix(l, "     ") || strings.HasPrefix(l, " \t") {
			return true
		}
	}
	return false
}

// commentLinesAbove is the run of comment lines directly above the line
// holding off.
func commentLinesAbove(src []byte, off int) string {
	s := bytes.LastIndexByte(src[:off], '\n') + 1
	e := s
	for s > 0 {
		p := bytes.LastIndexByte(src[:s-1], '\n') + 1
		l := strings.TrimSpace(string(src[p : s-1]))
		if !(strings.HasPrefix(l, "//") || strings.HasPrefix(l, "/*") || strings.HasPrefix(l, "*") || strings.HasPrefix(l, "#")) {
			break
		}
		s = p
	}
	return string(src[s:e])
}

// commentLinesBelow is the run of comment lines after the line holding
// off (a definition's header).
func commentLinesBelow(src []byte, off int) string {
	i := bytes.IndexByte(src[off:], '\n')
	if i < 0 {
		return ""
	}
	s := off + i + 1
	e := s
	for e < len(src) {
		n := bytes.IndexByte(src[e:], '\n')
		end := len(src)
		if n >= 0 {
			end = e + n + 1
		}
		if l := strings.TrimSpace(string(src[e:end])); !strings.HasPrefix(l, "#") {
			break
		}
		e = end
	}
	return string(src[s:e])
}
