package srclines

import (
	"reflect"
	"testing"
)

func TestSplit(t *testing.T) {
	src := "a\n  b\r\n\t c\n"
	want := []Line{
		{Start: 0, Lead: 0, End: 1, Col: 0},
		{Start: 2, Lead: 4, End: 5, Col: 2},
		{Start: 7, Lead: 9, End: 10, Col: 5},
		{Start: 11, Lead: 11, End: 11, Col: 0},
	}
	got := Split([]byte(src), 4)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Split = %+v, want %+v", got, want)
	}
	for off, line := range map[int]int{0: 0, 1: 0, 2: 1, 6: 1, 7: 2, 10: 2, 11: 3, 99: 3} {
		if g := Of(got, off); g != line {
			t.Errorf("Of(%d) = %d, want %d", off, g, line)
		}
	}
	if got := Split(nil, 4); len(got) != 1 || got[0] != (Line{}) {
		t.Errorf("Split(empty) = %+v, want one empty line", got)
	}
}

func TestCols(t *testing.T) {
	for in, want := range map[string]int{"": 0, "  ": 2, "\t": 4, " \t": 4, "\t  \t": 8, "     \t": 8} {
		if got := Cols([]byte(in), 4); got != want {
			t.Errorf("Cols(%q) = %d, want %d", in, got, want)
		}
	}
}
