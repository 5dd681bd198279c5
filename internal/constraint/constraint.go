package constraint

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/clangformat"
	"github.com/iflint/iflint/internal/lang"
)

// Constraint is one parsed constraint. Which fields are set depends on the
// Type; the parser fills them from a MultiCodeIF answer spec or a config
// entry.
type Constraint struct {
	Type Type `json:"type"`
	// Lang is the target language; LangName keeps the spelling used.
	Lang     lang.ID `json:"language,omitempty"`
	LangName string  `json:"language_name,omitempty"`
	// Spec is the original text the constraint was parsed from.
	Spec string `json:"spec,omitempty"`

	// Name is the subject: the function/method (function), the library,
	// the data structure (data_structure_*), the function whose interface
	// is constrained (input_*/output_*), the feature (advanced_syntax), the
	// version (language_version) or the style (brace, comment).
	Name string `json:"name,omitempty"`
	// Forbidden negates library and function: "!pickle" forbids the
	// library Name, and every import or call of it is a finding.
	Forbidden bool `json:"forbidden,omitempty"`
	// Items are operations (data_structure_operation) or the ordered kinds
	// (input_type has one, input_order/output_order several).
	Items []string `json:"items,omitempty"`
	// Size is the required size (data_structure_size).
	Size int `json:"size,omitempty"`
	// Naming lists case rules per kind (naming_convention), in spec order.
	Naming []NamingRule `json:"naming,omitempty"`
	// Indent and Spacing describe indentation_spacing.
	Indent  *Indent `json:"indent,omitempty"`
	Spacing Spacing `json:"spacing,omitempty"`
	// Detail is the evidence for judged types: a reference implementation,
	// the expected property, or the style/framework description.
	Detail string `json:"detail,omitempty"`
}

// NamingRule requires names of one kind (class, struct, function,
// variable, ...) to follow a case convention.
type NamingRule struct {
	Kind       string `json:"kind"`
	Convention string `json:"convention"`
}

// Indent is the indentation unit: tabs, or spaces of Width. Reading,
// when set, names the formatter whose layout the lint profile reads the
// unit with ("prettier", for JavaScript and TypeScript); empty is the
// language's default reading.
type Indent struct {
	Tabs    bool   `json:"tabs,omitempty"`
	Width   int    `json:"width,omitempty"`
	Reading string `json:"reading,omitempty"`
	// Clang is, for C and C++, the clang-format style the files are
	// formatted with (the repository's .clang-format, attached by the
	// configuration; never part of a spec string): the lint profile's
	// rule then reads their layout as clang-format lays it out. Nil:
	// the looser reading of C's common conventions.
	Clang *clangformat.Style `json:"clang,omitempty"`
}

// ReadingPrettier is the Indent.Reading of prettier's layout.
const ReadingPrettier = "prettier"

// Spacing says whether operators must be surrounded by spaces.
type Spacing string

const (
	SpacingAny      Spacing = ""
	SpacingRequired Spacing = "spacing"
	SpacingNone     Spacing = "no spacing"
)

// SpecError reports a malformed spec, quoting it.
type SpecError struct {
	Type     Type
	Spec     string
	Expected string
}

func (e *SpecError) Error() string {
	return fmt.Sprintf("%s spec %q: expected %s", e.Type, e.Spec, e.Expected)
}

func specErr(t Type, spec, expected string) error {
	return &SpecError{Type: t, Spec: spec, Expected: expected}
}

