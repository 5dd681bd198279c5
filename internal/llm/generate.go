package llm

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"text/template"
)

//go:embed prompts/*.tmpl
var promptFS embed.FS

var prompts = template.Must(template.ParseFS(promptFS, "prompts/*.tmpl"))

func render(name string, data any) (string, error) {
	var b bytes.Buffer
	if err := prompts.ExecuteTemplate(&b, name, data); err != nil {
		return "", fmt.Errorf("render %s: %w", name, err)
	}
	return b.String(), nil
}

// Generate asks a model to write the code for a benchmark task and
// returns the extracted code with the raw reply.
func Generate(ctx context.Context, c Completer, model, task, language string) (string, Reply, error) {
	prompt, err := render("generate.tmpl", struct{ Task, Language string }{task, language})
	if err != nil {
		return "", Reply{}, err
	}
	r, err := c.Complete(ctx, Request{Model: model, Messages: []Message{{Role: "user", Content: prompt}}, Temperature: 0})
	if err != nil {
		return "", r, fmt.Errorf("generate: %w", err)
	}
	return ExtractCode(r.Text, language), r, nil
}

// Violation is one violated constraint and its findings, for a refactor
// prompt.
type Violation struct {
	Constraint string   // the spec, e.g. "python;function:snake_case"
	Doc        string   // what the constraint type requires
	Findings   []string // "line 3: function name \"getX\" is not snake_case"
}

// RefactorInput is what a refactor round tells the model.
type RefactorInput struct {
	Path, Language, Source string
	Violated               []Violation
	// Satisfied lists the constraints that hold and must keep holding.
	Satisfied []string
	// Round is the feedback round (0 for the first attempt).
	Round int
	// Rejected says why the previous attempt was not kept (the failing
	// verification stage and its evidence, e.g. a test output tail), so
	// the model learns what broke, not only what is still violated.
	Rejected string
}

// Refactor asks a model to fix a file against violated constraints and
// returns the extracted new source with the raw reply.
func Refactor(ctx context.Context, c Completer, model string, in RefactorInput) (string, Reply, error) {
	if len(in.Violated) == 0 {
		return "", Reply{}, fmt.Errorf("refactor %s: no violated constraint to fix", in.Path)
	}
	prompt, err := render("refactor.tmpl", in)
	if err != nil {
		return "", Reply{}, err
	}
	r, err := c.Complete(ctx, Request{Model: model, Messages: []Message{{Role: "user", Content: prompt}}, Temperature: 0})
	if err != nil {
		return "", r, fmt.Errorf("refactor %s: %w", in.Path, err)
	}
	return ExtractCode(r.Text, in.Language), r, nil
}
