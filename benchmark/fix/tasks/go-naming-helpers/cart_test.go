package cart

import (
	"reflect"
	"testing"
)

func TestReceipt(t *testing.T) {
	items, err := Parse_Items("tea,250,2\njam,399,1\n")
	if err != nil {
		t.Fatal(err)
	}
	got := receipt(items)
	want := []string{
		"tea    x2     5.00",
		"jam    x1     3.99",
		"TOTAL         8.99",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("receipt = %q, want %q", got, want)
	}
}

func TestParseItemsRejectsBadNumbers(t *testing.T) {
	if _, err := Parse_Items("tea,x,1"); err == nil {
		t.Fatal("want an error for a non-numeric price")
	}
}
