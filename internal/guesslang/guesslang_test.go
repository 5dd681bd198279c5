package guesslang

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"strings"
	"testing"

	"github.com/dgryski/go-farm"
)

func model(t testing.TB) *Model {
	t.Helper()
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TensorFlow's fingerprint_test.cc (IsForeverFrozen) pins these values.
func TestFingerprint64MatchesTensorFlow(t *testing.T) {
	for s, want := range map[string]uint64{"Hello": 15404698994557526151, "World": 18308117990299812472} {
		if got := farm.Fingerprint64([]byte(s)); got != want {
			t.Errorf("Fingerprint64(%q) = %d, want %d", s, got, want)
		}
	}
}

// tf.strings.to_hash_bucket_fast(["Hello", "TensorFlow", "2.x"], 3),
// TensorFlow's documented example.
func TestHashBucketFast(t *testing.T) {
	var got []uint64
	for _, s := range []string{"Hello", "TensorFlow", "2.x"} {
		got = append(got, HashBucket(s, 3))
	}
	if want := []uint64{0, 2, 2}; !equalU64(got, want) {
		t.Errorf("to_hash_bucket_fast = %v, want %v", got, want)
	}
}

// The buckets of all 65,536 raw-byte bigrams, as int32 LE [a][c], have the
// sha256 SPEC.md section 3.5 gives for TensorFlow C++ (raw bytes), and
// a few spot values.
func TestBucketTable(t *testing.T) {
	m := model(t)
	var buf bytes.Buffer
	for _, b := range m.bucket {
		binary.Write(&buf, binary.LittleEndian, int32(b))
	}
	sum := sha256.Sum256(buf.Bytes())
	if got := hex.EncodeToString(sum[:]); got != "9b5b4cd7b1f6264d6a1fd86d16830394b0ea857df907a44f3c16f657c555c00f" {
		t.Errorf("bucket table sha256 %s", got)
	}
	for pair, want := range map[[2]byte]uint16{{'i', 'n'}: 2234, {'\n', ' '}: 4725, {'d', 'e'}: 225, {'{', '\n'}: 4101, {0x61, 0xc3}: 504, {0xc3, 0xa9}: 370, {0xe4, 0xbd}: 285} {
		if got := m.bucket[int(pair[0])<<8|int(pair[1])]; got != want {
			t.Errorf("bucket(%q) = %d, want %d", pair, got, want)
		}
	}
}

func TestLanguages(t *testing.T) {
	names := model(t).Languages()
	if len(names) != 54 || names[0] != "Assembly" || names[23] != "JavaScript" || names[39] != "Python" || names[53] != "YAML" {
		t.Errorf("languages %v: want guesslang's 54 in output order", names)
	}
}

func TestBlankInputsAreNone(t *testing.T) {
	m := model(t)
	for _, s := range []string{"", " ", "\n\t\r\v\f", "\x1c\x1d\x1e\x1f", "\u00a0\u3000\u2028 \n"} {
		g := m.Guess([]byte(s))
		if name, ok := g.Name(); !g.Blank || ok || name != "" {
			t.Errorf("%q: blank %v, name %q %v; want None", s, g.Blank, name, ok)
		}
	}
	// Not whitespace for Python: U+180E, U+200B, and bytes that are not
	// UTF-8.
	for _, s := range []string{"\u180e", "\u200b", "\xff", " \x80 "} {
		if g := m.Guess([]byte(s)); g.Blank {
			t.Errorf("%q counted as blank", s)
		}
	}
}

// With fewer than two bytes there is no bigram: linear bias plus the DNN
// on a zero embedding, the same output for every such text.
func TestNoBigrams(t *testing.T) {
	m := model(t)
	a, nl := m.Probabilities([]byte("a")), m.Probabilities([]byte("\n"))
	if a != nl {
		t.Fatal(`"a" and "\n" differ, though neither has a bigram`)
	}
	if m.Probabilities(nil) != a {
		t.Fatal("empty input differs from a one-byte input")
	}
	g := rank(m.names, a[:])
	if g.Ranked[0].Language != "INI" || g.Ranked[1].Language != "Batchfile" || g.Ranked[2].Language != "SQL" {
		t.Errorf("zero-bigram top 3: %v (SPEC: ini, bat, sql for the quantized copy)", g.Ranked[:3])
	}
	if b := m.Probabilities([]byte("ab")); b == a {
		t.Error("a two-byte text has one bigram but gives the zero-bigram output")
	}
}

// Only the first 10,000 bigrams count: the first 10,001 bytes.
func TestBigramCap(t *testing.T) {
	m := model(t)
	// Pseudo-random printable text: no language dominates, so the
	// probabilities do not saturate and every bigram shows.
	base := make([]byte, 10002)
	x := uint32(1)
	for i := range base {
		x = x*1664525 + 1013904223
		base[i] = byte(32 + (x>>24)%95)
	}
	p10000 := m.Probabilities(base[:10000])
	p10001 := m.Probabilities(base[:10001])
	p10002 := m.Probabilities(base[:10002])
	if p10001 != p10002 {
		t.Error("10,001 and 10,002 bytes differ: the 10,001st bigram was used")
	}
	tail := append(append([]byte(nil), base[:10001]...), "}}}}}}完全不同"...)
	if m.Probabilities(tail) != p10001 {
		t.Error("bytes after the 10,001st changed the output")
	}
	if p10000 == p10001 {
		t.Error("10,000 and 10,001 bytes agree: the 10,000th bigram was dropped")
	}
}

// Raw bytes, as TensorFlow C++ sees them: invalid UTF-8 is not replaced
// by U+FFFD, non-ASCII bytes are distinct tokens, and CRLF is not folded
// into LF (guesslang Python has no such wrapper).
func TestRawBytes(t *testing.T) {
	m := model(t)
	invalid := m.Probabilities([]byte("x = '\xff\xfe'\nprint(x)\n"))
	replaced := m.Probabilities([]byte("x = '\uFFFD\uFFFD'\nprint(x)\n"))
	if invalid == replaced {
		t.Error("invalid UTF-8 gave the output of its U+FFFD replacement")
	}
	if g := m.Guess([]byte("\xff\xfe\xfd")); g.Blank || len(g.Ranked) != 54 {
		t.Error("invalid UTF-8 input was not classified")
	}
	lf := "def f(x):\n    return x\n\nprint(f(1))\n"
	crlf := strings.ReplaceAll(lf, "\n", "\r\n")
	if m.Probabilities([]byte(lf)) == m.Probabilities([]byte(crlf)) {
		t.Error("CRLF folded into LF: guesslang Python sees the raw \\r bytes")
	}
	if m.Probabilities([]byte("é")) == m.Probabilities([]byte("a")) {
		t.Error("a 2-byte character has one bigram, yet gave the zero-bigram output")
	}
}

func TestProbabilitiesAreADistribution(t *testing.T) {
	m := model(t)
	for _, s := range []string{"package main\n\nfunc main() {}\n", "SELECT a FROM t;\n", strings.Repeat("x", 20000)} {
		p := m.Probabilities([]byte(s))
		sum := 0.0
		for _, v := range p {
			if v < 0 || v > 1 || math.IsNaN(float64(v)) {
				t.Fatalf("%q: probability %v", s, v)
			}
			sum += float64(v)
		}
		if math.Abs(sum-1) > 1e-5 {
			t.Errorf("%q: probabilities sum to %v", s, sum)
		}
	}
}

// Whole source files are what the model was trained on.
func TestRealCode(t *testing.T) {
	m := model(t)
	for want, src := range map[string]string{
		"Python": "import os\nimport sys\n\n\nclass Walker:\n    \"\"\"Walk a tree.\"\"\"\n\n    def __init__(self, root):\n        self.root = root\n\n    def files(self):\n        for dirpath, _, names in os.walk(self.root):\n            for name in names:\n                yield os.path.join(dirpath, name)\n\n\nif __name__ == \"__main__\":\n    for f in Walker(sys.argv[1]).files():\n        print(f)\n",
		"Go":     "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tif len(os.Args) < 2 {\n\t\tfmt.Fprintln(os.Stderr, \"usage: hello NAME\")\n\t\tos.Exit(2)\n\t}\n\tfmt.Printf(\"hello, %s\\n\", os.Args[1])\n}\n",
		"Java":   "import java.util.ArrayList;\nimport java.util.List;\n\npublic class Stack<T> {\n    private final List<T> items = new ArrayList<>();\n\n    public void push(T item) {\n        items.add(item);\n    }\n\n    public T pop() {\n        return items.remove(items.size() - 1);\n    }\n\n    public static void main(String[] args) {\n        Stack<Integer> s = new Stack<>();\n        s.push(1);\n        System.out.println(s.pop());\n    }\n}\n",
	} {
		if name, ok := m.Name(src); !ok || name != want {
			t.Errorf("want %s, got %q (reliable %v): %v", want, name, ok, m.Guess([]byte(src)).Ranked[:2])
		}
	}
}

func TestDecisionRule(t *testing.T) {
	names := make([]string, 54)
	for i := range names {
		names[i] = string(rune('A' + i%26))
	}
	// Equal probabilities keep label order, and a flat distribution is
	// not reliable: the top does not exceed mean + 2·stdev.
	flat := make([]float32, 54)
	for i := range flat {
		flat[i] = 1.0 / 54
	}
	g := rank(names, flat)
	if g.Ranked[0].Language != "A" || g.Ranked[1].Language != "B" || g.Reliable() {
		t.Errorf("flat: %v reliable %v threshold %v", g.Ranked[:2], g.Reliable(), g.Threshold)
	}
	// One clear winner is reliable.
	peak := append([]float32(nil), flat...)
	peak[7] = 0.5
	if g := rank(names, peak); !g.Reliable() || g.Ranked[0].Language != names[7] {
		t.Errorf("peak: %v reliable %v", g.Ranked[:2], g.Reliable())
	}
	// The threshold is the sample standard deviation (n-1), not the
	// population one.
	xs := []float64{0.5, 0.25, 0.125, 0.125}
	mean, sd := meanStdev(xs)
	if mean != 0.25 || sd != math.Sqrt(0.09375/3) {
		t.Errorf("mean %v stdev %v, want 0.25 and sqrt(0.09375/3) (population: sqrt(0.09375/4))", mean, sd)
	}
	// Strictly greater: a top exactly at the threshold is not reliable.
	at := Guess{Ranked: []Prediction{{"X", 0.3}}, Threshold: 0.3}
	if at.Reliable() {
		t.Error("top equal to the threshold counted as reliable")
	}
}

func TestLoadRejectsDamage(t *testing.T) {
	if _, err := Load(embeddedIndex, embeddedData, embeddedLanguages); err != nil {
		t.Fatalf("the embedded files: %v", err)
	}
	flip := func(b []byte, i int) []byte {
		c := append([]byte(nil), b...)
		c[i] ^= 0x01
		return c
	}
	data, index, langs := embeddedData, embeddedIndex, embeddedLanguages
	for name, files := range map[string][3][]byte{
		"data truncated by a byte":  {index, data[:len(data)-1], langs},
		"data truncated to half":    {index, data[:len(data)/2], langs},
		"data with a byte appended": {index, append(append([]byte(nil), data...), 0), langs},
		"data empty":                {index, nil, langs},
		"index truncated":           {index[:len(index)-1], data, langs},
		"index empty":               {nil, data, langs},
		"a weight flipped":          {index, flip(data, 211072+4*12345), langs},
		"an index byte flipped":     {flip(index, 100), data, langs},
		"languages damaged":         {index, data, flip(langs, 20)},
	} {
		if m, err := Load(files[0], files[1], files[2]); err == nil || m != nil {
			t.Errorf("%s: loaded (err %v)", name, err)
		}
		// The bundle's own checks catch the same damage without the
		// pinned sha256 (except where the damage is to bytes no check
		// covers, which the pinned sum is for).
		if m, err := parse(files[0], files[1], files[2]); err == nil || m != nil {
			t.Errorf("%s: passed the structural checks (err %v)", name, err)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}

// Every single-byte change to the index, and a flipped byte in each
// tensor, fails the bundle's own checks.
func TestBundleChecksCatchEveryFlip(t *testing.T) {
	for i := range embeddedIndex {
		c := append([]byte(nil), embeddedIndex...)
		c[i] ^= 0x80
		if _, err := parse(c, embeddedData, embeddedLanguages); err == nil {
			t.Errorf("index byte %d flipped: still loads", i)
		}
	}
	entries, err := readIndex(embeddedIndex)
	if err != nil {
		t.Fatal(err)
	}
	for name, e := range entries {
		for _, off := range []int64{e.offset, e.offset + e.size/2, e.offset + e.size - 1} {
			c := append([]byte(nil), embeddedData...)
			c[off] ^= 0x04
			if _, err := parse(embeddedIndex, c, embeddedLanguages); err == nil || !strings.Contains(err.Error(), name) {
				t.Errorf("%s: byte %d flipped: %v", name, off, err)
			}
		}
	}
}

func TestIndexLayout(t *testing.T) {
	entries, err := readIndex(embeddedIndex)
	if err != nil {
		t.Fatal(err)
	}
	// SPEC.md section 6b.
	for name, off := range map[string]int64{
		"dnn/hiddenlayer_0/bias": 0, "dnn/hiddenlayer_0/kernel": 2048, "dnn/hiddenlayer_1/bias": 145408,
		"dnn/hiddenlayer_1/kernel": 145536, "dnn/input_from_feature_columns/input_layer/content_embedding/embedding_weights": 211072,
		"dnn/logits/bias": 1611072, "dnn/logits/kernel": 1611288, "global_step": 1618200,
		"linear/linear_model/bias_weights": 1618208, "linear/linear_model/content/weights": 1618424,
	} {
		if e, ok := entries[name]; !ok || e.offset != off {
			t.Errorf("%s: offset %d (found %v), want %d", name, e.offset, ok, off)
		}
	}
	gs := entries["global_step"]
	if step := int64(binary.LittleEndian.Uint64(embeddedData[gs.offset:])); step != 100000 {
		t.Errorf("global_step %d, want 100000", step)
	}
}

func equalU64(a, b []uint64) bool {
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

// BenchmarkGuessSnippet: a 600-byte answer, the size of a LintEval task.
func BenchmarkGuessSnippet(b *testing.B) {
	m := model(b)
	src := []byte(strings.Repeat("const total = items.map((x) => x.price * x.qty).reduce((a, b) => a + b, 0);\n", 8))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		m.Guess(src)
	}
}

// BenchmarkGuessCap: a text past the 10,001-byte cap, the most work one
// guess can take.
func BenchmarkGuessCap(b *testing.B) {
	m := model(b)
	src := []byte(strings.Repeat("def f(x):\n    return x * 2\n", 500))
	for b.Loop() {
		m.Guess(src)
	}
}
