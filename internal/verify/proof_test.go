package verify_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/toolchain"
	"github.com/iflint/iflint/internal/verify"
)

// fakeCompiler answers builds from a table keyed by the source text: a
// build's output, or that it fails, or that the compiler cannot run.
type fakeCompiler struct {
	builds map[string]toolchain.Build
	errs   map[string]error
	calls  int
	// likes are the like arguments of the builds, in order: nil for the
	// original, the original's build for the candidate.
	likes []*toolchain.Build
}

func (f *fakeCompiler) Method(lang.ID) string { return "fakecc -g0" }

func (f *fakeCompiler) Build(_ context.Context, _ lang.ID, _ string, src []byte, like *toolchain.Build) (toolchain.Build, error) {
	f.calls++
	f.likes = append(f.likes, like)
	if err := f.errs[string(src)]; err != nil {
		return toolchain.Build{}, err
	}
	b, ok := f.builds[string(src)]
	if !ok {
		return toolchain.Build{OK: false, Output: "fakecc: no such build"}, nil
	}
	return b, nil
}

// TestCompilerProof: without tests a candidate (here a rename of a local,
// which the syntax-tree proof accepts on its own) is kept only when the
// compiled outputs match, and refused with the reason when they differ,
// when the candidate does not compile or when the compiler fails on it;
// when the original does not build, the syntax-tree proof stands alone
// and says so.
func TestCompilerProof(t *testing.T) {
	const old = "package p\n\nfunc f() int {\n\tmy_val := 1\n\treturn my_val\n}\n"
	const cand = "package p\n\nfunc f() int {\n\tmyVal := 1\n\treturn myVal\n}\n"
	obj := func(digest string, locals ...string) toolchain.Build {
		return toolchain.Build{OK: true, Objects: []toolchain.Object{{Name: "f", Digest: digest, Locals: locals}}}
	}
	for _, c := range []struct {
		name       string
		builds     map[string]toolchain.Build
		errs       map[string]error
		pass       bool
		proof, why string
	}{
		{name: "identical", builds: map[string]toolchain.Build{old: obj("d1"), cand: obj("d1")}, pass: true, proof: "compiled output identical (fakecc -g0)"},
		{name: "locals through the renaming", builds: map[string]toolchain.Build{old: obj("d1", "my_val"), cand: obj("d1", "myVal")}, pass: true, proof: "compiled output identical (fakecc -g0)"},
		{name: "a local renamed otherwise", builds: map[string]toolchain.Build{old: obj("d1", "my_val"), cand: obj("d1", "other")}, why: `the local "my_val" of f became "other"`},
		{name: "different output", builds: map[string]toolchain.Build{old: obj("d1"), cand: obj("d2")}, why: "compiled output differs (fakecc -g0): f changed"},
		{name: "candidate does not compile", builds: map[string]toolchain.Build{old: obj("d1")}, why: "the candidate does not compile (fakecc -g0)"},
		{name: "compiler fails on the candidate", builds: map[string]toolchain.Build{old: obj("d1")}, errs: map[string]error{cand: errors.New("fakecc: killed")}, why: "built the original but not the candidate: fakecc: killed"},
		{name: "a new warning", builds: map[string]toolchain.Build{old: obj("d1"), cand: {OK: true, Objects: obj("d1").Objects, Warnings: []string{"w [-Wx]"}}}, why: "the candidate draws a warning the original does not (fakecc -g0): w [-Wx]"},
		{name: "a warning through the renaming", builds: map[string]toolchain.Build{old: {OK: true, Objects: obj("d1").Objects, Warnings: []string{"unused variable 'my_val'"}}, cand: {OK: true, Objects: obj("d1").Objects, Warnings: []string{"unused variable 'myVal'"}}}, pass: true, proof: "compiled output identical (fakecc -g0)"},
		{name: "the dialect the original was built in", builds: map[string]toolchain.Build{old: {OK: true, Objects: obj("d1").Objects, Method: "fakecc -std=c89 -g0"}, cand: obj("d1")}, pass: true, proof: "compiled output identical (fakecc -std=c89 -g0)"},
		{name: "original does not build", builds: map[string]toolchain.Build{}, pass: true, proof: verify.ProofSyntaxTree, why: "no compiler proof (fakecc -g0: it did not build here"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fc := &fakeCompiler{builds: c.builds, errs: c.errs}
			ou := check.NewUnit(context.Background(), "p.go", []byte(old), check.Lint)
			nu := check.NewUnit(context.Background(), "p.go", []byte(cand), check.Lint)
			r := verify.SafetyProven(context.Background(), ou, nu, lang.Go, nil, fc)
			if r.Passed != c.pass || r.Proof != c.proof || !strings.Contains(r.Detail, c.why) {
				t.Errorf("passed %v, proof %q, detail %q; want passed %v, proof %q, detail holding %q", r.Passed, r.Proof, r.Detail, c.pass, c.proof, c.why)
			}
			if fc.calls == 0 {
				t.Error("the compiler was never asked")
			}
			if fc.likes[0] != nil || (len(fc.likes) > 1 && (fc.likes[1] == nil || fc.likes[1].OK != true)) {
				t.Errorf("the candidate was not built like the original: %+v", fc.likes)
			}
		})
	}
}

// TestCompilerProofSummary: the verification summary names the proof.
func TestCompilerProofSummary(t *testing.T) {
	v := verify.Verification{}
	v.Add(verify.StageResult{Stage: verify.StageSyntax, Passed: true})
	v.Add(verify.StageResult{Stage: verify.StageSafety, Passed: true, Proof: "compiled output identical (javac -g:none)"})
	v.Add(verify.NotTested())
	want := "syntax, safety by compiled output identical (javac -g:none); not tested (no test command configured)"
	if got := v.Summary(false, nil); got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
}
