package csvlite

import (
	"reflect"
	"testing"
)

func TestSplitFieldsQuoted(t *testing.T) {
	got := split_fields(`a,"b,c",d`)
	if want := []string{"a", "b,c", "d"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("split_fields = %q, want %q", got, want)
	}
}

func TestColumn(t *testing.T) {
	text := "name,city\nada,\"London, UK\"\nbob,Paris\n"
	if got, want := column(text, "city"), []string{"London, UK", "Paris"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("column = %q, want %q", got, want)
	}
	if got := column(text, "zip"); got != nil {
		t.Fatalf("missing column = %q, want nil", got)
	}
}
