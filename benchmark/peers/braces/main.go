// Command braces measures how far iflint's lint-profile brace rule agrees
// with the established linters' own labelled test inputs: checkstyle's
// LeftCurly inputs (`// violation` markers; option eol ↔ K&R, nl ↔
// Allman) and eslint's brace-style cases (1tbs ↔ 1TBS, allman ↔
// Allman), as extracted by eslint_cases.js. It prints one table row per
// family with every exclusion and its count; -v lists each disagreement.
// The peers' files are read where they are and never copied.
//
// usage: go run ./benchmark/peers/braces -checkstyle DIR -eslint CASES.json [-checkstyle-cmd checkstyle] [-v]
// (benchmark/peers/braces.sh runs both steps from a peers checkout.)
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/braces"
	"github.com/iflint/iflint/internal/syntax"
)

func main() {
	csDir := flag.String("checkstyle", "", "checkstyle's leftcurly input directory")
	esCases := flag.String("eslint", "", "eslint brace-style cases (JSON from eslint_cases.js)")
	verbose := flag.Bool("v", false, "list every disagreement")
	csCmd := flag.String("checkstyle-cmd", "", "also run this installed checkstyle on the inputs and compare with its output")
	flag.Parse()
	if *csDir == "" && *esCases == "" {
		fmt.Fprintln(os.Stderr, "usage: braces -checkstyle DIR -eslint CASES.json [-v]")
		os.Exit(2)
	}
	var rows []row
	var notes []string
	if *csDir != "" {
		r, n, err := checkstyle(*csDir, *csCmd, *verbose, os.Stderr)
		if err != nil {
			fmt.Fprintln(os.Stderr, "braces:", err)
			os.Exit(1)
		}
		rows, notes = append(rows, r...), append(notes, n...)
	}
	if *esCases != "" {
		r, err := eslint(*esCases, *verbose, os.Stderr)
		if err != nil {
			fmt.Fprintln(os.Stderr, "braces:", err)
			os.Exit(1)
		}
		rows = append(rows, r...)
	}
	fmt.Println("| family | compared | agree | agreement | excluded |")
	fmt.Println("|---|---|---|---|---|")
	for _, r := range rows {
		fmt.Printf("| %s | %d | %d | %.1f%% | %s |\n", r.family, r.compared, r.agree, 100*float64(r.agree)/float64(max(r.compared, 1)), r.excluded())
	}
	for _, n := range notes {
		fmt.Println()
		fmt.Println(n)
	}
}

type row struct {
	family          string
	compared, agree int
	excl            map[string]int
	exclAgree       map[string]int // excluded units where iflint agrees anyway
}

func (r *row) exclude(why string, agree bool) {
	if r.excl == nil {
		r.excl, r.exclAgree = map[string]int{}, map[string]int{}
	}
	r.excl[why]++
	if agree {
		r.exclAgree[why]++
	}
}

func (r row) excluded() string {
	if len(r.excl) == 0 {
		return "none"
	}
	var keys []string
	for k := range r.excl {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s: %d (%d agree anyway)", k, r.excl[k], r.exclAgree[k]))
	}
	return strings.Join(parts, "; ")
}

func problems(name string, code []byte, spec string) ([]braces.Problem, error) {
	c, err := constraint.ParseAnswer(constraint.Braces, spec)
	if err != nil {
		return nil, err
	}
	u := check.NewUnit(context.Background(), name, code, check.Lint)
	return braces.Problems(u, c)
}

// ---- eslint ----

type esCase struct {
	Valid   bool            `json:"valid"`
	Code    string          `json:"code"`
	Options json.RawMessage `json:"options"`
	Flipped *bool           `json:"flipped"`
}

