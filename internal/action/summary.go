package action

import (
	"fmt"
	"strings"
	"time"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fixloop"
	"github.com/iflint/iflint/internal/markdown"
	"github.com/iflint/iflint/internal/sandbox"
)

// report is everything a run found and did, for the job summary, the
// review body and the outputs. It is plain data, so rendering is tested
// on fixed values.
type report struct {
	Title  string // "o/r#7 at 1234567" or "refs/heads/main at 1234567"
	Mode   Mode
	Filter string // filter mode; "" when the run is not about a pull request
	Notes  []string
	Rows   []constraintRow
	SSR    ratio
	HSR    ratio
	Files  int // checked files
	// Findings are the findings in scope; Outside counts the others.
	Findings []engine.Diagnostic
	Outside  int
	// Fixed holds the fingerprints of findings a suggestion removes;
	// Verified those a verified fix removes, suggested or not. Every
	// report counts a finding by findingStatus, from these two.
	Fixed       map[string]bool
	Verified    map[string]bool
	Suggestions []suggestion
	Unplaced    []unplaced
	// Held are fingerprints of suggestions the max-comments cap held back.
	Held     []string
	Rejected []fixloop.Candidate
	Baseline *sandbox.Record
	TestRuns fixloop.TestRuns
	// Sandbox is how the test command was (or would have been) contained;
	// nil without a test command.
	Sandbox *sandbox.Sandbox
	Review  reviewStats
	Skipped []engine.Skipped
	SARIF   string
}

// reviewStats is what happened to the review.
type reviewStats struct {
	// State is a sentence: posted, nothing new, or why no review was sent.
	State                                 string
	Posted, Present, Outdated, Downgraded int
	URL                                   string
}

// Caps keep the summary readable and far below GitHub's 1 MiB limit; the
// SARIF file has everything.
const (
	maxSummaryFindings = 100
	maxSummaryDiffLen  = 200 // lines of a fix's diff shown
	maxRejected        = 50
)

// A finding in scope is, in every report, exactly one of these.
const (
	statusFixed    = "fixed by a suggestion"
	statusVerified = "verified fix not suggested"
	statusOpen     = "no verified fix"
)

func (r *report) findingStatus(d engine.Diagnostic) string {
	switch {
	case r.Fixed[d.Fingerprint]:
		return statusFixed
	case r.Verified[d.Fingerprint]:
		return statusVerified
	}
	return statusOpen
}

// statusCounts are the findings in scope by findingStatus.
type statusCounts struct{ fixed, verified, open int }

func (r *report) status() statusCounts {
	var c statusCounts
	for _, d := range r.Findings {
		switch r.findingStatus(d) {
		case statusFixed:
			c.fixed++
		case statusVerified:
			c.verified++
		default:
			c.open++
		}
	}
	return c
}

// summary renders the job summary.
func (r *report) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "## iflint: %s\n\n", r.Title)
	fixes := ""
	if r.Mode == ModeSuggest {
		st := r.status()
		fixes = fmt.Sprintf(": %d fixed by a suggestion, %d with a verified fix not suggested, %d without a verified fix", st.fixed, st.verified, st.open)
	}
	if r.Filter != "" {
		fmt.Fprintf(&b, "Mode **%s**, filter-mode **%s**: %d changed file(s) checked; %d finding(s) in scope, %d outside it%s.\n\n", r.Mode, r.Filter, r.Files, len(r.Findings), r.Outside, fixes)
	} else {
		fmt.Fprintf(&b, "Mode **%s**: %d file(s) checked; %d finding(s)%s.\n\n", r.Mode, r.Files, len(r.Findings), fixes)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "> %s\n\n", n)
	}
	r.writeTable(&b)
	r.writeSuggestions(&b)
	r.writeUnplaced(&b)
	r.writeRejected(&b)
	r.writeTestRuns(&b)
	r.writeSandbox(&b)
	r.writeFindings(&b)
	if r.Review.State != "" {
		fmt.Fprintf(&b, "### Review\n\n%s\n\n", r.Review.State)
		if r.Review.Posted+r.Review.Present+r.Review.Outdated+r.Review.Downgraded > 0 || r.Review.URL != "" {
			fmt.Fprintf(&b, "| posted | already present | marked outdated | downgraded |\n|--:|--:|--:|--:|\n| %d | %d | %d | %d |\n\n",
				r.Review.Posted, r.Review.Present, r.Review.Outdated, r.Review.Downgraded)
		}
		if r.Review.URL != "" {
			fmt.Fprintf(&b, "[The review](%s)\n\n", r.Review.URL)
		}
	}
	if len(r.Skipped) > 0 {
		b.WriteString("<details><summary>Files not checked</summary>\n\n")
		for _, s := range r.Skipped {
			fmt.Fprintf(&b, "- `%s`: %s\n", mdCode(s.Path), cell(s.Reason))
		}
		b.WriteString("\n</details>\n\n")
	}
	if r.SARIF != "" {
		fmt.Fprintf(&b, "SARIF: `%s`\n", mdCode(r.SARIF))
	}
	return b.String()
}

