package infer

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/iflint/iflint/internal/constraint"
)

// lineWidth is where comments wrap.
const lineWidth = 88

// writer builds the YAML text line by line.
type writer struct{ b bytes.Buffer }

func (w *writer) line(s string) {
	w.b.WriteString(strings.TrimRight(s, " "))
	w.b.WriteByte('\n')
}

// comment writes text as comment lines wrapped at lineWidth: the first
// line starts with lead, the others with cont. nbsp joins words that
// stay on one line ("spaces:4" and its share).
func (w *writer) comment(lead, cont, text string) {
	cur := lead
	fresh := true
	for _, word := range strings.Split(text, " ") {
		word = strings.ReplaceAll(word, nbsp, " ")
		if !fresh && len(cur)+1+len(word) > lineWidth {
			w.line(cur)
			cur, fresh = cont, true
		}
		if !fresh {
			cur += " "
		}
		cur += word
		fresh = false
	}
	w.line(cur)
}

// nbsp is a blank comment never breaks a line at.
const nbsp = "\x00"

// Comment leads: the file's header, a section, an item of a section.
const (
	topLead, topCont   = "# ", "# "
	secLead, secCont   = "  # ", "  #   "
	itemLead, itemCont = "  #   ", "  #     "
)

// entry writes one constraint.
func (w *writer) entry(t constraint.Type, spec string) {
	w.line("  - type: " + string(t))
	w.line("    spec: " + scalar(spec))
}

// pct is a tally's share as a percentage with one decimal, rounded down,
// so that a share below a threshold never reads as reaching it.
func pct(t Tally) string {
	if t.Units == 0 {
		return "-"
	}
	pm := int64(t.Units-t.Bad) * 1000 / int64(t.Units)
	return fmt.Sprintf("%d.%d%%", pm/10, pm%10)
}

// pctOf writes a threshold as a percentage ("95%", "99.5%").
func pctOf(f float64) string {
	return strconv.FormatFloat(math.Round(f*1e6)/1e4, 'f', -1, 64) + "%"
}

// minFlag writes a threshold as -min takes it ("0.95").
func minFlag(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// num writes n with thousands separators ("1,204").
func num(n int) string {
	if n < 0 {
		return "-" + num(-n)
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return num(n) + " " + noun + "s"
}

func itoa(n int) string { return strconv.Itoa(n) }

// scalar writes s as a YAML scalar, quoted only when YAML needs it
// ("*.pb.go" would be an alias).
func scalar(s string) string {
	out, err := yaml.Marshal(s)
	if err != nil {
		return strconv.Quote(s)
	}
	return strings.TrimSuffix(string(out), "\n")
}
