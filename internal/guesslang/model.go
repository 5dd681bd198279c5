// Package guesslang is the Guesslang 2.2.2 language classifier in pure Go:
// the paper's evaluator (MultiCodeIF) decided language_type with it. The
// trained float32 variables of guesslang 2.2.2 (MIT licence, data/LICENSE)
// are embedded unchanged as TensorFlow wrote them, validated at load, and
// evaluated the way ../shared/guesslang/SPEC.md describes: byte bigrams
// of the raw UTF-8 text, farmhash Fingerprint64 mod 5000, a linear part
// plus a 70→512→32→54 DNN, softmax, and Guesslang's "reliable" rule.
package guesslang

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"sync"
)

// The files of guesslang 2.2.2's guesslang/data/ (commit 42ec637), byte
// for byte.
var (
	//go:embed data/variables.index
	embeddedIndex []byte
	//go:embed data/variables.data-00000-of-00001
	embeddedData []byte
	//go:embed data/languages.json
	embeddedLanguages []byte
)

// Pinned identities: these weights and no others are the paper's model.
const (
	indexSHA256     = "c4edd3b91cb779f0a1e9f43c5bc3e3b8f9035fa61dd0f50ffc0819b459f89864"
	dataSHA256      = "b81000b7e033c2ea814b2737a9967f1b7ab58d4316f6e97b0ce01bdb38acd5a5"
	languagesSHA256 = "ba228f08c0cf89248274042189befd828741a2aefdd62ce1bfb9299a39ec9f3d"
)

// Model dimensions.
const (
	Buckets   = 5000  // hash buckets of the bigram column
	embDim    = 70    // embedding width
	hidden0   = 512   // first hidden layer
	hidden1   = 32    // second hidden layer
	Classes   = 54    // languages
	MaxNgrams = 10000 // bigrams kept per text (the first 10,001 bytes)
)

// tensorSpec is a variable the model needs, with its expected shape.
type tensorSpec struct {
	name  string
	dtype int
	shape []int
}

var tensorSpecs = []tensorSpec{
	{"dnn/hiddenlayer_0/bias", dtFloat, []int{hidden0}},
	{"dnn/hiddenlayer_0/kernel", dtFloat, []int{embDim, hidden0}},
	{"dnn/hiddenlayer_1/bias", dtFloat, []int{hidden1}},
	{"dnn/hiddenlayer_1/kernel", dtFloat, []int{hidden0, hidden1}},
	{"dnn/input_from_feature_columns/input_layer/content_embedding/embedding_weights", dtFloat, []int{Buckets, embDim}},
	{"dnn/logits/bias", dtFloat, []int{Classes}},
	{"dnn/logits/kernel", dtFloat, []int{hidden1, Classes}},
	{"global_step", dtInt64, nil},
	{"linear/linear_model/bias_weights", dtFloat, []int{Classes}},
	{"linear/linear_model/content/weights", dtFloat, []int{Buckets, Classes}},
}

// Model holds the weights, row-major as TensorFlow stores them.
type Model struct {
	names []string // languages, in output column order

	b0, k0 []float32 // [512], [70,512]
	b1, k1 []float32 // [32], [512,32]
	emb    []float32 // [5000,70], row = bucket
	b2, k2 []float32 // [54], [32,54]
	blin   []float32 // [54]
	wlin   []float32 // [5000,54], row = bucket

	bucket []uint16 // bucket of the bigram (a, c) at a<<8|c
}

// Languages returns the 54 language names in output order.
func (m *Model) Languages() []string { return append([]string(nil), m.names...) }

var defaultModel = sync.OnceValues(func() (*Model, error) {
	return Load(embeddedIndex, embeddedData, embeddedLanguages)
})

// Default returns the embedded guesslang 2.2.2 model, loaded and
// validated once.
func Default() (*Model, error) { return defaultModel() }

// Load builds a model from a tensor bundle (variables.index and
// variables.data-00000-of-00001) and languages.json. Every file must have
// its pinned sha256, and the bundle must also pass its own checks: every
// block and tensor checksum, and each variable's dtype, shape and extent.
// Anything else is an error: a damaged file never yields a model.
func Load(index, data, languages []byte) (*Model, error) {
	for _, f := range []struct {
		name string
		b    []byte
		sum  string
	}{
		{"variables.index", index, indexSHA256},
		{"variables.data-00000-of-00001", data, dataSHA256},
		{"languages.json", languages, languagesSHA256},
	} {
		if got := sha256.Sum256(f.b); hex.EncodeToString(got[:]) != f.sum {
			return nil, fmt.Errorf("guesslang: %s: sha256 %x (%d bytes), expected %s: not guesslang 2.2.2's file, or damaged", f.name, got, len(f.b), f.sum)
		}
	}
	return parse(index, data, languages)
}

