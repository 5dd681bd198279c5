package suppress

import (
	"regexp"
	"strings"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// rustLintAttr is `allow(...)` or `expect(...)` inside #[...] or #![...].
var rustLintAttr = regexp.MustCompile(`^#!?\[\s*(allow|expect)\s*\(([\s\S]*)\)\s*\]$`)

// parseRustAttributes reads lint attributes as rustc scopes them:
// `#[allow(non_snake_case)]` covers the item it is attached to (from the
// attribute to the item's end), `#![allow(...)]` the item or module it is
// inside, the whole file at the crate or module root. `#[rustfmt::skip]`
// silences layout of its item.
func (f *file) parseRustAttributes(s *Set) {
	if !f.root.Valid() {
		return
	}
	q, err := syntax.CompileQuery(lang.Rust, `[(attribute_item) (inner_attribute_item)] @a`)
	if err != nil {
		return
	}
	for _, c := range q.Captures(f.root) {
		a := c.Node
		text := strings.Join(strings.Fields(a.Text()), " ")
		d := &Directive{Pos: f.pos(a.Start()), Tool: "rustc", Marker: clipText(text)}
		if compact := strings.ReplaceAll(text, " ", ""); compact == "#[rustfmt::skip]" || compact == "#![rustfmt::skip]" {
			d.Tool = "rustfmt"
			formatOff(d)
		} else if m := rustLintAttr.FindStringSubmatch(text); m != nil {
			var lints []string
			for _, it := range strings.Split(m[2], ",") {
				it = strings.TrimSpace(it)
				if r, ok := strings.CutPrefix(it, "reason"); ok && strings.HasPrefix(strings.TrimSpace(r), "=") {
					d.Reason = strings.Trim(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(r), "=")), `"`)
					continue
				}
				lints = append(lints, strings.ReplaceAll(it, " ", ""))
			}
			names, ok := rustNames.resolve(lints)
			if !ok {
				continue
			}
			d.Names = names
		} else {
			continue
		}
		if a.Type() == "inner_attribute_item" {
			p := a.Parent()
			if !p.Valid() || !p.Parent().Valid() {
				s.add(fileRegion(d))
				continue
			}
			if p.Type() == "declaration_list" || p.Type() == "block" {
				if pp := p.Parent(); pp.Valid() && pp.Parent().Valid() {
					p = pp
				}
			}
			s.add(lineRegion(d, f.pos(p.Start()).Line, f.endLine(p)))
			continue
		}
		item := a.NextSibling()
		for item.Valid() && (item.Type() == "attribute_item" || strings.Contains(item.Type(), "comment")) {
			item = item.NextSibling()
		}
		end := f.endLine(a)
		if item.Valid() {
			end = f.endLine(item)
		}
		s.add(lineRegion(d, f.pos(a.Start()).Line, end))
	}
}
