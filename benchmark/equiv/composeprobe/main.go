// composeprobe prints what the fix loop's composer of one constraint
// type makes of subsets of a rule's findings, in both profiles, so that
// compose.sh can compare two builds byte for byte: a family that moves
// its fixer beside its rule must compose every subset as the old fixer
// did. Each input (a golden, a fix-track file, a file of a real tree) is
// checked in each profile, and the composer is given all its findings,
// each one alone (the first -singles of them on -tree inputs), the odd
// ones, the even ones and the first half. One JSON line per input,
// profile and subset.
//
//	composeprobe -type T -root DIR [-tree DIR -config FILE]
//
// It reads its inputs from -root (a checkout): the goldens under
// internal/rules/*/testdata/T/ (and their fix/ cases), under
// internal/fix/testdata/fixers/T/, and the fix track's tasks. It uses
// only APIs the commits it compares share (rules.Run,
// fixloop.ComposerFor), so compose.sh builds this same file in both.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"sort"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/fixloop"
	"github.com/iflint/iflint/internal/goldentest"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules"
)

type input struct {
	name string
	c    constraint.Constraint
	path string // the file's name as the rule sees it
	src  []byte
	tree bool // from -tree: singles capped
}

type record struct {
	Input    string          `json:"input"`
	Profile  check.Profile   `json:"profile"`
	Subset   string          `json:"subset"`
	Findings []string        `json:"findings,omitempty"`
	Edits    check.Edits     `json:"edits,omitempty"`
	Skipped  []check.Skipped `json:"skipped,omitempty"`
	Err      string          `json:"err,omitempty"`
}

func main() {
	typ := flag.String("type", "", "constraint type")
	root := flag.String("root", ".", "checkout to read the goldens and the fix track from")
	tree := flag.String("tree", "", "a real tree whose files are inputs too")
	cfgPath := flag.String("config", "", "with -tree: the configuration whose constraints of -type apply")
	singles := flag.Int("singles", 20, "with -tree: how many findings of a file are composed alone")
	flag.Parse()
	log.SetFlags(0)
	t := constraint.Type(*typ)
	compose := fixloop.ComposerFor(t)
	if compose == nil {
		log.Fatalf("%s has no composer", t)
	}
	ins, err := goldens(*root, t)
	if err != nil {
		log.Fatal(err)
	}
	tasks, _ := filepath.Glob(filepath.Join(*root, "benchmark", "fix", "tasks", "*"))
	for _, dir := range tasks {
		more, err := treeInputs(dir, "", t, false)
		if err != nil {
			log.Fatal(err)
		}
		ins = append(ins, more...)
	}
	if *tree != "" {
		more, err := treeInputs(*tree, *cfgPath, t, true)
		if err != nil {
			log.Fatal(err)
		}
		ins = append(ins, more...)
	}
	enc := json.NewEncoder(os.Stdout)
	for _, in := range ins {
		for _, p := range []check.Profile{check.MultiCodeIF, check.Lint} {
			for _, rec := range probe(compose, in, p, *singles) {
				if err := enc.Encode(rec); err != nil {
					log.Fatal(err)
				}
			}
		}
	}
}

// probe checks in in profile p and composes subsets of its findings.
func probe(compose check.Composer, in input, p check.Profile, singles int) []record {
	u := check.NewUnit(context.Background(), in.path, in.src, p)
	defer u.Close()
	r, err := rules.Run(u, in.c)
	if err != nil {
		return []record{{Input: in.name, Profile: p, Err: err.Error()}}
	}
	head := record{Input: in.name, Profile: p, Subset: string(r.Verdict)}
	for _, f := range r.Findings {
		head.Findings = append(head.Findings, fmt.Sprintf("%d-%d %s", f.Start, f.End, f.Message))
	}
	out := []record{head}
	if len(r.Findings) == 0 {
		return out
	}
	type subset struct {
		name string
		fs   []check.Finding
	}
	subsets := []subset{{"all", r.Findings}}
	var odd, even []check.Finding
	for i, f := range r.Findings {
		if !in.tree || i < singles {
			subsets = append(subsets, subset{fmt.Sprintf("single %d", i), []check.Finding{f}})
		}
		if i%2 == 1 {
			odd = append(odd, f)
		} else {
			even = append(even, f)
		}
	}
	subsets = append(subsets, subset{"odd", odd}, subset{"even", even}, subset{"first half", r.Findings[:(len(r.Findings)+1)/2]})
	for _, s := range subsets {
		edits, skipped, err := compose(u, in.c, s.fs)
		rec := record{Input: in.name, Profile: p, Subset: s.name, Edits: edits, Skipped: skipped}
		if err != nil {
			rec.Err = err.Error()
		}
		out = append(out, rec)
	}
	return out
}

// goldens are the rule's and the fixers' golden cases of t.
func goldens(root string, t constraint.Type) ([]input, error) {
	var paths []string
	for _, g := range []string{
		filepath.Join(root, "internal", "rules", "*", "testdata", string(t), "*.txt"),
		filepath.Join(root, "internal", "rules", "*", "testdata", string(t), "fix", "*.txtar"),
		filepath.Join(root, "internal", "fix", "testdata", "fixers", string(t), "*.txtar"),
	} {
		m, err := filepath.Glob(g)
		if err != nil {
			return nil, err
		}
		paths = append(paths, m...)
	}
	sort.Strings(paths)
	var out []input
	for _, p := range paths {
		gc, err := goldentest.ReadCase(p)
		if err != nil {
			return nil, err
		}
		c, err := constraint.ParseAnswer(t, gc.Spec)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, input{name: rel, c: c, path: gc.Name, src: gc.Code})
	}
	return out, nil
}

// treeInputs are the files of dir under the constraints of type t its
// configuration (cfgPath, or dir's own) applies to them.
func treeInputs(dir, cfgPath string, t constraint.Type, capped bool) ([]input, error) {
	cfg, err := config.Load(dir, cfgPath)
	if err != nil {
		return nil, err
	}
	var out []input
	for _, e := range cfg.Constraints {
		if e.Constraint.Type != t {
			continue
		}
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			rel = filepath.ToSlash(rel)
			info, ok := lang.ByPath(rel)
			if !ok || info.ID != e.Constraint.Lang || !e.Applies(rel) || cfg.Excluded(rel) {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out = append(out, input{name: filepath.Base(dir) + "/" + rel + " " + e.Constraint.Spec, c: e.Constraint, path: rel, src: src, tree: capped})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
