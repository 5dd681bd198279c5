// Package window computes sliding-window sums. Its operators are spaced
// the way a hand, not gofmt, would space them: gofmt prints s[i-1],
// a*b + c and f(a+b, c), with spaces depending on precedence.
package window

// Sums returns the sums of every window of k consecutive values.
func Sums(xs []int, k int) []int {
	if k <= 0 || k > len(xs) {
		return nil
	}
	out := make([]int, 0, len(xs) - k + 1)
	sum := 0
	for i:=0; i < k; i++ {
		sum+=xs[i]
	}
	out = append(out, sum)
	for i := k; i < len(xs); i++ {
		sum += xs[i] - xs[i - k]
		out = append(out, sum)
	}
	return out
}

// Weighted returns a*x + b for each x.
func Weighted(xs []int, a, b int) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = a * x+b
	}
	return out
}
