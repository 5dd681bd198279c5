package main

// checkstyle's own inputs for its naming checks. checkstyle itself says
// which declarations a check covers (run once with a format nothing
// matches, every covered name is reported) and which of them break its
// default format (run again with the default); iflint agrees on a
// declaration when it flags it under the matching kind exactly when
// checkstyle does. Inputs whose header sets a non-default property
// depend on an option iflint does not model and are excluded, as are
// inputs Debian's checkstyle 8.36 cannot parse (the inputs are newer).

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules/naming"
)

const javaSpec = "java;class:PascalCase,function:camelCase,variable:camelCase,constant:UPPER_CASE"

// csChecks maps each checkstyle check to its input directory and the
// iflint declarations it corresponds to.
var csChecks = []struct {
	check, dir string
	kinds      func(naming.Target) bool
}{
	{"TypeName", "typename", func(t naming.Target) bool {
		switch t.Kind {
		case constraint.KindClass, constraint.KindInterface, constraint.KindEnum, constraint.KindAnnotation, constraint.KindRecord:
			return true
		}
		return false
	}},
	{"MethodName", "methodname", func(t naming.Target) bool { return t.Kind == constraint.KindMethod }},
	{"LocalVariableName", "localvariablename", func(t naming.Target) bool { return t.Kind == constraint.KindVariable }},
	{"MemberName", "membername", func(t naming.Target) bool { return t.Kind == constraint.KindField }},
	{"ConstantName", "constantname", func(t naming.Target) bool { return t.Kind == constraint.KindConstant }},
}

// csDefaults are property values that equal the default although the
// header does not mark them so.
var csDefaults = map[string]bool{"tokens = VARIABLE_DEF": true}

var csLineRE = regexp.MustCompile(`^\[\w+\] (.+?):(\d+):(?:\d+:)? Name '([^']*)' must match pattern '[^']*'\. \[(\w+)\]$`)

type nameAt struct {
	line int
	name string
}

func checkstyleLabelled(peers string) (tally, error) {
	t := newTally("checkstyle 8.36 (TypeName, MethodName, LocalVariableName, MemberName, ConstantName)")
	root := filepath.Join(peers, "checkstyle", "src", "test", "resources", "com", "puppycrawl", "tools", "checkstyle", "checks", "naming")
	tmp := mustTemp()
	defer os.RemoveAll(tmp)
	iflintOnly := 0
	for _, cs := range csChecks {
		files, _ := filepath.Glob(filepath.Join(root, cs.dir, "*.java"))
		cfg := writeFile(tmp, cs.check+".xml", []byte(fmt.Sprintf(`<?xml version="1.0"?>
<!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN" "https://checkstyle.org/dtds/configuration_1_3.dtd">
<module name="Checker"><module name="TreeWalker">
<module name="%[1]s"><property name="id" value="covered"/><property name="format" value="^$"/></module>
<module name="%[1]s"><property name="id" value="flagged"/></module>
</module></module>`, cs.check)))
		for _, f := range files {
			if why := csNonDefault(f); why != "" {
				t.excluded["non-default check property ("+why+")"]++
				continue
			}
			covered, flagged, err := runCheckstyle(cfg, f)
			if err != nil {
				t.excluded["checkstyle 8.36 cannot parse the input"]++
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				return t, err
			}
			targets, _, err := iflintTargets(filepath.Base(f), src, javaSpec)
			if err != nil {
				return t, err
			}
			mine := map[nameAt]bool{}
			for _, tg := range targets {
				if cs.kinds(tg) && !tg.OK {
					mine[nameAt{lineOf(src, tg.Start), tg.Name}] = true
				}
			}
			for at := range covered {
				what := fmt.Sprintf("%s %s:%d %q: checkstyle %v, iflint %v", cs.check, filepath.Base(f), at.line, at.name, flagged[at], mine[at])
				t.add(flagged[at] == mine[at], what)
			}
			for at := range mine {
				if !covered[at] {
					iflintOnly++
					if *verbose {
						fmt.Fprintf(os.Stderr, "  iflint-only %s %s:%d %q\n", cs.check, filepath.Base(f), at.line, at.name)
					}
				}
			}
		}
	}
	if iflintOnly > 0 {
		t.excluded["flagged by iflint where the check does not look (another checkstyle check's kind, e.g. final locals)"] = iflintOnly
	}
	return t, nil
}

// csNonDefault returns the first header property that is not marked
// "(default)", or "".
func csNonDefault(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return "unreadable"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in := false
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		switch {
		case l == "/*":
			in = true
		case l == "*/":
			return ""
		case in && strings.Contains(l, " = ") && !strings.Contains(l, "(default)") && !csDefaults[l]:
			name, _, _ := strings.Cut(l, " = ")
			return name
		}
	}
	return ""
}

// runCheckstyle returns the names the "covered" and "flagged" instances
// report in one file.
func runCheckstyle(cfg, file string) (covered, flagged map[nameAt]bool, err error) {
	out, _ := exec.Command("checkstyle", "-c", cfg, file).CombinedOutput()
	if !strings.Contains(string(out), "Audit done.") {
		return nil, nil, fmt.Errorf("checkstyle %s: %s", file, firstLines(string(out), 3))
	}
	covered, flagged = map[nameAt]bool{}, map[nameAt]bool{}
	for _, l := range strings.Split(string(out), "\n") {
		m := csLineRE.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		var line int
		fmt.Sscan(m[2], &line)
		at := nameAt{line, m[3]}
		if m[4] == "covered" {
			covered[at] = true
		} else {
			flagged[at] = true
		}
	}
	return covered, flagged, nil
}

func firstLines(s string, n int) string {
	ls := strings.SplitN(s, "\n", n+1)
	if len(ls) > n {
		ls = ls[:n]
	}
	return strings.Join(ls, " | ")
}
