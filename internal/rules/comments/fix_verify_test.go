package comments

// What every comment fix must hold, checked on every case: the edits
// apply, parse no worse, keep every word and string, touch only what the
// given findings point at, and leave failing only what was skipped.

import (
	"bytes"
	"context"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
	"github.com/iflint/iflint/internal/syntax"
)

// verifyCommentFix runs compose on u handed r's findings (some or all
// of the rule's) and asserts: the edits apply, parse no worse, keep every
// word and every string literal, touch no comment but those the findings
// point at (comment kinds) or the text above the declarations they report
// (documentation styles), leave the rule failing only where something
// was skipped or where a finding was not handed over, are the same
// whichever profile found the failure, and fixing the result changes
// nothing but what a rule that stops at its first finding left for a
// later run.
func verifyCommentFix(t *testing.T, u *check.Unit, c constraint.Constraint, r check.Result) ([]byte, []check.Skipped) {
	t.Helper()
	ctx := context.Background()
	edits, skipped, err := fixResult(u, c, r)
	if err != nil {
		t.Fatal(err)
	}
	out, err := edits.Apply(u.Src)
	if err != nil {
		t.Fatalf("edits do not apply: %v", err)
	}
	before, err1 := syntax.Parse(ctx, c.Lang, u.Src)
	after, err2 := syntax.Parse(ctx, c.Lang, out)
	if err1 == nil && err2 == nil {
		if after.HasError() && !before.HasError() {
			t.Errorf("the fix introduced a parse error:\n%s", out)
		}
		// A tree with errors holds guessed (even empty) string nodes.
		if missing := lostStrings(before.Root(), after.Root()); len(missing) > 0 && !before.HasError() {
			t.Errorf("string literals changed or lost: %q", missing)
		}
	}
	if w1, w2 := words(u.Src), words(out); !reflect.DeepEqual(w1, w2) {
		t.Errorf("the fix added or dropped words:\nbefore %q\nafter  %q", w1, w2)
	}
	_, doc := doclint.StyleFor(c.Name)
	if !doc && err1 == nil && len(r.Findings) > 0 {
		verifyOnlyFlagged(t, u.Src, before.Root(), r.Findings, edits)
	}
	full := runRule(u, c)
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b check.Edit) int { return a.Start - b.Start })
	// notHanded: a finding of the fixed file the caller was shown on the
	// original and did not hand over, which stays the caller's.
	notHanded := func(fd check.Finding) bool {
		at := mapBack(sorted, fd.Start)
		return !slices.ContainsFunc(r.Findings, func(g check.Finding) bool { return g.Start == at && g.Message == fd.Message }) &&
			slices.ContainsFunc(full.Findings, func(o check.Finding) bool { return o.Start == at && o.Message == fd.Message })
	}
	fu := check.NewUnit(ctx, u.Path, out, u.Profile)
	rest := runRule(fu, c)
	owed := slices.DeleteFunc(slices.Clone(rest.Findings), notHanded)
	switch {
	case len(skipped) == 0 && rest.Verdict != check.Pass && (len(owed) > 0 || len(rest.Findings) == 0):
		t.Errorf("nothing skipped, yet the fixed file does not pass: %s %v", rest.Reason, rest.Findings)
	case rest.Verdict == check.Fail && len(rest.Findings) == 0 && !slices.ContainsFunc(skipped, func(s check.Skipped) bool { return s.Start == 0 && s.End == len(u.Src) }):
		t.Errorf("the fixed file fails (%s) but no file-level skip says so", rest.Reason)
	}
	for _, fd := range owed {
		at := mapBack(sorted, fd.Start)
		l, _ := lineCol(u.Src, at)
		if !slices.ContainsFunc(skipped, func(s check.Skipped) bool {
			sl, _ := lineCol(u.Src, s.Start)
			return sl == l || s.Start <= at && at <= s.End
		}) {
			t.Errorf("the fixed file fails at line %d (%s), where nothing was skipped", l, fd.Message)
		}
	}
	// The comment kinds mean the same in both profiles (lint only lists
	// every finding), so the fix of the same findings must not depend on
	// the profile. The documentation styles differ in kind, and each
	// profile's fix follows its own rule.
	if !doc {
		other := check.MultiCodeIF
		if u.Profile == check.MultiCodeIF {
			other = check.Lint
		}
		e2, _, err := fixResult(check.NewUnit(ctx, u.Path, u.Src, other), c, r)
		if err != nil || !reflect.DeepEqual(e2, edits) {
			t.Errorf("the %s profile, handed the same findings, gives another fix: %v (err %v)", other, e2, err)
		}
	}
	if u.Profile == check.Lint {
		verifyDocAgreement(t, u, c, r, edits, skipped)
	}
	// Where the code does not parse, a fix can mend the tree enough for a
	// second pass to see comments that error recovery hid; only sources
	// that parse must settle in one pass, and then only a finding left
	// for a later run may be fixed by one.
	again := rest
	again.Findings = owed
	more, _, err := fixResult(fu, c, again)
	later := slices.ContainsFunc(skipped, func(s check.Skipped) bool { return strings.HasPrefix(s.Reason, laterReason) })
	if err != nil || len(more) > 0 && !later && (err1 != nil || !before.HasError()) {
		t.Errorf("not idempotent: fixing the fixed file proposes %v (err %v)", more, err)
	}
	return out, skipped
}

