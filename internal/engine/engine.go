// Package engine is the one core every mode uses: it walks files, decides
// which configured constraints apply, runs each file's checks on a single
// parse, and turns rule results into located diagnostics.
package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/judge"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/par"
	"github.com/iflint/iflint/internal/rules"
)

// MaxFileSize bounds what is read; larger files are reported as skipped.
const MaxFileSize = 8 << 20

// TooLarge is the reason a file over MaxFileSize is skipped.
var TooLarge = fmt.Sprintf("larger than %d MiB", MaxFileSize>>20)

// Diagnostic is one located violation.
type Diagnostic struct {
	Path        string          `json:"path"`
	Line        int             `json:"line"`
	Col         int             `json:"column"`
	EndLine     int             `json:"end_line"`
	EndCol      int             `json:"end_column"`
	Type        constraint.Type `json:"type"`
	Category    string          `json:"category"`
	Spec        string          `json:"constraint"`
	Severity    string          `json:"severity"`
	Message     string          `json:"message"`
	Fingerprint string          `json:"fingerprint"`
	// Suppression is set on diagnostics an inline marker silenced.
	Suppression *Suppression `json:"suppression,omitempty"`
	// Columns in UTF-16 code units, as SARIF consumers such as GitHub
	// code scanning count them.
	Col16    int `json:"-"`
	EndCol16 int `json:"-"`
}

// Outcome is one constraint's verdict on one file.
type Outcome struct {
	Path    string          `json:"path"`
	Type    constraint.Type `json:"type"`
	Spec    string          `json:"constraint"`
	Verdict check.Verdict   `json:"verdict"`
	Method  check.Method    `json:"method"`
	Reason  string          `json:"reason,omitempty"`
	// Checked is how many units (declarations, braces, lines) the rule
	// judged, when it counts them.
	Checked int `json:"checked,omitempty"`
}

// Skipped is a file that was not checked, and why. Unconstrained marks
// files of a language no configured constraint applies to (a C++
// repository under the default profile, say), which are listed and
// counted rather than reported one by one.
type Skipped struct {
	Path          string `json:"path"`
	Reason        string `json:"reason"`
	Language      string `json:"language,omitempty"`
	Unconstrained bool   `json:"unconstrained,omitempty"`
	// Unreadable marks a file or directory that could not be read (no
	// permission, an I/O error): unlike the other reasons it is a fault
	// of the environment, and -fail-on any counts it.
	Unreadable bool `json:"unreadable,omitempty"`
}

// Result is everything one run found, sorted.
type Result struct {
	Diagnostics []Diagnostic `json:"diagnostics"`
	Outcomes    []Outcome    `json:"outcomes"`
	Skipped     []Skipped    `json:"skipped,omitempty"`
	// Suppressed are diagnostics silenced by inline markers; they are
	// reported (SARIF: as suppressed results) but do not fail a run.
	Suppressed []Diagnostic `json:"suppressed"`
	// UnusedIgnores are markers that silenced nothing (only with
	// Options.ReportUnusedIgnores); InvalidIgnores are iflint markers
	// that could not be read.
	UnusedIgnores  []Ignore `json:"unused_ignores,omitempty"`
	InvalidIgnores []Ignore `json:"invalid_ignores,omitempty"`
}

// Options configures a run.
type Options struct {
	// Config governs every file, unless Configs is set.
	Config *config.Config
	// Configs, when set, decides each file's configuration (the nearest
	// .iflint.yml above it; see config.Set), so one run checks every
	// subproject of a monorepo by its own constraints.
	Configs    *config.Set
	Toolchains check.Toolchains
	Workers    int
	// Judge decides LLM-judged constraints; without one they are
	// reported unverified, never as failures.
	Judge *judge.Judge
	// ReportUnusedIgnores lists suppression markers that silence nothing.
	ReportUnusedIgnores bool
	// Progress, when set, hears after each file is checked how many of
	// the run's files are done (from any goroutine).
	Progress func(done, total int)
	// Rules finds the rule deciding a type (rules.For when nil); tests
	// put a failing rule in its place.
	Rules func(constraint.Type) (*check.Rule, bool)
	// Cache keeps files' results between runs (nil: every file is
	// checked); CacheSalt names the iflint build, so an upgrade never
	// reads an older build's results.
	Cache     ResultCache
	CacheSalt string
	// Root is the directory the run's file paths are relative to, from
	// which rules that read other files (Rustdoc reads the crate's module
	// tree) read the files the run does not hold. Empty: the
	// configuration set's root, else the working directory.
	Root string
}

