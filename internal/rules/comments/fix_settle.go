package comments

// How the comment fixer proves its changes and what it says of the rest:
// settle withdraws a change that breaks the parse or leaves its own
// finding, and reports what still fails (leftovers) in the words a user
// needs: a given finding still failing, text a change exposed, or the
// next finding of a rule that stops at its first.

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// settle verifies the changes together: one that adds a parse error, or
// whose own text the re-checked rule still reports, is withdrawn with a
// reason, and the rest are checked again. What still fails comes back as
// Skipped (see leftovers), so nothing failing goes unreported.
func (f *commentFile) settle(changes []change, skipped []check.Skipped) (check.Edits, []check.Skipped, error) {
	for {
		var edits check.Edits
		for _, ch := range changes {
			edits = append(edits, ch.edits...)
		}
		out, err := edits.Apply(f.src)
		if err != nil {
			return nil, nil, fmt.Errorf("comment fixer: own edits: %w", err)
		}
		// Each round re-checks the edited file in a unit of its own,
		// whose meter is not this one: its parse and reading are charged
		// here, so rounds that withdraw one change at a time are bounded.
		work.Of(f.u).Add(len(out) + len(edits)*(1+work.Log(len(edits))))
		if len(edits) > 0 && !f.tree.HasError() && f.breaksParse(out) {
			kept := changes[:0:0]
			for _, ch := range changes {
				one, _ := ch.edits.Apply(f.src)
				if len(changes) == 1 || f.breaksParse(one) {
					skipped = append(skipped, ch.refuse("converting this comment would introduce a parse error; left alone")...)
				} else {
					kept = append(kept, ch)
				}
			}
			if len(kept) == len(changes) {
				// Only together do they break: keep none rather than guess.
				for _, ch := range changes {
					skipped = append(skipped, ch.refuse("the conversions together would introduce a parse error; left alone")...)
				}
				kept = nil
			}
			changes = kept
			continue
		}
		sorted := slices.Clone(edits)
		slices.SortStableFunc(sorted, func(a, b check.Edit) int { return a.Start - b.Start })
		rest := f.run(check.NewUnit(f.u.Ctx, f.u.Path, out, f.prof), f.c)
		if rest.Verdict == check.Fail && len(changes) > 0 {
			k, msg := firstAnswer(changes, rest.Findings, sorted, work.Of(f.u))
			if k >= 0 {
				skipped = append(skipped, changes[k].refuse("converted, this comment would still fail the rule ("+msg+"); left alone")...)
				changes = slices.Delete(changes, k, k+1)
				continue
			}
		}
		if f.u.Profile != f.prof {
			// The caller re-checks as its own profile reads the rule.
			rest = f.run(check.NewUnit(f.u.Ctx, f.u.Path, out, f.u.Profile), f.c)
		}
		left := f.leftovers(sorted, changes, rest, out)
		if rest.Verdict == check.Fail && len(rest.Findings) == 0 {
			left = append(left, f.wholeFile("not fixed: "+rest.Reason))
		}
		if len(edits) == 0 {
			edits = nil
		}
		return edits, f.merge(skipped, left), nil
	}
}

// answers reports whether a re-check finding with message msg, at at in
// the original source, is the change's own: it left the finding in place.
// A documentation fix may leave other findings (missing Javadoc tags,
// say) for the author, so only its own finding withdraws it.
func (ch change) answers(msg string, at int) bool {
	if ch.still != "" {
		return ch.still == msg && at == ch.at
	}
	return ch.lo <= at && at <= ch.hi
}

// refuse is the Skipped of each finding the change answers, or of the
// comment it is about.
func (ch change) refuse(why string) []check.Skipped {
	if len(ch.finds) > 0 {
		return skipAll(ch.finds, why)
	}
	s, e := ch.where()
	return []check.Skipped{{Start: s, End: e, Reason: why}}
}

