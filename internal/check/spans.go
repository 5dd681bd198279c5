package check

import "sort"

// span is a half-open byte range of a unit's source.
type Span struct{ Start, End int }

// mergeSpans returns the spans sorted by start with overlapping and
// touching ones merged; the input is not modified.
func MergeSpans(in []Span) []Span {
	if len(in) == 0 {
		return nil
	}
	s := append([]Span(nil), in...)
	sort.Slice(s, func(i, j int) bool { return s[i].Start < s[j].Start })
	out := s[:1]
	for _, x := range s[1:] {
		last := &out[len(out)-1]
		if x.Start <= last.End {
			if x.End > last.End {
				last.End = x.End
			}
			continue
		}
		out = append(out, x)
	}
	return out
}
