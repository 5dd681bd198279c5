package main

// Java: checkstyle's MissingJavadocType, MissingJavadocMethod and
// JavadocMethod. Declarations are enumerated from the tree-sitter tree;
// findings map to the declaration whose lines, from its first token (its
// Javadoc included) to its name, hold them.

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
	"github.com/iflint/iflint/internal/syntax"
)

var (
	javaTypes   = map[string]bool{"class_declaration": true, "interface_declaration": true, "enum_declaration": true, "record_declaration": true, "annotation_type_declaration": true}
	javaMembers = map[string]bool{"method_declaration": true, "constructor_declaration": true, "compact_constructor_declaration": true, "annotation_type_element_declaration": true}
)

type javaCase struct {
	name      string
	member    bool
	lo, hi    int // first line (its Javadoc's when it has one) .. the line of the name
	docLo     int
	iflint    []string
	ref, peer []string
}

// javaCases lists every type and member declaration of a file.
func javaCases(src []byte) ([]*javaCase, error) {
	t, err := syntax.Parse(context.Background(), lang.Java, src)
	if err != nil {
		return nil, err
	}
	var out []*javaCase
	t.Root().Walk(func(n syntax.Node) bool {
		typ := n.Type()
		if !javaTypes[typ] && !javaMembers[typ] {
			return true
		}
		name := n.Field("name")
		c := &javaCase{name: name.Text(), member: javaMembers[typ], lo: n.StartPoint().Row + 1, hi: name.StartPoint().Row + 1}
		// The comments on lines of their own directly before it are its.
		for p := n.PrevSibling(); p.Valid() && strings.HasSuffix(p.Type(), "comment"); p = p.PrevSibling() {
			if q := p.PrevSibling(); q.Valid() && q.EndPoint().Row == p.StartPoint().Row {
				break // a trailing comment of the line above
			}
			c.lo = p.StartPoint().Row + 1
		}
		out = append(out, c)
		return true
	})
	return out, nil
}

func javaAssign(cases []*javaCase, l int) []*javaCase {
	var best *javaCase
	for _, c := range cases {
		if c.lo <= l && l <= c.hi && (best == nil || c.hi-c.lo < best.hi-best.lo) {
			best = c
		}
	}
	if best == nil {
		return nil
	}
	return []*javaCase{best}
}

// checkstyleKey turns a checkstyle message into a problem key shared with
// iflint's messages; "" for messages of other checks.
func checkstyleKey(msg string) string {
	q := func() string {
		if i := strings.Index(msg, "'"); i >= 0 {
			if j := strings.Index(msg[i+1:], "'"); j >= 0 {
				return msg[i+1 : i+1+j]
			}
		}
		return "?"
	}
	switch {
	case strings.HasPrefix(msg, "Missing a Javadoc comment"):
		return "missing"
	case strings.HasPrefix(msg, "Expected @param tag for"):
		return "expected @param " + q()
	case strings.HasPrefix(msg, "Expected @return tag"), strings.HasPrefix(msg, "@return tag should be present"):
		return "expected @return"
	case strings.HasPrefix(msg, "Unused @param tag for"):
		return "unused @param " + q()
	case strings.HasPrefix(msg, "Duplicate @param tag"):
		return "duplicate @param"
	case strings.HasPrefix(msg, "Duplicate @return tag"):
		return "duplicate @return"
	case strings.HasPrefix(msg, "Unused Javadoc tag"):
		return "unused tag"
	case strings.HasPrefix(msg, "Invalid use of the"):
		return "invalid inheritDoc"
	case strings.HasPrefix(msg, "Expected @throws tag"), strings.HasPrefix(msg, "Unused @throws tag"):
		return "throws"
	}
	return ""
}

// iflintJavaKey is the same key for an iflint finding.
func iflintJavaKey(is doclint.Issue) string {
	m := is.Message
	switch {
	case is.Problem == doclint.Missing:
		return "missing"
	case strings.Contains(m, "has no @param for "):
		return "expected @param " + m[strings.LastIndex(m, "has no @param for ")+len("has no @param for "):]
	case strings.Contains(m, "has no @return"):
		return "expected @return"
	case strings.HasPrefix(m, "duplicate @param"):
		return "duplicate @param"
	case strings.HasPrefix(m, "duplicate @return"):
		return "duplicate @return"
	case strings.Contains(m, "names no parameter"):
		return "unused @param " + strings.Fields(m)[1]
	case strings.Contains(m, "documents nothing there"):
		return "unused tag"
	case strings.HasPrefix(m, "{@inheritDoc}"):
		return "invalid inheritDoc"
	}
	return "?" + m
}

