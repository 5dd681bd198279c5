package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// pycodestyleCovered are the codes the lint profile reports for Python
// (internal/check/indent_python.go): the rest of E1/E2 is not
// indentation_spacing's business (E20x extraneous whitespace, E26x
// comments, E27x keywords) or is off in pycodestyle's default
// configuration (E123, E126, E226, E24x).
var pycodestyleCovered = map[string]bool{
	"E101": true, "W191": true, "E111": true, "E112": true, "E113": true, "E114": true, "E115": true,
	"E116": true, "E117": true, "E121": true, "E122": true, "E124": true, "E125": true, "E127": true,
	"E128": true, "E129": true, "E131": true,
	"E225": true, "E227": true, "E228": true, "E231": true, "E251": true, "E252": true,
}

//go:embed pycodestyle_run.py
var pycodestyleRun string

// pycodestylePython is the interpreter whose pycodestyle re-labels the
// cases (Debian's python3-pycodestyle); "" skips that comparison.
var pycodestylePython = "/usr/bin/python3"

// installedPycodestyle relabels cases by running the installed
// pycodestyle on them: a second comparison beside the data files'
// markers, which follow pycodestyle's development version.
func installedPycodestyle(cases []labelled) ([]labelled, string, error) {
	var srcs []string
	for _, c := range cases {
		srcs = append(srcs, string(c.code))
	}
	in, err := json.Marshal(srcs)
	if err != nil {
		return nil, "", err
	}
	cmd := exec.Command(pycodestylePython, "-c", pycodestyleRun)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w: %s", pycodestylePython, err, stderr.String())
	}
	var res struct {
		Version string
		Codes   [][]string
	}
	if err := json.Unmarshal(out, &res); err != nil {
		return nil, "", err
	}
	var rel []labelled
	for i, c := range cases {
		c.family += " (pycodestyle " + res.Version + " run)"
		c.flagged = false
		for _, k := range res.Codes[i] {
			c.flagged = c.flagged || pycodestyleCovered[k]
		}
		rel = append(rel, c)
	}
	return rel, res.Version, nil
}

var pycCaseRE = regexp.MustCompile(`(?m)^(#:.*\n)`)

// pycodestyleCases reads pycodestyle's testing/data files the way its
// test_data.py does: each "#: CODES" comment starts a case that runs to
// the next one; the case is flagged when it lists a covered code.
func pycodestyleCases(peers string) ([]labelled, error) {
	dir := filepath.Join(peers, "pycodestyle", "testing", "data")
	names, err := filepath.Glob(filepath.Join(dir, "*.py"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no pycodestyle data in %s", dir)
	}
	sort.Strings(names)
	var out []labelled
	for _, path := range names {
		base := filepath.Base(path)
		family := ""
		switch {
		case strings.HasPrefix(base, "E1") || strings.HasPrefix(base, "W19"):
			family = "pycodestyle E1/W19"
		case strings.HasPrefix(base, "E2"):
			family = "pycodestyle E2"
		default:
			continue
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		src := string(b)
		locs := pycCaseRE.FindAllStringIndex(src, -1)
		type part struct{ marker, code string }
		var parts []part
		if len(locs) == 0 || locs[0][0] > 0 {
			end := len(src)
			if len(locs) > 0 {
				end = locs[0][0]
			}
			parts = append(parts, part{"#: Okay", src[:end]})
		}
		for i, l := range locs {
			end := len(src)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			parts = append(parts, part{src[l[0]:l[1]], src[l[1]:end]})
		}
		line := 1
		for _, p := range parts {
			if strings.TrimSpace(p.code) == "" {
				line += strings.Count(p.marker+p.code, "\n")
				continue
			}
			id := fmt.Sprintf("%s:%d %s", base, line, strings.TrimSpace(p.marker))
			line += strings.Count(p.marker+p.code, "\n")
			code := p.code
			c := labelled{family: family, id: id, name: "case.py", spec: "python;spaces:4;spacing"}
			for _, f := range strings.Fields(strings.TrimPrefix(strings.TrimSpace(p.marker), "#:")) {
				switch {
				case f == "Okay":
				case f == "noeol":
					code = strings.TrimRight(code, "\n")
				default:
					k, _, _ := strings.Cut(f, ":")
					if strings.HasPrefix(k, "E9") {
						c.exclude = "syntax error cases (E9xx)"
					}
					if pycodestyleCovered[k] {
						c.flagged = true
					}
				}
			}
			c.code = []byte(code)
			out = append(out, c)
		}
	}
	if pycodestylePython != "" {
		rel, _, err := installedPycodestyle(out)
		if err != nil {
			return nil, err
		}
		out = append(out, rel...)
	}
	return out, nil
}