func eslint(path string, verbose bool, w io.Writer) ([]row, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cases []esCase
	if err := json.Unmarshal(data, &cases); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	rows := map[string]*row{"1tbs": {family: "eslint brace-style 1tbs ↔ 1TBS"}, "allman": {family: "eslint brace-style allman ↔ Allman"}}
	styles := map[string]string{"1tbs": "1TBS", "allman": "Allman"}
	for i, c := range cases {
		var opts []any
		_ = json.Unmarshal(c.Options, &opts)
		style := "1tbs"
		if len(opts) > 0 {
			style, _ = opts[0].(string)
		}
		r := rows[style]
		if r == nil {
			continue // stroustrup: no iflint style means it
		}
		if c.Flipped == nil {
			return nil, fmt.Errorf("%s: no \"flipped\" verdicts; run eslint_cases.js with an eslint installation", path)
		}
		ps, err := problems("case.js", []byte(c.Code), "javascript;"+styles[style])
		if err != nil {
			return nil, fmt.Errorf("case %d: %w", i, err)
		}
		agree := (len(ps) == 0) == c.Valid
		if *c.Flipped != c.Valid {
			// The verdict depends on allowSingleLine: how one-line blocks
			// are read, which iflint fixes (K&R/1TBS accept them, Allman
			// accepts "{}").
			r.exclude("verdict depends on allowSingleLine", agree)
			continue
		}
		r.compared++
		if agree {
			r.agree++
		} else if verbose {
			fmt.Fprintf(w, "eslint %s case %d (valid=%v, options %s): iflint %d problem(s) %v\n%s\n---\n", style, i, c.Valid, c.Options, len(ps), messages(ps), c.Code)
		}
	}
	return []row{*rows["1tbs"], *rows["allman"]}, nil
}

func messages(ps []braces.Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, fmt.Sprintf("@%d %s", p.At, p.Message))
	}
	return out
}

// ---- checkstyle ----

var (
	optionRe           = regexp.MustCompile(`(?m)^option = (?:\(default\))?(.*)$`)
	ignoreEnumsFalseRe = regexp.MustCompile(`(?m)^ignoreEnums = false`)
	tokensRe           = regexp.MustCompile(`(?m)^tokens = ((?:.*\\\n)*.*)$`)
	markerRe           = regexp.MustCompile(`// (?:(\d+) )?violations?( above| below)?(.*)$`)
	messageRe          = regexp.MustCompile(`'\{' at column (\d+) (should [a-z ]+)`)
	toolLineRe         = regexp.MustCompile(`^\[(?:ERROR|WARN)\] .*?:(\d+):(?:\d+:)? .*\[LeftCurly\]`)
)

type marker struct {
	line, col int
	kind      string // "should be on the previous line", ...
}

func checkstyle(dir, csCmd string, verbose bool, w io.Writer) ([]row, []string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.java"))
	if err != nil || len(paths) == 0 {
		return nil, nil, fmt.Errorf("%s: no LeftCurly inputs (%v)", dir, err)
	}
	eol := row{family: "checkstyle LeftCurly eol markers ↔ K&R"}
	nl := row{family: "checkstyle LeftCurly nl markers ↔ Allman"}
	ranEOL := row{family: "installed checkstyle run, eol ↔ K&R"}
	ranNL := row{family: "installed checkstyle run, nl ↔ Allman"}
	var skippedFiles, failed []string
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		name := filepath.Base(path)
		m := optionRe.FindSubmatch(src)
		if m == nil {
			return nil, nil, fmt.Errorf("%s: no option line", path)
		}
		option := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(string(m[1]), `\t`, "")))
		var r *row
		spec := ""
		switch option {
		case "eol":
			r, spec = &eol, "java;K&R"
		case "nl":
			r, spec = &nl, "java;Allman"
		default:
			skippedFiles = append(skippedFiles, fmt.Sprintf("%s (option %s)", name, option))
			continue
		}
		cfg := fileConfig{tokens: map[string]bool{}, ignoreEnums: !ignoreEnumsFalseRe.Match(src)}
		if t := tokensRe.FindSubmatch(src); t != nil && !strings.HasPrefix(string(t[1]), "(default)") {
			for _, tok := range strings.FieldsFunc(string(t[1]), func(r rune) bool { return r == ',' || r == '\\' || r == ' ' || r == '\n' }) {
				cfg.tokens[tok] = true
			}
		}
		peer := map[int][]marker{}
		for _, m := range markers(src) {
			peer[m.line] = append(peer[m.line], m)
		}
		if err := compareFile(r, name, src, peer, spec, option, cfg, verbose, w); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		if csCmd == "" {
			continue
		}
		out, err := runCheckstyle(csCmd, path, option, cfg)
		if err != nil {
			failed = append(failed, fmt.Sprintf("%s (%v)", name, err))
			continue
		}
		ran := &ranEOL
		if option == "nl" {
			ran = &ranNL
		}
		if err := compareFile(ran, name, src, out, spec, option, cfg, verbose, w); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	notes := []string{"checkstyle inputs not compared (an option no iflint style means): " + strings.Join(skippedFiles, ", ")}
	rows := []row{eol, nl}
	if csCmd != "" {
		rows = append(rows, ranEOL, ranNL)
		notes = append(notes, fmt.Sprintf("inputs the installed checkstyle (%s) cannot process (newer syntax or properties), left out of its rows: %d: %s", csCmd, len(failed), strings.Join(failed, ", ")))
	}
	return rows, notes, nil
}