// ParseAnswer parses a MultiCodeIF answer spec for a type.
func ParseAnswer(t Type, spec string) (Constraint, error) {
	c := Constraint{Type: t, Spec: spec}
	if !t.Known() {
		return c, fmt.Errorf("unknown constraint type %q", t)
	}
	if t.Method() == ByJudge {
		return parseJudged(c, spec)
	}
	parts := strings.Split(spec, ";")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	if t == LanguageType {
		if len(parts) != 1 || parts[0] == "" {
			return c, specErr(t, spec, "a language name such as \"python\" or \"c++\"")
		}
		return c, c.setLang(parts[0])
	}
	want := map[Type]struct {
		n    int
		form string
	}{
		LanguageVer:    {2, "\"<language>;<version>\" such as \"java;jdk11\" or \"python;3.8\""},
		AdvancedSyntax: {2, "\"<language>;<feature>\" such as \"python;list comprehension\""},
		Function:       {2, "\"<language>;<function>\" such as \"Go;strings.Split\""},
		Library:        {2, "\"<language>;<library>\" such as \"Rust;tokio\""},
		InputType:      {3, "\"<language>;<function>;<kind>\" such as \"java;processOrderList;List\""},
		OutputType:     {3, "\"<language>;<function>;<kind>\" such as \"Cpp;manageContacts;Struct:Contact\""},
		InputOrder:     {3, "\"<language>;<function>;[<kind>,...]\" such as \"Python;paginate_results;[int,int]\""},
		OutputOrder:    {3, "\"<language>;<function>;[<kind>,...]\" such as \"Go;generateToken;[string,int,error]\""},
		DSType:         {2, "\"<language>;<structure>\" such as \"Java;TreeSet\""},
		DSSize:         {3, "\"<language>;<structure>;<size>\" such as \"Rust;BTreeMap;2500\""},
		DSOperation:    {3, "\"<language>;<structure>;['op',...]\" such as \"rust;BinaryHeap;['push','pop']\""},
		Naming:         {2, "\"<language>;<kind>:<Convention>,...\" such as \"python;class:PascalCase,function:snake_case\""},
		Indentation:    {3, "\"<language>;tabs|spaces:<n>[;spacing|no spacing][;prettier]\" such as \"C++;spaces:4;spacing\""},
		Braces:         {2, "\"<language>;K&R|1TBS|Allman\""},
		Comments:       {2, "\"<language>;<comment style>\" such as \"java;Javadoc\""},
	}[t]
	reading := ""
	if t == Indentation && len(parts) > 2 && strings.EqualFold(parts[len(parts)-1], ReadingPrettier) {
		// "<lang>;spaces:2;prettier": the layout as prettier prints it.
		reading, parts = ReadingPrettier, parts[:len(parts)-1]
	}
	if t == Indentation && len(parts) == 2 {
		// "<lang>;tabs" leaves operator spacing unconstrained.
		parts = append(parts, "any")
	}
	if len(parts) != want.n {
		return c, specErr(t, spec, fmt.Sprintf("%d ';'-separated fields: %s", want.n, want.form))
	}
	for i, p := range parts {
		if p == "" {
			return c, specErr(t, spec, fmt.Sprintf("field %d to be non-empty: %s", i+1, want.form))
		}
	}
	if err := c.setLang(parts[0]); err != nil {
		return c, err
	}
	c.Name = parts[1]
	if name, neg := strings.CutPrefix(c.Name, "!"); neg && (t == Library || t == Function) {
		if c.Name = strings.TrimSpace(name); c.Name == "" {
			return c, specErr(t, spec, "a name after '!' such as \"python;!pickle\"")
		}
		c.Forbidden = true
	}
	switch t {
	case InputType, OutputType:
		c.Items = []string{normalizeKind(parts[2])}
	case InputOrder, OutputOrder:
		items, err := parseList(parts[2])
		if err != nil || len(items) == 0 {
			return c, specErr(t, spec, "a bracketed list of kinds such as [int,str]")
		}
		for i := range items {
			items[i] = normalizeKind(items[i])
		}
		c.Items = items
	case DSSize:
		n, err := strconv.Atoi(parts[2])
		if err != nil || n < 0 {
			return c, specErr(t, spec, "a non-negative whole size as the third field")
		}
		c.Size = n
	case DSOperation:
		items, err := parseList(parts[2])
		if err != nil || len(items) == 0 {
			return c, specErr(t, spec, "a list of operations such as ['push','pop']")
		}
		c.Items = items
	case Naming:
		c.Name = ""
		rules, err := parseNaming(parts[1])
		if err != nil {
			return c, specErr(t, spec, err.Error())
		}
		c.Naming = rules
	case Indentation:
		c.Name = ""
		in, err := parseIndent(parts[1])
		if err != nil {
			return c, specErr(t, spec, err.Error())
		}
		if reading != "" && c.Lang != lang.JavaScript && c.Lang != lang.TypeScript {
			return c, specErr(t, spec, "the prettier reading only for JavaScript or TypeScript")
		}
		in.Reading = reading
		c.Indent = &in
		switch strings.ToLower(parts[2]) {
		case "spacing":
			c.Spacing = SpacingRequired
		case "no spacing", "no-spacing", "nospacing":
			c.Spacing = SpacingNone
		case "any":
			c.Spacing = SpacingAny
		default:
			return c, specErr(t, spec, "\"spacing\" or \"no spacing\" as the third field")
		}
	case Braces:
		s, ok := map[string]string{"k&r": "K&R", "kr": "K&R", "1tbs": "1TBS", "otbs": "1TBS", "allman": "Allman"}[strings.ToLower(parts[1])]
		if !ok {
			return c, specErr(t, spec, "a brace style: K&R, 1TBS or Allman")
		}
		c.Name = s
	}
	return c, nil
}

