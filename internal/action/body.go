package action

import (
	"fmt"
	"strings"
)

// maxBodyFindings caps the findings listed in a review body; the job
// summary and the SARIF file have the rest.
const maxBodyFindings = 20

// reviewBody is the text of the review: what was found in the pull
// request's lines and, with the same counts as the job summary, which
// findings the suggestions fix, which have a verified fix that is not
// suggested, and which have none. It is shown only when the review
// carries new comments.
func (r *report) reviewBody() string {
	var b strings.Builder
	st := r.status()
	fmt.Fprintf(&b, "**iflint** checked %d changed file(s): %d finding(s) in this pull request's lines (filter-mode %s): %d fixed by the %d suggestion(s) below, %d with a verified fix not suggested, %d without a verified fix.\n",
		r.Files, len(r.Findings), r.Filter, st.fixed, len(r.Suggestions), st.verified, st.open)
	if st.fixed > 0 {
		b.WriteString("\nEach suggestion was verified by ")
		if t := r.testCommand(); t != "" {
			fmt.Fprintf(&b, "re-checking every constraint and running `%s` with all of them applied", mdCode(t))
		} else {
			b.WriteString("re-checking every constraint; no test command is configured, so none was tested")
		}
		b.WriteString(". A file's suggestions belong together: add them to one batch (*Add suggestion to batch*) and commit them at once.\n")
	}
	var open []int
	for i, d := range r.Findings {
		if r.findingStatus(d) == statusOpen {
			open = append(open, i)
		}
	}
	if len(open) > 0 {
		fmt.Fprintf(&b, "\n%d finding(s) without a verified fix:\n\n", len(open))
		for n, i := range open {
			if n == maxBodyFindings {
				fmt.Fprintf(&b, "- … and %d more: see the job summary.\n", len(open)-maxBodyFindings)
				break
			}
			d := r.Findings[i]
			fmt.Fprintf(&b, "- `%s` line %d: %s (`%s`)\n", mdCode(d.Path), d.Line, oneLine(d.Message, 200), d.Type)
		}
	}
	if len(r.Unplaced) > 0 {
		fmt.Fprintf(&b, "\n%d finding(s) with a verified fix not suggested, in %d file(s):\n\n", st.verified, len(r.Unplaced))
		for i, u := range r.Unplaced {
			if i == maxBodyFindings {
				fmt.Fprintf(&b, "- … and %d more: see the job summary.\n", len(r.Unplaced)-maxBodyFindings)
				break
			}
			fmt.Fprintf(&b, "- `%s` (%d finding(s)): %s\n", mdCode(u.Path), u.Findings, oneLine(u.Reason, 200))
		}
	}
	return b.String()
}

// testCommand is the command that verified the suggestions, if any ran.
func (r *report) testCommand() string {
	for _, s := range r.Suggestions {
		if t := s.Proof.V.Tests; t != nil {
			return t.Command
		}
	}
	return ""
}
