package action

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/github"
	"github.com/iflint/iflint/internal/markdown"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/verify"
)

// A review is first data, a reviewDoc, and only then Markdown. The
// same-repository path renders the document it built and posts it; on a
// pull request from a fork, whose token cannot write, the pull_request
// run writes the document as a file for the workflow to upload, and a
// workflow_run run with a write token (publish mode) downloads it,
// checks it against what GitHub says about the pull request, and renders
// and posts it the same way. Rendering never trusts the document's text:
// every string goes through markdown.Text or markdown.Code, and code
// lines only into a suggestion fence longer than any backtick run in
// them. So both paths post the same comments, with the same fingerprints.

// reviewDocVersion is the document format's version.
const reviewDocVersion = 1

// reviewDoc is one pull request run's review.
type reviewDoc struct {
	Version int `json:"version"`
	// Tool is the iflint that wrote it ("iflint v1.2.3").
	Tool string `json:"tool"`
	// Repository (owner/name), PullRequest and HeadSHA say what the
	// review is about; a publisher refuses a document whose claims do not
	// match the workflow run it came from.
	Repository  string    `json:"repository"`
	PullRequest int       `json:"pull_request"`
	HeadSHA     string    `json:"head_sha"`
	Filter      string    `json:"filter_mode"`
	Counts      docCounts `json:"counts"`
	// TestCommand proved the suggestions ("" when none ran).
	TestCommand string `json:"test_command,omitempty"`
	// Open lists findings without a verified fix (the first ones).
	Open []docFinding `json:"open"`
	// Unplaced are files whose verified fix is not suggested, and why.
	Unplaced    []docUnplaced   `json:"unplaced"`
	Suggestions []docSuggestion `json:"suggestions"`
	// Held are fingerprints of suggestions the max-comments cap held back
	// (their earlier comments stay current). A publisher applies its own
	// cap and ignores these.
	Held []string `json:"held,omitempty"`
}

// docCounts are the findings in scope by what became of them; Findings
// is Fixed + Verified + Open.
type docCounts struct {
	Files    int `json:"files"`
	Findings int `json:"findings"`
	Fixed    int `json:"fixed"`
	Verified int `json:"verified"`
	Open     int `json:"open"`
}

type docFinding struct {
	Path    string `json:"path,omitempty"` // omitted inside a suggestion: the suggestion's
	Line    int    `json:"line"`
	Type    string `json:"type"`
	Spec    string `json:"constraint"`
	Message string `json:"message"`
}

type docUnplaced struct {
	Path     string `json:"path"`
	Findings int    `json:"findings"`
	Reason   string `json:"reason"`
}

type docTarget struct {
	Type string `json:"type"`
	Spec string `json:"constraint"`
}

// docSuggestion is one suggestion comment: lines StartLine..Line of
// Path at the head, which read Original, replaced by Replacement.
type docSuggestion struct {
	Path        string       `json:"path"`
	StartLine   int          `json:"start_line"`
	Line        int          `json:"line"`
	Original    []string     `json:"original"`
	Replacement []string     `json:"replacement"`
	Fixed       []docFinding `json:"fixed"`
	Targets     []docTarget  `json:"targets"`
	// Index of Of is its place among its file's suggestions, which were
	// verified together; Also are the other hunks the same fix changes.
	Index int      `json:"index"`
	Of    int      `json:"of"`
	Also  []int    `json:"also,omitempty"`
	Proof docProof `json:"proof"`
}

// docProof is how a suggestion's fix was verified.
type docProof struct {
	Stages     []verify.StageResult `json:"stages"`
	Tests      *docTests            `json:"tests,omitempty"`
	TestedWith int                  `json:"tested_with,omitempty"`
}

type docTests struct {
	Command  string `json:"command"`
	Passed   bool   `json:"passed"`
	ExitCode int    `json:"exit_code"`
	TimedOut bool   `json:"timed_out,omitempty"`
}

// verification is the proof as verify reports it.
func (p docProof) verification() verify.Verification {
	v := verify.Verification{Stages: p.Stages, TestedWith: p.TestedWith}
	if t := p.Tests; t != nil {
		v.Tests = &sandbox.Record{Command: t.Command, Passed: t.Passed, ExitCode: t.ExitCode, TimedOut: t.TimedOut}
	}
	return v
}