// parse is Load without the pinned checksums: the structural checks on
// their own, so that tests can show they catch damage by themselves.
func parse(index, data, languages []byte) (*Model, error) {
	names, err := readLanguages(languages)
	if err != nil {
		return nil, fmt.Errorf("guesslang: languages.json: %w", err)
	}
	entries, err := readIndex(index)
	if err != nil {
		return nil, fmt.Errorf("guesslang: variables.index: %w", err)
	}
	if len(entries) != len(tensorSpecs) {
		return nil, fmt.Errorf("guesslang: variables.index lists %d variables, expected %d", len(entries), len(tensorSpecs))
	}
	m := &Model{names: names}
	dst := map[string]*[]float32{
		"dnn/hiddenlayer_0/bias": &m.b0, "dnn/hiddenlayer_0/kernel": &m.k0,
		"dnn/hiddenlayer_1/bias": &m.b1, "dnn/hiddenlayer_1/kernel": &m.k1,
		"dnn/input_from_feature_columns/input_layer/content_embedding/embedding_weights": &m.emb,
		"dnn/logits/bias": &m.b2, "dnn/logits/kernel": &m.k2,
		"linear/linear_model/bias_weights": &m.blin, "linear/linear_model/content/weights": &m.wlin,
	}
	var covered int64
	for _, s := range tensorSpecs {
		e, ok := entries[s.name]
		if !ok {
			return nil, fmt.Errorf("guesslang: variables.index has no variable %s", s.name)
		}
		raw, err := tensorBytes(s, e, data)
		if err != nil {
			return nil, fmt.Errorf("guesslang: %s: %w", s.name, err)
		}
		covered += e.size
		if p, ok := dst[s.name]; ok {
			*p = decodeFloats(raw)
		}
	}
	if covered != int64(len(data)) {
		return nil, fmt.Errorf("guesslang: variables.data is %d bytes, but its variables cover %d", len(data), covered)
	}
	m.bucket = bucketTable()
	return m, nil
}

// tensorBytes checks one variable's entry against what the model expects
// and against the data file, and returns its bytes.
func tensorBytes(s tensorSpec, e bundleEntry, data []byte) ([]byte, error) {
	if e.dtype != s.dtype {
		return nil, fmt.Errorf("dtype %d, expected %d", e.dtype, s.dtype)
	}
	if !equalInts(e.shape, s.shape) {
		return nil, fmt.Errorf("shape %v, expected %v", e.shape, s.shape)
	}
	if e.shard != 0 || e.slices {
		return nil, fmt.Errorf("stored in shard %d or as slices; expected one whole tensor in shard 0", e.shard)
	}
	elems := int64(1)
	for _, d := range s.shape {
		elems *= int64(d)
	}
	width := int64(4)
	if s.dtype == dtInt64 {
		width = 8
	}
	if e.size != elems*width {
		return nil, fmt.Errorf("%d bytes, expected %d for shape %v", e.size, elems*width, s.shape)
	}
	if e.offset < 0 || e.offset+e.size > int64(len(data)) {
		return nil, fmt.Errorf("bytes [%d, %d) lie outside the %d-byte data file (truncated?)", e.offset, e.offset+e.size, len(data))
	}
	raw := data[e.offset : e.offset+e.size]
	if !e.hasCRC {
		return nil, fmt.Errorf("entry has no checksum")
	}
	if got := maskedCRC(raw); got != e.crc32c {
		return nil, fmt.Errorf("checksum %#08x of bytes [%d, %d), expected %#08x: the data file is corrupt", got, e.offset, e.offset+e.size, e.crc32c)
	}
	if s.dtype == dtFloat {
		for i := 0; i < len(raw); i += 4 {
			f := math.Float32frombits(binary.LittleEndian.Uint32(raw[i:]))
			if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
				return nil, fmt.Errorf("element %d is %v", i/4, f)
			}
		}
	}
	return raw, nil
}

func decodeFloats(raw []byte) []float32 {
	out := make([]float32, len(raw)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
	}
	return out
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// readLanguages reads languages.json, {"Assembly": "asm", ...}, keeping
// the file's key order: it is the model's output order.
func readLanguages(b []byte) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("expected a JSON object of name: extension")
	}
	var names []string
	seen := map[string]bool{}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name, _ := k.(string)
		var ext string
		if err := dec.Decode(&ext); err != nil {
			return nil, fmt.Errorf("%q: expected an extension string: %w", name, err)
		}
		if name == "" || seen[name] {
			return nil, fmt.Errorf("empty or repeated language name %q", name)
		}
		seen[name] = true
		names = append(names, name)
	}
	if len(names) != Classes {
		return nil, fmt.Errorf("%d languages, expected %d", len(names), Classes)
	}
	return names, nil
}