// ParseLevel parses a multi-level data-structure answer, whose type is
// implied by its shape: "<lang>;<structure>" (type), "...;<size>" (size)
// or "...;[ops]" (operation).
func ParseLevel(spec string) (Constraint, error) {
	parts := strings.Split(spec, ";")
	switch {
	case len(parts) == 2:
		return ParseAnswer(DSType, spec)
	case len(parts) == 3 && strings.HasPrefix(strings.TrimSpace(parts[2]), "["):
		return ParseAnswer(DSOperation, spec)
	case len(parts) == 3:
		return ParseAnswer(DSSize, spec)
	}
	return Constraint{Spec: spec}, specErr(DSType, spec, "\"<language>;<structure>\", \"<language>;<structure>;<size>\" or \"<language>;<structure>;['op',...]\"")
}

func (c *Constraint) setLang(name string) error {
	in, ok := lang.Lookup(name)
	if !ok {
		return specErr(c.Type, c.Spec, fmt.Sprintf("a known language name, got %q", name))
	}
	c.Lang, c.LangName = in.ID, name
	return nil
}

func parseJudged(c Constraint, spec string) (Constraint, error) {
	c.Detail = spec
	switch c.Type {
	case Declaration, Framework, InputRange, OutputRange:
		// "<lang>;<rest>": the rest is free text for the judge.
		i := strings.IndexByte(spec, ';')
		if i <= 0 {
			return c, specErr(c.Type, spec, "\"<language>;<description>\"")
		}
		if err := c.setLang(strings.TrimSpace(spec[:i])); err != nil {
			return c, err
		}
		c.Detail = strings.TrimSpace(spec[i+1:])
		if c.Type == Framework {
			c.Name, _, _ = strings.Cut(c.Detail, ";")
			c.Name = strings.TrimSpace(c.Name)
		}
	default:
		if strings.TrimSpace(spec) == "" {
			return c, specErr(c.Type, spec, "a reference implementation or expected property")
		}
	}
	return c, nil
}

// parseList reads "['a', 'b']" or "[a,b]" (elements may be quoted).
func parseList(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return nil, fmt.Errorf("not a list")
	}
	body := strings.TrimSpace(s[1 : len(s)-1])
	if body == "" {
		return nil, nil
	}
	var out []string
	for _, f := range splitTopLevel(body) {
		f = strings.Trim(strings.TrimSpace(f), `'"`)
		if f == "" {
			return nil, fmt.Errorf("empty element")
		}
		out = append(out, f)
	}
	return out, nil
}

// splitTopLevel splits on commas outside brackets, so "[[]float64,int]"
// and "map[string]bool" stay whole.
func splitTopLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '[', '(', '<', '{':
			depth++
		case ']', ')', '>', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// normalizeKind folds "Struct: Name" to "Struct:Name".
func normalizeKind(k string) string {
	k = strings.TrimSpace(k)
	if head, tail, ok := strings.Cut(k, ":"); ok {
		return strings.TrimSpace(head) + ":" + strings.TrimSpace(tail)
	}
	return k
}

func parseNaming(s string) ([]NamingRule, error) {
	var rules []NamingRule
	for _, f := range strings.Split(s, ",") {
		kind, conv, ok := strings.Cut(strings.TrimSpace(f), ":")
		kind, conv = strings.ToLower(strings.TrimSpace(kind)), strings.TrimSpace(conv)
		if !ok || kind == "" {
			return nil, fmt.Errorf("comma-separated <kind>:<Convention> pairs such as class:PascalCase")
		}
		canon := ""
		for _, c := range Conventions {
			if strings.EqualFold(c, conv) {
				canon = c
			}
		}
		if canon == "" {
			return nil, fmt.Errorf("a convention among %s for %s, got %q", strings.Join(Conventions, ", "), kind, conv)
		}
		rules = append(rules, NamingRule{Kind: kind, Convention: canon})
	}
	return rules, nil
}

func parseIndent(s string) (Indent, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "tabs" || s == "tab" {
		return Indent{Tabs: true}, nil
	}
	if w, ok := strings.CutPrefix(s, "spaces:"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(w))
		if err == nil && n > 0 && n <= 16 {
			return Indent{Width: n}, nil
		}
	}
	return Indent{}, fmt.Errorf("\"tabs\" or \"spaces:<n>\" (n from 1 to 16) as the second field")
}
