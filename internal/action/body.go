package action

import (
	"fmt"
	"strings"
)

// maxBodyFindings caps the findings listed in a review body; the job
// summary and the SARIF file have the rest.
const maxBodyFindings = 20

// reviewBody is the text of the review: what was found in the pull
// request's lines, which findings the suggestions fix, and a compact list
// of the others. It is shown only when the review carries new comments.
func (r *report) reviewBody() string {
	var b strings.Builder
	fmt.Fprintf(&b, "**iflint** checked %d changed file(s): %d finding(s) in this pull request's lines (filter-mode %s).\n",
		r.Files, len(r.Findings), r.Filter)
	fixed := 0
	var open []int
	for i, d := range r.Findings {
		if r.Fixed[d.Fingerprint] {
			fixed++
		} else {
			open = append(open, i)
		}
	}
	if fixed > 0 {
		fmt.Fprintf(&b, "\n%d of them are fixed by the %d suggestion(s) below, each verified by re-checking every constraint", fixed, len(r.Suggestions))
		if t := r.testCommand(); t != "" {
			fmt.Fprintf(&b, " and running `%s`", mdCode(t))
		}
		b.WriteString(".\n")
	}
	if len(open) > 0 {
		fmt.Fprintf(&b, "\n%d finding(s) have no verified fix:\n\n", len(open))
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
		fmt.Fprintf(&b, "\n%d verified fix(es) are not suggested:\n\n", len(r.Unplaced))
		for i, u := range r.Unplaced {
			if i == maxBodyFindings {
				fmt.Fprintf(&b, "- … and %d more: see the job summary.\n", len(r.Unplaced)-maxBodyFindings)
				break
			}
			fmt.Fprintf(&b, "- `%s`: %s\n", mdCode(u.Path), oneLine(u.Reason, 200))
		}
	}
	return b.String()
}

// testCommand is the command that verified the suggestions, if any ran.
func (r *report) testCommand() string {
	for _, s := range r.Suggestions {
		if s.Proof.Tests != nil {
			return s.Proof.Tests.Command
		}
	}
	return ""
}
