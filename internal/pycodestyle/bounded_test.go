package pycodestyle

import (
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/work"
)

// The shapes that made the port superlinear (issue 22): a long line of
// list items, many calls with keyword arguments on one line, brackets
// nested on one line and over many lines, one long line with a colon
// per item, and many rows hanging from one bracket. The work counted at
// 8 times the size must stay within 8 times (and a bit) the work at the
// size itself; before, it grew 60 to 100 times (a rune count from the
// line start per token, a prefix rebuilt per comma, whole sets rescanned
// per bracket).
var pathological = map[string]func(n int) string{
	"long list":       func(n int) string { return "x = [" + strings.Repeat("1,", n) + "]\n" },
	"keyword calls":   func(n int) string { return "x = f(" + strings.Repeat("a=1,", n) + ")\n" },
	"nested one line": func(n int) string { return "x = " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n" },
	"nested lines":    func(n int) string { return "x = " + strings.Repeat("[\n", n) + strings.Repeat("]\n", n) },
	"dict colons":     func(n int) string { return "x = {" + strings.Repeat("1:[1],", n) + "}\n" },
	"closing rows": func(n int) string {
		return "x = " + strings.Repeat("(", n) + "\n" + strings.Repeat("1,\n", n) + strings.Repeat(")\n", n)
	},
	"hanging rows": func(n int) string { return "x = [(\n" + strings.Repeat("1), (\n", n) + "1)]\n" },
	"non-ascii":    func(n int) string { return "x = [" + strings.Repeat("'é',", n) + "]\n" },
}

func workOf(t *testing.T, src string) int64 {
	t.Helper()
	m := work.New(0, "pycodestyle")
	if _, err := Check([]byte(src), 4, m); err != nil {
		t.Fatal(err)
	}
	return m.Used()
}

func TestWorkIsLinear(t *testing.T) {
	const n = 2000
	for name, gen := range pathological {
		small, big := gen(n), gen(8*n)
		ws, wb := workOf(t, small), workOf(t, big)
		if wb > 12*ws {
			t.Errorf("%s: work %d at %d bytes, %d at %d bytes: %.1f times for 8 times the size", name, ws, len(small), wb, len(big), float64(wb)/float64(ws))
		}
		if per := wb / int64(len(big)); per > 64 {
			t.Errorf("%s: %d units of work per byte", name, per)
		}
	}
}

// The reproduction: N=25k list items on one line took 34 s.
func TestLongLineReproduction(t *testing.T) {
	src := "x = [" + strings.Repeat("1,", 25000) + "]\n"
	c, err := Check([]byte(src), 4, work.New(work.Budget(len(src)), "pycodestyle"))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Errors) != 24999 {
		t.Fatalf("%d errors, want an E231 per comma but the last", len(c.Errors))
	}
}

func BenchmarkLongLine(b *testing.B) {
	for _, n := range []int{5000, 40000} {
		src := []byte("x = [" + strings.Repeat("1,", n) + "]\n")
		b.Run(itoa(n), func(b *testing.B) {
			for range b.N {
				Check(src, 4, nil)
			}
		})
	}
}
