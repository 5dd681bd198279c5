// Package cache is a content-addressed on-disk store for expensive,
// deterministic results (LLM judge votes). Entries are JSON files under
// <dir>/<first 2 hex of key>/<rest>.json, written with a temp file and an
// atomic rename so concurrent goroutines and processes never see half an
// entry; each entry carries a checksum of its payload, so a corrupt,
// truncated or hand-edited file is treated as a miss and overwritten by the
// next Put instead of being trusted.
package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"time"
)

// Cache is safe for concurrent use by many goroutines and processes.
type Cache struct {
	dir    string
	hits   atomic.Int64
	misses atomic.Int64
}

// Open creates dir if needed and returns a cache rooted there.
func Open(dir string) (*Cache, error) {
	if dir == "" {
		return nil, errors.New("cache: empty directory")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cache: open %s: %w", dir, err)
	}
	return &Cache{dir: dir}, nil
}

// Dir returns the root directory.
func (c *Cache) Dir() string { return c.dir }

// Key hashes parts into a hex key. Each part is length-prefixed so that
// ("ab","c") and ("a","bc") never collide.
func Key(parts ...string) string {
	h := sha256.New()
	var n [8]byte
	for _, p := range parts {
		binary.BigEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// record is the on-disk form. Key is stored too so that a file copied to
// the wrong name is not mistaken for another entry.
type record struct {
	Key  string          `json:"key"`
	Sum  string          `json:"sha256"`
	Data json.RawMessage `json:"data"`
}

// path maps a key to its file; ok is false for keys that are not plain
// lowercase hex (they could escape the directory).
func (c *Cache) path(key string) (string, bool) {
	if len(key) < 3 {
		return "", false
	}
	for i := 0; i < len(key); i++ {
		b := key[i]
		if (b < '0' || b > '9') && (b < 'a' || b > 'f') {
			return "", false
		}
	}
	return filepath.Join(c.dir, key[:2], key[2:]+".json"), true
}

// Get decodes the entry for key into v. It reports false (a miss) when the
// entry is absent or fails any integrity check; v is then left untouched.
func (c *Cache) Get(key string, v any) bool {
	if c.get(key, v) {
		c.hits.Add(1)
		return true
	}
	c.misses.Add(1)
	return false
}

func (c *Cache) get(key string, v any) bool {
	p, ok := c.path(key)
	if !ok {
		return false
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return false
	}
	var r record
	if json.Unmarshal(b, &r) != nil || r.Key != key || len(r.Data) == 0 {
		return false
	}
	sum := sha256.Sum256(r.Data)
	if hex.EncodeToString(sum[:]) != r.Sum {
		return false
	}
	// The checksum passed, so the payload is what Put wrote; only a change
	// of v's Go type between versions can still fail here.
	return json.Unmarshal(r.Data, v) == nil
}

// Put stores v under key, replacing any previous (possibly corrupt) entry.
func (c *Cache) Put(key string, v any) error {
	p, ok := c.path(key)
	if !ok {
		return fmt.Errorf("cache: invalid key %q: expected lowercase hex from cache.Key", key)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("cache: encode %s: %w", key, err)
	}
	sum := sha256.Sum256(data)
	b, err := json.Marshal(record{Key: key, Sum: hex.EncodeToString(sum[:]), Data: data})
	if err != nil {
		return fmt.Errorf("cache: encode %s: %w", key, err)
	}
	b = append(b, '\n')
	dir := filepath.Dir(p)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cache: put %s: %w", key, err)
	}
	// The temp file lives in the target directory so the rename cannot cross
	// file systems and stays atomic. No fsync: a torn write after a crash
	// fails the checksum and is simply a miss.
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("cache: put %s: %w", key, err)
	}
	tmp := f.Name()
	_, werr := f.Write(b)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cache: put %s: %w", key, err)
	}
	if err := os.Rename(tmp, p); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cache: put %s: %w", key, err)
	}
	return nil
}

// Hits returns how many Gets found a valid entry.
func (c *Cache) Hits() int64 { return c.hits.Load() }

// Misses returns how many Gets found nothing usable.
func (c *Cache) Misses() int64 { return c.misses.Load() }

// Touch marks key's entry as just used, so Trim keeps it over entries
// used longer ago (least recently used first out).
func (c *Cache) Touch(key string) {
	if p, ok := c.path(key); ok {
		now := time.Now()
		_ = os.Chtimes(p, now, now) // an entry gone meanwhile is simply not kept
	}
}

// Trim removes the least recently used entries (by modification time,
// which Put and Touch set) until the entries take at most max bytes, and
// returns how many it removed. Concurrent runs may trim at once: an entry
// already removed by another is skipped, and a reader that loses an entry
// midway sees a miss.
func (c *Cache) Trim(max int64) (int, error) {
	type file struct {
		path string
		size int64
		mod  time.Time
	}
	var files []file
	var total int64
	err := filepath.WalkDir(c.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".json") {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil // removed by a concurrent trim
		}
		files = append(files, file{p, info.Size(), info.ModTime()})
		total += info.Size()
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("cache: trim %s: %w", c.dir, err)
	}
	if total <= max {
		return 0, nil
	}
	sort.Slice(files, func(i, j int) bool {
		if !files[i].mod.Equal(files[j].mod) {
			return files[i].mod.Before(files[j].mod)
		}
		return files[i].path < files[j].path
	})
	n := 0
	for _, f := range files {
		if total <= max {
			break
		}
		if err := os.Remove(f.path); err == nil {
			n++
		}
		total -= f.size
	}
	return n, nil
}