func (r *report) writeTable(b *strings.Builder) {
	if len(r.Rows) == 0 {
		b.WriteString("No configured constraint applies to the checked files.\n\n")
		return
	}
	b.WriteString("| constraint | files checked | satisfied | violated | unverified | findings | fixed by a suggestion | verified fix not suggested |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, row := range r.Rows {
		fmt.Fprintf(b, "| `%s` `%s` | %d | %d | %d | %d | %d | %d | %d |\n",
			row.Type, cell(mdCode(row.Spec)), row.Checked, row.Satisfied, row.Violated, row.Unsure, row.Findings, row.Fixed, row.Verified)
	}
	fmt.Fprintf(b, "\n**SSR** %s (%d of %d decided outcomes satisfied) · **HSR** %s (%d of %d files satisfy every constraint)\n\n",
		orNA(r.SSR.String()), r.SSR.Num, r.SSR.Den, orNA(r.HSR.String()), r.HSR.Num, r.HSR.Den)
}

func (r *report) writeSuggestions(b *strings.Builder) {
	if r.Mode != ModeSuggest {
		return
	}
	if len(r.Suggestions) == 0 {
		b.WriteString("### Suggestions\n\nNo verified fix to suggest.\n\n")
		return
	}
	fmt.Fprintf(b, "### Suggestions (%d)\n\n| file | lines | fixes | verification |\n|---|---|---|---|\n", len(r.Suggestions))
	type fileFix struct {
		path string
		pf   *proof
	}
	var files []fileFix
	for _, s := range r.Suggestions {
		var fixes []string
		for _, d := range s.Fixed {
			fixes = append(fixes, fmt.Sprintf("`%s` line %d", d.Type, d.Line))
		}
		if len(fixes) == 0 {
			fixes = append(fixes, "part of the file's fix")
		}
		fmt.Fprintf(b, "| `%s` | %s | %s | %s |\n", cellCode(s.Path), lineSpan(s.StartLine, s.Line), strings.Join(fixes, ", "), cell(proofText(s.Proof, true)))
		if len(files) == 0 || files[len(files)-1].pf != s.Proof {
			files = append(files, fileFix{s.Path, s.Proof})
		}
	}
	b.WriteString("\n")
	for _, f := range files {
		diff := clipLines(f.pf.Diff, maxSummaryDiffLen)
		fence := markdown.Fence(diff)
		fmt.Fprintf(b, "<details><summary>%s: the verified change</summary>\n\n%sdiff\n%s%s\n\n</details>\n\n", htmlText(f.path), fence, diff, fence)
	}
}

func (r *report) writeUnplaced(b *strings.Builder) {
	if len(r.Unplaced) == 0 {
		return
	}
	b.WriteString("### Verified fixes not suggested\n\n")
	b.WriteString("Their findings are counted as having a verified fix that is not suggested; they stay annotations.\n\n")
	for _, u := range r.Unplaced {
		fmt.Fprintf(b, "- `%s` (%d finding(s)): %s\n", mdCode(u.Path), u.Findings, cell(oneLine(u.Reason, 300)))
	}
	b.WriteString("\n")
}

func (r *report) writeRejected(b *strings.Builder) {
	if len(r.Rejected) > 0 {
		fmt.Fprintf(b, "### Rejected candidates (%d)\n\n| file | constraint | source | stage | reason |\n|---|---|---|---|---|\n", len(r.Rejected))
		for i, c := range r.Rejected {
			if i == maxRejected {
				fmt.Fprintf(b, "\n… and %d more.\n", len(r.Rejected)-maxRejected)
				break
			}
			var ts []string
			for _, t := range c.Targets {
				ts = append(ts, fmt.Sprintf("`%s`", t.Type))
			}
			src := c.Source
			if c.Part != "" {
				src += ", only " + c.Part
			}
			fmt.Fprintf(b, "| `%s` | %s | %s | %s | %s |\n", cellCode(c.Path), strings.Join(ts, ", "), cell(src), c.Stage, cell(oneLine(c.Reason, 200)))
		}
		b.WriteString("\n")
	}
	if bl := r.Baseline; bl != nil && !bl.Passed {
		fmt.Fprintf(b, "The test command `%s` fails without any fix (exit %d), so no fix could be proven by it.\n\n", mdCode(bl.Command), bl.ExitCode)
	}
}

