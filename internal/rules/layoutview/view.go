package layoutview

// The layout rules' view of a unit: its source with comments (and maybe
// strings) removed, CR/CRLF folded to LF, mapped back to source offsets.

import (
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/work"
)

// View is the source as the evaluator sees it after removal: text,
// with CR and CRLF folded to LF as Pygments does, and a map back to source
// offsets.
type View struct {
	Text []byte
	// segs maps text to source: text[seg.t+k] comes from src[seg.s+k] up
	// to the next seg.
	segs []viewSeg
	size int // len(source)
}

type viewSeg struct{ t, s int }

// SrcOff maps a text offset to the source offset it was copied from.
func (v *View) SrcOff(i int) int {
	if len(v.segs) == 0 {
		return 0
	}
	k := sort.Search(len(v.segs), func(j int) bool { return v.segs[j].t > i }) - 1
	if k < 0 {
		k = 0
	}
	off := v.segs[k].s + (i - v.segs[k].t)
	if off > v.size {
		off = v.size
	}
	return off
}

// SrcRange maps the text range [a,b) to a source range covering it.
func (v *View) SrcRange(a, b int) (int, int) {
	if b <= a {
		s := v.SrcOff(a)
		return s, s
	}
	return v.SrcOff(a), min(v.SrcOff(b-1)+1, v.size)
}

// Build removes the given spans from src and folds CR/CRLF to LF.
func Build(src []byte, remove []check.Span) *View {
	rm := check.MergeSpans(remove)
	v := &View{Text: make([]byte, 0, len(src)), size: len(src)}
	contiguous := false
	k := 0
	for i := 0; i < len(src); {
		for k < len(rm) && rm[k].End <= i {
			k++
		}
		if k < len(rm) && rm[k].Start <= i {
			i = rm[k].End
			contiguous = false
			continue
		}
		b := src[i]
		if b == '\r' {
			if i+1 < len(src) && src[i+1] == '\n' && !(k < len(rm) && rm[k].Start == i+1) {
				i++ // the LF that follows stands for the pair
				contiguous = false
				continue
			}
			b = '\n'
		}
		if !contiguous {
			v.segs = append(v.segs, viewSeg{len(v.Text), i})
			contiguous = b == src[i]
		}
		v.Text = append(v.Text, b)
		i++
	}
	return v
}

// PaperView returns (once per unit) the source with comments and optionally
// strings removed, as the evaluator's remove_comments/remove_strings do.
func PaperView(u *check.Unit, id lang.ID, sp *Spans, dropStrings bool) *View {
	key := "layout.view." + string(id)
	if dropStrings {
		key += ".nostrings"
	}
	return u.Memo(key, func() any {
		rm := append([]check.Span(nil), sp.comments...)
		if dropStrings {
			rm = append(rm, sp.strings...)
		}
		work.Of(u).Add(len(u.Src) + len(rm)*(1+work.Log(len(rm))))
		return Build(u.Src, rm)
	}).(*View)
}

// LintView is the lint profile's view: comments and strings (and, with
// literals, every string or character literal whole) removed, but the line
// break a removed span ends with is kept, so no line is joined to another.
func LintView(u *check.Unit, id lang.ID, sp *Spans, literals bool) *View {
	key := "layout.view.lint." + string(id)
	if literals {
		key += ".literals"
	}
	return u.Memo(key, func() any {
		sets := [][]check.Span{sp.comments, sp.strings}
		if literals {
			sets = append(sets, sp.literals)
		}
		src := u.Src
		var rm []check.Span
		for i, set := range sets {
			for _, s := range set {
				e := s.End
				for e > s.Start && (src[e-1] == '\n' || src[e-1] == '\r') {
					e--
				}
				// A comment that starts a line takes the blanks after it
				// along, so `    /* c */ x` keeps its four-space indent.
				start := s.Start
				if StartsLine(src, s.Start) {
					if i == 0 {
						for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
							e++
						}
					} else if start < e {
						// A string that starts a line is that line's first
						// token: keep its opening quote, so the line's
						// indentation ends where the string begins instead
						// of running on into the blanks after it.
						start++
					}
				}
				rm = append(rm, check.Span{Start: start, End: e})
			}
		}
		work.Of(u).Add(len(src) + len(rm)*(1+work.Log(len(rm))))
		return Build(src, rm)
	}).(*View)
}

// StartsLine reports whether only blanks precede off on its line.
func StartsLine(src []byte, off int) bool {
	for i := off - 1; i >= 0; i-- {
		switch src[i] {
		case ' ', '\t':
		case '\n', '\r':
			return true
		default:
			return false
		}
	}
	return true
}
