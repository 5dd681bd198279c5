package main

// Go: revive's exported rule. Declarations are enumerated with go/parser
// (independently of iflint's tree-sitter reading); findings and labels
// map to a declaration by line: from its doc comment (or its first line)
// to its name, or, for a type spec without a doc of its own, its block's
// doc comment.

import (
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
)

type goCase struct {
	name       string
	lo, hi     int // lines: doc (or declaration) start .. name
	glo, ghi   int // the block's doc, for type specs that use it
	exported   bool
	iflint     []string
	ref, peer  []string
	unmatchedL bool
}

// goCases lists the declarations revive's exported rule considers: every
// top-level function, method, type spec and value spec (one case per
// spec, however many names it declares).
func goCases(fset *token.FileSet, f *ast.File) []*goCase {
	line := func(p token.Pos) int { return fset.Position(p).Line }
	var out []*goCase
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			c := &goCase{name: d.Name.Name, lo: line(d.Pos()), hi: line(d.Name.Pos()), exported: ast.IsExported(d.Name.Name)}
			if d.Recv != nil && len(d.Recv.List) > 0 {
				c.name = recvName(d.Recv.List[0].Type) + "." + c.name
			}
			if d.Doc != nil {
				c.lo = line(d.Doc.Pos())
			}
			out = append(out, c)
		case *ast.GenDecl:
			if d.Tok == token.IMPORT {
				continue
			}
			grouped := d.Lparen.IsValid()
			for _, s := range d.Specs {
				c := &goCase{}
				var doc *ast.CommentGroup
				switch s := s.(type) {
				case *ast.TypeSpec:
					c.name, c.hi, c.exported, doc = s.Name.Name, line(s.Name.Pos()), ast.IsExported(s.Name.Name), s.Doc
					if grouped && d.Doc != nil && (s.Doc == nil || strings.TrimSpace(s.Doc.Text()) == "") {
						c.glo, c.ghi = line(d.Doc.Pos()), line(d.Doc.End())
					}
				case *ast.ValueSpec:
					var names []string
					for _, n := range s.Names {
						names = append(names, n.Name)
						c.exported = c.exported || ast.IsExported(n.Name)
					}
					c.name, c.hi, doc = strings.Join(names, ","), line(s.Names[len(s.Names)-1].Pos()), s.Doc
				}
				c.lo = line(s.Pos())
				if !grouped {
					c.lo, doc = line(d.Pos()), d.Doc
				}
				if doc != nil {
					c.lo = line(doc.Pos())
				}
				out = append(out, c)
			}
		}
	}
	return out
}

func recvName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	switch x := e.(type) {
	case *ast.IndexExpr:
		e = x.X
	case *ast.IndexListExpr:
		e = x.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return "?"
}

// goKind classifies an exported-rule message; "" is another rule's.
func goKind(msg string) string {
	switch {
	case strings.Contains(msg, "package comment"):
		return "" // revive's package-comments rule
	case strings.Contains(msg, "stutters") || strings.Contains(msg, "is repetitive"):
		return "stutter"
	case strings.Contains(msg, "should have its own declaration"):
		return "own"
	case strings.Contains(msg, "should be of the form"):
		return "form"
	case strings.Contains(msg, "should have comment") || strings.Contains(msg, "should be commented"):
		return "missing"
	}
	return ""
}

func iflintGoKind(p doclint.Problem) string {
	switch p {
	case doclint.Form:
		return "form"
	case doclint.OwnDecl:
		return "own"
	}
	return "missing"
}

// assign maps a finding on line l to the cases it is about: the one whose
// span holds l, else the type specs reading their block's doc there.
func assign(cases []*goCase, l int) []*goCase {
	var out []*goCase
	for _, c := range cases {
		if c.lo <= l && l <= c.hi {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		for _, c := range cases {
			if c.glo <= l && l <= c.ghi && c.glo > 0 {
				out = append(out, c)
			}
		}
	}
	return out
}

// iflintGo runs the lint GoDoc rule on a file.
func iflintGo(path string, src []byte) ([]doclint.Issue, *check.Unit, error) {
	ds, _ := doclint.StyleFor("godoc")
	u := check.NewUnit(context.Background(), path, src, check.Lint)
	is, _, err := doclint.Issues(u, ds)
	return is, u, err
}

type reviveFailure struct {
	Failure  string
	RuleName string
	Position struct {
		Start struct {
			Filename string
			Line     int
		}
	}
}

// runRevive runs revive's exported rule (defaults) on the given files or
// patterns from dir; results by file name as revive prints it.
func runRevive(dir string, args ...string) ([]reviveFailure, error) {
	tmp, err := os.MkdirTemp("", "docpeers-revive")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	cfg := filepath.Join(tmp, "revive.toml")
	if err := os.WriteFile(cfg, []byte("confidence = 0.0\n[rule.exported]\n"), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(*reviveBin, append([]string{"-config", cfg, "-formatter", "json"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("revive %v: %w", args, err)
	}
	var fs []reviveFailure
	if s := strings.TrimSpace(string(out)); s != "" && s != "null" {
		if err := json.Unmarshal([]byte(s), &fs); err != nil {
			return nil, fmt.Errorf("revive output: %w", err)
		}
	}
	return fs, nil
}
