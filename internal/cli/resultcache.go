package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/iflint/iflint/internal/cache"
)

// resultCacheMax bounds the result cache on disk; the least recently
// used entries go first (about 100,000 files' results).
const resultCacheMax = 256 << 20

// resultCache opens the cache of files' results in dir/results (cache.ResultsSubdir) (dir:
// -cache, else $IFLINT_CACHE_DIR or the user cache directory), or
// returns nil when there is no cache directory: the run then checks
// every file, as with -no-cache.
func (c *Command) resultCache(dir string) (*cache.Cache, string) {
	salt, err := buildSalt()
	if err != nil {
		return nil, ""
	}
	if dir == "" {
		if dir, err = cache.DefaultDir(c.Getenv); err != nil {
			return nil, ""
		}
	}
	rc, err := cache.Open(filepath.Join(c.abs(dir), cache.ResultsSubdir))
	if err != nil {
		fmt.Fprintf(c.Stderr, "iflint: checking without the result cache: %v\n", err)
		return nil, ""
	}
	return rc, salt
}

// trimResultCache keeps the cache within resultCacheMax after a run
// that wrote to it.
func (c *Command) trimResultCache(rc *cache.Cache) {
	if rc == nil || rc.Misses() == 0 {
		return
	}
	if _, err := rc.Trim(resultCacheMax); err != nil {
		fmt.Fprintf(c.Stderr, "iflint: %v\n", err)
	}
}

var salt struct {
	once sync.Once
	sum  string
	err  error
}

// buildSalt identifies this iflint build by its executable's content:
// every build, released or not, reads only results it wrote itself.
func buildSalt() (string, error) {
	salt.once.Do(func() {
		exe, err := os.Executable()
		if err != nil {
			salt.err = err
			return
		}
		f, err := os.Open(exe)
		if err != nil {
			salt.err = err
			return
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			salt.err = err
			return
		}
		salt.sum = hex.EncodeToString(h.Sum(nil))
	})
	return salt.sum, salt.err
}
