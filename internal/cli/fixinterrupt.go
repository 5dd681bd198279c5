package cli

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/iflint/iflint/internal/fixloop"
	"github.com/iflint/iflint/internal/termsafe"
)

// writeInterruptedFix is the summary of a fix run that a signal stopped
// (issue 18 item 5): what was kept (and whether it was written), what
// was refused and why, and what was left undecided. res holds the
// groups that had finished and the partial result of the one that was
// running; written names the files written before the stop. Main's
// line about the interrupt and the files written follows it, and the
// exit is ExitInterrupted.
func writeInterruptedFix(c *Command, res *fixloop.FixResult, write bool, written []string) {
	var kept, awaiting int
	keptFiles := map[string]bool{}
	refused := map[string]int{}
	tried := map[string]bool{}
	for _, cd := range res.Candidates {
		tried[cd.Path] = true
		switch {
		case cd.Accepted:
			kept++
			keptFiles[cd.Path] = true
		case cd.Reason == fixloop.ReasonInterrupted:
			awaiting++
		case cd.Proposed:
			refused[string(cd.Stage)]++
		default:
			refused["no candidate"]++
		}
	}
	where := "not written: without -write nothing is"
	if write {
		where = "none written: the run stopped before writing"
		if len(written) > 0 {
			where = "written: " + names(written)
		}
	}
	fmt.Fprintf(c.Stderr, "iflint: fix was interrupted; kept %s in %s (%s)\n", plural(kept, "verified change"), plural(len(keptFiles), "file"), where)
	if len(refused) > 0 {
		var parts []string
		n := 0
		for stage, k := range refused {
			parts = append(parts, fmt.Sprintf("%s %d", stage, k))
			n += k
		}
		sort.Strings(parts)
		fmt.Fprintf(c.Stderr, "iflint: refused %s before the stop (by stage: %s)\n", plural(n, "candidate"), strings.Join(parts, ", "))
	}
	if awaiting > 0 {
		fmt.Fprintf(c.Stderr, "iflint: left %s that had passed the checks but not yet the tests: not kept\n", plural(awaiting, "candidate"))
	}
	if res.Before != nil {
		var left []string
		seen := map[string]bool{}
		for _, d := range res.Before.Diagnostics {
			if !tried[d.Path] && !seen[d.Path] {
				seen[d.Path] = true
				left = append(left, termsafe.Name(d.Path))
			}
		}
		if len(left) > 0 {
			sort.Strings(left)
			more := ""
			if len(left) > 10 {
				more, left = fmt.Sprintf(" and %d more", len(left)-10), left[:10]
			}
			fmt.Fprintf(c.Stderr, "iflint: left %s with findings that the run had not reached: %s%s\n", plural(len(seen), "file"), strings.Join(left, ", "), more)
		}
	}
}

// fixTally keeps the counts of the groups' runs so far, for the summary
// Main prints when fix does not stop within the grace (a rule busy on a
// large file does not watch the context): the summary above needs the
// run's result, which only the command's goroutine may read.
type fixTally struct {
	mu                  sync.Mutex
	done, kept, refused int // of finished groups
	cur                 fixloop.FixProgress
}

func (t *fixTally) set(p fixloop.FixProgress) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if p.Kept+p.Refused < t.cur.Kept+t.cur.Refused {
		// a new group's run began
		t.kept, t.refused = t.kept+t.cur.Kept, t.refused+t.cur.Refused
	}
	t.cur = p
}

func (t *fixTally) text(write bool, written int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	kept, refused := t.kept+t.cur.Kept, t.refused+t.cur.Refused
	if kept+refused == 0 && t.cur.Total == 0 {
		return ""
	}
	where := "not written: without -write nothing is"
	if write {
		where = "none written: the run stopped before writing"
		if written > 0 {
			where = fmt.Sprintf("%s written", plural(written, "file"))
		}
	}
	out := fmt.Sprintf("iflint: fix was interrupted; kept %s (%s)\n", plural(kept, "verified change"), where)
	if refused > 0 {
		out += fmt.Sprintf("iflint: refused %s before the stop\n", plural(refused, "candidate"))
	}
	if left := t.cur.Total - t.cur.Decided; left > 0 {
		out += fmt.Sprintf("iflint: left %s undecided: the run stopped while verifying them\n", plural(left, "candidate"))
	}
	return out
}
