// Package report renders engine results: text (path:line:col: severity:
// message [type]), JSON and SARIF 2.1.0 for GitHub code scanning.
package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/termsafe"
)

// Formats lists the output formats.
var Formats = []string{"text", "json", "sarif"}

// UnusedIgnoreRule is the rule id under which unused suppression markers
// are reported.
const UnusedIgnoreRule = "unused_ignore"

// Write renders r in format to w.
func Write(w io.Writer, format string, r *engine.Result, version string) error {
	switch format {
	case "text":
		return Text(w, r)
	case "json":
		return JSON(w, normalized(r))
	case "sarif":
		return SARIF(w, r, version)
	}
	return fmt.Errorf("unknown format %q: expected text, json or sarif", format)
}

// JSON writes v indented, without HTML escaping: "K&R" stays "K&R".
func JSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// normalized is r with empty lists as [] rather than null.
func normalized(r *engine.Result) *engine.Result {
	c := *r
	if c.Diagnostics == nil {
		c.Diagnostics = []engine.Diagnostic{}
	}
	if c.Outcomes == nil {
		c.Outcomes = []engine.Outcome{}
	}
	if c.Suppressed == nil {
		c.Suppressed = []engine.Diagnostic{}
	}
	return &c
}

// Text writes one line per diagnostic, then one per unused marker. File
// names and messages are escaped (see termsafe): a name holding a newline
// or an escape sequence cannot forge a line or drive the terminal.
func Text(w io.Writer, r *engine.Result) error {
	for _, d := range r.Diagnostics {
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s: %s [%s]\n", termsafe.Name(d.Path), d.Line, d.Col, severity(d.Severity), termsafe.Text(d.Message), d.Type); err != nil {
			return err
		}
	}
	for _, u := range r.UnusedIgnores {
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s: unused suppression: %s [%s]\n", termsafe.Name(u.Path), u.Line, u.Col, severity(u.Severity), termsafe.Text(u.Message), UnusedIgnoreRule); err != nil {
			return err
		}
	}
	return nil
}

func severity(s string) string {
	if s == "warning" {
		return s
	}
	return "error"
}

// InformationURI is where SARIF consumers link the tool.
const InformationURI = "https://github.com/iflint/iflint"

// SARIF writes a SARIF 2.1.0 log with one run, one rule per constraint
// type used, and partial fingerprints so code scanning tracks findings
// across commits. Findings silenced by an inline marker are results with
// an inSource suppression (code scanning shows them as suppressed, not as
// alerts); unused markers are results of the unused_ignore rule.
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
	for _, ds := range [][]engine.Diagnostic{r.Diagnostics, r.Suppressed} {
		for _, d := range ds {
			types[d.Type] = true
		}
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
	if len(r.UnusedIgnores) > 0 {
		run.AddRule(UnusedIgnoreRule).WithName(UnusedIgnoreRule).
			WithDescription("A suppression marker (iflint:ignore, or an ecosystem marker iflint maps) that silences no finding.").
			WithHelpURI(InformationURI + "#inline-suppressions")
	}
	all := append(append([]engine.Diagnostic(nil), r.Diagnostics...), r.Suppressed...)
	for _, d := range all {
		run.AddDistinctArtifact(d.Path)
		level := "error"
		if d.Severity == "warning" {
			level = "warning"
		}
		region := sarif.NewRegion().WithStartLine(d.Line).WithStartColumn(d.Col16).
			WithEndLine(d.EndLine).WithEndColumn(d.EndCol16)
		res := run.CreateResultForRule(string(d.Type)).
			WithLevel(level).
			WithMessage(sarif.NewTextMessage(d.Message + " (" + d.Spec + ")")).
			WithPartialFingerPrints(map[string]interface{}{"iflint/v1": d.Fingerprint})
		res.AddLocation(sarif.NewLocationWithPhysicalLocation(location(d.Path, region)))
		if s := d.Suppression; s != nil {
			res.AddSuppression(suppression(d, s))
		}
	}
	for _, u := range r.UnusedIgnores {
		run.AddDistinctArtifact(u.Path)
		region := sarif.NewRegion().WithStartLine(u.Line).WithStartColumn(u.Col)
		run.CreateResultForRule(UnusedIgnoreRule).
			WithLevel(severity(u.Severity)).
			WithMessage(sarif.NewTextMessage("unused suppression: " + u.Message)).
			AddLocation(sarif.NewLocationWithPhysicalLocation(location(u.Path, region)))
	}
	rep.AddRun(run)
	return JSON(w, rep)
}

func location(path string, region *sarif.Region) *sarif.PhysicalLocation {
	return sarif.NewPhysicalLocation().
		WithArtifactLocation(sarif.NewSimpleArtifactLocation(path)).
		WithRegion(region)
}

// suppression is SARIF's record of an inline marker: kind inSource, the
// marker's reason as justification, the marker's line as location, and a
// GUID derived from the finding and the marker so re-runs agree.
func suppression(d engine.Diagnostic, s *engine.Suppression) *sarif.Suppression {
	justification := s.Justification
	if justification == "" {
		justification = s.Marker + " (" + s.Tool + " marker)"
	}
	h := sha256.Sum256([]byte(d.Fingerprint + "\x00" + strconv.Itoa(s.Line) + "\x00" + s.Marker))
	h[6] = h[6]&0x0f | 0x50 // name-based UUID layout (version 5, RFC 4122 variant)
	h[8] = h[8]&0x3f | 0x80
	x := hex.EncodeToString(h[:16])
	guid := x[0:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:32]
	sup := sarif.NewSuppression(s.Kind).
		WithStatus("accepted").
		WithJustifcation(justification).
		WithGuid(guid).
		WithLocation(sarif.NewLocationWithPhysicalLocation(location(d.Path, sarif.NewRegion().WithStartLine(s.Line))))
	sup.Properties = sarif.Properties{"tool": s.Tool, "marker": s.Marker}
	return sup
}
