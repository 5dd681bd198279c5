package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
)

// goDeclared parses each file with go/parser and returns every declared
// identifier (declared) and those revive's var-naming checks (covered),
// following rule/var_naming.go: := and range variables, functions and
// methods (not the names and parameters of Test*/Benchmark*/Example*/
// Fuzz* functions in _test.go files; their bodies are checked), their
// parameters and results, type/var/const specs, struct fields and the
// parameters of interface methods.
func goDeclared(files []string, srcs map[string][]byte) (declared, covered map[declKey]bool) {
	declared, covered = map[declKey]bool{}, map[declKey]bool{}
	for _, f := range files {
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, f, srcs[f], parser.SkipObjectResolution)
		if err != nil && af == nil {
			continue
		}
		key := func(id *ast.Ident) declKey { return declKey{f, fset.Position(id.Pos()).Line, id.Name} }
		decl := func(id *ast.Ident, rev bool) {
			if id == nil || id.Name == "_" {
				return
			}
			declared[key(id)] = true
			if rev {
				covered[key(id)] = true
			}
		}
		fields := func(fl *ast.FieldList, rev bool) {
			if fl == nil {
				return
			}
			for _, fd := range fl.List {
				for _, id := range fd.Names {
					decl(id, rev)
				}
			}
		}
		isTest := strings.HasSuffix(filepath.Base(f), "_test.go")
		ast.Inspect(af, func(n ast.Node) bool {
			switch v := n.(type) {
			case *ast.AssignStmt:
				if v.Tok == token.DEFINE {
					for _, e := range v.Lhs {
						if id, ok := e.(*ast.Ident); ok {
							decl(id, true)
						}
					}
				}
			case *ast.FuncDecl:
				name := v.Name.Name
				skip := isTest && (strings.HasPrefix(name, "Example") || strings.HasPrefix(name, "Test") || strings.HasPrefix(name, "Benchmark") || strings.HasPrefix(name, "Fuzz"))
				decl(v.Name, !skip)
				fields(v.Recv, false)
				fields(v.Type.TypeParams, false)
				fields(v.Type.Params, !skip)
				fields(v.Type.Results, !skip)

			case *ast.FuncLit:
				fields(v.Type.Params, false)
				fields(v.Type.Results, false)
			case *ast.FuncType:
				// A function type's parameter names (type f func(x int)),
				// which revive does not look at.
				fields(v.Params, false)
				fields(v.Results, false)
			case *ast.GenDecl:
				for _, sp := range v.Specs {
					switch s := sp.(type) {
					case *ast.TypeSpec:
						decl(s.Name, true)
						fields(s.TypeParams, false)
					case *ast.ValueSpec:
						for _, id := range s.Names {
							decl(id, true)
						}
					case *ast.ImportSpec:
						decl(s.Name, false)
					}
				}
			case *ast.InterfaceType:
				for _, m := range v.Methods.List {
					if ft, ok := m.Type.(*ast.FuncType); ok {
						for _, id := range m.Names {
							decl(id, false)
						}
						fields(ft.Params, true)
						fields(ft.Results, true)
					}
				}
			case *ast.RangeStmt:
				if v.Tok == token.DEFINE {
					for _, e := range []ast.Expr{v.Key, v.Value} {
						if id, ok := e.(*ast.Ident); ok {
							decl(id, true)
						}
					}
				}
			case *ast.StructType:
				fields(v.Fields, true)
			case *ast.LabeledStmt:
				decl(v.Label, false)
			}
			return true
		})
	}
	return declared, covered
}