// newReviewDoc is rep's review as data; the caller sets what it is about.
func newReviewDoc(rep *report) *reviewDoc {
	st := rep.status()
	d := &reviewDoc{
		Version: reviewDocVersion, Filter: rep.Filter, TestCommand: rep.testCommand(),
		Counts: docCounts{Files: rep.Files, Findings: len(rep.Findings), Fixed: st.fixed, Verified: st.verified, Open: st.open},
		Open:   []docFinding{}, Unplaced: []docUnplaced{}, Suggestions: []docSuggestion{}, Held: rep.Held,
	}
	for _, f := range rep.Findings {
		if rep.findingStatus(f) == statusOpen && len(d.Open) < maxDocListed {
			d.Open = append(d.Open, findingOf(f, true))
		}
	}
	for _, u := range rep.Unplaced {
		d.Unplaced = append(d.Unplaced, docUnplaced{Path: u.Path, Findings: u.Findings, Reason: u.Reason})
	}
	for _, sg := range rep.Suggestions {
		d.Suggestions = append(d.Suggestions, suggestionDoc(sg))
	}
	return d
}

func findingOf(f engine.Diagnostic, withPath bool) docFinding {
	d := docFinding{Line: f.Line, Type: string(f.Type), Spec: f.Spec, Message: f.Message}
	if withPath {
		d.Path = f.Path
	}
	return d
}

func suggestionDoc(sg suggestion) docSuggestion {
	ds := docSuggestion{
		Path: sg.Path, StartLine: sg.StartLine, Line: sg.Line, Original: sg.Original, Replacement: sg.Replacement,
		Fixed: []docFinding{}, Index: sg.Index, Of: sg.Of, Also: sg.Also,
	}
	if ds.Replacement == nil {
		ds.Replacement = []string{}
	}
	for _, f := range sg.Fixed {
		ds.Fixed = append(ds.Fixed, findingOf(f, false))
	}
	if pf := sg.Proof; pf != nil {
		for _, t := range pf.Targets {
			ds.Targets = append(ds.Targets, docTarget{Type: string(t.Type), Spec: t.Spec})
		}
		ds.Proof = docProof{Stages: pf.V.Stages, TestedWith: pf.V.TestedWith}
		if t := pf.V.Tests; t != nil {
			ds.Proof.Tests = &docTests{Command: t.Command, Passed: t.Passed, ExitCode: t.ExitCode, TimedOut: t.TimedOut}
		}
	}
	return ds
}

// rendering says who is posting what: the run that proved the fixes, or
// a publisher posting a fork's run's document.
type rendering struct {
	// published marks a document from another run (a fork's).
	published bool
	// runURL names that run, for the review body.
	runURL string
}

// review renders the document as the review to post.
func (d *reviewDoc) review(rd rendering) github.Review {
	rv := github.Review{Body: d.body(rd), Held: d.Held}
	if rd.published {
		rv.Held = nil
	}
	for _, sg := range d.Suggestions {
		start := sg.StartLine
		if start == sg.Line {
			start = 0
		}
		rv.Comments = append(rv.Comments, github.Comment{
			Path: sg.Path, StartLine: start, Line: sg.Line, Group: "file:" + sg.Path,
			Fingerprint: suggestionFingerprint(sg.Path, sg.Original, sg.Replacement),
			Body:        github.SuggestionBody(renderMessage(sg, d.Suggestions, rd), sg.Replacement),
		})
	}
	return rv
}

// renderMessage is the text above a suggestion: what it fixes, how it was
// verified, and the batch it belongs to. It holds no timing, so re-runs
// render the same text.
func renderMessage(sg docSuggestion, all []docSuggestion, rd rendering) string {
	var b strings.Builder
	if len(sg.Fixed) == 0 {
		fmt.Fprintf(&b, "**iflint**: part of the verified fix of `%s` for %s.\n", markdown.Code(sg.Path), docTargetList(sg.Targets))
	} else {
		fmt.Fprintf(&b, "**iflint**: verified fix for %s.\n\n", docTargetList(fixedTargets(sg.Fixed)))
		for _, d := range sg.Fixed {
			fmt.Fprintf(&b, "- line %d: %s (`%s`)\n", d.Line, markdown.Text(d.Message, 200), markdown.Code(d.Type))
		}
	}
	if len(sg.Also) > 0 {
		var parts, lines []string
		for _, i := range sg.Also {
			parts = append(parts, fmt.Sprintf("suggestion %d", i))
			for _, o := range all {
				if o.Path == sg.Path && o.Index == i {
					lines = append(lines, lineSpanWord(o.StartLine, o.Line))
				}
			}
		}
		fmt.Fprintf(&b, "\nThe same fix also changes %s (%s of this file): apply them together.\n", strings.Join(lines, " and "), strings.Join(parts, ", "))
	}
	v := sg.Proof.verification()
	for i := range v.Stages {
		v.Stages[i].Detail = markdown.Text(v.Stages[i].Detail, 200)
	}
	summary := v.Summary(false, func(cmd string) string { return "`" + markdown.Code(cmd) + "`" })
	if rd.published {
		fmt.Fprintf(&b, "\nVerified in the pull request's own workflow run: %s.", summary)
	} else {
		fmt.Fprintf(&b, "\nVerified: %s.", summary)
	}
	if sg.Of > 1 {
		fmt.Fprintf(&b, "\n\nThis is suggestion %d of %d for `%s`, verified together: add all %d to one batch (Files changed → *Add suggestion to batch*) and commit them at once.", sg.Index, sg.Of, markdown.Code(sg.Path), sg.Of)
	}
	if v.Tested() {
		b.WriteString(" The tests ran with every suggestion of this review applied.")
	}
	return b.String()
}

