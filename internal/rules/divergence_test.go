package rules

import (
	"testing"

	"github.com/iflint/iflint/internal/rules/rulestest"
)

// TestDivergencesHaveGoldens holds every family's named divergences to
// their goldens (see rulestest.Divergences), whether or not the family's
// own tests do.
func TestDivergencesHaveGoldens(t *testing.T) { rulestest.DivergencesIn(t, "*", Rules) }