// repo is the run's view of the repository: its own files as the run
// has them, any other file from disk under the run's root.
func (o Options) repo(files []File) *check.Repo {
	root := o.Root
	if root == "" && o.Configs != nil {
		root = o.Configs.Root()
	}
	return NewRepo(root, files)
}

// NewRepo is the view of the repository at root (the directory the
// files' paths are relative to; "" for the working directory) that a
// check of files reads: the files as given, any other from disk.
func NewRepo(root string, files []File) *check.Repo {
	byPath := make(map[string][]byte, len(files))
	for _, f := range files {
		byPath[path.Clean(f.Path)] = f.Src
	}
	return check.NewRepo(byPath, func(p string) ([]byte, bool) {
		fp := filepath.FromSlash(p)
		if !filepath.IsAbs(fp) && root != "" {
			fp = filepath.Join(root, fp)
		}
		b, skip, err := ReadSource(fp)
		return b, err == nil && skip == ""
	})
}

// ConfigFor is the configuration governing the file at path.
func (o Options) ConfigFor(path string) (*config.Config, error) {
	if o.Configs != nil {
		return o.Configs.For(path)
	}
	if o.Config == nil {
		return nil, errors.New("engine: no configuration")
	}
	return o.Config, nil
}

// run checks c on u with the rule Options.Rules finds; a type without a
// rule is left to the judge.
func (o Options) run(u *check.Unit, c constraint.Constraint) (check.Result, error) {
	if o.Rules == nil {
		return rules.Run(u, c)
	}
	r, ok := o.Rules(c.Type)
	if !ok {
		return check.Result{Verdict: check.Unverified, Method: check.MethodLLM, Reason: "decided by an LLM judge; no judge configured"}, nil
	}
	return r.Run(u, c)
}

// File is a source file to check. Path is slash-separated and relative to
// the repository root when possible.
type File struct {
	Path string
	Src  []byte
}

// Collect expands paths (files or directories) into files for the one
// configuration cfg, skipping excluded paths, hidden directories, files
// of unknown languages and directories with a configuration of their own
// (which govern themselves; CollectSet reads them with it). A directory
// that cannot be read is skipped and returned with the reason, and the
// walk goes on, as is a path argument that cannot be stat'ed; only one
// that does not exist at all is an error (the command line checked that
// it did).
func Collect(root string, paths []string, cfg *config.Config) ([]string, []Skipped, error) {
	return collect(context.Background(), root, paths, cfg)
}

// collect is Collect, stopped by ctx.
func collect(ctx context.Context, root string, paths []string, cfg *config.Config) ([]string, []Skipped, error) {
	var out []string
	var skipped []Skipped
	seen := map[string]bool{}
	add := func(p string) {
		rel := relPath(root, p)
		if !seen[rel] && !cfg.Excluded(rel) {
			seen[rel] = true
			out = append(out, p)
		}
	}
	for _, p := range paths {
		st, err := os.Stat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, nil, err
		case err != nil:
			skipped = append(skipped, unreadable(relPath(root, p), err))
			continue
		}
		if !st.IsDir() {
			add(p) // ReadFiles skips it if it is no regular file
			continue
		}
		err = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if cerr := ctx.Err(); cerr != nil {
				return cerr
			}
			rel := relPath(root, q)
			if err != nil {
				// WalkDir reports a directory it cannot list (or an entry
				// that vanished): the rest of the tree is still checked.
				if d != nil && d.IsDir() {
					skipped = append(skipped, unlisted(rel, err))
					return filepath.SkipDir
				}
				skipped = append(skipped, unreadable(rel, err))
				return nil
			}
			if d.IsDir() {
				if q != p && (strings.HasPrefix(d.Name(), ".") || cfg.Excluded(rel) || ownConfig(q)) {
					return filepath.SkipDir
				}
				return nil
			}
			if _, ok := cfg.LanguageOf(rel, nil); ok && d.Type().IsRegular() {
				add(q)
			}
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	sort.Strings(out)
	return out, skipped, nil
}

