// Package clangformat reads a repository's .clang-format: the layout
// options of the style it sets for C and C++, resolved against the
// predefined style it is based on, as clang-format resolves them. iflint
// reads no other option, and never runs clang-format here: `iflint init`
// uses the style to write only the layout constraints the formatter
// agrees with (see internal/infer).
package clangformat

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Style is the layout a .clang-format sets for one language.
type Style struct {
	BasedOn              string // the predefined style, as written ("LLVM" when none is)
	IndentWidth          int
	TabWidth             int
	UseTab               string // Never, ForIndentation, ForContinuationAndIndentation, AlignWithSpaces, Always
	BreakBeforeBraces    string // Attach, Linux, Mozilla, Stroustrup, Allman, Whitesmiths, GNU, WebKit, Custom
	AccessModifierOffset int
	IndentPPDirectives   string // None, AfterHash, BeforeHash
	IndentCaseLabels     bool
	IndentGotoLabels     bool
	NamespaceIndentation string // None, Inner, All
	// ContinuationIndentWidth is the indent of a wrapped line; with
	// AlignAfterOpenBracket Align, a bracket's content that starts on
	// the bracket's line is aligned after it instead.
	ContinuationIndentWidth int
	AlignAfterOpenBracket   string // Align, DontAlign, AlwaysBreak, BlockIndent
	ColumnLimit             int
	// ConstructorInitializerIndentWidth indents a constructor's
	// initializer list; BreakConstructorInitializers (BeforeColon,
	// BeforeComma, AfterColon) says where its lines break.
	ConstructorInitializerIndentWidth int
	BreakConstructorInitializers      string
	AlignOperands                     string // Align, DontAlign, AlignAfterOperator
	// BraceWrapping is read under BreakBeforeBraces Custom: which
	// braces break before them (AfterClass, BeforeElse, ...).
	BraceWrapping map[string]string
}

// base holds the options of clang-format's predefined styles that Style
// reads (clang/lib/Format/Format.cpp, getLLVMStyle and its variants).
var base = map[string]Style{
	"llvm": {IndentWidth: 2, TabWidth: 8, UseTab: "Never", BreakBeforeBraces: "Attach", AccessModifierOffset: -2, IndentPPDirectives: "None", IndentGotoLabels: true, ConstructorInitializerIndentWidth: 4, BreakConstructorInitializers: "BeforeColon", AlignOperands: "Align",
		NamespaceIndentation: "None", ContinuationIndentWidth: 4, AlignAfterOpenBracket: "Align", ColumnLimit: 80},
	"google": {IndentWidth: 2, TabWidth: 8, UseTab: "Never", BreakBeforeBraces: "Attach", AccessModifierOffset: -1, IndentPPDirectives: "None", IndentGotoLabels: true, ConstructorInitializerIndentWidth: 4, BreakConstructorInitializers: "BeforeColon", AlignOperands: "Align",
		IndentCaseLabels: true, NamespaceIndentation: "None", ContinuationIndentWidth: 4, AlignAfterOpenBracket: "Align", ColumnLimit: 80},
	"chromium": {IndentWidth: 2, TabWidth: 8, UseTab: "Never", BreakBeforeBraces: "Attach", AccessModifierOffset: -1, IndentPPDirectives: "None", IndentGotoLabels: true, ConstructorInitializerIndentWidth: 4, BreakConstructorInitializers: "BeforeColon", AlignOperands: "Align",
		IndentCaseLabels: true, NamespaceIndentation: "None", ContinuationIndentWidth: 4, AlignAfterOpenBracket: "Align", ColumnLimit: 80},
	"mozilla": {IndentWidth: 2, TabWidth: 8, UseTab: "Never", BreakBeforeBraces: "Mozilla", AccessModifierOffset: -2, IndentPPDirectives: "None", IndentGotoLabels: true, ConstructorInitializerIndentWidth: 2, BreakConstructorInitializers: "BeforeComma", AlignOperands: "Align",
		IndentCaseLabels: true, NamespaceIndentation: "None", ContinuationIndentWidth: 2, AlignAfterOpenBracket: "Align", ColumnLimit: 80},
	"webkit": {IndentWidth: 4, TabWidth: 8, UseTab: "Never", BreakBeforeBraces: "WebKit", AccessModifierOffset: -4, IndentPPDirectives: "None", IndentGotoLabels: true, ConstructorInitializerIndentWidth: 4, BreakConstructorInitializers: "BeforeComma", AlignOperands: "DontAlign",
		NamespaceIndentation: "Inner", ContinuationIndentWidth: 4, AlignAfterOpenBracket: "DontAlign", ColumnLimit: 0},
	"gnu": {IndentWidth: 2, TabWidth: 8, UseTab: "Never", BreakBeforeBraces: "GNU", AccessModifierOffset: -2, IndentPPDirectives: "None", IndentGotoLabels: true, ConstructorInitializerIndentWidth: 4, BreakConstructorInitializers: "BeforeColon", AlignOperands: "Align",
		NamespaceIndentation: "None", ContinuationIndentWidth: 4, AlignAfterOpenBracket: "Align", ColumnLimit: 79},
	"microsoft": {IndentWidth: 4, TabWidth: 4, UseTab: "Never", BreakBeforeBraces: "Custom", AccessModifierOffset: -2, IndentPPDirectives: "None", IndentGotoLabels: true, ConstructorInitializerIndentWidth: 4, BreakConstructorInitializers: "BeforeColon", AlignOperands: "Align",
		NamespaceIndentation: "None", ContinuationIndentWidth: 4, AlignAfterOpenBracket: "Align", ColumnLimit: 120},
}

