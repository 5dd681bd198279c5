package comments

// The lint profile's documentation fixes. Each given finding of the lint
// rule (its issue, carried by the finding) gets an edit or a refusal with its reason, and
// only the comment directly above a declaration it reports is ever
// edited:
//   - GoDoc: a comment group starting with the name, detached from its
//     declaration by blank lines, is re-attached;
//   - Javadoc: the comments directly above become one /** */ comment;
//   - Rustdoc: the ordinary comments directly above (attributes may
//     stand between) become /// lines;
//   - Python: # comments opening the body, when a blank line parts them
//     from the code, or directly above the definition, become its
//     docstring (never a comment attached to the statement below it,
//     which says what that statement does, nor a Sphinx #: comment).
// Everything else needs words (a missing comment, a misworded first line,
// a missing @param) and is refused. What a conversion leaves (a new
// Javadoc without its @param tags, say) is reported as Skipped too.

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
	"github.com/iflint/iflint/internal/srclines"
	"github.com/iflint/iflint/internal/syntax"
)

func (f *commentFile) planLintDoc(ds *doclint.Style, given []check.Finding) ([]change, []check.Skipped) {
	// issues are the given findings the rule reported with their
	// declaration: a missing doc comment carries its issue, any other
	// problem (a misworded first line, a missing tag) why words are
	// needed.
	type issue struct {
		doclint.Issue
		noFix string
	}
	var issues []issue
	var skipped []check.Skipped
	for _, fd := range given {
		t, ok := targetOf(fd)
		switch {
		case ok && t.issue != nil:
			issues = append(issues, issue{Issue: *t.issue})
		case fd.NoFix != "":
			issues = append(issues, issue{Issue: doclint.Issue{Finding: fd}, noFix: fd.NoFix})
		default:
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: "the rule reports nothing here any more (" + firstLineOf(fd.Message) + "); left alone"})
		}
	}
	var defs map[int]syntax.Node // Python definitions by name offset
	var changes []change
	for _, it := range issues {
		is := it.Issue
		var ch change
		why := it.noFix
		switch {
		case why != "":
		case is.Problem == doclint.Missing:
			switch f.id {
			case lang.Go:
				ch, why = f.goReattach(is)
			case lang.Java:
				ch, why = f.slashStarConvert(is, "Javadoc")
			case lang.Kotlin:
				ch, why = f.slashStarConvert(is, "KDoc")
			case lang.Rust:
				ch, why = f.rustConvert(is)
			case lang.Python:
				if defs == nil {
					defs = pyDefsByName(f.tree.Root())
				}
				ch, why = f.pyConvert(is, defs)
			}
		default:
			why = "not fixable: " + is.Message
		}
		if why != "" {
			skipped = append(skipped, check.Skipped{Start: is.Start, End: is.End, Reason: why})
			continue
		}
		ch.at, ch.end, ch.still, ch.finds = is.Start, is.End, is.Message, []check.Finding{is.Finding}
		changes = append(changes, ch)
	}
	return changes, skipped
}

// missingWords is the refusal for a declaration with nothing to convert.
func missingWords(is doclint.Issue, form string) string {
	return fmt.Sprintf("%s %s has no comment to convert; write its %s by hand (the fixer never invents words)", is.Kind, is.Name, form)
}

// goReattach re-attaches a comment group that blank lines separate from
// its declaration, when it starts with the declared name.
func (f *commentFile) goReattach(is doclint.Issue) (change, string) {
	l := f.lineOf(is.Outer)
	j := l - 1
	for j >= 0 && strings.TrimSpace(f.lineText(j)) == "" {
		j--
	}
	if j == l-1 || j < 0 {
		return change{}, missingWords(is, "doc comment, starting with \""+is.Name+" \",")
	}
	run := f.runAbove(j + 1)
	if len(run) == 0 || run[len(run)-1].last != j {
		return change{}, missingWords(is, "doc comment, starting with \""+is.Name+" \",")
	}
	for _, k := range run {
		if f.isDirective(k) {
			return change{}, "the comment above is a tool directive, which works only where it stands; write the doc comment by hand"
		}
	}
	lines, _ := f.runLines(run)
	first := ""
	if len(lines) > 0 {
		first = lines[0]
	}
	for _, a := range []string{"A ", "An ", "The ", "This "} {
		if is.Kind == "type" {
			first = strings.TrimPrefix(first, a)
		}
	}
	if !strings.HasPrefix(first, is.Name+" ") {
		return change{}, fmt.Sprintf("the comment above, detached by a blank line, does not start with %q, so it may not be this declaration's; write or move the doc comment by hand", is.Name+" ")
	}
	return change{edits: check.Edits{{Start: f.starts[j+1], End: f.starts[l], New: ""}}, lo: run[0].start, hi: is.Outer}, ""
}

