package bench

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// validSVG parses the whole document and checks the root is <svg>.
func validSVG(t *testing.T, path string, data []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := ""
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", path, err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Errorf("%s: root element %q, want svg", path, root)
	}
}

func TestWritePlots(t *testing.T) {
	s := sampleSummary()
	dir := t.TempDir()
	got, err := WritePlots(dir, s)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join("plots", "categories.svg"), filepath.Join("plots", "rounds.svg"), filepath.Join("plots", "levels.svg")}
	if !slices.Equal(got, want) {
		t.Fatalf("WritePlots wrote %v, want %v", got, want)
	}
	// Which models each plot must name: only gpt-4o has feedback rounds,
	// and the model without data appears nowhere but the category legend.
	names := map[string][]string{
		"categories.svg": {"gpt-4o", "claude-3-7-sonnet-20250219", "interface", "coding_style"},
		"rounds.svg":     {"gpt-4o"},
		"levels.svg":     {"gpt-4o", "claude-3-7-sonnet-20250219", "level k"},
	}
	again := t.TempDir()
	if _, err := WritePlots(again, s); err != nil {
		t.Fatal(err)
	}
	for _, rel := range got {
		data, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		validSVG(t, rel, data)
		for _, n := range names[filepath.Base(rel)] {
			if !bytes.Contains(data, []byte(">"+n+"<")) {
				t.Errorf("%s does not name %q", rel, n)
			}
		}
		second, err := os.ReadFile(filepath.Join(again, rel))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, second) {
			t.Errorf("%s differs between two runs on the same summary", rel)
		}
	}
	rounds, _ := os.ReadFile(filepath.Join(dir, "plots", "rounds.svg"))
	if bytes.Contains(rounds, []byte("claude")) {
		t.Error("rounds.svg names a model without feedback rounds")
	}
}

func TestWritePlotsSkipsMissingData(t *testing.T) {
	dir := t.TempDir()
	got, err := WritePlots(dir, Summary{Models: []ModelSummary{{Model: "m"}}})
	if err != nil || got != nil {
		t.Fatalf("WritePlots with no data = %v, %v; want nothing", got, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "plots")); !os.IsNotExist(err) {
		t.Errorf("plots/ created without any plot: %v", err)
	}

	s := Summary{Models: []ModelSummary{{Model: "only-categories", ByCategory: map[string]Rate{"interface": mkRate(1, 2, 0)}}}}
	got, err = WritePlots(dir, s)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join("plots", "categories.svg")}; !slices.Equal(got, want) {
		t.Errorf("WritePlots = %v, want %v", got, want)
	}
}

// A single round or level gives a degenerate axis range; the plot must
// still come out well-formed.
func TestWritePlotsSinglePoint(t *testing.T) {
	s := Summary{Models: []ModelSummary{{
		Model:  "one",
		Rounds: []RoundRate{{Round: 0, SSR: mkRate(1, 2, 0)}},
		Levels: []LevelRate{{Level: 0, Tasks: 3, SSR: 1, HSR: 1}},
	}}}
	dir := t.TempDir()
	got, err := WritePlots(dir, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("WritePlots = %v, want rounds and levels", got)
	}
	for _, rel := range got {
		data, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		validSVG(t, rel, data)
	}
}

func TestWritePlotsRemovesStale(t *testing.T) {
	dir := t.TempDir()
	if _, err := WritePlots(dir, sampleSummary()); err != nil {
		t.Fatal(err)
	}
	s := Summary{Models: []ModelSummary{{Model: "m", ByCategory: map[string]Rate{"interface": mkRate(1, 2, 0)}}}}
	if _, err := WritePlots(dir, s); err != nil {
		t.Fatal(err)
	}
	for _, stale := range []string{"rounds.svg", "levels.svg"} {
		if _, err := os.Stat(filepath.Join(dir, "plots", stale)); !os.IsNotExist(err) {
			t.Errorf("stale plots/%s kept: %v", stale, err)
		}
	}
}