// runCheckstyle runs an installed checkstyle with the input's LeftCurly
// properties and returns its violations by line.
func runCheckstyle(cmd, path, option string, cfg fileConfig) (map[int][]marker, error) {
	props := fmt.Sprintf(`<property name="option" value="%s"/>`, option)
	if !cfg.ignoreEnums {
		props += `<property name="ignoreEnums" value="false"/>`
	}
	if len(cfg.tokens) > 0 {
		var ts []string
		for t := range cfg.tokens {
			ts = append(ts, t)
		}
		sort.Strings(ts)
		props += fmt.Sprintf(`<property name="tokens" value="%s"/>`, strings.Join(ts, ","))
	}
	xml := `<?xml version="1.0"?><!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN" "https://checkstyle.org/dtds/configuration_1_3.dtd">` +
		`<module name="Checker"><module name="TreeWalker"><module name="LeftCurly">` + props + `</module></module></module>`
	f, err := os.CreateTemp("", "leftcurly-*.xml")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	if _, err := f.WriteString(xml); err != nil {
		return nil, err
	}
	f.Close()
	out, _ := exec.Command(cmd, "-c", f.Name(), path).CombinedOutput()
	text := string(out)
	if !strings.Contains(text, "Audit done.") {
		first, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
		return nil, fmt.Errorf("%s", strings.TrimPrefix(first, "com.puppycrawl.tools.checkstyle.api.CheckstyleException: "))
	}
	res := map[int][]marker{}
	for _, l := range strings.Split(text, "\n") {
		m := toolLineRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		line, _ := strconv.Atoi(m[1])
		mk := marker{line: line}
		if msg := messageRe.FindStringSubmatch(l); msg != nil {
			mk.col, _ = strconv.Atoi(msg[1])
			mk.kind = msg[2]
		}
		res[line] = append(res[line], mk)
	}
	return res, nil
}

func markers(src []byte) []marker {
	var out []marker
	for i, line := range strings.Split(string(src), "\n") {
		m := markerRe.FindStringSubmatch(line)
		if m == nil || strings.HasPrefix(strings.TrimSpace(line), "*") {
			continue
		}
		at := i + 1
		switch m[2] {
		case " above":
			at--
		case " below":
			at++
		}
		n := 1
		if m[1] != "" {
			n, _ = strconv.Atoi(m[1])
		}
		msgs := messageRe.FindAllStringSubmatch(m[3], -1)
		for k := 0; k < n; k++ {
			mk := marker{line: at}
			if k < len(msgs) {
				mk.col, _ = strconv.Atoi(msgs[k][1])
				mk.kind = msgs[k][2]
			}
			out = append(out, mk)
		}
	}
	return out
}

// inferKinds names the violation of a marker that gives no message
// (`// 2 violations`): under eol, when every brace on the line is on its
// header's line, the only violation LeftCurly can mean is a missing line
// break after it.
func inferKinds(ms []marker, bl *braceLine) {
	for _, o := range bl.opens {
		if prevRow(o) != o.StartPoint().Row {
			return
		}
	}
	for i := range ms {
		if ms[i].kind == "" {
			ms[i].kind = "should have line break after"
		}
	}
}

