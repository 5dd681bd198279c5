package cli

import (
	"testing"

	"github.com/iflint/iflint/internal/fixloop"
)

// TestFixTallyText: what Main prints for a fix run cut off by the stop
// grace adds up the groups' counts (a new group's run starts from zero)
// and says what was left undecided.
func TestFixTallyText(t *testing.T) {
	var tl fixTally
	if got := tl.text(true, 0); got != "" {
		t.Errorf("before any candidate: %q", got)
	}
	tl.set(fixloop.FixProgress{Decided: 3, Total: 3, Kept: 2, Refused: 1})
	tl.set(fixloop.FixProgress{Decided: 0, Total: 1})
	tl.set(fixloop.FixProgress{Decided: 1, Total: 2, Kept: 1})
	want := "iflint: fix was interrupted; kept 3 verified changes (1 file written)\n" +
		"iflint: refused 1 candidate before the stop\n" +
		"iflint: left 1 candidate undecided: the run stopped while verifying them\n"
	if got := tl.text(true, 1); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
