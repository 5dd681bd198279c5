package syntaxuse

import (
	"testing"

	"github.com/iflint/iflint/internal/rules/rulestest"
)

// TestGolden runs the family's goldens (testdata/<type>/<case>.txt) in
// both profiles; see rulestest.
func TestGolden(t *testing.T) { rulestest.Golden(t, Rules) }

// TestDocs holds each rule's documentation to its behaviour.
func TestDocs(t *testing.T) { rulestest.Docs(t, Rules) }

// TestDivergences holds each divergence to its golden.
func TestDivergences(t *testing.T) { rulestest.Divergences(t, Rules) }
