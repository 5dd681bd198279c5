package action

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/github"
	"github.com/iflint/iflint/internal/llm"
)

// scope is the part of the code a run reports on: the lines of the pull
// request's diff its filter mode keeps, or everything (diff nil) when the
// run is not about a pull request.
type scope struct {
	diff   *github.Diff
	filter github.Filter
}

func (s scope) keeps(path string, start, end int) bool {
	return s.diff == nil || s.diff.Allowed(s.filter, path, start, end)
}

// lines is the line range a diagnostic covers. A range ending at column 1
// of a later line ends with the line before: it stops at a newline.
func lines(d engine.Diagnostic) (start, end int) {
	end = max(d.EndLine, d.Line)
	if d.EndCol <= 1 && end > d.Line {
		end--
	}
	return d.Line, end
}

// suggestable reports whether lines start..end may carry a suggestion:
// kept by the filter, and inside one hunk, as GitHub requires of a line
// comment.
func (s scope) suggestable(path string, start, end int) bool {
	return s.diff != nil && s.keeps(path, start, end) && s.diff.ValidComment(path, start, end) == nil
}

func (s scope) keepsDiagnostic(d engine.Diagnostic) bool {
	start, end := lines(d)
	return s.keeps(d.Path, start, end)
}

// split separates the diagnostics the scope keeps from the others.
func (s scope) split(ds []engine.Diagnostic) (kept []engine.Diagnostic, outside int) {
	for _, d := range ds {
		if s.keepsDiagnostic(d) {
			kept = append(kept, d)
		} else {
			outside++
		}
	}
	return kept, outside
}

// refactorer confines a model's rewrites to what a review can suggest:
// the model is not asked when no finding there is left, and a rewrite
// that changes other lines comes back as an error, which the next round
// is told about.
type refactorer struct {
	inner fix.Refactorer
	s     scope
	opts  engine.Options
}

// errNothingToSuggest: every finding left is outside the suggestable lines.
var errNothingToSuggest = errors.New("no finding in lines a suggestion can cover is left; the model was not asked")

func (rf refactorer) Refactor(ctx context.Context, in llm.RefactorInput) (string, error) {
	res, err := engine.Check(ctx, []engine.File{{Path: in.Path, Src: []byte(in.Source)}}, rf.opts)
	if err != nil {
		return "", err
	}
	if !slices.ContainsFunc(res.Diagnostics, func(d engine.Diagnostic) bool {
		start, end := lines(d)
		return rf.s.suggestable(d.Path, start, end)
	}) {
		return "", errNothingToSuggest
	}
	out, err := rf.inner.Refactor(ctx, in)
	if err != nil {
		return "", err
	}
	for _, h := range fix.Hunks([]byte(in.Source), []byte(out)) {
		start, end := h.OldStart, h.OldStart+h.OldLines-1
		if h.OldLines == 0 { // an insertion is suggested on the line before it
			start = max(h.OldStart, 1)
			end = start
		}
		if !rf.s.suggestable(in.Path, start, end) {
			return "", fmt.Errorf("the rewrite changes lines %d-%d, which this pull request's review cannot suggest changes to (filter-mode %s, diff hunks): change only the reported lines", start, end, rf.s.filter)
		}
	}
	return out, nil
}