// prevRow is the row where the code before n ends (comments skipped).
func prevRow(n syntax.Node) int {
	for m := n; m.Valid(); m = m.Parent() {
		for p := m.PrevSibling(); p.Valid(); p = p.PrevSibling() {
			if !strings.Contains(p.Type(), "comment") {
				return p.EndPoint().Row
			}
		}
	}
	return -1
}

// braceLine is what one line holds: its block braces (from the tree)
// and the constructs they open, as checkstyle token names.
type braceLine struct {
	opens     []syntax.Node
	construct []string
}

// fileConfig is an input's LeftCurly properties that matter here.
type fileConfig struct {
	tokens      map[string]bool // empty: the default tokens
	ignoreEnums bool
}

func compareFile(r *row, name string, src []byte, peer map[int][]marker, spec, option string, cfg fileConfig, verbose bool, w io.Writer) error {
	tree, err := syntax.Parse(context.Background(), lang.Java, src)
	if err != nil {
		return err
	}
	lines := map[int]*braceLine{}
	tree.Root().Walk(func(n syntax.Node) bool {
		if strings.Contains(n.Type(), "comment") || strings.Contains(n.Type(), "string") {
			return false
		}
		if n.Type() == "{" && n.ChildCount() == 0 {
			l := n.StartPoint().Row + 1
			if lines[l] == nil {
				lines[l] = &braceLine{}
			}
			lines[l].opens = append(lines[l].opens, n)
			lines[l].construct = append(lines[l].construct, checkstyleToken(n))
		}
		return true
	})
	ps, err := problems(name, src, spec)
	if err != nil {
		return err
	}
	ours := map[int][]braces.Problem{}
	for _, p := range ps {
		if p.Kind != braces.OpenOwnLine && p.Kind != braces.OpenOnHeader && p.Kind != braces.CodeAfterOpen {
			continue // closing braces and keywords: not LeftCurly's subject
		}
		l := 1 + strings.Count(string(src[:p.At]), "\n")
		ours[l] = append(ours[l], p)
	}
	units := map[int]bool{}
	for l := range lines {
		units[l] = true
	}
	for l := range peer {
		units[l] = true
	}
	for l := range ours {
		units[l] = true
	}
	srcLines := strings.Split(string(src), "\n")
	for l := range units {
		bl := lines[l]
		if bl == nil {
			bl = &braceLine{}
		}
		if option == "eol" {
			inferKinds(peer[l], bl)
		}
		agree := (len(peer[l]) > 0) == (len(ours[l]) > 0)
		if why := exclusion(option, cfg, bl, peer[l], srcLines[l-1]); why != "" {
			r.exclude(why, agree)
			continue
		}
		r.compared++
		if agree {
			r.agree++
		} else if verbose {
			fmt.Fprintf(w, "%s %s:%d: checkstyle %v, iflint %v\n    %s\n", r.family, name, l, peer[l], messages(ours[l]), srcLines[l-1])
		}
	}
	return nil
}

