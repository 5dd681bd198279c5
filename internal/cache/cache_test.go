package cache

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

type entry struct {
	Verdict string
	N       int
}

func open(t testing.TB) *Cache {
	t.Helper()
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestKeyLengthPrefixed(t *testing.T) {
	if Key("ab", "c") == Key("a", "bc") {
		t.Fatal("length prefixing failed: parts collide")
	}
	if Key("a") != Key("a") || len(Key("a")) != 64 {
		t.Fatalf("Key not a stable sha256 hex: %q", Key("a"))
	}
	if Key() == Key("") {
		t.Fatal("no parts and one empty part collide")
	}
}

func TestPutGet(t *testing.T) {
	c := open(t)
	k := Key("x")
	var got entry
	if c.Get(k, &got) {
		t.Fatal("hit on empty cache")
	}
	want := entry{"pass", 3}
	if err := c.Put(k, want); err != nil {
		t.Fatal(err)
	}
	if !c.Get(k, &got) || got != want {
		t.Fatalf("Get = %+v, want %+v", got, want)
	}
	if c.Hits() != 1 || c.Misses() != 1 {
		t.Fatalf("hits/misses = %d/%d, want 1/1", c.Hits(), c.Misses())
	}
	if _, err := os.Stat(filepath.Join(c.Dir(), k[:2], k[2:]+".json")); err != nil {
		t.Fatalf("entry not at <2 hex>/<rest>.json: %v", err)
	}
}

func TestInvalidKey(t *testing.T) {
	c := open(t)
	for _, k := range []string{"", "ab", "../../etc/passwd", "ABCDEF"} {
		if err := c.Put(k, 1); err == nil {
			t.Errorf("Put(%q) accepted", k)
		}
		var v int
		if c.Get(k, &v) {
			t.Errorf("Get(%q) hit", k)
		}
	}
}

// TestCorruption damages an entry in several ways: each must be a miss
// (never a wrong value) and the next Put must repair it.
func TestCorruption(t *testing.T) {
	damage := map[string]func([]byte) []byte{
		"truncate": func(b []byte) []byte { return b[:len(b)/2] },
		"empty":    func([]byte) []byte { return nil },
		"flip payload byte": func(b []byte) []byte {
			// "pass" -> "pbss": still valid JSON, so only the checksum catches it.
			i := indexOf(b, "pass")
			b[i+1] = 'b'
			return b
		},
		"flip checksum byte": func(b []byte) []byte {
			i := indexOf(b, `"sha256":"`) + len(`"sha256":"`)
			if b[i] == '0' {
				b[i] = '1'
			} else {
				b[i] = '0'
			}
			return b
		},
		"other key": func(b []byte) []byte {
			i := indexOf(b, `"key":"`) + len(`"key":"`)
			b[i] ^= 1
			return b
		},
	}
	for name, f := range damage {
		t.Run(name, func(t *testing.T) {
			c := open(t)
			k := Key(name)
			if err := c.Put(k, entry{"pass", 1}); err != nil {
				t.Fatal(err)
			}
			p, _ := c.path(k)
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f(b), 0o644); err != nil {
				t.Fatal(err)
			}
			var got entry
			if c.Get(k, &got) {
				t.Fatalf("damaged entry trusted: %+v", got)
			}
			if err := c.Put(k, entry{"fail", 2}); err != nil {
				t.Fatal(err)
			}
			if !c.Get(k, &got) || got != (entry{"fail", 2}) {
				t.Fatalf("not rewritten: %+v", got)
			}
		})
	}
}

func indexOf(b []byte, s string) int {
	for i := 0; i+len(s) <= len(b); i++ {
		if string(b[i:i+len(s)]) == s {
			return i
		}
	}
	panic("not found: " + s)
}

func TestConcurrent(t *testing.T) {
	c := open(t)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				k := Key(fmt.Sprint(i % 5))
				if err := c.Put(k, entry{"pass", i % 5}); err != nil {
					t.Error(err)
					return
				}
				var got entry
				if c.Get(k, &got) && got.N != i%5 {
					t.Errorf("key %d read %+v", i%5, got)
				}
			}
		}()
	}
	wg.Wait()
	// No temp files may be left behind.
	left, _ := filepath.Glob(filepath.Join(c.Dir(), "*", ".tmp-*"))
	if len(left) > 0 {
		t.Fatalf("temp files left: %v", left)
	}
}

func TestDefaultDir(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	d, err := DefaultDir(env(map[string]string{"IFLINT_CACHE_DIR": "/c", "HOME": "/h"}))
	if err != nil || d != "/c" {
		t.Fatalf("IFLINT_CACHE_DIR: %q %v", d, err)
	}
	cases := []struct {
		goos string
		env  map[string]string
		want string
	}{
		{"linux", map[string]string{"HOME": "/h"}, "/h/.cache"},
		{"linux", map[string]string{"HOME": "/h", "XDG_CACHE_HOME": "/x"}, "/x"},
		{"linux", map[string]string{"HOME": "/h", "XDG_CACHE_HOME": "rel"}, "/h/.cache"},
		{"darwin", map[string]string{"HOME": "/h"}, "/h/Library/Caches"},
		{"windows", map[string]string{"LocalAppData": `/w`}, "/w"},
	}
	for _, tc := range cases {
		got, err := userCacheDir(tc.goos, env(tc.env))
		if err != nil || got != filepath.FromSlash(tc.want) {
			t.Errorf("%s %v: %q %v, want %q", tc.goos, tc.env, got, err, tc.want)
		}
	}
	if _, err := userCacheDir("linux", env(nil)); err == nil {
		t.Error("no HOME: want an error")
	}
}

func BenchmarkGetHit(b *testing.B) {
	c := open(b)
	k := Key("bench")
	if err := c.Put(k, entry{"pass", 1}); err != nil {
		b.Fatal(err)
	}
	var got entry
	b.ReportAllocs()
	for b.Loop() {
		if !c.Get(k, &got) {
			b.Fatal("miss")
		}
	}
}