func (r *report) writeFindings(b *strings.Builder) {
	var open []engine.Diagnostic
	for _, d := range r.Findings {
		if !r.Fixed[d.Fingerprint] {
			open = append(open, d)
		}
	}
	if len(open) == 0 {
		return
	}
	if r.Mode != ModeSuggest {
		fmt.Fprintf(b, "### Findings (%d)\n\n| file | line | constraint | severity | message |\n|---|--:|---|---|---|\n", len(open))
	} else {
		fmt.Fprintf(b, "### Findings without a suggested fix (%d)\n\n| file | line | constraint | severity | message | status |\n|---|--:|---|---|---|---|\n", len(open))
	}
	for i, d := range open {
		if i == maxSummaryFindings {
			fmt.Fprintf(b, "\n… and %d more: see the SARIF file.\n", len(open)-maxSummaryFindings)
			break
		}
		fmt.Fprintf(b, "| `%s` | %d | `%s` | %s | %s |", cellCode(d.Path), d.Line, d.Type, d.Severity, cell(oneLine(d.Message, 200)))
		if r.Mode == ModeSuggest {
			fmt.Fprintf(b, " %s |", r.findingStatus(d))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// writeTestRuns says how many test runs proved the fixes, and what for.
func (r *report) writeTestRuns(b *strings.Builder) {
	t := r.TestRuns
	if t.Total == 0 {
		return
	}
	cmd := r.testCommand()
	if cmd == "" && r.Baseline != nil {
		cmd = r.Baseline.Command
	}
	b.WriteString("### Test runs\n\n")
	if cmd != "" {
		fmt.Fprintf(b, "`%s`: ", mdCode(cmd))
	}
	fmt.Fprintf(b, "%d run(s) in %s, for %d candidate(s) tested together.\n\n", t.Total, t.Duration.Round(time.Millisecond), t.Candidates)
	b.WriteString("| whole set, or the rest after a culprit | halving a failing set | culprits | unmodified tree | LLM candidates, one each |\n|--:|--:|--:|--:|--:|\n")
	fmt.Fprintf(b, "| %d | %d | %d | %d | %d |\n\n", t.Set, t.Bisect, t.Culprits, t.Baseline, t.Single)
}

// writeSandbox names the mechanism that contained the test command,
// what it protects, and why stronger ones were not used.
func (r *report) writeSandbox(b *strings.Builder) {
	s := r.Sandbox
	if s == nil {
		return
	}
	b.WriteString("### Sandbox\n\n")
	if s.Isolated {
		fmt.Fprintf(b, "The test command ran in **%s**: %s.\n\n", s.Mechanism, s.Protects)
	} else {
		fmt.Fprintf(b, "**No real sandbox works on this runner**: the test command is contained by **%s** only (%s).\n\n", s.Mechanism, s.Protects)
	}
	for _, u := range s.Unavailable {
		fmt.Fprintf(b, "- %s: %s", u.Mechanism, cell(u.Reason))
		if u.Kernel != "" {
			// Installing something will not help; the system's settings may.
			fmt.Fprintf(b, " — the kernel forbids it here: %s", cell(u.Kernel))
		}
		b.WriteString("\n")
	}
	if s.Isolated && !s.CacheOverlay && s.NoCacheOverlay != "" {
		fmt.Fprintf(b, "- The real toolchain caches are not overlaid (the test command's caches start cold): %s\n", cell(s.NoCacheOverlay))
	}
	if len(s.Unavailable) > 0 || s.NoCacheOverlay != "" {
		b.WriteString("\n")
	}
}

func lineSpan(start, end int) string {
	if start == end {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d-%d", start, end)
}

// cellCode is s for a code span inside a table cell: GitHub ends a cell
// at a "|" even inside a code span unless it is escaped.
func cellCode(s string) string {
	return strings.ReplaceAll(mdCode(s), "|", `\|`)
}

// cell keeps text inside one Markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.Join(strings.Fields(s), " ")
}

func htmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

func orNA(s string) string {
	if s == "" {
		return "n/a"
	}
	return s
}

// clipLines keeps the first n lines of s.
func clipLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) <= n {
		return s
	}
	return strings.Join(lines[:n], "") + fmt.Sprintf("… %d more lines\n", len(lines)-n)
}
