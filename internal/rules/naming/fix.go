package naming

// The rename fix of naming_convention. It renames by alpha-conversion: every identifier in the
// file spelled like the offending name is respelled, and only when the
// new spelling occurs nowhere in the file. Because old and new spellings
// then map one to one, every in-file binding (shadowing included) is
// preserved without resolving scopes, which no grammar here would let us
// do reliably. Strings and comments are never touched: only identifier
// leaves of the tree are edited, so a reflective use such as
// getattr(obj, "getData") keeps the old spelling and a reviewer must
// catch it.
//
// What alpha-conversion cannot see is other files, so the rule, chosen
// for safety, is: a spelling is renamed only when each of its
// declarations in this file is local to a function (parameters, locals)
// or a file-level name the language gives no way to export (see
// exported; Go's unexported names count as file-level, since a sibling
// file still referring to one fails to compile rather than misbehave).
// Names with no declaration here (library calls, imported modules,
// attributes of foreign objects) are never renamed, nor are spellings
// tied to another file by an import, a keyword argument, a shorthand
// object key or a base class that may call the method by name.
//
// Known gap: a member of a foreign object spelled like a renamed
// in-file declaration (obj.getData where obj is a library type) is
// respelled too; nothing here knows the object's type.

//
// The rule attaches each finding's own fix when it reports it
// (attachRenames): the edits that rename that declaration with every
// identifier of the file spelled like it, Applicability Unsafe since a
// rename can change what a program does (the fix loop applies it only
// with a proof that it does not), or NoFix with the reason it is
// refused. Compose combines the fixes of the findings it is given,
// reading nothing but what they carry.

import (
	"fmt"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/work"
)

// renameRequest is what a rule knows of a finding's name when it reports
// it: the kind it checked the name as and the convention the name
// breaks, which decide the new spelling and which renames are refused.
type renameRequest struct{ kind, want string }

// planKey is one rename's inputs beyond the file: its findings share a
// plan, and one Fix.
type planKey struct{ name, kind, want string }

// attachRenames gives findings[i], reported as reqs[i], its rename fix
// or, in NoFix, why it has none. model is the lint profile's declaration
// model of the file; the paper profile has none (nil), and its renames
// decide from the syntax alone (fix_scope.go). The file's identifier
// index is built here, so only files with findings pay for it, and
// findings of one spelling, kind and convention share one plan and one
// Fix: a file declaring one bad name 5,000 times holds its edits once.
func attachRenames(u *check.Unit, id lang.ID, model []Declaration, findings []check.Finding, reqs []renameRequest) {
	if len(findings) == 0 {
		return
	}
	if _, err := u.Tree(id); err != nil {
		for i := range findings {
			findings[i].NoFix = fmt.Sprintf("no syntax tree of %s to rename in: %v", id, err)
		}
		return
	}
	// The unit's identifier index, shared with LocalBindings (which plan
	// calls): built once per file, not twice. A copy takes this run's
	// declarations and edits; the index itself is only read.
	m := work.Of(u)
	base, err := unitNames(u, id)
	if err != nil {
		for i := range findings {
			findings[i].NoFix = fmt.Sprintf("no identifier index of %s to rename in: %v", id, err)
		}
		return
	}
	f := new(fileNames)
	*f = *base
	if model != nil {
		f.setDeclarations(model)
	}
	f.unit, f.scoped = u, map[string]check.Edits{}
	type plan struct {
		fix    *check.Fix
		reason string
	}
	m.Add(len(u.Src)) // the identifier index: a capture per identifier
	plans := map[planKey]plan{}
	for i := range findings {
		fd := &findings[i]
		m.Add(1 + fd.End - fd.Start + work.Log(len(f.byName)))
		name := string(u.Src[fd.Start:fd.End])
		if !f.identAt(name, fd.Start) {
			fd.NoFix = notIdentifier(name)
			continue
		}
		key := planKey{name, reqs[i].kind, reqs[i].want}
		p, ok := plans[key]
		if !ok {
			// A plan reads the spelling's occurrences (and, for a
			// local, its bindings' references and the new spelling's).
			m.Add(1 + len(f.byName[name]))
			newName, reason := f.plan(name, key.kind, key.want)
			p.reason = reason
			if reason == "" {
				p.fix = &check.Fix{Edits: f.renameEdits(name, newName), Applicability: check.Unsafe}
			}
			plans[key] = p
		}
		fd.Fix, fd.NoFix = p.fix, p.reason
	}
}

// renameEdits respells every identifier of the file spelled name.
func (f *fileNames) renameEdits(name, newName string) check.Edits {
	if e, ok := f.scoped[name]; ok {
		return e
	}
	occ := f.byName[name]
	edits := make(check.Edits, 0, len(occ))
	for _, n := range occ {
		edits = append(edits, check.Edit{Start: n.Start(), End: n.End(), New: newName})
	}
	return edits
}

// compose is naming_convention's Composer: it applies the renames the
// given findings carry, in their order, each spelling once (a name
// declared twice is reported twice and renamed once, by its first
// finding), and refuses a rename to a spelling another given finding's
// rename already claimed, which would merge two names into one. A
// finding without a rename is skipped with the reason it carries.
func compose(u *check.Unit, c constraint.Constraint, findings []check.Finding) (check.Edits, []check.Skipped, error) {
	if len(findings) == 0 {
		return nil, nil, nil
	}
	if c.Type != constraint.Naming {
		return nil, nil, fmt.Errorf("naming fixer: want a %s constraint, got %q", constraint.Naming, c.Type)
	}
	var edits check.Edits
	var skipped []check.Skipped
	claimed := map[string]string{} // new spelling → old, across findings
	done := map[string]bool{}
	m := work.Of(u)
	for _, fd := range findings {
		m.Add(1 + fd.End - fd.Start)
		if fd.Start < 0 || fd.End > len(u.Src) || fd.Start > fd.End {
			return nil, nil, fmt.Errorf("naming fixer: finding [%d:%d) outside the %d-byte source", fd.Start, fd.End, len(u.Src))
		}
		skip := func(reason string) {
			skipped = append(skipped, check.Skipped{Start: fd.Start, End: fd.End, Reason: reason})
		}
		name := string(u.Src[fd.Start:fd.End])
		if done[name] {
			// The same spelling declared again: its rename is already
			// among the edits, which cover every occurrence.
			continue
		}
		if fd.Fix == nil || len(fd.Fix.Edits) == 0 {
			reason := fd.NoFix
			if reason == "" {
				reason = fmt.Sprintf("%q here is not a declaration the naming rule checks; nothing is renamed", name)
			}
			skip(reason)
			continue
		}
		newName := fd.Fix.Edits[0].New
		if old := claimed[newName]; old != "" {
			skip(fmt.Sprintf("renaming %q to %q would merge it with %q, renamed to the same spelling", name, newName, old))
			continue
		}
		done[name], claimed[newName] = true, name
		m.Add(len(fd.Fix.Edits))
		edits = append(edits, fd.Fix.Edits...)
	}
	m.Add(len(edits) * (1 + work.Log(len(edits))))
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	return edits, skipped, nil
}
