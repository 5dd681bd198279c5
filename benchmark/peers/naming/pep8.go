package main

// pep8-naming's testsuite: each case starts with "#: <code>[:line:col]"
// or "#: Okay", optionally followed by "(<options>)". A case agrees when
// iflint's findings, mapped to pep8-naming's codes, are the case's
// codes among N801 (class), N802 (function/method), N806 (variable in a
// function), N815 (class attribute) and N816 (global), with the line
// when the label gives one.

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/naming"
)

const pep8Spec = "python;class:PascalCase,function:snake_case,variable:snake_case"

var pep8Codes = map[string]bool{"N801": true, "N802": true, "N806": true, "N815": true, "N816": true}

var pep8CaseRE = regexp.MustCompile(`^#: (\w+)(?::(\d+)(?::(\d+))?:?)?(?:\((.+)\))?$`)

type pep8Case struct {
	file, code, options string
	line                int
	src                 []byte
	at                  int // line of the "#:" marker
}

func loadPep8Cases(dir string) ([]pep8Case, error) {
	var out []pep8Case
	for _, name := range []string{"N801.py", "N802.py", "N806.py", "N815.py", "N816.py", "N80x.py", "N8xx.py"} {
		f, err := os.Open(filepath.Join(dir, "pep8-naming", "testsuite", name))
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		var cur *pep8Case
		n := 0
		for sc.Scan() {
			n++
			line := sc.Text()
			if m := pep8CaseRE.FindStringSubmatch(line); m != nil {
				if cur != nil {
					out = append(out, *cur)
				}
				cur = &pep8Case{file: name, code: m[1], options: m[4], at: n}
				fmt.Sscan(m[2], &cur.line)
				continue
			}
			if cur != nil {
				cur.src = append(cur.src, line+"\n"...)
			}
		}
		f.Close()
		if cur != nil {
			out = append(out, *cur)
		}
	}
	return out, nil
}

// pep8Code maps a checked declaration to the code pep8-naming would
// report for it.
func pep8Code(t naming.Target) string {
	switch t.Kind {
	case constraint.KindFunction, constraint.KindMethod:
		return "N802"
	case constraint.KindParameter:
		return "N803"
	case constraint.KindImport:
		return "N81x"
	case constraint.KindField:
		return "N815"
	case constraint.KindVariable:
		if t.Scope == naming.ScopeFunction {
			return "N806"
		}
		return "N816"
	}
	return "N801" // class kinds and type aliases
}

func pep8Labelled(peers string) (tally, error) {
	t := newTally("pep8-naming (N801, N802, N806, N815, N816)")
	cases, err := loadPep8Cases(peers)
	if err != nil {
		return t, err
	}
	installed := newTally("installed pep8-naming vs the same labels")
	tmp := mustTemp()
	defer os.RemoveAll(tmp)
	for i, c := range cases {
		if c.code != "Okay" && !pep8Codes[c.code] {
			continue // another check's case (N803, N807, ...)
		}
		what := fmt.Sprintf("%s:%d %s", c.file, c.at, c.code)
		if c.options != "" {
			t.excluded["--ignore-names option (iflint has none)"]++
			continue
		}
		want := map[string]int{}
		if c.code != "Okay" {
			want[c.code] = c.line
		}
		targets, _, err := iflintTargets("case.py", c.src, pep8Spec)
		if err != nil {
			return t, err
		}
		got := map[string][]int{}
		for _, tg := range targets {
			if code := pep8Code(tg); !tg.OK && code != "N803" && code != "N81x" {
				got[code] = append(got[code], lineOf(c.src, tg.Start))
			}
		}
		agree := len(got) == len(want)
		for code, line := range want {
			lines, ok := got[code]
			agree = agree && ok && (line == 0 || containsInt(lines, line))
		}
		t.add(agree, fmt.Sprintf("%s: want %v, iflint %v\n%s", what, want, got, c.src))

		// The installed flake8 on the same case, for reference: the
		// test suite is newer than Debian's pep8-naming.
		p := writeFile(tmp, fmt.Sprintf("case%03d.py", i), c.src)
		codes, err := flake8Codes(p)
		if err != nil {
			return t, err
		}
		fagree := len(codes) == len(want)
		for code := range want {
			fagree = fagree && codes[code]
		}
		installed.add(fagree, what)
	}
	installed.printRow()
	return t, nil
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// flake8Codes runs flake8 with only our five pep8-naming codes.
func flake8Codes(path string) (map[string]bool, error) {
	out, err := exec.Command("flake8", "--select=N801,N802,N806,N815,N816", "--format=%(code)s", path).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			return nil, fmt.Errorf("flake8 %s: %v", path, err)
		}
	}
	codes := map[string]bool{}
	for _, l := range bytes.Fields(out) {
		codes[string(l)] = true
	}
	return codes, nil
}

func sortedCodes(m map[string]bool) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}