// document is one YAML document of a .clang-format; absent options stay
// nil so that the base style's value shows through.
type document struct {
	Language              string            `yaml:"Language"`
	BasedOnStyle          string            `yaml:"BasedOnStyle"`
	IndentWidth           *num              `yaml:"IndentWidth"`
	TabWidth              *num              `yaml:"TabWidth"`
	UseTab                *string           `yaml:"UseTab"`
	BreakBeforeBraces     *string           `yaml:"BreakBeforeBraces"`
	AccessModifierOffset  *num              `yaml:"AccessModifierOffset"`
	IndentPPDirectives    *string           `yaml:"IndentPPDirectives"`
	IndentCaseLabels      *flag             `yaml:"IndentCaseLabels"`
	IndentGotoLabels      *flag             `yaml:"IndentGotoLabels"`
	NamespaceIndentation  *string           `yaml:"NamespaceIndentation"`
	ContinuationIndent    *num              `yaml:"ContinuationIndentWidth"`
	AlignAfterOpenBracket *string           `yaml:"AlignAfterOpenBracket"`
	ColumnLimit           *num              `yaml:"ColumnLimit"`
	CtorInitIndent        *num              `yaml:"ConstructorInitializerIndentWidth"`
	BreakCtorInits        *string           `yaml:"BreakConstructorInitializers"`
	AlignOperands         *string           `yaml:"AlignOperands"`
	BreakCtorBeforeComma  *flag             `yaml:"BreakConstructorInitializersBeforeComma"`
	BraceWrapping         map[string]string `yaml:"BraceWrapping"`
}

// Parse reads a .clang-format's text and returns the style it sets for
// C and C++ (clang-format's `Language: Cpp`, which governs both, or a
// document with no Language), and false when it sets none. name is for
// messages.
func Parse(name string, data []byte) (Style, bool, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []document
	pick := -1
	for i := 1; ; i++ {
		var d document
		err := dec.Decode(&d)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Style{}, false, fmt.Errorf("%s: document %d: %w", name, i, err)
		}
		docs = append(docs, d)
		switch strings.ToLower(d.Language) {
		case "cpp", "c":
			pick = len(docs) - 1
		case "":
			if pick < 0 && len(docs) == 1 {
				pick = 0 // the default section, unless a Cpp one follows
			}
		}
	}
	if pick < 0 {
		return Style{}, false, nil
	}
	// A later document starts from the first (the default section) as
	// its template, and its own BasedOnStyle resets it, as clang-format's
	// DocumentListTraits read them.
	chain := []document{docs[pick]}
	if pick > 0 && docs[0].Language == "" && docs[pick].BasedOnStyle == "" {
		chain = []document{docs[0], docs[pick]}
	}
	b := "LLVM"
	for _, d := range chain {
		if d.BasedOnStyle != "" {
			b = d.BasedOnStyle
		}
	}
	s, ok := base[strings.ToLower(b)]
	if !ok {
		return Style{}, false, fmt.Errorf("%s: BasedOnStyle %q: expected one of LLVM, Google, Chromium, Mozilla, WebKit, GNU, Microsoft", name, b)
	}
	s.BasedOn = b
	for _, d := range chain {
		d.apply(&s)
	}
	return s, true, nil
}

