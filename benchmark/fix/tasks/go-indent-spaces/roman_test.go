package roman

import (
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	for n := 1; n < 4000; n++ {
		if got := Parse(Format(n)); got != n {
			t.Fatalf("Parse(Format(%d)) = %d", n, got)
		}
	}
}

func TestKnown(t *testing.T) {
	if got := Format(1994); got != "MCMXCIV" {
		t.Fatalf("Format(1994) = %q", got)
	}
	if got := Parse("IIII"); got != -1 {
		t.Fatalf("Parse(IIII) = %d, want -1", got)
	}
}

func TestUsageKeepsItsIndentation(t *testing.T) {
	if !strings.Contains(usage, "\n    Format(1994)") {
		t.Fatalf("usage text lost its indentation: %q", usage)
	}
}