// body is the text of the review: what was found in the pull request's
// lines and, with the same counts as the job summary, which findings the
// suggestions fix, which have a verified fix that is not suggested, and
// which have none. It is shown only when the review carries new comments.
func (d *reviewDoc) body(rd rendering) string {
	var b strings.Builder
	c := d.Counts
	fmt.Fprintf(&b, "**iflint** checked %d changed file(s): %d finding(s) in this pull request's lines (filter-mode %s): %d fixed by the %d suggestion(s) below, %d with a verified fix not suggested, %d without a verified fix.\n",
		c.Files, c.Findings, markdown.Text(d.Filter, 20), c.Fixed, len(d.Suggestions), c.Verified, c.Open)
	if rd.published {
		fmt.Fprintf(&b, "\nThis review was published from the review artifact of the pull request's own workflow run%s: the fixes were proven there; publishing checked that every suggestion lies on lines the pull request adds and that their text matches the pull request's.\n", runRef(rd.runURL))
	}
	if c.Fixed > 0 {
		b.WriteString("\nEach suggestion was verified by ")
		if t := d.TestCommand; t != "" {
			fmt.Fprintf(&b, "re-checking every constraint and running `%s` with all of them applied", markdown.Code(t))
		} else {
			b.WriteString("re-checking every constraint; no test command is configured, so none was tested")
		}
		b.WriteString(". A file's suggestions belong together: add them to one batch (*Add suggestion to batch*) and commit them at once.\n")
	}
	if c.Open > 0 && len(d.Open) > 0 {
		fmt.Fprintf(&b, "\n%d finding(s) without a verified fix:\n\n", c.Open)
		for i, f := range d.Open {
			if i == maxBodyFindings {
				break
			}
			fmt.Fprintf(&b, "- `%s` line %d: %s (`%s`)\n", markdown.Code(f.Path), f.Line, markdown.Text(f.Message, 200), markdown.Code(f.Type))
		}
		if more := c.Open - min(len(d.Open), maxBodyFindings); more > 0 {
			fmt.Fprintf(&b, "- … and %d more: see the job summary.\n", more)
		}
	}
	if len(d.Unplaced) > 0 {
		fmt.Fprintf(&b, "\n%d finding(s) with a verified fix not suggested, in %d file(s):\n\n", c.Verified, len(d.Unplaced))
		for i, u := range d.Unplaced {
			if i == maxBodyFindings {
				fmt.Fprintf(&b, "- … and %d more: see the job summary.\n", len(d.Unplaced)-maxBodyFindings)
				break
			}
			fmt.Fprintf(&b, "- `%s` (%d finding(s)): %s\n", markdown.Code(u.Path), u.Findings, markdown.Text(u.Reason, 200))
		}
	}
	return b.String()
}

func runRef(url string) string {
	if url == "" {
		return ""
	}
	return " (" + markdown.Text(url, 200) + ")"
}

// fixedTargets are the constraints of fs, each once, sorted.
func fixedTargets(fs []docFinding) []docTarget {
	var ts []docTarget
	for _, f := range fs {
		if t := (docTarget{Type: f.Type, Spec: f.Spec}); !slices.Contains(ts, t) {
			ts = append(ts, t)
		}
	}
	slices.SortFunc(ts, func(a, b docTarget) int { return cmp.Or(cmp.Compare(a.Type, b.Type), cmp.Compare(a.Spec, b.Spec)) })
	return ts
}

func docTargetList(ts []docTarget) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = fmt.Sprintf("`%s` (`%s`)", markdown.Code(t.Type), markdown.Code(t.Spec))
	}
	return strings.Join(parts, ", ")
}

// writeReviewDoc writes doc to the review-file input (relative to the
// workspace), atomically, secrets redacted, and returns its path.
func (r *runner) writeReviewDoc(doc *reviewDoc) (string, error) {
	p := r.in.ReviewFile
	if !filepath.IsAbs(p) {
		p = filepath.Join(r.ws, p)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return "", err
	}
	return p, writeFileAtomic(p, []byte(r.red.String(buf.String())))
}