func iflintJava(path string, src []byte) ([]doclint.Issue, *check.Unit, error) {
	ds, _ := doclint.StyleFor("javadoc")
	u := check.NewUnit(context.Background(), path, src, check.Lint)
	is, _, err := doclint.Issues(u, ds)
	return is, u, err
}

var checkstyleLineRE = regexp.MustCompile(`^\[(?:ERROR|WARN)\] (.+?):(\d+)(?::\d+)?: (.*) \[(\w+)\]$`)

type csFinding struct {
	line       int
	check, msg string
	key        string
}

// runCheckstyle runs the checks (default options) on files; findings by
// path, and the files checkstyle could not process.
func runCheckstyle(checks []string, files []string) (map[string][]csFinding, map[string]bool, error) {
	tmp, err := os.MkdirTemp("", "docpeers-cs")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	var mods strings.Builder
	for _, c := range checks {
		fmt.Fprintf(&mods, "    <module name=%q/>\n", c)
	}
	cfg := filepath.Join(tmp, "cfg.xml")
	xml := `<?xml version="1.0"?>
<!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN" "https://checkstyle.org/dtds/configuration_1_3.dtd">
<module name="Checker">
  <module name="TreeWalker">
` + mods.String() + `  </module>
</module>
`
	if err := os.WriteFile(cfg, []byte(xml), 0o644); err != nil {
		return nil, nil, err
	}
	out := map[string][]csFinding{}
	failed := map[string]bool{}
	// In batches: one JVM per few hundred files keeps the command line
	// short. Checkstyle 8.36 stops at a file it cannot parse; that file is
	// set aside and the batch run again without it.
	for i := 0; i < len(files); i += 400 {
		batch := files[i:min(i+400, len(files))]
		for {
			var todo []string
			for _, f := range batch {
				if !failed[f] {
					todo = append(todo, f)
				}
			}
			if len(todo) == 0 {
				break
			}
			cmd := exec.Command(*checkstyleBin, append([]string{"-c", cfg}, todo...)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			_ = cmd.Run() // exits with the number of findings
			m := csFailRE.FindStringSubmatch(stderr.String())
			if m != nil && !failed[m[1]] {
				failed[m[1]] = true
				continue
			}
			sc := bufio.NewScanner(&stdout)
			sc.Buffer(make([]byte, 1<<20), 1<<20)
			for sc.Scan() {
				m := checkstyleLineRE.FindStringSubmatch(sc.Text())
				if m == nil {
					continue
				}
				l, _ := strconv.Atoi(m[2])
				out[m[1]] = append(out[m[1]], csFinding{l, m[4], m[3], checkstyleKey(m[3])})
			}
			break
		}
	}
	return out, failed, nil
}

var csFailRE = regexp.MustCompile(`Exception was thrown while processing (\S+\.java)`)

var violationRE = regexp.MustCompile(`//\s*violation(\s+above|\s+below|\s+(\d+)\s+lines?\s+(above|below))?\s+'([^']*)'`)

// checkstyleOptions reads the options an input's header comment sets
// away from their defaults, and whether it has such a header (inputs
// without one serve unit tests of the check's helpers, with no labels).
func checkstyleOptions(src []byte, check string) (opts []string, header bool) {
	s := strings.TrimSpace(string(src))
	end := strings.Index(s, "*/")
	if end < 0 || !strings.HasPrefix(s, "/*") {
		return nil, false
	}
	lines := strings.Split(s[:end], "\n")
	if len(lines) < 2 || strings.TrimSpace(lines[1]) != check {
		return nil, false
	}
	for _, l := range lines[2:] {
		k, v, ok := strings.Cut(l, "=")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !strings.HasPrefix(v, "(default)") && k != "" && !strings.ContainsAny(k, " *") {
			opts = append(opts, k+"="+v)
		}
	}
	return opts, true
}

// labelKind is the kind of problem a checkstyle label or message names
// (without the parameter it is about), "" for other checks' messages.
func labelKind(msg string) string {
	k := checkstyleKey(msg)
	switch {
	case k == "" && strings.Contains(msg, "@return"):
		return "expected @return" // 2026's "@return tag should be present and have description."
	case k == "" && strings.Contains(msg, "@throws"), k == "throws":
		return "throws"
	case k == "" && strings.Contains(msg, "@param") && strings.HasPrefix(msg, "Un"):
		return "unused @param"
	}
	if i := strings.Index(k, " '"); i >= 0 {
		k = k[:i]
	}
	for _, p := range []string{"expected @param", "unused @param"} {
		if strings.HasPrefix(k, p) {
			return p
		}
	}
	return k
}

// checkstyleLabelled measures one check's labelled inputs: the declared
// members of each input, their labels, iflint's findings of the kinds
// the check reports, and checkstyle 8.36's own verdicts with default
// options.
func checkstyleLabelled(root, subdir, checkName string, keep func(doclint.Issue) bool) (labels, peer *tally, err error) {
	labels, peer = &tally{}, &tally{}
	dir := filepath.Join(root, "src/test/resources/com/puppycrawl/tools/checkstyle/checks/javadoc", subdir)
	files, err := filepath.Glob(filepath.Join(dir, "*.java"))
	if err != nil || len(files) == 0 {
		return nil, nil, fmt.Errorf("no %s inputs under %s (%v)", checkName, dir, err)
	}
	sort.Strings(files)
	canRun := have(*checkstyleBin)
	var def map[string][]csFinding
	var failed map[string]bool
	if canRun {
		if def, failed, err = runCheckstyle([]string{checkName}, files); err != nil {
			return nil, nil, err
		}
	} else {
		peer.notes = append(peer.notes, "unverified: checkstyle is not installed")
	}
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, nil, err
		}
		cases, err := javaCases(src)
		if err != nil {
			return nil, nil, err
		}
		var members []*javaCase
		for _, c := range cases {
			if c.member {
				members = append(members, c)
			}
		}
		for i, l := range strings.Split(string(src), "\n") {
			for _, m := range violationRE.FindAllStringSubmatch(l, -1) {
				kind := labelKind(m[4])
				if kind == "" {
					continue
				}
				at, n, dir := i+1, 1, strings.TrimSpace(m[1])
				if m[2] != "" {
					n, _ = strconv.Atoi(m[2])
					dir = m[3]
				}
				switch dir {
				case "above":
					at -= n
				case "below":
					at += n
				}
				cs := javaAssign(members, at)
				if len(cs) == 0 {
					c := &javaCase{name: fmt.Sprintf("label at line %d", at), member: true, lo: at, hi: at}
					members = append(members, c)
					cs = []*javaCase{c}
				}
				cs[0].ref = append(cs[0].ref, kind)
			}
		}
		issues, u, err := iflintJava(p, src)
		if err != nil {
			return nil, nil, err
		}
		for _, is := range issues {
			if !keep(is) {
				continue
			}
			l, _ := u.Position(is.Start)
			for _, c := range javaAssign(members, l) {
				c.iflint = append(c.iflint, labelKind(iflintCheckstyleMessage(is)))
			}
		}
		for _, f := range def[p] {
			for _, c := range javaAssign(members, f.line) {
				c.peer = append(c.peer, labelKind(f.msg))
			}
		}
		opts, header := checkstyleOptions(src, checkName)
		for _, c := range members {
			where := fmt.Sprintf("%s:%d %s", filepath.Base(p), c.lo, c.name)
			switch {
			case !header:
				labels.exclude("not a labelled input of the check: the file has no check configuration (it serves a unit test of the check's helpers)")
			case canRun && failed[p]:
				labels.exclude("checkstyle 8.36 cannot process the file")
			case canRun && len(opts) > 0 && !same(c.ref, c.peer):
				labels.exclude("the label depends on a non-default option of the input's configuration (" + optionNames(opts) + ")")
			default:
				labels.add(c.iflint, c.ref, where)
			}
			if canRun && !failed[p] && header {
				peer.add(c.iflint, c.peer, where)
			}
		}
	}
	return labels, peer, nil
}

