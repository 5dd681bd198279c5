package guesslang

import "math"

// The arithmetic follows SPEC.md section 5 step by step, so that a
// probability is the same bits on every machine: sparse sums are float32
// and sequential in text order; a matrix product sums exact float64
// products over blocks of 48 inputs and rounds into a float32 accumulator
// after each block; the softmax takes exp in float64, sums in float64 in
// label order and divides in float32. Every float32 rounding is an
// explicit conversion, which Go never fuses away.

const matmulBlock = 48

// Probabilities returns the model's 54 class probabilities for text, in
// the order of Languages. text is used as raw bytes: no CRLF folding, no
// truncation beyond the bigram cap, no UTF-8 decoding.
func (m *Model) Probabilities(text []byte) [Classes]float32 {
	var lin [Classes]float32
	var emb [embDim]float32
	n := min(len(text), MaxNgrams+1) - 1 // bigrams kept
	for i := 0; i < n; i++ {
		id := int(m.bucket[int(text[i])<<8|int(text[i+1])])
		w := (*[Classes]float32)(m.wlin[id*Classes:])
		for j := range lin {
			lin[j] = float32(lin[j] + w[j])
		}
		e := (*[embDim]float32)(m.emb[id*embDim:])
		for k := range emb {
			emb[k] = float32(emb[k] + e[k])
		}
	}
	var linear [Classes]float32
	for j := range linear {
		linear[j] = float32(lin[j] + m.blin[j])
	}
	if n > 0 {
		d := float32(n)
		for k := range emb {
			emb[k] = float32(emb[k] / d)
		}
	}
	// With no bigram, emb stays the zero vector (SparseSegmentMean of
	// nothing, filled with zeros), never 0/0.

	var h0 [hidden0]float32
	matmul(emb[:], m.k0, h0[:])
	for j := range h0 {
		h0[j] = max(0, float32(h0[j]+m.b0[j]))
	}
	var h1 [hidden1]float32
	matmul(h0[:], m.k1, h1[:])
	for j := range h1 {
		h1[j] = max(0, float32(h1[j]+m.b1[j]))
	}
	var logit [Classes]float32
	matmul(h1[:], m.k2, logit[:])
	for j := range logit {
		dnn := float32(logit[j] + m.b2[j])
		logit[j] = float32(dnn + linear[j])
	}
	return softmax(logit)
}

// matmul sets out = x·W for W of shape [len(x), len(out)], row-major.
func matmul(x, w []float32, out []float32) {
	n := len(out)
	var part [hidden0]float64
	for j := range out {
		out[j] = 0
	}
	for s := 0; s < len(x); s += matmulBlock {
		p := part[:n]
		for j := range p {
			p[j] = 0
		}
		for k := s; k < min(s+matmulBlock, len(x)); k++ {
			if x[k] == 0 {
				// A zero input adds only zeros (ReLU leaves many): the
				// sum cannot change, since it starts at +0 and +0 + -0
				// is +0.
				continue
			}
			xk := float64(x[k])
			row := w[k*n : (k+1)*n]
			row = row[:len(p)]
			for j, v := range row {
				// A product of two float32 values is exact in float64,
				// so fusing it into the addition could not change it.
				p[j] += float64(xk * float64(v))
			}
		}
		for j := range out {
			out[j] = float32(float64(out[j]) + p[j])
		}
	}
}

func softmax(logit [Classes]float32) [Classes]float32 {
	hi := logit[0]
	for _, v := range logit[1:] {
		hi = max(hi, v)
	}
	var e [Classes]float32
	var sum float64
	for j, v := range logit {
		d := float32(v - hi)
		e[j] = float32(math.Exp(float64(d)))
		sum += float64(e[j])
	}
	s := float32(sum)
	var p [Classes]float32
	for j := range e {
		p[j] = float32(e[j] / s)
	}
	return p
}