// ownConfig reports whether dir has its own configuration: it governs
// the files below it (see CollectSet), so a reader that applies one
// configuration to a tree (init's evidence for the tree's own file)
// leaves it out.
func ownConfig(dir string) bool { return config.Own(dir) }

func relPath(root, p string) string {
	if r, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(p)
}

// Files are files read from disk, with those that were not read.
type Files struct {
	Files   []File
	Skipped []Skipped
}

// ReadFiles collects paths (see Collect) and reads them (see ReadSource):
// files that are not regular, too large or unreadable are skipped with
// the reason, and the others are read.
func ReadFiles(root string, paths []string, cfg *config.Config) (*Files, error) {
	return ReadFilesContext(context.Background(), root, paths, cfg)
}

// ReadFilesContext is ReadFiles, stopped by ctx (its error) between files.
func ReadFilesContext(ctx context.Context, root string, paths []string, cfg *config.Config) (*Files, error) {
	names, skipped, err := collect(ctx, root, paths, cfg)
	if err != nil {
		return nil, err
	}
	return readNames(ctx, root, names, skipped, relPath)
}

// CheckPaths reads and checks files on disk: with o.Configs, each file
// by its own configuration, relative to the set's root.
func CheckPaths(ctx context.Context, root string, paths []string, o Options) (*Result, error) {
	var fs *Files
	var err error
	if o.Configs != nil {
		fs, err = ReadFilesSetContext(ctx, o.Configs, paths)
	} else {
		fs, err = ReadFilesContext(ctx, root, paths, o.Config)
		if o.Root == "" {
			o.Root = root
		}
	}
	if err != nil {
		return nil, err
	}
	r, err := Check(ctx, fs.Files, o)
	if err != nil {
		return nil, err
	}
	r.Skipped = append(fs.Skipped, r.Skipped...)
	SortResult(r)
	return r, nil
}