// iflintCheckstyleMessage words an iflint finding as checkstyle would,
// for labelKind.
func iflintCheckstyleMessage(is doclint.Issue) string {
	k := iflintJavaKey(is)
	switch {
	case k == "missing":
		return "Missing a Javadoc comment."
	case strings.HasPrefix(k, "expected @param"):
		return "Expected @param tag for '" + strings.TrimPrefix(k, "expected @param ") + "'."
	case k == "expected @return":
		return "Expected @return tag."
	case strings.HasPrefix(k, "unused @param"):
		return "Unused @param tag for '" + strings.TrimPrefix(k, "unused @param ") + "'."
	case k == "duplicate @param":
		return "Duplicate @param tag."
	case k == "duplicate @return":
		return "Duplicate @return tag."
	case k == "unused tag":
		return "Unused Javadoc tag."
	case k == "invalid inheritDoc":
		return "Invalid use of the {@inheritDoc} tag."
	}
	return k
}

// optionNames lists the options set, without their values.
func optionNames(opts []string) string {
	var names []string
	for _, o := range opts {
		k, _, _ := strings.Cut(o, "=")
		names = append(names, k)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func javaTypeKind(k string) bool {
	switch k {
	case "class", "interface", "enum", "record", "annotation type":
		return true
	}
	return false
}
