package action

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/github"
	"github.com/iflint/iflint/internal/verify"
)

// suggestion is one suggestion comment: a hunk of a file's verified fix.
type suggestion struct {
	Path            string
	StartLine, Line int
	Replacement     []string
	Fingerprint     string
	// Fixed are the head's findings the hunk removes.
	Fixed   []engine.Diagnostic
	Proof   *proof
	Comment github.Comment
}

// proof is how a file's fix was verified; every hunk of the file shares it.
type proof struct {
	Targets []engine.Target
	Sources []string // fixer, llm
	Stages  []verify.StageResult
	Tests   *verify.Record // nil: no test command
	Diff    string         // unified diff of the whole file's fix
}

// unplaced is a verified fix of a file that is not suggested, and why.
type unplaced struct {
	Path     string
	Reason   string
	Findings int // findings the fix removes
}

// suggestions turns the accepted fixes of fr into suggestion comments in
// scope, at most maxComments of them. A file's hunks are suggested
// together or not at all: the fix was verified as a whole, and applying
// part of it (a renamed definition without its renamed calls) is not
// what was tested.
//
// held are the fingerprints of suggestions left out only by the cap: the
// findings are still there, so their earlier comments must not be marked
// outdated.
func suggestions(fr *engine.FixResult, s scope, maxComments int) (out []suggestion, skipped []unplaced, held []string) {
	for _, f := range fr.Files {
		resolved := resolvedIn(fr, f.Path)
		sugs, err := fileSuggestions(fr, f, resolved)
		if err == nil {
			err = place(s, sugs)
		}
		switch {
		case err != nil:
			skipped = append(skipped, unplaced{f.Path, err.Error(), len(resolved)})
		case len(out)+len(sugs) > maxComments:
			skipped = append(skipped, unplaced{f.Path, fmt.Sprintf("its %d suggestion(s) would exceed max-comments (%d)", len(sugs), maxComments), len(resolved)})
			for _, sg := range sugs {
				held = append(held, sg.Fingerprint)
			}
		default:
			out = append(out, sugs...)
		}
	}
	return out, skipped, held
}

// place checks that GitHub will take every hunk where the filter allows it.
func place(s scope, sugs []suggestion) error {
	for _, sg := range sugs {
		if !s.keeps(sg.Path, sg.StartLine, sg.Line) {
			return fmt.Errorf("lines %d-%d of the fix are outside the reported lines (filter-mode %s); a fix is suggested whole or not at all", sg.StartLine, sg.Line, s.filter)
		}
		if s.diff != nil {
			if err := s.diff.ValidComment(sg.Path, sg.StartLine, sg.Line); err != nil {
				return fmt.Errorf("%w; a fix is suggested whole or not at all", err)
			}
		}
	}
	return nil
}

func fileSuggestions(fr *engine.FixResult, f engine.FixedFile, resolved []engine.Diagnostic) ([]suggestion, error) {
	blocks, err := fix.Suggestion(f.Old, f.New)
	if err != nil {
		return nil, err
	}
	if len(blocks) == 0 {
		return nil, fmt.Errorf("the fix changes nothing GitHub can show")
	}
	pf := fileProof(fr, f)
	old := strings.SplitAfter(string(f.Old), "\n")
	sugs := make([]suggestion, len(blocks))
	for i, b := range blocks {
		repl, err := replacement(b.Body)
		if err != nil {
			return nil, err
		}
		sugs[i] = suggestion{Path: f.Path, StartLine: b.StartLine, Line: b.Line, Replacement: repl, Proof: pf}
		sugs[i].Fingerprint = suggestionFingerprint(f.Path, old[b.StartLine-1:b.Line], repl)
	}
	attribute(sugs, resolved)
	for i := range sugs {
		sg := &sugs[i]
		start := sg.StartLine
		if start == sg.Line {
			start = 0
		}
		sg.Comment = github.Comment{Path: sg.Path, StartLine: start, Line: sg.Line, Fingerprint: sg.Fingerprint,
			Body: github.SuggestionBody(commentMessage(*sg), sg.Replacement)}
	}
	return sugs, nil
}

// replacement extracts the lines of a fix.Suggestion block's fence; nil
// means the lines are deleted.
func replacement(body string) ([]string, error) {
	open, rest, ok := strings.Cut(body, "\n")
	fence := strings.TrimSuffix(open, "suggestion")
	if !ok || fence == open || !strings.HasSuffix(rest, fence) {
		return nil, fmt.Errorf("unexpected suggestion block %q", body)
	}
	inner := strings.TrimSuffix(rest, fence)
	if inner == "" {
		return nil, nil
	}
	return strings.Split(strings.TrimSuffix(inner, "\n"), "\n"), nil
}

// suggestionFingerprint identifies a suggestion by what it replaces and
// with what, not by line numbers: a re-run on a later commit recognises
// it while the lines are unchanged, and a comment whose lines changed is
// marked outdated.
func suggestionFingerprint(path string, original, repl []string) string {
	h := sha256.New()
	h.Write([]byte(path))
	h.Write([]byte{0})
	for _, l := range original {
		h.Write([]byte(strings.TrimRight(l, "\r\n")))
		h.Write([]byte{'\n'})
	}
	h.Write([]byte{0})
	for _, l := range repl {
		h.Write([]byte(l))
		h.Write([]byte{'\n'})
	}
	return "fix:" + hex.EncodeToString(h.Sum(nil))[:32]
}