// opensFile reports a comment with only blanks before it: a licence or
// file header, not a declaration's documentation.
func (f *commentFile) opensFile(k cmt) bool { return blank(f.src[:k.start]) }

// slashStarConvert turns the comments directly above a type or member
// into one /** */ comment: a Javadoc or a KDoc (form), which both
// languages read the same way.
func (f *commentFile) slashStarConvert(is doclint.Issue, form string) (change, string) {
	line := f.lineOf(is.Outer)
	if !blank(f.src[f.starts[line]:is.Outer]) {
		return change{}, missingWords(is, form)
	}
	run := f.runAbove(line)
	lines, why := f.runLines(run)
	text := strings.Join(lines, "\n")
	switch {
	case why != "":
		return change{}, why
	case len(lines) == 0:
		return change{}, missingWords(is, form)
	case f.opensFile(run[0]):
		return change{}, "the comment above opens the file (a licence or file header), not the declaration's documentation; write the " + form + " by hand"
	case strings.Contains(text, "*/") || strings.Contains(text, "/*"):
		return change{}, "the comment's text contains /* or */, which would end or nest the " + form + " comment"
	case !hasSentence(lines):
		return change{}, notADescription("comment above", is.Kind+" "+is.Name, form)
	}
	first, last := run[0], run[len(run)-1]
	return change{edits: check.Edits{{Start: first.start, End: last.end, New: starBlock("/**", lines, srclines.Indent(f.src, first.start), f.lb)}}, lo: first.start, hi: is.Outer}, ""
}

// rustConvert turns the ordinary comments directly above an item (its
// attributes may stand between) into /// lines: the run that ends at the
// item, up to a comment rustdoc would not read as its documentation
// (a //// separator, a //! line, a file's opening header).
func (f *commentFile) rustConvert(is doclint.Issue) (change, string) {
	var above []cmt
	for _, k := range f.list {
		if k.start >= is.Outer && k.start < is.Start && k.alone {
			above = append(above, k)
		}
	}
	var run []cmt
	why := ""
	for i := len(above) - 1; i >= 0 && why == ""; i-- {
		k := above[i]
		switch t := f.text(k); {
		case f.opensFile(k):
			why = "the comment above opens the file (a licence or file header), not the item's documentation; write the /// doc comment by hand"
		case strings.HasPrefix(t, "////"):
			why = "the comment above starts with ////, which rustdoc does not read as documentation; write the /// doc comment by hand"
		case strings.HasPrefix(t, "//!") || strings.HasPrefix(t, "/*!"):
			why = "the comment above is an inner doc comment (//!), which documents the enclosing module; write the item's /// doc comment by hand"
		case strings.HasPrefix(t, "/*") && !closedBlock(t):
			why = "the comment above is an unterminated block comment; fix it by hand"
		default:
			run = append([]cmt{k}, run...)
		}
	}
	if len(run) == 0 {
		if why == "" {
			why = missingWords(is, "/// doc comment")
		}
		return change{}, why
	}
	var edits check.Edits
	for _, k := range run {
		if t := f.text(k); strings.HasPrefix(t, "//") {
			edits = append(edits, check.Edit{Start: k.start, End: k.start + 2, New: "///"})
		} else {
			edits = append(edits, check.Edit{Start: k.start, End: k.end, New: asLines("///", blockCommentLines(t), srclines.Indent(f.src, k.start), f.lb)})
		}
	}
	return change{edits: edits, lo: run[0].start, hi: is.Start}, ""
}