// Check checks in-memory files (used by the pre-commit hook on staged
// content and by the fixer on candidates). The error is an internal
// failure of a rule (*check.RuleError, one per failing file, in the
// files' order): the run is then incomplete and says so.
func Check(ctx context.Context, files []File, o Options) (*Result, error) {
	parts := make([]Result, len(files))
	errs := make([]error, len(files))
	repo := o.repo(files)
	// A cancelled ctx ends the run at once: parses and judges stop with
	// it, and a rule still busy on a file is left to finish unread.
	var done atomic.Int64
	err := par.ForCtx(ctx, len(files), o.Workers, func(i int) {
		parts[i], errs[i] = checkFile(ctx, files[i], repo, o)
		if o.Progress != nil {
			o.Progress(int(done.Add(1)), len(files))
		}
	})
	if err != nil {
		return nil, err
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	res := &Result{}
	for _, p := range parts {
		res.Diagnostics = append(res.Diagnostics, p.Diagnostics...)
		res.Outcomes = append(res.Outcomes, p.Outcomes...)
		res.Skipped = append(res.Skipped, p.Skipped...)
		res.Suppressed = append(res.Suppressed, p.Suppressed...)
		res.UnusedIgnores = append(res.UnusedIgnores, p.UnusedIgnores...)
		res.InvalidIgnores = append(res.InvalidIgnores, p.InvalidIgnores...)
	}
	SortResult(res)
	return res, nil
}

// Applicable returns the configured entries that apply to a file, whose
// language is decided by the config (`languages:`, the extension, and a
// ".h" file's content once the check has read it; see LanguageOf).
func Applicable(cfg *config.Config, path string) []config.Entry {
	id, _ := cfg.LanguageOf(path, nil)
	return applicableIn(cfg, path, id)
}

// ApplicableTo is Applicable for a file whose content is at hand, so that
// a ".h" file's entries are those of the language its content shows,
// as in the check, whether or not the check has read it yet.
func ApplicableTo(cfg *config.Config, f File) []config.Entry {
	id, _ := cfg.LanguageOf(f.Path, f.Src)
	return applicableIn(cfg, f.Path, id)
}

// MayApply reports whether some entry can apply to path once its content
// is read: a ".h" file the extension calls C is C++ when its content
// shows C++, so C++ entries count for it too. Readers that pick files by
// name (the Action's changed files) use it so as not to drop a C++
// header unread.
func MayApply(cfg *config.Config, path string) bool {
	if len(Applicable(cfg, path)) > 0 {
		return true
	}
	id, _ := cfg.LanguageOf(path, nil)
	return id == lang.C && strings.HasSuffix(strings.ToLower(path), ".h") && len(applicableIn(cfg, path, lang.CPP)) > 0
}

// applicableIn is Applicable for a file of language id.
func applicableIn(cfg *config.Config, path string, id lang.ID) []config.Entry {
	var out []config.Entry
	local := cfg.Local(path) // paths: globs are the configuration's
	for _, e := range cfg.Constraints {
		if !e.Applies(local) {
			continue
		}
		// An entry bound to a language applies to files of that language;
		// language_type is the exception: it asks what language a file is,
		// so explicit paths select its files.
		if e.Constraint.Type == constraint.LanguageType {
			if len(e.Paths) == 0 && e.Constraint.Lang != id {
				continue
			}
		} else if e.Constraint.Lang != "" && e.Constraint.Lang != id && !namesHeader(e, path, id) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// namesHeader: an entry whose paths name a ".h" file applies to it in C
// and C++ alike, whatever its content suggests (headers are often both).
func namesHeader(e config.Entry, path string, id lang.ID) bool {
	cc := func(l lang.ID) bool { return l == lang.C || l == lang.CPP }
	return len(e.Paths) > 0 && strings.HasSuffix(strings.ToLower(path), ".h") && cc(id) && cc(e.Constraint.Lang)
}

func checkFile(ctx context.Context, f File, repo *check.Repo, o Options) (res Result, err error) {
	cfg, err := o.ConfigFor(f.Path)
	if err != nil {
		return res, err
	}
	id, _ := cfg.LanguageOf(f.Path, f.Src) // a header's language, from its content
	entries := applicableIn(cfg, f.Path, id)
	if len(entries) == 0 {
		why := fmt.Sprintf("no configured constraint applies to %s files", lang.Get(id).Name)
		if w := cfg.WhyUnconstrained(id); w != "" {
			why += ": " + w
		}
		res.Skipped = append(res.Skipped, Skipped{Path: f.Path, Language: string(id), Unconstrained: true, Reason: why})
		return res, nil
	}
	if bytes.IndexByte(f.Src, 0) >= 0 {
		res.Skipped = append(res.Skipped, Skipped{Path: f.Path, Reason: "binary file"})
		return res, nil
	}
	u := check.NewUnit(ctx, f.Path, f.Src, cfg.Profile)
	defer u.Close()
	u.Toolchains = o.Toolchains
	u.Repo = repo
	var key string
	if o.Cache != nil && o.Rules == nil { // a test's stand-in rules are not the build's
		key = o.cacheKey(u, f, cfg, id, entries)
		var c cachedResult
		if o.Cache.Get(key, &c) {
			if r, ok := c.result(); ok {
				o.Cache.Touch(key)
				return r, nil
			}
		}
		defer func() {
			if err == nil && ctx.Err() == nil && cacheable(res) {
				_ = o.Cache.Put(key, toCached(res)) // a full disk only costs the next run its time
			}
		}()
	}
	var starts []int     // of res.Diagnostics, for their fingerprints
	var fileLevel []bool // findings about the whole file, with no line of their own
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		c := e.Constraint
		var r check.Result
		if o.Judge != nil && c.Type.Method() == constraint.ByJudge {
			d, _ := o.Judge.Decide(ctx, judge.Task{Constraint: c, Code: string(f.Src)})
			r = d.Result()
		} else if r, err = o.run(u, c); err != nil {
			return res, err
		}
		res.Outcomes = append(res.Outcomes, Outcome{Path: f.Path, Type: c.Type, Spec: c.Spec, Verdict: r.Verdict, Method: r.Method, Reason: FirstLine(r.Reason), Checked: r.Checked})
		if r.Verdict != check.Fail {
			continue
		}
		findings := r.Findings
		if len(findings) == 0 {
			// An absence (no required call, wrong language) is a file-level finding.
			findings = []check.Finding{{Start: 0, End: 0, Message: r.Reason}}
		}
		for _, fd := range findings {
			res.Diagnostics = append(res.Diagnostics, diagnostic(u, f.Path, e, fd))
			starts = append(starts, fd.Start)
			fileLevel = append(fileLevel, len(r.Findings) == 0)
		}
	}
	// Fingerprints first: a finding's occurrence index must not depend on
	// which of its twins a marker suppresses.
	// The configuration's own path: its baseline matches from any run root.
	fingerprint(u, id, cfg.Local(f.Path), res.Diagnostics, starts, fileLevel)
	if len(res.Diagnostics) > 0 || o.ReportUnusedIgnores {
		suppressFindings(u, id, &res, fileLevel, o.ReportUnusedIgnores)
	}
	return res, nil
}

func diagnostic(u *check.Unit, path string, e config.Entry, fd check.Finding) Diagnostic {
	l1, c1 := u.Position(fd.Start)
	l2, c2 := u.Position(fd.End)
	c := e.Constraint
	msg := fd.Message
	if msg == "" {
		msg = c.Type.Doc()
	}
	if !utf8.ValidString(msg) {
		msg = strings.ToValidUTF8(msg, "\uFFFD")
	}
	li := linesOf(u)
	return Diagnostic{
		Path: path, Line: l1, Col: c1, EndLine: l2, EndCol: c2,
		Type: c.Type, Category: string(c.Type.Category()), Spec: c.Spec, Severity: e.Severity,
		Message: msg,
		Col16:   li.col16(fd.Start, l1, c1), EndCol16: li.col16(fd.End, l2, c2),
	}
}

func FirstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

func SortResult(r *Result) {
	sortSuppressions(r)
	sort.SliceStable(r.Diagnostics, func(i, j int) bool {
		a, b := r.Diagnostics[i], r.Diagnostics[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		if a.Type != b.Type {
			return a.Type < b.Type
		}
		return a.Message < b.Message
	})
	sort.SliceStable(r.Outcomes, func(i, j int) bool {
		a, b := r.Outcomes[i], r.Outcomes[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Type != b.Type {
			return a.Type < b.Type
		}
		return a.Spec < b.Spec
	})
	sort.SliceStable(r.Skipped, func(i, j int) bool { return r.Skipped[i].Path < r.Skipped[j].Path })
}

// utf16Col converts a 1-based byte column at offset off to UTF-16 units.
func utf16Col(src []byte, off, byteCol int) int {
	if off > len(src) {
		off = len(src)
	}
	prefix := src[off-(byteCol-1) : off]
	n := 0
	for len(prefix) > 0 {
		r, size := utf8.DecodeRune(prefix)
		prefix = prefix[size:]
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n + 1
}
