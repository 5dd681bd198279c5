package guesslang

import (
	"math"
	"math/big"
	"sort"
	"unicode/utf8"
)

// Prediction is one language and its probability.
type Prediction struct {
	Language    string
	Probability float64 // the model's float32 value, widened
}

// Guess is Guesslang's answer for one text.
type Guess struct {
	// Blank: the text is empty or whitespace only (Python's str.strip),
	// so Guesslang returns None without running the model.
	Blank bool
	// Ranked holds all 54 languages, most probable first; equal
	// probabilities keep the label order (Python's sort is stable).
	Ranked []Prediction
	// Threshold is mean + 2·stdev of the 54 probabilities (sample
	// standard deviation, as Python's statistics.stdev).
	Threshold float64
}

// Reliable is Guesslang's rule: the top probability must exceed the
// threshold, strictly.
func (g Guess) Reliable() bool {
	return !g.Blank && len(g.Ranked) > 0 && g.Ranked[0].Probability > g.Threshold
}

// Name is what guesslang's Guess.language_name returns: the most probable
// language when the prediction is reliable, else none (Python's None).
func (g Guess) Name() (string, bool) {
	if !g.Reliable() {
		return "", false
	}
	return g.Ranked[0].Language, true
}

// Guess runs the model on text and ranks the languages.
func (m *Model) Guess(text []byte) Guess {
	if pythonBlank(text) {
		return Guess{Blank: true}
	}
	p := m.Probabilities(text)
	return rank(m.names, p[:])
}

// rank sorts the predictions, most probable first, keeping the label
// order among equals, and computes the reliability threshold.
func rank(names []string, p []float32) Guess {
	g := Guess{Ranked: make([]Prediction, len(p))}
	probs := make([]float64, len(p))
	for i, v := range p {
		g.Ranked[i] = Prediction{Language: names[i], Probability: float64(v)}
		probs[i] = float64(v)
	}
	sort.SliceStable(g.Ranked, func(i, j int) bool { return g.Ranked[i].Probability > g.Ranked[j].Probability })
	mean, stdev := meanStdev(probs)
	g.Threshold = mean + 2*stdev
	return g
}

// Name is guesslang's Guess().language_name(text).
func (m *Model) Name(text string) (string, bool) { return m.Guess([]byte(text)).Name() }

// meanStdev computes statistics.mean and statistics.stdev the way Python
// 3.8-3.10 do: sums are exact (fractions), the mean is rounded once, the
// deviations from that rounded mean and their squares are float
// operations, and the variance is corrected by the exact sum of the
// deviations before its single rounding and the square root. Later
// Pythons round differently by at most a few ulps.
func meanStdev(xs []float64) (float64, float64) {
	n := int64(len(xs))
	total, dev, ss := exact(), exact(), exact()
	for _, x := range xs {
		total.Add(total, big.NewFloat(x))
	}
	mean, _ := new(big.Float).SetPrec(53).Quo(total, big.NewFloat(float64(n))).Float64()
	for _, x := range xs {
		d := x - mean
		dev.Add(dev, big.NewFloat(d))
		ss.Add(ss, big.NewFloat(d*d))
	}
	// ss - dev²/n, divided by n-1, is (n·ss - dev²) / (n·(n-1)): exact
	// up to the one rounding of the quotient, as with Python's fractions.
	num := exact().Mul(ss, big.NewFloat(float64(n)))
	num.Sub(num, exact().Mul(dev, dev))
	variance, _ := new(big.Float).SetPrec(53).Quo(num, big.NewFloat(float64(n*(n-1)))).Float64()
	return mean, math.Sqrt(variance)
}

// exact returns a big.Float wide enough that sums and products of a few
// dozen float64 values in [-1, 1] are exact: float64 spans 1074+53 bits
// of binary places, and a product doubles that.
func exact() *big.Float { return new(big.Float).SetPrec(2 * 1200) }

// pythonBlank reports whether Python's str.strip() would leave nothing:
// every character is whitespace by str.isspace (which, unlike Go's
// unicode.IsSpace, includes U+001C..U+001F and excludes U+180E). Bytes
// that are not UTF-8 are never whitespace.
func pythonBlank(b []byte) bool {
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if (r == utf8.RuneError && size == 1) || !pythonSpace(r) {
			return false
		}
		b = b[size:]
	}
	return true
}

func pythonSpace(r rune) bool {
	switch {
	case r >= 0x09 && r <= 0x0d, r >= 0x1c && r <= 0x20, r == 0x85, r == 0xa0, r == 0x1680,
		r >= 0x2000 && r <= 0x200a, r == 0x2028, r == 0x2029, r == 0x202f, r == 0x205f, r == 0x3000:
		return true
	}
	return false
}
