package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// gofmtMislabelled are inputs the line-matching label gets wrong, read
// by hand: the rule's verdict is gofmt's there.
var gofmtMislabelled = map[string]string{
	"src/cmd/gofmt/testdata/import.input":   "label misses a change: gofmt moves `\"math\")` to an indented line of its own",
	"src/go/printer/testdata/complit.input": "label misses a change: gofmt indents line 42 one tab deeper and drops its comma",
	"src/cmd/gofmt/testdata/ranges.input":   "label sees a change that is none: gofmt splits `{}` into two lines, no line is re-indented",
}

// gofmtCases labels Go's own printer and gofmt test files: a file is
// flagged when the gofmt binary, run on it, changes the indentation of
// a line (lines matched by a longest common subsequence of their text
// without blanks, independently of how the rule pairs tokens).
func gofmtCases(goroot string) ([]labelled, error) {
	if goroot == "" {
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			return nil, err
		}
		goroot = strings.TrimSpace(string(out))
	}
	var names []string
	for _, d := range []string{"src/go/printer/testdata", "src/cmd/gofmt/testdata"} {
		for _, ext := range []string{"*.golden", "*.input"} {
			m, err := filepath.Glob(filepath.Join(goroot, d, ext))
			if err != nil {
				return nil, err
			}
			names = append(names, m...)
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no Go printer/gofmt testdata under %s", goroot)
	}
	sort.Strings(names)
	gofmt := filepath.Join(goroot, "bin", "gofmt")
	var out []labelled
	for _, n := range names {
		src, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		kind := "golden"
		if strings.HasSuffix(n, ".input") {
			kind = "input"
		}
		rel, _ := filepath.Rel(goroot, n)
		c := labelled{family: "gofmt " + kind + " files", id: rel, name: "case.go", code: src, spec: "go;tabs"}
		if why, ok := gofmtMislabelled[filepath.ToSlash(rel)]; ok {
			c.exclude = "mislabelled by the line matching (read by hand): " + why
		}
		cmd := exec.Command(gofmt)
		cmd.Stdin = bytes.NewReader(src)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		formatted, err := cmd.Output()
		if err != nil {
			c.exclude = "gofmt cannot parse it"
		} else if c.exclude == "" {
			c.flagged = indentChanged(src, formatted)
		}
		out = append(out, c)
	}
	return out, nil
}

// indentChanged reports whether a line of a keeps its text but not its
// leading blanks in b.
func indentChanged(a, b []byte) bool {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	// Lines are matched by their text without any blanks, so a line
	// whose operators gofmt respaces still pairs with its new self.
	trim := func(s string) string { return strings.NewReplacer(" ", "", "\t", "", "\r", "").Replace(s) }
	n, m := len(la), len(lb)
	dp := make([][]int32, n+1)
	for i := range dp {
		dp[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if trim(la[i]) == trim(lb[j]) {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case trim(la[i]) == trim(lb[j]):
			lead := func(s string) string { return s[:len(s)-len(strings.TrimLeft(s, " \t"))] }
			if trim(la[i]) != "" && lead(la[i]) != lead(lb[j]) {
				return true
			}
			i++
			j++
		case dp[i+1][j] >= dp[i][j+1]:
			i++
		default:
			j++
		}
	}
	return false
}
