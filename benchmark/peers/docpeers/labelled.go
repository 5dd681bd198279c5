package main

// The peers' own labelled test inputs: revive's exported rule
// (testdata/exported*.go, testdata/golint/*.go and the directive tests,
// labelled with "// MATCH" comments) and checkstyle's MissingJavadocMethod
// (its test resources, labelled with "// violation" comments). A case is
// a declaration; its reference verdict is the label's. Cases whose label
// depends on something iflint does not model are excluded, each reason
// counted: a label that differs from the peer's own verdict with default
// options, where the test configures options, and revive's stutter check
// (a naming finding, not a doc comment).

import (
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/rules/comments/doclint"
)

func labelled(w io.Writer, peers string) error {
	fmt.Fprintln(w, "### Labelled test inputs")
	fmt.Fprintln(w)
	printHeader(w, "family")
	gl, gp, err := reviveLabelled(filepath.Join(peers, "revive"))
	if err != nil {
		return err
	}
	cs := filepath.Join(peers, "checkstyle")
	jl, jp, err := checkstyleLabelled(cs, "missingjavadocmethod", "MissingJavadocMethod", func(is doclint.Issue) bool {
		return is.Problem == doclint.Missing && !javaTypeKind(is.Kind)
	})
	if err != nil {
		return err
	}
	ml, mp, err := checkstyleLabelled(cs, "javadocmethod", "JavadocMethod", func(is doclint.Issue) bool { return is.Problem == doclint.Tag })
	if err != nil {
		return err
	}
	printTally(w, "revive `exported` (labels)", gl)
	printTally(w, "checkstyle MissingJavadocMethod (labels)", jl)
	printTally(w, "checkstyle JavadocMethod (labels)", ml)
	rt, err := rustcOwn(filepath.Join("internal", "rules", "comments", "testdata", "comment_formatting"))
	if err != nil {
		return err
	}
	printTally(w, "rustc `missing_docs` on iflint's own Rust goldens (flagged items)", rt)
	rc, err := rustcCrates(filepath.Join("internal", "rules", "comments", "testdata", "rustdoc_crate"))
	if err != nil {
		return err
	}
	printTally(w, "rustc `missing_docs` on iflint's own Rust crate goldens (flagged items)", rc)
	printTally(w, "revive v1.17.0 `exported`, default options, same files", gp)
	printTally(w, "checkstyle 8.36 MissingJavadocMethod, default options, same files", jp)
	printTally(w, "checkstyle 8.36 JavadocMethod, default options, same files", mp)
	fmt.Fprintln(w)
	printDetails(w, "revive labels", gl)
	printDetails(w, "checkstyle labels", jl)
	printDetails(w, "revive default", gp)
	printDetails(w, "checkstyle default", jp)
	printDetails(w, "JavadocMethod labels", ml)
	printDetails(w, "JavadocMethod default", mp)
	printDetails(w, "rustc", rt)
	printDetails(w, "rustc crates", rc)
	return nil
}

var (
	matchRE        = regexp.MustCompile(`MATCH(:(\d+))? `)
	reviveCallRE   = regexp.MustCompile(`(testRule|testRuleWithLintConfig)\(t, "([^"]+)", &rule\.ExportedRule\{\}(.*)`)
	emptyConfigsRE = regexp.MustCompile(`^\s*(\)|, &lint\.RuleConfig\{\}\)|, lint\.Config\{\}\))\s*$`)
)

// reviveTests maps each testdata file the exported rule is tested on to
// whether its test configures options.
func reviveTests(root string) (map[string]bool, error) {
	out := map[string]bool{}
	tests, err := filepath.Glob(filepath.Join(root, "test", "*_test.go"))
	if err != nil {
		return nil, err
	}
	for _, t := range tests {
		b, err := os.ReadFile(t)
		if err != nil {
			return nil, err
		}
		for _, m := range reviveCallRE.FindAllStringSubmatch(string(b), -1) {
			p := filepath.Join(root, "testdata", m[2]+".go")
			out[p] = out[p] || !emptyConfigsRE.MatchString(m[3])
		}
	}
	golint, err := filepath.Glob(filepath.Join(root, "testdata", "golint", "*.go"))
	if err != nil {
		return nil, err
	}
	for _, p := range golint {
		out[p] = out[p] || false // TestAll: no configuration
	}
	return out, nil
}

