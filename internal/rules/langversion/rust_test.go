package langversion

import (
	"math/rand"
	"reflect"
	"regexp"
	"testing"
)

// TestRustAPIWordsMatchesRegexp pins rustAPIWords to the regexp it
// replaces.
func TestRustAPIWordsMatchesRegexp(t *testing.T) {
	word := regexp.MustCompile(`^[A-Za-z0-9_]+$`)
	var names []string
	for k := range rustAPIs {
		if !word.MatchString(k) {
			t.Fatalf("rustAPIs name %q is not made of ASCII word characters", k)
		}
		names = append(names, k)
	}
	pieces := append([]string{" ", "\n", ".", "::", "(", "é", "_", "x", "1", "\xff", "ß", "!"}, names...)
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		var b []byte
		for n := r.Intn(12); n > 0; n-- {
			b = append(b, pieces[r.Intn(len(pieces))]...)
		}
		want := rustAPIRe().FindAllIndex(b, -1)
		got := rustAPIWords(b)
		if len(want) == 0 && len(got) == 0 {
			continue
		}
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("%q: regexp %v, words %v", b, want, got)
		}
	}
}
