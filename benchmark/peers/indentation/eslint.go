package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

//go:embed eslint_extract.js
var eslintExtract []byte

type eslintCase struct {
	Kind    string            `json:"kind"`
	Code    string            `json:"code"`
	Options []json.RawMessage `json:"options"`
	Parser  string            `json:"parser"`
	Errors  []int             `json:"errors"`
}

// eslintDefaults are the indent rule's option defaults: a case that sets
// an option to its default is compared, any other option excludes it.
var eslintDefaults = map[string]string{
	`"SwitchCase"`: "0", `"VariableDeclarator"`: "1", `"outerIIFEBody"`: "1", `"MemberExpression"`: "1",
	`"FunctionDeclaration"`: `{"parameters":1,"body":1}`, `"FunctionExpression"`: `{"parameters":1,"body":1}`,
	`"StaticBlock"`: `{"body":1}`, `"CallExpression"`: `{"arguments":1}`, `"ArrayExpression"`: "1",
	`"ObjectExpression"`: "1", `"ImportDeclaration"`: "1", `"flatTernaryExpressions"`: "false",
	`"offsetTernaryExpressions"`: "false", `"ignoreComments"`: "false", `"ignoredNodes"`: "[]",
}

// eslintCases runs the indent rule's test file through node with a
// stand-in RuleTester that prints every case, and labels each.
func eslintCases(peers string) ([]labelled, error) {
	test := filepath.Join(peers, "eslint", "tests", "lib", "rules", "indent.js")
	if _, err := os.Stat(test); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "iflint-eslint")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	script := filepath.Join(dir, "extract.js")
	if err := os.WriteFile(script, eslintExtract, 0o644); err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd := exec.Command("node", script, peers)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node %s: %w: %s", script, err, stderr.String())
	}
	var cases []labelled
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	n := 0
	for sc.Scan() {
		var c eslintCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, err
		}
		n++
		l := labelled{family: "eslint indent", id: fmt.Sprintf("eslint#%d (%s)", n, c.Kind), name: "case.js",
			code: []byte(c.Code), flagged: c.Kind == "invalid", spec: "javascript;spaces:4"}
		if c.Parser != "" {
			l.exclude = "custom parser (unknown-nodes fixtures)"
		}
		if len(c.Options) > 0 {
			o := strings.TrimSpace(string(c.Options[0]))
			switch {
			case o == `"tab"`:
				l.spec = "javascript;tabs"
			case o == "0":
				l.exclude = "indent size 0"
			default:
				l.spec = "javascript;spaces:" + o
			}
		}
		if len(c.Options) > 1 && l.exclude == "" {
			var opts map[string]json.RawMessage
			if err := json.Unmarshal(c.Options[1], &opts); err != nil {
				return nil, err
			}
			var keys []string
			for k, v := range opts {
				var compact bytes.Buffer
				json.Compact(&compact, v)
				if k == "SwitchCase" && (compact.String() == "0" || compact.String() == "1") {
					continue // followed per switch statement (see README)
				}
				if eslintDefaults[`"`+k+`"`] != compact.String() {
					keys = append(keys, k)
				}
			}
			sort.Strings(keys)
			if len(keys) > 0 {
				l.exclude = "non-default option " + keys[0]
			}
		}
		cases = append(cases, l)
	}
	return cases, sc.Err()
}