// apply sets the options d writes.
func (d document) apply(s *Style) {
	if d.IndentWidth != nil {
		s.IndentWidth = int(*d.IndentWidth)
	}
	if d.TabWidth != nil {
		s.TabWidth = int(*d.TabWidth)
	}
	if d.UseTab != nil {
		s.UseTab = useTab(*d.UseTab)
	}
	if d.BreakBeforeBraces != nil {
		s.BreakBeforeBraces = *d.BreakBeforeBraces
	}
	if d.AccessModifierOffset != nil {
		s.AccessModifierOffset = int(*d.AccessModifierOffset)
	}
	if d.IndentPPDirectives != nil {
		s.IndentPPDirectives = *d.IndentPPDirectives
	}
	if d.IndentCaseLabels != nil {
		s.IndentCaseLabels = bool(*d.IndentCaseLabels)
	}
	if d.IndentGotoLabels != nil {
		s.IndentGotoLabels = bool(*d.IndentGotoLabels)
	}
	if d.NamespaceIndentation != nil {
		s.NamespaceIndentation = *d.NamespaceIndentation
	}
	if d.ContinuationIndent != nil {
		s.ContinuationIndentWidth = int(*d.ContinuationIndent)
	}
	if d.AlignAfterOpenBracket != nil {
		s.AlignAfterOpenBracket = *d.AlignAfterOpenBracket
	}
	if d.CtorInitIndent != nil {
		s.ConstructorInitializerIndentWidth = int(*d.CtorInitIndent)
	}
	if d.BreakCtorBeforeComma != nil && bool(*d.BreakCtorBeforeComma) {
		s.BreakConstructorInitializers = "BeforeComma" // the older spelling
	}
	if d.AlignOperands != nil {
		s.AlignOperands = alignOperands(*d.AlignOperands)
	}
	if d.BreakCtorInits != nil {
		s.BreakConstructorInitializers = *d.BreakCtorInits
	}
	if d.ColumnLimit != nil {
		s.ColumnLimit = int(*d.ColumnLimit)
	}
	if len(d.BraceWrapping) > 0 && s.BraceWrapping == nil {
		s.BraceWrapping = map[string]string{}
	}
	for k, v := range d.BraceWrapping {
		s.BraceWrapping[k] = v
	}
}

// useTab folds the boolean spellings clang-format still accepts.
func useTab(v string) string {
	switch strings.ToLower(v) {
	case "true":
		return "Always"
	case "false":
		return "Never"
	}
	return v
}

// Find returns the .clang-format (or _clang-format) governing dir: the
// first found walking up from dir to root, as clang-format searches, or
// "" when there is none.
func Find(root, dir string) string {
	root = filepath.Clean(root)
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		for _, n := range []string{".clang-format", "_clang-format"} {
			if fi, err := os.Stat(filepath.Join(d, n)); err == nil && fi.Mode().IsRegular() {
				return filepath.Join(d, n)
			}
		}
		if d == root || !strings.HasPrefix(d, root) || d == filepath.Dir(d) {
			return ""
		}
	}
}

// Indentation is the iflint indentation_spacing value this style's
// indentation is, or "" with why when iflint has none for it.
func (s Style) Indentation() (string, string) {
	switch s.UseTab {
	case "Never":
		if s.IndentWidth < 1 || s.IndentWidth > 16 {
			return "", fmt.Sprintf("IndentWidth %d is outside iflint's 1 to 16 spaces", s.IndentWidth)
		}
		return fmt.Sprintf("spaces:%d", s.IndentWidth), ""
	case "ForIndentation", "ForContinuationAndIndentation", "AlignWithSpaces", "Always":
		if s.IndentWidth != s.TabWidth {
			return "", fmt.Sprintf("UseTab %s with IndentWidth %d and TabWidth %d mixes tabs and spaces within a level", s.UseTab, s.IndentWidth, s.TabWidth)
		}
		return "tabs", ""
	}
	return "", fmt.Sprintf("UseTab %q is not one clang-format defines", s.UseTab)
}

