package check

import (
	"context"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/lex"
	"github.com/iflint/iflint/internal/syntax"
)

// Toolchains finds compilers for language_version checks. Find returns
// the command prefix that compiles a file of that language and version,
// or ok=false when no such toolchain is installed.
type Toolchains interface {
	Find(id lang.ID, version string) (cmd []string, ok bool)
}

// Unit is one piece of source under check. Trees and token streams are
// computed lazily and cached, so a file is parsed once per language
// however many constraints apply.
type Unit struct {
	Ctx        context.Context
	Path       string
	Src        []byte
	Profile    Profile
	Toolchains Toolchains
	// Repo is the rest of the repository as the run sees it, for rules
	// whose verdict reads other files (nil: the unit stands alone, and
	// such rules read it as one file shows it).
	Repo *Repo

	trees map[lang.ID]treeEntry
	toks  map[lang.ID]tokEntry
	memo  map[string]any
	// variants are the trees of variants of Src (see VariantTree).
	variants map[string]treeEntry
}

type treeEntry struct {
	t   *syntax.Tree
	err error
}

type tokEntry struct {
	t   []lex.Token
	err error
}

// NewUnit returns a Unit for src.
func NewUnit(ctx context.Context, path string, src []byte, p Profile) *Unit {
	if ctx == nil {
		ctx = context.Background()
	}
	if p == "" {
		p = Lint
	}
	return &Unit{Ctx: ctx, Path: path, Src: src, Profile: p}
}

// Tree parses the unit with the grammar of id (once).
func (u *Unit) Tree(id lang.ID) (*syntax.Tree, error) {
	if e, ok := u.trees[id]; ok {
		return e.t, e.err
	}
	t, err := syntax.Parse(u.Ctx, id, u.Src)
	if u.trees == nil {
		u.trees = map[lang.ID]treeEntry{}
	}
	u.trees[id] = treeEntry{t, err}
	return t, err
}

// VariantTree parses, once per name, a variant of the unit's source
// that a rule reads instead of the source itself: the same length and
// offsets, a few spans rewritten (the layout rule's C macro lines made
// statements). src makes the variant; nil means the source has no
// variant, and the tree is nil too.
func (u *Unit) VariantTree(id lang.ID, name string, src func() []byte) (*syntax.Tree, error) {
	key := string(id) + "\x00" + name
	if e, ok := u.variants[key]; ok {
		return e.t, e.err
	}
	if u.variants == nil {
		u.variants = map[string]treeEntry{}
	}
	var e treeEntry
	if b := src(); b != nil {
		e.t, e.err = syntax.Parse(u.Ctx, id, b)
	}
	u.variants[key] = e
	return e.t, e.err
}

// AnyTree returns a tree of the unit for id without parsing again: the
// source's own when parsed, else a variant's (its declarations and
// their offsets are the source's), else it parses the source's own.
// For readings that need the declarations and comments, not every
// token (the engine's fingerprints and inline suppressions).
func (u *Unit) AnyTree(id lang.ID) (*syntax.Tree, error) {
	if e, ok := u.trees[id]; ok {
		return e.t, e.err
	}
	prefix := string(id) + "\x00"
	names := make([]string, 0, len(u.variants))
	for k, e := range u.variants {
		if strings.HasPrefix(k, prefix) && e.t != nil && e.err == nil {
			names = append(names, k)
		}
	}
	if len(names) > 0 {
		sort.Strings(names) // deterministic when there are several
		return u.variants[names[0]].t, nil
	}
	return u.Tree(id)
}

// Close frees the unit's syntax trees. A caller that owns a unit and is
// done with it (nothing it returned refers to a node) calls it, so a
// large run does not hold every file's tree until garbage collection.
func (u *Unit) Close() {
	for id, e := range u.trees {
		if e.t != nil {
			e.t.Close()
		}
		delete(u.trees, id)
	}
	for k, e := range u.variants {
		if e.t != nil {
			e.t.Close()
		}
		delete(u.variants, k)
	}
	u.memo = nil
}

// Tokens lexes the unit with the Pygments lexer of id (once).
func (u *Unit) Tokens(id lang.ID) ([]lex.Token, error) {
	if e, ok := u.toks[id]; ok {
		return e.t, e.err
	}
	t, err := lex.Tokens(id, string(u.Src))
	if u.toks == nil {
		u.toks = map[lang.ID]tokEntry{}
	}
	u.toks[id] = tokEntry{t, err}
	return t, err
}

// lineStarts is the offset of every line's first byte, built once per unit.
func (u *Unit) LineStarts() []int {
	return u.Memo("check.lineStarts", func() any {
		s := []int{0}
		for i, b := range u.Src {
			if b == '\n' {
				s = append(s, i+1)
			}
		}
		return s
	}).([]int)
}

// memoErr is Memo for a computation that can fail: the value and the
// error are cached together, so a failure is not recomputed either.
func MemoErr[T any](u *Unit, key string, compute func() (T, error)) (T, error) {
	type entry struct {
		v   T
		err error
	}
	e := u.Memo(key, func() any {
		v, err := compute()
		return entry{v, err}
	}).(entry)
	return e.v, e.err
}

// Memo caches a derived value (e.g. the source without comments) under key.
func (u *Unit) Memo(key string, compute func() any) any {
	if v, ok := u.memo[key]; ok {
		return v
	}
	if u.memo == nil {
		u.memo = map[string]any{}
	}
	v := compute()
	u.memo[key] = v
	return v
}

// Position converts a byte offset in u.Src to a 1-based line and 1-based
// byte column. The line index is built once per unit.
func (u *Unit) Position(off int) (line, col int) {
	if off > len(u.Src) {
		off = len(u.Src)
	}
	if off < 0 {
		off = 0
	}
	starts := u.LineStarts()
	// The line is the last start <= off.
	i := sort.SearchInts(starts, off+1) - 1
	return i + 1, off - starts[i] + 1
}
