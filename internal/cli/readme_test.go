package cli

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// TestReadmeRulesTable keeps the README's type table equal to the
// taxonomy's doc strings (regenerate with iflint rules -markdown).
func TestReadmeRulesTable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cmd := &Command{Stdout: &out, Stderr: &out}
	if code := cmd.Main(context.Background(), []string{"rules", "-markdown"}); code != 0 {
		t.Fatalf("rules -markdown: exit %d: %s", code, out.String())
	}
	if !strings.Contains(string(readme), out.String()) {
		t.Errorf("README.md's constraint table is stale; replace it with the output of: go run ./cmd/iflint rules -markdown")
	}
}

// TestReadmeValuesTable keeps the README's accepted spec values equal to
// the tables specs are validated against (regenerate with iflint rules
// -values).
func TestReadmeValuesTable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cmd := &Command{Stdout: &out, Stderr: &out}
	if code := cmd.Main(context.Background(), []string{"rules", "-values"}); code != 0 {
		t.Fatalf("rules -values: exit %d: %s", code, out.String())
	}
	if !strings.Contains(string(readme), out.String()) {
		t.Errorf("README.md's accepted spec values are stale; replace them with the output of: go run ./cmd/iflint rules -values")
	}
}
