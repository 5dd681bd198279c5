package verify

// The formatter stage (issue 18 item 4): a layout fix is kept only if
// the formatter the repository configures (clang-format, rustfmt, gofmt,
// prettier; see toolchain.Formatters) accepts the lines it changes as it
// accepted them before. The formatter formats the original and the
// candidate; the lines each leaves alone are the lines it accepts, and
// every line of the candidate the formatter would change must stand for
// a line of the original it would have changed too. A fix that makes the
// formatter want to change a line it accepted is refused, naming the
// formatter and the line: the fix and the formatter would undo each
// other at every commit. Lines the formatter rejected before may stay
// rejected (the fix does not have to format the file).

import (
	"context"
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/toolchain"
)

// StageFormatter: the repository's formatter accepts the layout fix's
// lines as it accepted them before. Recorded only for layout fixes, and
// only when a formatter finder is configured.
const StageFormatter Stage = "formatter"

// Formatters finds and runs a repository's formatter for a file
// (toolchain.Formatters, or a test's fake).
type Formatters interface {
	Find(path string, id lang.ID) (*toolchain.Formatting, string)
	Format(ctx context.Context, f *toolchain.Formatting, src []byte) (toolchain.FormatResult, error)
}

// LayoutFix reports whether a candidate targeting ts changes layout
// only, so that the formatter has a say: indentation and spacing,
// braces, comment layout.
func LayoutFix(ts []Target) bool {
	for _, t := range ts {
		switch t.Constraint.Type {
		case constraint.Indentation, constraint.Braces, constraint.Comments:
			return true
		}
	}
	return false
}

// Formatter runs the formatter stage on the candidate new of old. It
// is NotRun, with the reason, when the repository configures no
// formatter for the file, the formatter is not installed, or it refuses
// the original (then it has no opinion to keep). A language with no
// formatter at all gives the zero StageResult: nothing to record.
func Formatter(ctx context.Context, old, new *check.Unit, id lang.ID, fs Formatters) StageResult {
	res := StageResult{Stage: StageFormatter}
	f, why := fs.Find(old.Path, id)
	if f == nil && why == "" {
		return StageResult{}
	}
	if f == nil {
		res.Passed, res.NotRun, res.Detail = true, true, why
		return res
	}
	res.Tool = f.Name
	fo, err := fs.Format(ctx, f, old.Src)
	if err != nil || !fo.OK {
		why := ""
		if err != nil {
			why = err.Error()
		} else {
			why = firstLine(fo.Output)
		}
		res.Passed, res.NotRun, res.Detail = true, true, fmt.Sprintf("%s did not format the original: %s", f.Name, why)
		return res
	}
	fn, err := fs.Format(ctx, f, new.Src)
	if err != nil {
		res.Detail = fmt.Sprintf("%s did not run on the fix: %v", f.Name, err)
		return res
	}
	if !fn.OK {
		res.Detail = fmt.Sprintf("%s formats the original but rejects the fix: %s", f.Name, firstLine(fn.Output))
		return res
	}
	if line, text := Disagreement(old.Src, fo.Out, new.Src, fn.Out); line > 0 {
		res.Detail = fmt.Sprintf("%s would change line %d of the fix (%s), a line it accepted before the fix", f.Name, line, text)
		return res
	}
	res.Passed = true
	return res
}

// Disagreement compares what a formatter makes of a file before (old,
// formatted fo) and after a fix (new, formatted fn): the first line of
// new (1-based) the formatter would change although the line it stands
// for in old was left alone, with its text; 0 when there is none.
//
// new's lines stand for old's through the fix's diff: an unchanged line
// for itself, a line of a hunk that replaces as many lines for the one
// at its place, and the lines of a hunk that joins or splits lines for
// the hunk as a whole (it may hold no more rejected lines than before).
func Disagreement(old, fo, new, fn []byte) (int, string) {
	rejOld, rejNew := rejected(old, fo), rejected(new, fn)
	if len(rejNew) == 0 {
		return 0, ""
	}
	lines := strings.SplitAfter(string(new), "\n")
	show := func(i int) (int, string) {
		t := ""
		if i < len(lines) {
			t = strings.TrimSpace(lines[i])
		}
		if len(t) > 60 {
			t = t[:60] + "…"
		}
		return i + 1, fmt.Sprintf("%q", t)
	}
	oi, ni := 0, 0 // next unpaired old and new line, 0-based
	for _, h := range fix.Hunks(old, new) {
		os, ns := first(h.OldStart, h.OldLines), first(h.NewStart, h.NewLines)
		for ni < ns { // unchanged lines
			if rejNew[ni] && !rejOld[oi] {
				return show(ni)
			}
			oi, ni = oi+1, ni+1
		}
		if h.OldLines == h.NewLines {
			for k := 0; k < h.NewLines; k++ {
				if rejNew[ns+k] && !rejOld[os+k] {
					return show(ns + k)
				}
			}
		} else {
			before, after := 0, 0
			for k := 0; k < h.OldLines; k++ {
				if rejOld[os+k] {
					before++
				}
			}
			for k := 0; k < h.NewLines; k++ {
				if rejNew[ns+k] {
					after++
					if after > before {
						return show(ns + k)
					}
				}
			}
		}
		oi, ni = os+h.OldLines, ns+h.NewLines
	}
	for ; ni < len(lines); ni, oi = ni+1, oi+1 {
		if rejNew[ni] && !rejOld[oi] {
			return show(ni)
		}
	}
	return 0, ""
}

// first is a hunk side's first line, 0-based, from its unified-diff
// numbering (a side with no lines gives the line it follows).
func first(start, n int) int {
	if n == 0 {
		return start
	}
	return start - 1
}

// rejected is the set of src's lines (0-based) the formatter changes:
// those its output replaces or drops, and the line before which it
// inserts lines.
func rejected(src, formatted []byte) map[int]bool {
	out := map[int]bool{}
	for _, h := range fix.Hunks(src, formatted) {
		s := first(h.OldStart, h.OldLines)
		if h.OldLines == 0 {
			out[max(0, s-1)] = true // an insertion after line s: it touches s
			continue
		}
		for k := 0; k < h.OldLines; k++ {
			out[s+k] = true
		}
	}
	return out
}
