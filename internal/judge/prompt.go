package judge

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"text/template"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/markdown"
)

// Each judged type has templates/<type>.tmpl; reply.tmpl holds the reply
// format they share. Every file starts with a "version: N" comment.
//
//go:embed templates/*.tmpl
var templateFS embed.FS

// prompts maps each judged type to its parsed template and version.
var prompts = mustLoadPrompts()

type promptTemplate struct {
	tmpl    *template.Template
	version string
}

// promptData is what a template sees.
type promptData struct {
	Type   constraint.Type
	Doc    string // constraint.Type.Doc()
	Spec   string // the constraint as written
	Lang   string // required language, "" for implicit types
	Name   string // framework name (framework only)
	Detail string // reference implementation or expected property
	Prompt string // the task given to the code author
	Code   string // the code under test
	Compat bool   // ask for YES/NO instead of JSON
}

var versionLine = regexp.MustCompile(`^\{\{-? */\* version: (\d+)\b`)

func mustLoadPrompts() map[constraint.Type]promptTemplate {
	m, err := loadPrompts()
	if err != nil {
		// The templates are embedded: a failure is a build defect that
		// every test catches, not a runtime condition.
		panic(err)
	}
	return m
}

func loadPrompts() (map[constraint.Type]promptTemplate, error) {
	reply, replyVer, err := readTemplate("reply")
	if err != nil {
		return nil, err
	}
	m := map[constraint.Type]promptTemplate{}
	for _, in := range constraint.All() {
		if in.Method != constraint.ByJudge {
			continue
		}
		text, ver, err := readTemplate(string(in.Type))
		if err != nil {
			return nil, err
		}
		t, err := template.New(string(in.Type)).Option("missingkey=error").
			Funcs(template.FuncMap{"fence": fence}).Parse(text)
		if err == nil {
			_, err = t.New("reply.tmpl").Parse(reply)
		}
		if err != nil {
			return nil, fmt.Errorf("judge: template %s: %w", in.Type, err)
		}
		// The version names both version lines plus a hash of the text, so
		// an edit invalidates cached votes even if nobody bumps a number.
		sum := sha256.Sum256([]byte(text + "\x00" + reply))
		m[in.Type] = promptTemplate{t, fmt.Sprintf("%d.%d-%s", ver, replyVer, hex.EncodeToString(sum[:6]))}
	}
	return m, nil
}

func readTemplate(name string) (text string, version int, err error) {
	b, err := templateFS.ReadFile("templates/" + name + ".tmpl")
	if err != nil {
		return "", 0, fmt.Errorf("judge: no prompt template for %s: %w", name, err)
	}
	mm := versionLine.FindSubmatch(b)
	if mm == nil {
		return "", 0, fmt.Errorf("judge: template %s.tmpl must start with {{- /* version: N */ -}}", name)
	}
	v, _ := strconv.Atoi(string(mm[1]))
	return string(b), v, nil
}

// TemplateVersion returns the prompt version used for a judged type, as
// recorded in cache keys and reports.
func TemplateVersion(t constraint.Type) (string, error) {
	p, ok := prompts[t]
	if !ok {
		return "", fmt.Errorf("judge: %s is not an LLM-judged constraint type", t)
	}
	return p.version, nil
}

// Render returns the judge prompt for a task: the paper's reply format
// (YES/NO) when compat is set, else the strict JSON format.
func Render(t Task, compat bool) (string, error) {
	c := t.Constraint
	p, ok := prompts[c.Type]
	if !ok {
		return "", fmt.Errorf("judge: %s is not an LLM-judged constraint type", c.Type)
	}
	lang := c.LangName
	if lang == "" {
		lang = string(c.Lang)
	}
	detail := c.Detail
	if detail == "" {
		detail = c.Spec
	}
	var sb strings.Builder
	err := p.tmpl.Execute(&sb, promptData{
		Type: c.Type, Doc: c.Type.Doc(), Spec: c.Spec, Lang: lang, Name: c.Name,
		Detail: strings.TrimSpace(detail), Prompt: strings.TrimSpace(t.Prompt),
		Code: strings.TrimSpace(t.Code), Compat: compat,
	})
	if err != nil {
		return "", fmt.Errorf("judge: render %s: %w", c.Type, err)
	}
	return sb.String(), nil
}

// fence wraps text in a Markdown code fence longer than any backtick run
// inside it, so code that itself contains ``` cannot end the block early.
func fence(text string) string {
	f := markdown.Fence(text)
	return f + "\n" + text + "\n" + f
}
