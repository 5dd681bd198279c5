package guesslang

import "github.com/dgryski/go-farm"

// Features, as guesslang's graph computes them under TensorFlow C++:
// tf.strings.bytes_split makes one token per byte (raw bytes, never
// runes, never U+FFFD replacements), tf.strings.ngrams(·, 2) joins
// neighbours with a space, only the first MaxNgrams bigrams are kept, and
// StringToHashBucketFast maps each to Fingerprint64(bigram) mod 5000. A
// bigram depends only on its two bytes, so the buckets of all 65,536 are
// computed once.

// bucketTable returns the bucket of every byte pair (a<<8 | c).
func bucketTable() []uint16 {
	t := make([]uint16, 1<<16)
	var g [3]byte
	g[1] = ' '
	for a := 0; a < 256; a++ {
		for c := 0; c < 256; c++ {
			g[0], g[2] = byte(a), byte(c)
			t[a<<8|c] = uint16(farm.Fingerprint64(g[:]) % Buckets)
		}
	}
	return t
}

// HashBucket is TensorFlow's StringToHashBucketFast for one string:
// farmhash Fingerprint64, taken unsigned, modulo buckets.
func HashBucket(s string, buckets uint64) uint64 {
	return farm.Fingerprint64([]byte(s)) % buckets
}
