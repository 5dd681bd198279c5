package check

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lintevaltest"
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

func TestIsAllCapsMatchesRegexp(t *testing.T) {
	for _, s := range []string{"", "A", "AB_1", "_", "Ab", "ÀB", "A\n", "AB C", "123", "A-B", "\xff", "ǅ", "K"} {
		if got, want := isAllCaps(s), allCapsRE.MatchString(s); got != want {
			t.Errorf("%q: isAllCaps %v, regexp %v", s, got, want)
		}
	}
}

// TestNormMapMatchesTable pins the shift form of normMap to the per-byte
// table it replaces for sources without carriage returns.
func TestNormMapMatchesTable(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	pieces := []string{"\n", "\n\n", "a", "bc", " ", "é", "\r", "\r\n"}
	for i := 0; i < 20000; i++ {
		var b []byte
		for n := r.Intn(10); n > 0; n-- {
			b = append(b, pieces[r.Intn(len(pieces))]...)
		}
		table := normOffsets(b)
		m := newNormMap(b)
		if m.size() != len(table) {
			t.Fatalf("%q: size %d, table %d", b, m.size(), len(table))
		}
		for k := 0; k < len(table)+3; k++ {
			want := len(b)
			if k < len(table) {
				want = table[k]
			}
			if got := m.at(k); got != want {
				t.Fatalf("%q: at(%d) = %d, table %d", b, k, got, want)
			}
		}
	}
}

// countFeatureRef is countFeature as it was before the hint automaton:
// one scan per hint.
func countFeatureRef(text string, f langFeature) int {
	if len(f.hints) == 0 {
		return len(f.re.FindAllStringIndex(text, f.cap))
	}
	var lines [][2]int
	for _, h := range f.hints {
		for off := 0; off < len(text); {
			i := strings.Index(text[off:], h)
			if i < 0 {
				break
			}
			p := off + i
			start := strings.LastIndexByte(text[:p], '\n') + 1
			end := strings.IndexByte(text[p:], '\n')
			if end < 0 {
				end = len(text)
			} else {
				end += p
			}
			lines = append(lines, [2]int{start, end})
			off = end + 1
		}
	}
	if len(lines) == 0 {
		return 0
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i][0] < lines[j][0] })
	n, prev := 0, -1
	for _, l := range lines {
		if l[0] == prev {
			continue
		}
		prev = l[0]
		n += len(f.re.FindAllStringIndex(text[l[0]:l[1]], f.cap-n))
		if n >= f.cap {
			return f.cap
		}
	}
	return n
}

// TestCountFeatureMatchesPerHintScan pins the hint automaton to one scan
// per hint, on every generation of the LintEval data and random text.
func TestCountFeatureMatchesPerHintScan(t *testing.T) {
	var texts []string
	dir := filepath.Join(lintevaltest.Dir(t), "multicodeif", "results", "single_level")
	filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		b, _ := os.ReadFile(path)
		var v []map[string]any
		if json.Unmarshal(b, &v) == nil {
			for _, e := range v {
				if s, err := json.Marshal(e["response"]); err == nil {
					var out []any
					json.Unmarshal(s, &out)
					texts = append(texts, fmt.Sprint(out...))
				}
			}
		}
		return nil
	})
	r := rand.New(rand.NewSource(1))
	var hints []string
	for _, f := range languageFeatures() {
		hints = append(hints, f.hints...)
	}
	for i := 0; i < 2000; i++ {
		var b strings.Builder
		for n := r.Intn(40); n > 0; n-- {
			switch r.Intn(4) {
			case 0:
				b.WriteString(hints[r.Intn(len(hints))])
			case 1:
				b.WriteString("\n")
			default:
				b.WriteString([]string{" ", "x", "(", ")", ":", "\t", "def f", "= 1", "é"}[r.Intn(9)])
			}
		}
		texts = append(texts, b.String())
	}
	for i, text := range texts {
		if i%3 != 0 && os.Getenv("IFLINT_FULL") == "" {
			continue // a third of the texts keeps the test quick; IFLINT_FULL=1 checks all
		}
		hl := featureHints().scan(text)
		for _, f := range languageFeatures() {
			if got, want := countFeatureIn(text, f, hl), countFeatureRef(text, f); got != want {
				t.Fatalf("%s feature %s: %d, per-hint scan %d, on:\n%s", f.lang, f.re, got, want, text)
			}
		}
	}
	t.Logf("%d texts", len(texts))
}
