// Package report renders engine results: text (path:line:col: message
// [type]), JSON and SARIF 2.1.0 for GitHub code scanning.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
)

// Formats lists the output formats.
var Formats = []string{"text", "json", "sarif"}

// Write renders r in format to w.
func Write(w io.Writer, format string, r *engine.Result, version string) error {
	switch format {
	case "text":
		return Text(w, r)
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	case "sarif":
		return SARIF(w, r, version)
	}
	return fmt.Errorf("unknown format %q: expected text, json or sarif", format)
}

// Text writes one line per diagnostic.
func Text(w io.Writer, r *engine.Result) error {
	for _, d := range r.Diagnostics {
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s [%s]\n", d.Path, d.Line, d.Col, d.Message, d.Type); err != nil {
			return err
		}
	}
	return nil
}

// InformationURI is where SARIF consumers link the tool.
const InformationURI = "https://github.com/iflint/iflint"

// SARIF writes a SARIF 2.1.0 log with one run, one rule per constraint
// type used, and partial fingerprints so code scanning tracks findings
// across commits.
func SARIF(w io.Writer, r *engine.Result, version string) error {
	rep, err := sarif.New(sarif.Version210)
	if err != nil {
		return err
	}
	run := sarif.NewRunWithInformationURI("iflint", InformationURI)
	if version != "" {
		run.Tool.Driver.WithVersion(version)
	}
	run.WithColumnKind("utf16CodeUnits")
	types := map[constraint.Type]bool{}
	for _, d := range r.Diagnostics {
		types[d.Type] = true
	}
	ids := make([]string, 0, len(types))
	for t := range types {
		ids = append(ids, string(t))
	}
	sort.Strings(ids)
	for _, id := range ids {
		t := constraint.Type(id)
		run.AddRule(id).WithName(id).WithDescription(t.Doc()).
			WithHelpURI(InformationURI + "#" + id).
			WithProperties(map[string]interface{}{"category": string(t.Category())})
	}
	for _, d := range r.Diagnostics {
		run.AddDistinctArtifact(d.Path)
		level := "error"
		if d.Severity == "warning" {
			level = "warning"
		}
		region := sarif.NewRegion().WithStartLine(d.Line).WithStartColumn(d.Col16).
			WithEndLine(d.EndLine).WithEndColumn(d.EndCol16)
		loc := sarif.NewPhysicalLocation().
			WithArtifactLocation(sarif.NewSimpleArtifactLocation(d.Path)).
			WithRegion(region)
		run.CreateResultForRule(string(d.Type)).
			WithLevel(level).
			WithMessage(sarif.NewTextMessage(d.Message + " (" + d.Spec + ")")).
			WithPartialFingerPrints(map[string]interface{}{"iflint/v1": d.Fingerprint}).
			AddLocation(sarif.NewLocationWithPhysicalLocation(loc))
	}
	rep.AddRun(run)
	return rep.PrettyWrite(w)
}