// Braces is the iflint brace_block_formatting value this style's
// braces are, or "" with why when iflint has none for it: Attach keeps
// every brace and `} else {` on the header's line (iflint's 1TBS), and
// Allman breaks before every brace; the others break before some
// braces only (functions, classes, namespaces) or indent them (GNU).
func (s Style) Braces() (string, string) {
	switch s.BreakBeforeBraces {
	case "Attach":
		return "1TBS", ""
	case "Allman":
		return "Allman", ""
	case "Custom":
		return s.customBraces()
	}
	return "", fmt.Sprintf("BreakBeforeBraces %s places some braces on lines of their own and others not, which none of iflint's brace styles (K&R, 1TBS, Allman) is", s.BreakBeforeBraces)
}

// wrapKeys are the BraceWrapping options that place the braces iflint's
// rule judges: every one set is Allman, every one clear is 1TBS.
var wrapKeys = []string{"AfterClass", "AfterControlStatement", "AfterEnum", "AfterFunction", "AfterNamespace",
	"AfterStruct", "AfterUnion", "AfterExternBlock", "BeforeCatch", "BeforeElse"}

// customBraces reads BreakBeforeBraces Custom: Allman when BraceWrapping
// breaks before every brace iflint judges, 1TBS when before none.
func (s Style) customBraces() (string, string) {
	var set, clear []string
	for _, k := range wrapKeys {
		switch strings.ToLower(s.BraceWrapping[k]) {
		case "true", "always", "multiline":
			set = append(set, k)
		default: // false, Never, or unset (clang-format's default is false)
			clear = append(clear, k)
		}
	}
	switch {
	case len(clear) == 0:
		return "Allman", ""
	case len(set) == 0:
		return "1TBS", ""
	}
	return "", fmt.Sprintf("BreakBeforeBraces Custom breaks before some braces (%s) and not others (%s), which none of iflint's brace styles (K&R, 1TBS, Allman) is", strings.Join(set, ", "), strings.Join(clear, ", "))
}

// Describe names the style's layout options for messages.
func (s Style) Describe() string {
	return fmt.Sprintf("BasedOnStyle %s, IndentWidth %d, UseTab %s, BreakBeforeBraces %s", s.BasedOn, s.IndentWidth, s.UseTab, s.BreakBeforeBraces)
}

// alignOperands folds the boolean spellings of AlignOperands.
func alignOperands(v string) string {
	switch strings.ToLower(v) {
	case "true":
		return "Align"
	case "false":
		return "DontAlign"
	}
	return v
}

// num and flag read an option's number or boolean as clang-format does,
// quoted or not (`IndentWidth: "4"`, `IndentCaseLabels: "false"`).
type (
	num  int
	flag bool
)

func (n *num) UnmarshalYAML(v *yaml.Node) error {
	x, err := strconv.Atoi(strings.TrimSpace(v.Value))
	if err != nil {
		return fmt.Errorf("line %d: %q is not a number", v.Line, v.Value)
	}
	*n = num(x)
	return nil
}

func (f *flag) UnmarshalYAML(v *yaml.Node) error {
	x, err := strconv.ParseBool(strings.TrimSpace(v.Value))
	if err != nil {
		return fmt.Errorf("line %d: %q is not true or false", v.Line, v.Value)
	}
	*f = flag(x)
	return nil
}

// AfterExternBlock is BraceWrapping's AfterExternBlock as clang-format
// expands BreakBeforeBraces: set by Allman, GNU, Mozilla and
// Whitesmiths, and under Custom as written.
func (s Style) AfterExternBlock() bool {
	switch s.BreakBeforeBraces {
	case "Allman", "GNU", "Mozilla", "Whitesmiths":
		return true
	case "Custom":
		v := strings.ToLower(s.BraceWrapping["AfterExternBlock"])
		return v == "true"
	}
	return false
}
