package cli

import (
	"fmt"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/termsafe"
)

// printSummary writes, on standard error, the files that were skipped,
// the suppression markers that could not be read, and one line saying
// what the run found, e.g.
//
//	iflint: 3 findings (2 errors, 1 warning) in 2 files; 14 files checked, 1 skipped, 5 files no constraint applies to; 2 suppressed inline; 1 constraint unverified in 4 files: decided by an LLM judge; no judge configured
//
// A clean run says "no findings".
func (c *Command) printSummary(res *engine.Result, n counts, sc *scope) {
	printSkipped(c, res.Skipped)
	for _, p := range res.InvalidIgnores {
		fmt.Fprintf(c.Stderr, "%s:%d:%d: warning: invalid suppression: %s\n", termsafe.Name(p.Path), p.Line, p.Col, termsafe.Text(p.Message))
	}
	fmt.Fprintf(c.Stderr, "iflint: %s\n", summaryLine(res, n, sc))
}

// printSkipped names each skipped file, or, for a reason shared by more
// than a few files, counts them and names the first ones.
func printSkipped(c *Command, skipped []engine.Skipped) {
	const show = 3
	var reasons []string
	byReason := map[string][]string{}
	for _, s := range skipped {
		if s.Unconstrained {
			continue // counted in the summary line; -format json lists them
		}
		if _, ok := byReason[s.Reason]; !ok {
			reasons = append(reasons, s.Reason)
		}
		byReason[s.Reason] = append(byReason[s.Reason], termsafe.Name(s.Path))
	}
	for _, r := range reasons {
		paths := byReason[r]
		if len(paths) <= show {
			for _, p := range paths {
				fmt.Fprintf(c.Stderr, "iflint: skipped %s: %s\n", p, termsafe.Text(r))
			}
			continue
		}
		fmt.Fprintf(c.Stderr, "iflint: skipped %d files: %s (%s, ...; -format json lists them all)\n", len(paths), termsafe.Text(r), strings.Join(paths[:show], ", "))
	}
}

func summaryLine(res *engine.Result, n counts, sc *scope) string {
	var parts []string
	errs, warns := 0, 0
	files := map[string]bool{}
	for _, d := range res.Diagnostics {
		files[d.Path] = true
		if d.Severity == "warning" {
			warns++
		} else {
			errs++
		}
	}
	found := "no findings"
	if total := errs + warns; total > 0 {
		found = plural(total, "finding")
		if warns > 0 {
			found += fmt.Sprintf(" (%s, %s)", plural(errs, "error"), plural(warns, "warning"))
		}
		found += " in " + plural(len(files), "file")
	}
	if u := len(res.UnusedIgnores); u > 0 {
		found += ", " + plural(u, "unused suppression")
	}
	parts = append(parts, found)

	checked := map[string]bool{}
	for _, o := range res.Outcomes {
		checked[o.Path] = true
	}
	files2 := plural(len(checked), "file") + " checked"
	skipped, unconstrained := 0, 0
	because := map[string]int{} // a reason that says more than "none applies"
	for _, s := range res.Skipped {
		if s.Unconstrained {
			unconstrained++
			if _, why, ok := strings.Cut(s.Reason, " files: "); ok {
				because[why]++
			}
		} else {
			skipped++
		}
	}
	if skipped > 0 {
		files2 += fmt.Sprintf(", %d skipped", skipped)
	}
	if unconstrained > 0 {
		files2 += fmt.Sprintf(", %s no constraint applies to", plural(unconstrained, "file"))
		whys := make([]string, 0, len(because))
		for w, k := range because {
			whys = append(whys, fmt.Sprintf("%d: %s", k, w))
		}
		sort.Strings(whys)
		if len(whys) > 0 {
			files2 += " (" + strings.Join(whys, "; ") + ")"
		}
	}
	parts = append(parts, files2)

	var aside []string
	if s := len(res.Suppressed); s > 0 {
		aside = append(aside, fmt.Sprintf("%d suppressed inline", s))
	}
	if n.baselined > 0 {
		aside = append(aside, fmt.Sprintf("%d in the baseline", n.baselined))
	}
	if sc != nil && sc.changes != nil {
		aside = append(aside, fmt.Sprintf("%d outside the changes since %s", n.outside, sc.changes.Rev))
	}
	if len(aside) > 0 {
		parts = append(parts, strings.Join(aside, ", "))
	}
	if u := unverifiedLine(res.Outcomes); u != "" {
		parts = append(parts, u)
	}
	return strings.Join(parts, "; ")
}

// unverifiedLine counts the constraints (type and spec) some file left
// unverified and gives the most common reason.
func unverifiedLine(os []engine.Outcome) string {
	constraints, files := map[string]bool{}, map[string]bool{}
	reasons := map[string]int{}
	for _, o := range os {
		if o.Verdict != check.Unverified {
			continue
		}
		constraints[string(o.Type)+"\x00"+o.Spec] = true
		files[o.Path] = true
		reasons[o.Reason]++
	}
	if len(constraints) == 0 {
		return ""
	}
	type rc struct {
		reason string
		n      int
	}
	var rs []rc
	for r, k := range reasons {
		rs = append(rs, rc{r, k})
	}
	sort.Slice(rs, func(i, j int) bool {
		if rs[i].n != rs[j].n {
			return rs[i].n > rs[j].n
		}
		return rs[i].reason < rs[j].reason
	})
	s := fmt.Sprintf("%s unverified in %s: %s", plural(len(constraints), "constraint"), plural(len(files), "file"), rs[0].reason)
	if len(rs) > 1 {
		s += fmt.Sprintf(" (and %s; -format json lists them)", plural(len(rs)-1, "other reason"))
	}
	return s
}

// plural renders "1 file", "2 files".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