// fileProof gathers the verification of path's accepted candidates. The
// last accepted one was tested with every earlier accepted change, so its
// record is the file's.
func fileProof(fr *engine.FixResult, f engine.FixedFile) *proof {
	pf := &proof{Diff: fix.Unified(f.Path, f.Old, f.New, 3)}
	for _, c := range fr.Candidates {
		if c.Path != f.Path || !c.Accepted {
			continue
		}
		for _, t := range c.Targets {
			if !slices.Contains(pf.Targets, t) {
				pf.Targets = append(pf.Targets, t)
			}
		}
		if !slices.Contains(pf.Sources, c.Source) {
			pf.Sources = append(pf.Sources, c.Source)
		}
		pf.Stages, pf.Tests = c.Verification.Stages, c.Verification.Tests
	}
	return pf
}

// resolvedIn returns path's findings before the fixes that are gone after
// them. Fingerprints include the line's text, so a finding on a line some
// other fix rewrote only counts as resolved while its constraint and
// message occur fewer times than before.
func resolvedIn(fr *engine.FixResult, path string) []engine.Diagnostic {
	type key struct {
		t          constraint.Type
		spec, text string
	}
	quota := map[key]int{}
	after := map[string]bool{}
	for _, d := range fr.Before.Diagnostics {
		if d.Path == path {
			quota[key{d.Type, d.Spec, d.Message}]++
		}
	}
	for _, d := range fr.After.Diagnostics {
		if d.Path == path {
			quota[key{d.Type, d.Spec, d.Message}]--
			after[d.Fingerprint] = true
		}
	}
	var out []engine.Diagnostic
	for _, d := range fr.Before.Diagnostics {
		k := key{d.Type, d.Spec, d.Message}
		if d.Path == path && quota[k] > 0 && !after[d.Fingerprint] {
			quota[k]--
			out = append(out, d)
		}
	}
	return out
}

// attribute gives each resolved finding to the hunk covering its first
// line, or else the nearest one, so every fixed finding is named once.
func attribute(sugs []suggestion, resolved []engine.Diagnostic) {
	for _, d := range resolved {
		best, dist := -1, 0
		for i, sg := range sugs {
			dd := 0
			switch {
			case d.Line < sg.StartLine:
				dd = sg.StartLine - d.Line
			case d.Line > sg.Line:
				dd = d.Line - sg.Line
			}
			if best < 0 || dd < dist {
				best, dist = i, dd
			}
		}
		if best >= 0 {
			sugs[best].Fixed = append(sugs[best].Fixed, d)
		}
	}
}

// commentMessage is the text above a suggestion: what it fixes and how it
// was verified. It holds no timing, so re-runs render the same text.
func commentMessage(sg suggestion) string {
	var b strings.Builder
	if len(sg.Fixed) == 0 {
		fmt.Fprintf(&b, "**iflint**: part of the verified fix of `%s` for %s.\n", mdCode(sg.Path), targetList(sg.Proof.Targets))
	} else {
		fmt.Fprintf(&b, "**iflint**: verified fix for %s.\n\n", targetList(diagTargets(sg.Fixed)))
		for _, d := range sg.Fixed {
			fmt.Fprintf(&b, "- line %d: %s (`%s`)\n", d.Line, oneLine(d.Message, 200), d.Type)
		}
	}
	fmt.Fprintf(&b, "\nVerified: %s.", proofText(sg.Proof, false))
	if sg.Proof.Tests != nil {
		b.WriteString(" Tested together with iflint's other suggestions on this pull request: apply them as one batch.")
	}
	return b.String()
}

// proofText renders the stages and the test run; timed adds the duration.
func proofText(pf *proof, timed bool) string {
	var stages []string
	for _, st := range pf.Stages {
		mark := "passed"
		if !st.Passed {
			mark = "failed"
		}
		stages = append(stages, fmt.Sprintf("%s %s", st.Stage, mark))
	}
	s := strings.Join(stages, ", ")
	switch t := pf.Tests; {
	case t == nil:
		s += " (no test command configured: proven by re-checks only)"
	case timed:
		s += fmt.Sprintf(" (`%s`: exit %d in %s)", mdCode(t.Command), t.ExitCode, t.Duration.Round(1e6))
	default:
		s += fmt.Sprintf(" (`%s`: exit %d)", mdCode(t.Command), t.ExitCode)
	}
	return s
}

func diagTargets(ds []engine.Diagnostic) []engine.Target {
	var ts []engine.Target
	for _, d := range ds {
		t := engine.Target{Type: d.Type, Spec: d.Spec}
		if !slices.Contains(ts, t) {
			ts = append(ts, t)
		}
	}
	slices.SortFunc(ts, func(a, b engine.Target) int {
		return cmp.Or(cmp.Compare(a.Type, b.Type), cmp.Compare(a.Spec, b.Spec))
	})
	return ts
}

func targetList(ts []engine.Target) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = fmt.Sprintf("`%s` (`%s`)", t.Type, mdCode(t.Spec))
	}
	return strings.Join(parts, ", ")
}

// mdCode keeps text inside a Markdown code span.
func mdCode(s string) string { return strings.ReplaceAll(s, "`", "'") }

// oneLine is the first line of s, at most n runes.
func oneLine(s string, n int) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