// leftovers are the findings of rest, the re-check of the edited source
// as the caller's profile reads it, that the fixer owes a word about: a
// given finding still failing, and a finding in text a change rewrote,
// say what is left to do; a finding the rule shows only now (a rule that
// stops at its first finding) says what the next run will do with it. A
// finding the caller was shown but did not hand over is not the fixer's
// to report: it lies outside the pull request's diff, say, or is
// silenced, and the caller says so.
func (f *commentFile) leftovers(sorted check.Edits, changes []change, rest check.Result, out []byte) []check.Skipped {
	if rest.Verdict != check.Fail {
		return nil
	}
	shown := f.shown(sorted, rest)
	var left []check.Skipped
	meter := work.Of(f.u)
	meter.Add((len(changes) + len(shown)) * (1 + work.Log(len(changes)+1)))
	isShown := map[shownFinding]bool{}
	for _, sf := range shown {
		isShown[sf] = true
	}
	// A change whose span holds an offset: among those starting at or
	// before it, the one reaching furthest (as isGiven).
	spans := slices.Clone(changes)
	slices.SortFunc(spans, func(a, b change) int { return a.lo - b.lo })
	los, reach := make([]int, len(spans)), make([]int, len(spans))
	for i, ch := range spans {
		los[i], reach[i] = ch.lo, ch.hi
		if i > 0 {
			reach[i] = max(reach[i], reach[i-1])
		}
	}
	inChange := func(at int) bool {
		i := sort.SearchInts(los, at+1) - 1
		return i >= 0 && reach[i] >= at
	}
	meter.Add(len(sorted))
	back := newBackMap(sorted)
	for _, fd := range rest.Findings {
		// The searches below: isGiven's, back's and inChange's.
		meter.Add(4 * work.Log(len(f.given)+len(sorted)+len(changes)+1))
		at := back.of(fd.Start)
		end := max(at, back.of(fd.End))
		switch {
		case f.isGiven(at, fd.Message) || inChange(at):
			why := "not safely fixable: " + fd.Message
			if f.lintDoc != nil {
				why = "left for you to write: " + fd.Message + " (the fixer never invents words)"
			}
			left = append(left, check.Skipped{Start: at, End: end, Reason: why})
		case isShown[shownFinding{start: at, message: fd.Message}]:
		case stopsAtFirst(f.c.Name, f.u.Profile):
			left = append(left, f.later(fd, out, check.Skipped{Start: at, End: end, Reason: ""}))
		case f.lintDoc != nil:
			// What a conversion exposes (the tags a new Javadoc lacks).
			left = append(left, check.Skipped{Start: at, End: end, Reason: "left for you to write: " + fd.Message + " (the fixer never invents words)"})
		default:
			left = append(left, check.Skipped{Start: at, End: end, Reason: "not safely fixable: " + fd.Message})
		}
	}
	return left
}

// shown are the findings the caller was shown on the original source:
// those of the run the given findings came from, which they carry. With
// no edits the re-check rest is that run again (the given findings may
// all carry NoFix, and so no run); a failure of the whole file showed
// none.
func (f *commentFile) shown(sorted check.Edits, rest check.Result) []shownFinding {
	for _, g := range f.given {
		if t, ok := targetOf(g); ok {
			return t.shown
		}
	}
	if len(sorted) == 0 {
		return shownOf(rest.Findings)
	}
	return nil
}

// stopsAtFirst reports whether the rule of a comment style, as profile
// reads it, reports only its first finding, as the paper's evaluator
// stops there: a finding that shows only once the given ones are fixed
// is then the next one, not one the fix made.
func stopsAtFirst(style string, profile check.Profile) bool {
	switch strings.ToLower(strings.TrimSpace(style)) {
	case "inline comment", "single-line comment", "multi-line comment":
		return !listsEveryComment.In(profile)
	case "godoc", "rustdoc", "javadoc", "kotlindoc":
		return !docsAsLinters.In(profile)
	}
	return false
}

// isGiven reports whether a finding with message msg at off is a given
// one: in its span, or with its message on its line.
func (f *commentFile) isGiven(off int, msg string) bool {
	if f.givenAt == nil {
		f.givenAt = f.indexGiven()
	}
	x := f.givenAt
	// A given finding whose span holds off: among those starting at or
	// before off, the one reaching furthest.
	if i := sort.SearchInts(x.starts, off+1) - 1; i >= 0 && x.reach[i] >= off {
		return true
	}
	return x.lineMessages[lineMessage{f.lineOf(off), msg}]
}

