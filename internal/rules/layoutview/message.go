package layoutview

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
)

// RenderLead is the leading whitespace of col columns in the unit:
// spaces, or tabs and (for a visual alignment) fewer than a tab's width
// of spaces.
func RenderLead(col, tw int, tabs bool) string {
	if col <= 0 {
		return ""
	}
	if !tabs {
		return strings.Repeat(" ", col)
	}
	return strings.Repeat("\t", col/tw) + strings.Repeat(" ", col%tw)
}

// IndentMessage says what is wrong with a line's leading blanks: lead,
// col columns wide, where want is expected (a comment's line, or
// visual: aligned with an opening bracket).
func IndentMessage(lead string, col, want int, comment, visual bool, in *constraint.Indent, depthBad bool) string {
	what := "line"
	if comment {
		what = "comment line"
	}
	if in.Tabs {
		if strings.Contains(lead, " ") && !visual {
			if depthBad {
				return fmt.Sprintf("%s indented with spaces, expected %s", what, tabsCount(want, in))
			}
			return what + " indented with spaces, expected tabs"
		}
		got := tabsCount(col, in)
		return fmt.Sprintf("%s indented with %s, expected %s%s", what, got, tabsCount(want, in), visualNote(visual))
	}
	if strings.Contains(lead, "\t") {
		return fmt.Sprintf("%s indented with a tab, expected %s", what, Plural(want, "space"))
	}
	return fmt.Sprintf("%s indented with %s, expected %d%s", what, Plural(col, "space"), want, visualNote(visual))
}

func visualNote(visual bool) string {
	if visual {
		return " (aligned with the opening bracket)"
	}
	return ""
}

func tabsCount(col int, in *constraint.Indent) string {
	n, r := col/4, col%4
	if r != 0 {
		return fmt.Sprintf("%s and %s", Plural(n, "tab"), Plural(r, "space"))
	}
	return Plural(n, "tab")
}
