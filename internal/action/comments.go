package action

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/fixloop"
	"github.com/iflint/iflint/internal/termsafe"
	"github.com/iflint/iflint/internal/verify"
)

// suggestion is one suggestion comment: a hunk of a file's verified fix.
type suggestion struct {
	Path            string
	StartLine, Line int
	// Original are the head's lines the suggestion replaces (without
	// line endings), Replacement what replaces them.
	Original    []string
	Replacement []string
	Fingerprint string
	// Fixed are the head's findings the hunk removes.
	Fixed []engine.Diagnostic
	// Index (1-based) of Of is the hunk's place among its file's
	// suggestions, which were verified together and form one batch.
	Index, Of int
	// Also are the other hunks of the candidates that change this one
	// (a rename's call sites in other hunks): applying one without the
	// others breaks the code.
	Also  []int // indexes, 1-based
	Proof *proof
}

// proof is how a file's fix was verified; every hunk of the file shares it.
type proof struct {
	Targets []fixloop.Target
	Sources []string // fixer, llm
	// V is the verification of the file's last accepted candidate, which
	// was checked on top of the others (and tested with all of them).
	V    verify.Verification
	Diff string // unified diff of the whole file's fix
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
// what was tested. Fix confines every candidate to the suggestable lines
// (FixOptions.InScope), so the file's violations outside them never
// keep its fixes inside them from being suggested; the check here is
// the last guard. Each file's comments form one github.Comment group,
// posted whole or not at all, and each says it is part of that batch.
//
// held are the fingerprints of suggestions left out only by the cap: the
// findings are still there, so their earlier comments must not be marked
// outdated.
func suggestions(fr *fixloop.FixResult, s scope, maxComments int) (out []suggestion, skipped []unplaced, held []string) {
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

func fileSuggestions(fr *fixloop.FixResult, f fixloop.FixedFile, resolved []engine.Diagnostic) ([]suggestion, error) {
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
		var orig []string
		for _, l := range old[b.StartLine-1 : b.Line] {
			orig = append(orig, strings.TrimRight(l, "\r\n"))
		}
		sugs[i] = suggestion{Path: f.Path, StartLine: b.StartLine, Line: b.Line, Original: orig, Replacement: repl, Proof: pf, Index: i + 1, Of: len(blocks)}
		sugs[i].Fingerprint = suggestionFingerprint(f.Path, orig, repl)
	}
	attribute(sugs, resolved)
	linkParts(sugs, fr, f.Path)
	return sugs, nil
}

// linkParts records, for each hunk, the other hunks an accepted
// candidate of the file changes together with it.
func linkParts(sugs []suggestion, fr *fixloop.FixResult, path string) {
	overlaps := func(sg suggestion, r fixloop.LineRange) bool { return sg.StartLine <= r.End && r.Start <= sg.Line }
	for _, c := range fr.Candidates {
		if c.Path != path || !c.Accepted {
			continue
		}
		var touched []int
		for i, sg := range sugs {
			if slices.ContainsFunc(c.Lines, func(r fixloop.LineRange) bool { return overlaps(sg, r) }) {
				touched = append(touched, i)
			}
		}
		for _, i := range touched {
			for _, j := range touched {
				if i != j && !slices.Contains(sugs[i].Also, j+1) {
					sugs[i].Also = append(sugs[i].Also, j+1)
				}
			}
		}
	}
	for i := range sugs {
		slices.Sort(sugs[i].Also)
	}
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
func fileProof(fr *fixloop.FixResult, f fixloop.FixedFile) *proof {
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
		pf.V = c.Verification
	}
	return pf
}

// resolvedIn returns path's findings before the fixes that are gone after
// them. Fingerprints include the line's text, so a finding on a line some
// other fix rewrote only counts as resolved while its constraint and
// message occur fewer times than before.
func resolvedIn(fr *fixloop.FixResult, path string) []engine.Diagnostic {
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

func lineSpanWord(start, end int) string {
	if start == end {
		return fmt.Sprintf("line %d", start)
	}
	return fmt.Sprintf("lines %d-%d", start, end)
}

// proofText says which stages ran and how the tests went; timed adds the
// duration.
func proofText(pf *proof, timed bool) string {
	return pf.V.Summary(timed, func(cmd string) string { return "`" + mdCode(cmd) + "`" })
}

// mdCode keeps text inside a Markdown code span.
func mdCode(s string) string { return strings.ReplaceAll(termsafe.Text(s), "`", "'") }

// oneLine is the first line of s, at most n runes.
func oneLine(s string, n int) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