// givenIndex answers isGiven without a pass over every given finding.
type givenIndex struct {
	starts       []int // the given findings' starts, sorted
	reach        []int // reach[i]: the furthest end among starts[:i+1]
	lineMessages map[lineMessage]bool
}

type lineMessage struct {
	line int
	msg  string
}

func (f *commentFile) indexGiven() *givenIndex {
	gs := slices.Clone(f.given)
	slices.SortFunc(gs, func(a, b check.Finding) int { return a.Start - b.Start })
	work.Of(f.u).Add(len(gs) * (1 + work.Log(len(gs))))
	x := &givenIndex{lineMessages: map[lineMessage]bool{}}
	for i, g := range gs {
		x.starts = append(x.starts, g.Start)
		end := max(g.End, g.Start)
		if i > 0 {
			end = max(end, x.reach[i-1])
		}
		x.reach = append(x.reach, end)
		x.lineMessages[lineMessage{f.lineOf(g.Start), g.Message}] = true
	}
	return x
}

// later is what the fixer says, at, of a finding fd of the edited source
// out that shows only once the given ones are fixed: what a run given it
// would do there.
func (f *commentFile) later(fd check.Finding, out []byte, at check.Skipped) check.Skipped {
	at.Reason = fmt.Sprintf("not among the findings given to the fixer: the rule stops at its first finding and reports this one (%s) only once those before it are fixed; a later run fixes it", firstLineOf(fd.Message))
	if f.nested {
		return at
	}
	nu := check.NewUnit(f.u.Ctx, f.u.Path, out, f.u.Profile)
	edits, skipped, err := composeComments(nu, f.c, []check.Finding{fd}, true)
	if err == nil && len(edits) == 0 && len(skipped) > 0 {
		at.Reason = skipped[0].Reason
		for _, s := range skipped {
			if s.Start >= fd.Start && s.Start <= max(fd.End, fd.Start) {
				at.Reason = s.Reason
				break
			}
		}
	}
	return at
}

// settleFirst keeps the first change that makes the rule pass: a failure
// of the whole file asks for one comment in the form, not for every
// change the file could take. When none does, each candidate's reason
// and the rule's own complaint come back.
func (f *commentFile) settleFirst(changes []change, skipped []check.Skipped) (check.Edits, []check.Skipped, error) {
	for _, ch := range changes {
		edits, sk, err := f.settle([]change{ch}, nil)
		if err != nil {
			return nil, nil, err
		}
		if len(edits) > 0 && len(sk) == 0 {
			return edits, nil, nil
		}
		own := slices.DeleteFunc(sk, func(s check.Skipped) bool { return s == f.wholeFile(s.Reason) })
		if len(edits) > 0 || len(own) == 0 {
			own = ch.refuse("changing this comment alone does not make the file pass the rule; left alone")
		}
		skipped = append(skipped, own...)
	}
	return f.settle(nil, skipped)
}

// merge adds the re-check's leftovers to the skips already given,
// except where a given skip explains the same line (or, for a failure
// of the whole file, the file).
func (f *commentFile) merge(given, left []check.Skipped) []check.Skipped {
	out := slices.Clone(given)
	// A leftover is dropped when a given skip covers it: a whole-file
	// one by any whole-file skip, any other by a skip on its line.
	anyWhole, lines := false, map[int]bool{}
	work.Of(f.u).Add(len(given) + len(left))
	for _, g := range given {
		anyWhole = anyWhole || g == f.wholeFile(g.Reason)
		lines[f.lineOf(g.Start)] = true
	}
	for _, l := range left {
		whole := l == f.wholeFile(l.Reason)
		if !(whole && anyWhole || !whole && lines[f.lineOf(l.Start)]) {
			out = append(out, l)
		}
	}
	slices.SortStableFunc(out, func(a, b check.Skipped) int { return a.Start - b.Start })
	return out
}

func (f *commentFile) breaksParse(out []byte) bool {
	t, err := syntax.Parse(f.u.Ctx, f.id, out)
	return err != nil || t.HasError()
}
