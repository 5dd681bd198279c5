package main

// eslint's camelcase tests: valid and invalid code strings. A case
// agrees when iflint finds a naming violation exactly in the invalid
// ones. Cases whose verdict depends on a camelcase option iflint does
// not model (eslint_cases.js says which) are excluded by that option.

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
)

const jsSpec = "javascript;class:PascalCase,function:camelCase,variable:camelCase,import:camelCase"

type eslintCase struct {
	Kind         string `json:"kind"`
	Code         string `json:"code"`
	LabelInvalid bool   `json:"labelInvalid"`
	Own          struct {
		Invalid bool   `json:"invalid"`
		Error   string `json:"error"`
	} `json:"own"`
	DependsOn string `json:"dependsOn"`
}

// script is this package's directory, for the node helpers.
func script(name string) string {
	_, self, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(self), name)
}

func eslintLabelled(peers string) (tally, error) {
	t := newTally("eslint camelcase")
	out, err := exec.Command("node", script("eslint_cases.js"), filepath.Join(peers, "eslint"), *eslintDir).Output()
	if err != nil {
		return t, fmt.Errorf("eslint_cases.js: %v", err)
	}
	var cases []eslintCase
	if err := json.Unmarshal(out, &cases); err != nil {
		return t, err
	}
	propTotal, propAgree := 0, 0
	defer func() {
		if propTotal > 0 {
			t.excluded[fmt.Sprintf("option properties (iflint: \"never\" for object keys and member assignments, \"always\" for class members; agrees with the label on %d of them)", propAgree)] = propTotal
		}
	}()
	for _, c := range cases {
		switch {
		case c.Own.Error != "":
			t.excluded["eslint cannot parse the case"]++
			continue
		case c.Own.Invalid != c.LabelInvalid:
			t.excluded["installed eslint 9 disagrees with the newer label"]++
			continue
		case c.DependsOn == "references":
			t.excluded["reports only a reference to an undeclared global (iflint checks declarations)"]++
			continue
		case c.DependsOn == "properties":
			// Reported apart: how often iflint still agrees with the
			// label, which used the case's own properties value.
			_, r, err := iflintTargets("case.js", []byte(c.Code), jsSpec)
			if err != nil {
				return t, err
			}
			propTotal++
			if (len(r.Findings) > 0) == c.LabelInvalid {
				propAgree++
			}
			continue
		case c.DependsOn != "":
			t.excluded["option "+c.DependsOn]++
			continue
		}
		_, r, err := iflintTargets("case.js", []byte(c.Code), jsSpec)
		if err != nil {
			return t, err
		}
		got := len(r.Findings) > 0
		var msgs []string
		for _, f := range r.Findings {
			msgs = append(msgs, f.Message)
		}
		t.add(got == c.LabelInvalid, fmt.Sprintf("%s %q: iflint %v", c.Kind, c.Code, msgs))
	}
	return t, nil
}
