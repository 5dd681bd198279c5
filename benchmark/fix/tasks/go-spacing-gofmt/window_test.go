package window

import (
	"reflect"
	"testing"
)

func TestSums(t *testing.T) {
	if got := Sums([]int{1, 2, 3, 4}, 2); !reflect.DeepEqual(got, []int{3, 5, 7}) {
		t.Errorf("Sums = %v", got)
	}
	if got := Sums([]int{1}, 2); got != nil {
		t.Errorf("Sums of a short slice = %v", got)
	}
}

func TestWeighted(t *testing.T) {
	if got := Weighted([]int{1, 2}, 3, 1); !reflect.DeepEqual(got, []int{4, 7}) {
		t.Errorf("Weighted = %v", got)
	}
}