func reviveLabelled(root string) (labels, peer *tally, err error) {
	labels, peer = &tally{}, &tally{}
	files, err := reviveTests(root)
	if err != nil {
		return nil, nil, err
	}
	var paths []string
	for p := range files {
		if _, err := os.Stat(p); err == nil {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	canRun := have(*reviveBin)
	if !canRun {
		peer.notes = append(peer.notes, "unverified: revive is not installed")
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, nil, err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, src, parser.ParseComments)
		if err != nil {
			labels.exclude("the file does not parse with go/parser")
			continue
		}
		cases := goCases(fset, f)
		// Labels: each MATCH line of a comment group refers to the group's
		// first line, or the line it names (revive's parseInstructions).
		for _, cg := range f.Comments {
			ln := fset.Position(cg.Pos()).Line
			for _, l := range strings.Split(cg.Text(), "\n") {
				m := matchRE.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				kind := goKind(l)
				if kind == "" {
					continue
				}
				at := ln
				if m[2] != "" {
					at, _ = strconv.Atoi(m[2])
				}
				if kind == "stutter" {
					labels.exclude("revive's stutter check: a naming finding, not a doc comment")
					continue
				}
				cs := assign(cases, at)
				if len(cs) == 0 {
					c := &goCase{name: fmt.Sprintf("label at line %d", at), lo: at, hi: at, exported: true, unmatchedL: true}
					cases = append(cases, c)
					cs = []*goCase{c}
				}
				for _, c := range cs {
					c.ref = append(c.ref, kind)
				}
			}
		}
		issues, u, err := iflintGo(p, src)
		if err != nil {
			return nil, nil, err
		}
		for _, is := range issues {
			l, _ := u.Position(is.Start)
			for _, c := range assign(cases, l) {
				c.iflint = append(c.iflint, iflintGoKind(is.Problem))
			}
		}
		var stripped, withDirectives []reviveFailure
		if canRun {
			if withDirectives, err = runRevive(filepath.Dir(p), filepath.Base(p)); err != nil {
				return nil, nil, err
			}
			// The same file with revive's own //revive: directives turned
			// into plain comments: suppression is the engine's job.
			tmp, err := os.MkdirTemp("", "docpeers")
			if err != nil {
				return nil, nil, err
			}
			cp := filepath.Join(tmp, filepath.Base(p))
			if err := os.WriteFile(cp, []byte(strings.ReplaceAll(string(src), "//revive:", "//xrevive:")), 0o644); err != nil {
				return nil, nil, err
			}
			stripped, err = runRevive(tmp, filepath.Base(p))
			os.RemoveAll(tmp)
			if err != nil {
				return nil, nil, err
			}
		}
		directive := map[*goCase][]string{}
		for _, fl := range withDirectives {
			if k := goKind(fl.Failure); k != "" && k != "stutter" {
				for _, c := range assign(cases, fl.Position.Start.Line) {
					directive[c] = append(directive[c], k)
				}
			}
		}
		for _, fl := range stripped {
			if k := goKind(fl.Failure); k != "" && k != "stutter" {
				for _, c := range assign(cases, fl.Position.Start.Line) {
					c.peer = append(c.peer, k)
				}
			}
		}
		for _, c := range cases {
			if !c.exported && len(c.ref) == 0 && len(c.iflint) == 0 && len(c.peer) == 0 {
				continue // unexported: neither could flag it
			}
			where := fmt.Sprintf("%s:%d %s", filepath.Base(p), c.lo, c.name)
			switch {
			case canRun && files[p] && !same(c.ref, directive[c]):
				labels.exclude("the label depends on a non-default option of the test's configuration (" + filepath.Base(p) + ")")
			case canRun && !same(directive[c], c.peer):
				labels.exclude("the label depends on a //revive:disable directive (suppressions are the engine's, not the rule's; " + filepath.Base(p) + ")")
			default:
				labels.add(c.iflint, c.ref, where)
			}
			if canRun {
				peer.add(c.iflint, c.peer, where)
			}
		}
	}
	return labels, peer, nil
}

func same(a, b []string) bool {
	a, b = append([]string(nil), a...), append([]string(nil), b...)
	sort.Strings(a)
	sort.Strings(b)
	return strings.Join(a, ",") == strings.Join(b, ",")
}

// rustGoldens is the Rust part of labelled alone (it needs rustc only,
// no checkout of a peer).
func rustGoldens(w io.Writer) error {
	rt, err := rustcOwn(filepath.Join("internal", "rules", "comments", "testdata", "comment_formatting"))
	if err != nil {
		return err
	}
	rc, err := rustcCrates(filepath.Join("internal", "rules", "comments", "testdata", "rustdoc_crate"))
	if err != nil {
		return err
	}
	printHeader(w, "family")
	printTally(w, "rustc `missing_docs` on iflint's own Rust goldens (flagged items)", rt)
	printTally(w, "rustc `missing_docs` on iflint's own Rust crate goldens (flagged items)", rc)
	fmt.Fprintln(w)
	printDetails(w, "rustc", rt)
	printDetails(w, "rustc crates", rc)
	return nil
}