// exclusion says why a line is not compared, or "". Each reason is a
// point where checkstyle's LeftCurly means something else than the brace
// style, decided from the input alone, never from iflint's answer.
func exclusion(option string, cfg fileConfig, bl *braceLine, peer []marker, text string) string {
	if commentBeforeBrace(bl, text) {
		// checkstyle issue 11410: LeftCurly looks only for blanks before
		// "{" on its line, so a comment there hides a brace that is not on
		// its header's line; the inputs mark these "ok until #11410".
		return "comment before \"{\" on its line (checkstyle issue #11410)"
	}
	if !cfg.ignoreEnums && len(bl.construct) > 0 && allAre(bl.construct, "ENUM_DEF") {
		return "enum body with ignoreEnums = false (iflint reads enum bodies as value lists, checkstyle's default)"
	}
	tokens := cfg.tokens
	if len(tokens) > 0 {
		configured := false
		for _, c := range bl.construct {
			configured = configured || tokens[c]
		}
		if !configured {
			return "brace of a construct outside the input's tokens"
		}
	}
	if len(peer) > 0 {
		allBreak := true
		for _, m := range peer {
			allBreak = allBreak && strings.HasPrefix(m.kind, "should have line break")
		}
		if allBreak && oneLineBlocks(bl) {
			return "line break after \"{\" of a one-line block"
		}
	}
	if option == "eol" && len(peer) == 0 && strings.HasPrefix(strings.TrimSpace(text), "{}") {
		// LeftCurly skips a "{" directly followed by "}"; K&R still wants
		// an empty block's brace on its header's line.
		return "\"{}\" on a line of its own (LeftCurly skips \"{}\")"
	}
	return ""
}

func commentBeforeBrace(bl *braceLine, text string) bool {
	for _, o := range bl.opens {
		before := strings.TrimSpace(text[:o.StartPoint().Col])
		if prevRow(o) == o.StartPoint().Row {
			continue // on its header's line: the comment changes nothing
		}
		if strings.HasSuffix(before, "*/") && !strings.Contains(before, "/*") || strings.HasPrefix(before, "/*") && strings.HasSuffix(before, "*/") {
			return true
		}
	}
	return false
}

func allAre(xs []string, want string) bool {
	for _, x := range xs {
		if x != want {
			return false
		}
	}
	return true
}

func oneLineBlocks(bl *braceLine) bool {
	if len(bl.opens) == 0 {
		return false
	}
	for _, o := range bl.opens {
		b := o.Parent()
		if b.EndPoint().Row != o.StartPoint().Row {
			return false
		}
	}
	return true
}

// checkstyleToken names the LeftCurly token whose brace n is.
func checkstyleToken(n syntax.Node) string {
	b := n.Parent()
	p := b.Parent()
	switch b.Type() {
	case "array_initializer", "element_value_array_initializer":
		return "literal"
	case "switch_block":
		return "LITERAL_SWITCH"
	case "enum_body":
		return "ENUM_DEF"
	case "annotation_type_body":
		return "ANNOTATION_DEF"
	case "interface_body":
		return "INTERFACE_DEF"
	case "constructor_body":
		return "CTOR_DEF"
	case "class_body":
		switch p.Type() {
		case "enum_constant":
			return "ENUM_CONSTANT_DEF"
		case "record_declaration":
			return "RECORD_DEF"
		case "object_creation_expression":
			return "OBJBLOCK"
		}
		return "CLASS_DEF"
	}
	switch p.Type() {
	case "method_declaration":
		return "METHOD_DEF"
	case "constructor_declaration":
		return "CTOR_DEF"
	case "compact_constructor_declaration":
		return "COMPACT_CTOR_DEF"
	case "lambda_expression":
		return "LAMBDA"
	case "static_initializer":
		return "STATIC_INIT"
	case "switch_rule":
		return "SWITCH_RULE"
	case "switch_block_statement_group":
		if prev := b.PrevSibling(); prev.Type() == ":" {
			if lbl := prev.PrevSibling(); strings.HasPrefix(lbl.Text(), "default") {
				return "LITERAL_DEFAULT"
			}
			return "LITERAL_CASE"
		}
		return "SLIST"
	case "if_statement":
		if prev := b.PrevSibling(); prev.Type() == "else" {
			return "LITERAL_ELSE"
		}
		return "LITERAL_IF"
	case "while_statement":
		return "LITERAL_WHILE"
	case "do_statement":
		return "LITERAL_DO"
	case "for_statement", "enhanced_for_statement":
		return "LITERAL_FOR"
	case "try_statement", "try_with_resources_statement":
		return "LITERAL_TRY"
	case "catch_clause":
		return "LITERAL_CATCH"
	case "finally_clause":
		return "LITERAL_FINALLY"
	case "synchronized_statement":
		return "LITERAL_SYNCHRONIZED"
	}
	return "SLIST"
}
