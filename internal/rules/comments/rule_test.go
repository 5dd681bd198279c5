package comments

import (
	"reflect"
	"testing"
)

func TestPySplitLines(t *testing.T) {
	lines := pySplitLines("a\r\nb\rc\x0bd\u2028e\n\nf")
	if want := []string{"a", "b", "c", "d", "e", "", "f"}; !reflect.DeepEqual(lines, want) {
		t.Errorf("lines = %q, want %q", lines, want)
	}
	if lines := pySplitLines(""); len(lines) != 0 {
		t.Errorf("empty input gave %q", lines)
	}
}

func TestPyStrip(t *testing.T) {
	if got := pyStrip("\x1c\t // x \u3000"); got != "// x" {
		t.Errorf("pyStrip = %q", got)
	}
}
