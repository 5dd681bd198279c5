package check

import "sort"

// span is a half-open byte range of a unit's source.
type span struct{ start, end int }

// mergeSpans returns the spans sorted by start with overlapping and
// touching ones merged; the input is not modified.
func mergeSpans(in []span) []span {
	if len(in) == 0 {
		return nil
	}
	s := append([]span(nil), in...)
	sort.Slice(s, func(i, j int) bool { return s[i].start < s[j].start })
	out := s[:1]
	for _, x := range s[1:] {
		last := &out[len(out)-1]
		if x.start <= last.end {
			if x.end > last.end {
				last.end = x.end
			}
			continue
		}
		out = append(out, x)
	}
	return out
}