// verifyOnlyFlagged asserts that a fix of the comment kinds touches no
// comment but those the given findings point at: every other comment of
// the tree keeps its bytes.
func verifyOnlyFlagged(t *testing.T, src []byte, root syntax.Node, given []check.Finding, edits check.Edits) {
	t.Helper()
	root.Walk(func(n syntax.Node) bool {
		if !strings.Contains(n.Type(), "comment") {
			return true
		}
		s, e := n.Start(), n.End()
		for e > s && (src[e-1] == '\n' || src[e-1] == '\r') {
			e--
		}
		if slices.ContainsFunc(given, func(g check.Finding) bool { return s <= g.Start && g.Start < max(e, s+1) }) {
			return false
		}
		for _, ed := range edits {
			if ed.Start < e && s < ed.End || ed.Start == ed.End && s < ed.Start && ed.Start < e {
				t.Errorf("edit %v touches the comment %q, which no given finding points at", ed, src[s:e])
			}
		}
		return false
	})
}

// verifyDocAgreement asserts that the fixer agrees with a lint
// documentation rule: every given finding gets an edit or a refusal at
// its place, and no edit touches text outside the comment above, or the
// lines between it and, a declaration a given finding reports.
func verifyDocAgreement(t *testing.T, u *check.Unit, c constraint.Constraint, r check.Result, edits check.Edits, skipped []check.Skipped) {
	t.Helper()
	ds, ok := doclint.StyleFor(c.Name)
	if !ok {
		return
	}
	all, _, err := doclint.Issues(u, ds)
	if err != nil {
		return
	}
	var issues []doclint.Issue
	for _, is := range all {
		if slices.ContainsFunc(r.Findings, func(f check.Finding) bool { return f.Start == is.Start && f.End == is.End && f.Message == is.Message }) {
			issues = append(issues, is)
		}
	}
	for _, is := range issues {
		covered := slices.ContainsFunc(skipped, func(s check.Skipped) bool { return s.Start <= is.Start && is.Start <= max(s.End, s.Start) }) ||
			slices.ContainsFunc(edits, func(e check.Edit) bool { return e.Start >= issueTop(u, is) && e.End <= issueBottom(u, c, is) })
		if !covered {
			t.Errorf("finding %q at %d has neither an edit nor a refusal", is.Message, is.Start)
		}
	}
	for _, e := range edits {
		if !slices.ContainsFunc(issues, func(is doclint.Issue) bool { return e.Start >= issueTop(u, is) && e.End <= issueBottom(u, c, is) }) {
			t.Errorf("edit %v touches text above no declaration a given finding reports", e)
		}
	}
}

// issueTop is the start of the comment lines directly above a reported
// declaration (blank lines and a detached comment included): the only
// text a documentation fix may edit.
func issueTop(u *check.Unit, is doclint.Issue) int {
	lines := strings.SplitAfter(string(u.Src[:is.Outer]), "\n")
	off := is.Outer
	seenComment := false
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if i == len(lines)-1 {
			off -= len(lines[i])
			continue
		}
		comment := strings.HasPrefix(l, "/") || strings.HasPrefix(l, "*") || strings.HasPrefix(l, "#")
		if l != "" && !comment || l == "" && seenComment {
			break
		}
		seenComment = seenComment || comment
		off -= len(lines[i])
	}
	return off
}

// issueBottom is where a documentation fix must stop: at the declared
// name, or for Python at the first statement of the body, which a
// docstring goes before.
func issueBottom(u *check.Unit, c constraint.Constraint, is doclint.Issue) int {
	if c.Lang != lang.Python {
		return is.Start
	}
	off := is.Start
	if i := bytes.IndexByte(u.Src[off:], '\n'); i >= 0 {
		off += i + 1
	} else {
		return len(u.Src)
	}
	for off < len(u.Src) {
		e := len(u.Src)
		if i := bytes.IndexByte(u.Src[off:], '\n'); i >= 0 {
			e = off + i + 1
		}
		if l := strings.TrimSpace(string(u.Src[off:e])); l != "" && !strings.HasPrefix(l, "#") {
			return off
		}
		off = e
	}
	return len(u.Src)
}

var wordRE = regexp.MustCompile(`[\p{L}\p{N}_]+`)

// words is the file's multiset of words, sorted; a raw docstring's "r"
// prefix is no word of the text.
func words(src []byte) []string {
	var out []string
	for _, w := range wordRE.FindAllString(string(src), -1) {
		if w != "r" {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// lostStrings lists the string literals of before that after lacks.
func lostStrings(before, after syntax.Node) []string {
	collect := func(root syntax.Node) map[string]int {
		m := map[string]int{}
		root.Walk(func(n syntax.Node) bool {
			if t := n.Type(); strings.Contains(t, "string") && !strings.Contains(t, "content") {
				m[n.Text()]++
				return false
			}
			return true
		})
		return m
	}
	have := collect(after)
	var lost []string
	for s, n := range collect(before) {
		if have[s] < n {
			lost = append(lost, s)
		}
	}
	slices.Sort(lost)
	return lost
}
