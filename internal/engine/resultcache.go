package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules"
)

// ResultCache keeps each file's result between runs, as ruff's and
// eslint's caches do: a file whose content, language, applicable
// constraints, profile and iflint build are unchanged is not parsed or
// checked again. *cache.Cache is one.
type ResultCache interface {
	Get(key string, v any) bool
	Put(key string, v any) error
	Touch(key string)
}

// cacheVersion changes whenever what a cached result holds changes shape.
const cacheVersion = "iflint.file-result.v1"

// cachedResult is a file's Result as the cache holds it: with the UTF-16
// columns the JSON report leaves out.
type cachedResult struct {
	Result
	Cols16       [][2]int `json:"cols16"`
	Suppressed16 [][2]int `json:"suppressed16"`
}

func toCached(r Result) cachedResult {
	c := cachedResult{Result: r}
	for _, d := range r.Diagnostics {
		c.Cols16 = append(c.Cols16, [2]int{d.Col16, d.EndCol16})
	}
	for _, d := range r.Suppressed {
		c.Suppressed16 = append(c.Suppressed16, [2]int{d.Col16, d.EndCol16})
	}
	return c
}

func (c cachedResult) result() (Result, bool) {
	r := c.Result
	if len(c.Cols16) != len(r.Diagnostics) || len(c.Suppressed16) != len(r.Suppressed) {
		return Result{}, false
	}
	for i := range r.Diagnostics {
		r.Diagnostics[i].Col16, r.Diagnostics[i].EndCol16 = c.Cols16[i][0], c.Cols16[i][1]
	}
	for i := range r.Suppressed {
		r.Suppressed[i].Col16, r.Suppressed[i].EndCol16 = c.Suppressed16[i][0], c.Suppressed16[i][1]
	}
	return r, true
}

// cacheKey names everything a file's result depends on: the file (path,
// for locations, and its path relative to its configuration, for
// fingerprints; and content), its language, the constraints that apply
// to it as its configuration resolved them, the profile, the options
// that change the report, and the iflint build (Options.CacheSalt). A
// change to any of them is a different key, so a cached result is never
// stale. A rule whose verdict reads other files (Rustdoc reads the
// crate's module tree) adds a digest of what it read (check.Rule.Reads),
// so an edit there (a `pub use` removed from lib.rs) changes the key of
// every file whose verdict it changes.
func (o Options) cacheKey(u *check.Unit, f File, cfg *config.Config, id lang.ID, entries []config.Entry) string {
	sum := sha256.Sum256(f.Src)
	parts := []string{cacheVersion, o.CacheSalt, f.Path, cfg.Local(f.Path), hex.EncodeToString(sum[:]), string(id),
		string(cfg.Profile), strconv.FormatBool(o.ReportUnusedIgnores)}
	for _, e := range entries {
		parts = append(parts, string(e.Constraint.Type), e.Constraint.Spec, e.Severity)
		if in := e.Constraint.Indent; in != nil && in.Clang != nil {
			// The .clang-format a C or C++ layout is read by.
			parts = append(parts, fmt.Sprintf("%+v", *in.Clang))
		}
		if r, ok := rules.For(e.Constraint.Type); ok {
			if reads := r.Reads(u, e.Constraint); reads != "" {
				parts = append(parts, "reads", reads)
			}
		}
	}
	return cache.Key(parts...)
}

// cacheable reports whether a file's result may be kept: one that a
// compiler, a judge or an interrupted run decided depends on more than
// the key names (the installed toolchains, a model), and one with a
// rule's unverified verdict may depend on the machine (a parse stopped by
// its time budget), so those are checked again next time.
func cacheable(r Result) bool {
	for _, oc := range r.Outcomes {
		if oc.Method == check.MethodToolchain || oc.Method == check.MethodLLM && oc.Verdict != check.Unverified {
			return false
		}
		if oc.Verdict == check.Unverified && oc.Method != check.MethodLLM {
			return false
		}
	}
	return true
}
