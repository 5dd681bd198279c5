package infer

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/clangformat"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/lang"
)

// A repository that carries a .clang-format has its C and C++ laid out
// by clang-format: a layout constraint init writes must be the one the
// formatter keeps, or its findings would fight it. So where a
// .clang-format governs a language's files, init writes the indentation
// and brace constraints the measurement chose only when they are the
// style's own, and otherwise leaves them out and says why.

// clangLangs are the languages clang-format lays out under `Language: Cpp`.
var clangLangs = map[lang.ID]bool{lang.C: true, lang.CPP: true}

// clangStyles reads the .clang-format governing each directory once.
type clangStyles struct {
	root  string
	byDir map[string]string // directory → governing file ("" for none)
	style map[string]clangformat.Style
	err   map[string]error
}

func newClangStyles(root string) *clangStyles {
	return &clangStyles{root: root, byDir: map[string]string{}, style: map[string]clangformat.Style{}, err: map[string]error{}}
}

// governing returns the .clang-format (relative to root) that governs
// the file at rel and its style, "" when none does.
func (cs *clangStyles) governing(rel string) (string, clangformat.Style, error) {
	dir := filepath.Dir(filepath.Join(cs.root, filepath.FromSlash(rel)))
	f, ok := cs.byDir[dir]
	if !ok {
		f = clangformat.Find(cs.root, dir)
		cs.byDir[dir] = f
	}
	if f == "" {
		return "", clangformat.Style{}, nil
	}
	name, _ := filepath.Rel(cs.root, f)
	name = filepath.ToSlash(name)
	if _, seen := cs.style[f]; !seen && cs.err[f] == nil {
		b, err := os.ReadFile(f)
		if err == nil {
			var s clangformat.Style
			var ok bool
			s, ok, err = clangformat.Parse(name, b)
			if err == nil && !ok {
				err = fmt.Errorf("%s sets no style for C or C++", name)
			}
			cs.style[f] = s
		}
		cs.err[f] = err
	}
	return name, cs.style[f], cs.err[f]
}

// followClangFormat keeps l's indentation and brace decisions only where
// every .clang-format governing its files sets that very layout.
func followClangFormat(l *Language, files []engine.File, cs *clangStyles) {
	governs := map[string]clangformat.Style{}
	var unread []string
	for _, f := range files {
		if id, _ := lang.ByPath(f.Path); id.ID != l.ID {
			continue
		}
		name, s, err := cs.governing(f.Path)
		switch {
		case err != nil:
			unread = append(unread, err.Error())
		case name != "":
			governs[name] = s
		}
	}
	if len(governs) == 0 && len(unread) == 0 {
		return
	}
	names := make([]string, 0, len(governs))
	for n := range governs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, d := range []*Decision{l.Indent, l.Braces} {
		if d == nil || d.Chosen < 0 {
			continue
		}
		if len(unread) > 0 {
			d.Chosen = -1
			d.LeftOut = fmt.Sprintf("clang-format's configuration could not be read (%s), so whether it keeps this layout is unknown", unread[0])
			continue
		}
		chosen := d.Candidates[d.Chosen].Value
		for _, n := range names {
			s := governs[n]
			want, why := s.Indentation()
			if d.Type == constraint.Braces {
				want, why = s.Braces()
			}
			if want == chosen {
				continue
			}
			d.Chosen = -1
			if want == "" {
				d.LeftOut = fmt.Sprintf("%s (%s) lays the code out: %s", n, s.Describe(), why)
			} else {
				d.LeftOut = fmt.Sprintf("%s (%s) lays the code out as %s, not the %s measured, so the findings would fight the formatter", n, s.Describe(), want, chosen)
			}
			break
		}
		if d.Chosen >= 0 {
			d.Agrees = "the style of " + strings.Join(names, ", ")
		}
	}
}
