package fixloop

import (
	"context"
	"testing"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/toolchain"
)

// slowProver stands for a compiler whose proof takes long (javac with a
// source path: 30 s a build on jsoup): it records how much progress had
// been reported when the first build was asked for.
type slowProver struct {
	events *[]FixProgress
	seen   int // progress reports before the first build; -1 until then
}

func (p *slowProver) Method(lang.ID) string { return "slowcc" }

func (p *slowProver) Build(_ context.Context, _ lang.ID, _ string, _ []byte, _ *toolchain.Build) (toolchain.Build, error) {
	if p.seen < 0 {
		p.seen = len(*p.events)
	}
	return toolchain.Build{OK: true, Objects: []toolchain.Object{{Name: "o", Digest: "d"}}}, nil
}

// TestProgressFromTheFirstCandidate: the run reports progress when its
// first candidate is proposed, before the proof of it (a compile that
// may take long) has decided it, so a log shows a line within the first
// 10 s of the first candidate (issue 18 item 5).
func TestProgressFromTheFirstCandidate(t *testing.T) {
	dir := writeRepo(t, map[string]string{
		".iflint.yml": "version: 1\nprofile: lint\nconstraints:\n  - type: naming_convention\n    spec: python;variable:snake_case\n",
		"m.py":        "def f(a):\n    myVal = a + 1\n    return myVal\n",
	})
	cfg, files := loadRepo(t, dir)
	var events []FixProgress
	p := &slowProver{events: &events, seen: -1}
	_, err := Fix(context.Background(), files, FixOptions{Options: engine.Options{Config: cfg}, Root: dir, Prover: p,
		Progress: func(fp FixProgress) { events = append(events, fp) }})
	if err != nil {
		t.Fatal(err)
	}
	if p.seen < 1 || events[0].Decided != 0 || events[0].Total != 1 {
		t.Errorf("progress before the first proof: %d report(s), first %+v; want one with 0 of 1 decided", p.seen, events)
	}
}
