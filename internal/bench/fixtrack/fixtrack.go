package fixtrack

// The fix track: small repositories with seeded violations and real
// tests (benchmark/fix), on which the refactor-and-verify core must fix
// what can be fixed and reject, at a named stage, what would break them.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/iflint/iflint/internal/toolchain"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/fixloop"
	"github.com/iflint/iflint/internal/par"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/verify"
)

// FixManifest is benchmark/fix/manifest.json.
type FixManifest struct {
	Version int       `json:"version"`
	Tasks   []FixTask `json:"tasks"`
}

// FixTask is one repository of the track and what must happen to it.
type FixTask struct {
	Name        string      `json:"name"`
	Language    string      `json:"language"`
	Description string      `json:"description"`
	Trap        bool        `json:"trap"`
	Expect      []FixExpect `json:"expect"`
}

// FixExpect is the expected outcome of the candidate for one file and
// one constraint type: "verified", "rejected" at Stage, or "none".
type FixExpect struct {
	Path    string       `json:"path"`
	Type    string       `json:"type"`
	Outcome string       `json:"outcome"`
	Stage   verify.Stage `json:"stage,omitempty"`
}

func (e FixExpect) String() string {
	if e.Stage != "" {
		return e.Outcome + " at " + string(e.Stage)
	}
	return e.Outcome
}

// LoadFixManifest reads and validates dir/manifest.json; tasks live in
// dir/tasks/<name>.
func LoadFixManifest(dir string) (*FixManifest, error) {
	p := filepath.Join(dir, "manifest.json")
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("fix track: %w", err)
	}
	var m FixManifest
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("fix track %s: %w", p, err)
	}
	if m.Version != 1 {
		return nil, fmt.Errorf("fix track %s: version %d, expected 1", p, m.Version)
	}
	seen := map[string]bool{}
	for _, t := range m.Tasks {
		if t.Name == "" || seen[t.Name] {
			return nil, fmt.Errorf("fix track %s: task %q: expected a unique non-empty name", p, t.Name)
		}
		seen[t.Name] = true
		if st, err := os.Stat(filepath.Join(dir, "tasks", t.Name)); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("fix track %s: task %q: expected a directory tasks/%s", p, t.Name, t.Name)
		}
		for _, e := range t.Expect {
			ok := e.Outcome == "verified" || e.Outcome == "none" || (e.Outcome == "rejected" && slices.Contains(verify.Stages, e.Stage))
			if !ok || (e.Outcome != "rejected" && e.Stage != "") {
				return nil, fmt.Errorf("fix track %s: task %q, %s %s: outcome %q stage %q: expected verified, none, or rejected with a stage among %v", p, t.Name, e.Path, e.Type, e.Outcome, e.Stage, verify.Stages)
			}
		}
	}
	return &m, nil
}

// FixTrackOptions configures a run of the track.
type FixTrackOptions struct {
	// Env is the environment for test commands (secrets are scrubbed).
	Env      []string
	Workers  int
	Refactor fix.Refactorer
	Rounds   int
	// Only restricts the run to these task names (all when empty).
	Only []string
	Now  func() time.Time
	// OneAtATime tests each candidate on its own (engine.FixOptions),
	// to compare with the default group testing.
	OneAtATime bool
	// Progress, when set, hears how far the run is, from every worker.
	Progress func(FixTrackProgress)
	// NoTests runs every task without its test command: candidates are
	// then kept only by the safety stage's proofs.
	NoTests bool
	// Compiles, when set, counts (and caches) the compiler proof's
	// builds; the proof runs only for candidates without tests.
	Compiles *toolchain.CompileCache
}

// FixTrackProgress is how far a run of the track is: tasks done, and
// the candidates decided and test runs of every task so far.
type FixTrackProgress struct {
	TasksDone, Tasks int
	Decided, Total   int
	TestRuns         int
}

// FixTaskResult is what happened to one task.
type FixTaskResult struct {
	Name       string              `json:"name"`
	Language   string              `json:"language"`
	Trap       bool                `json:"trap"`
	Before     int                 `json:"findings_before"`
	After      int                 `json:"findings_after"`
	Candidates []fixloop.Candidate `json:"candidates"`
	// Outcomes are the observed outcomes per expectation key
	// ("path type"), in the manifest's terms.
	Outcomes map[string]string `json:"outcomes"`
	// Mismatches list expectations that did not hold.
	Mismatches []string `json:"mismatches,omitempty"`
	// NoTests: the task ran without its test command. Then a fix the
	// manifest expects the tests to reject must be refused at safety by
	// a named proof (TrapsRefused lists them with the reason), and a fix
	// the tests verify may be refused at safety (ProvenOnlyByTests: no
	// proof without tests covers it), never kept wrongly.
	NoTests           bool     `json:"no_tests,omitempty"`
	TrapsRefused      []string `json:"traps_refused,omitempty"`
	TrapsNotRefused   []string `json:"traps_not_refused,omitempty"`
	ProvenOnlyByTests []string `json:"proven_only_by_tests,omitempty"`
	// Unproven lists files modified on disk without a verified fix; it
	// must stay empty.
	Unproven []string `json:"unproven,omitempty"`
	// TestRuns counts the task's test runs by purpose.
	TestRuns fixloop.TestRuns `json:"test_runs"`
	Duration time.Duration    `json:"-"`
	// DurationMS is Duration in milliseconds, for JSON.
	DurationMS int64  `json:"duration_ms"`
	Err        string `json:"error,omitempty"`
}

// RunFixTrack runs every task on a temporary copy: check, fix, verify,
// write the verified fixes, then compare the tree with the originals
// and the outcomes with the manifest. The track itself is never written.
func RunFixTrack(ctx context.Context, dir string, m *FixManifest, o FixTrackOptions) []FixTaskResult {
	now := o.Now
	if now == nil {
		now = time.Now
	}
	tasks := m.Tasks
	if len(o.Only) > 0 {
		tasks = slices.DeleteFunc(slices.Clone(tasks), func(t FixTask) bool { return !slices.Contains(o.Only, t.Name) })
	}
	out := make([]FixTaskResult, len(tasks))
	prog := &trackProgress{report: o.Progress, tasks: make([]fixloop.FixProgress, len(tasks)), p: FixTrackProgress{Tasks: len(tasks)}}
	par.For(len(tasks), o.Workers, func(i int) {
		start := now()
		out[i] = runFixTask(ctx, filepath.Join(dir, "tasks", tasks[i].Name), tasks[i], o, func(p fixloop.FixProgress) { prog.task(i, p, false) })
		out[i].Duration = now().Sub(start)
		out[i].DurationMS = out[i].Duration.Milliseconds()
		prog.task(i, fixloop.FixProgress{Decided: len(out[i].Candidates), Total: len(out[i].Candidates), TestRuns: out[i].TestRuns.Total}, true)
	})
	return out
}

// trackProgress sums the progress of the tasks running at once.
type trackProgress struct {
	mu     sync.Mutex
	report func(FixTrackProgress)
	tasks  []fixloop.FixProgress
	p      FixTrackProgress
}

func (t *trackProgress) task(i int, p fixloop.FixProgress, done bool) {
	if t.report == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.tasks[i] = p
	if done {
		t.p.TasksDone++
	}
	t.p.Decided, t.p.Total, t.p.TestRuns = 0, 0, 0
	for _, q := range t.tasks {
		t.p.Decided += q.Decided
		t.p.Total += q.Total
		t.p.TestRuns += q.TestRuns
	}
	t.report(t.p)
}

func runFixTask(ctx context.Context, src string, t FixTask, o FixTrackOptions, progress func(fixloop.FixProgress)) FixTaskResult {
	res := FixTaskResult{Name: t.Name, Language: t.Language, Trap: t.Trap, Outcomes: map[string]string{}}
	fail := func(err error) FixTaskResult {
		res.Err = err.Error()
		return res
	}
	work, err := os.MkdirTemp("", "iflint-fixtrack-")
	if err != nil {
		return fail(err)
	}
	defer os.RemoveAll(work)
	root := filepath.Join(work, "repo")
	if err := sandbox.CopyTree(ctx, src, root); err != nil {
		return fail(err)
	}
	cfg, err := config.Load(root, "")
	if err != nil {
		return fail(err)
	}
	files, err := engine.ReadFiles(root, []string{root}, cfg)
	if err != nil {
		return fail(err)
	}
	fo := fixloop.FixOptions{Options: engine.Options{Config: cfg, Workers: 1}, Root: root, Refactor: o.Refactor, Rounds: o.Rounds,
		OneAtATime: o.OneAtATime, Progress: progress, Prover: &toolchain.Equivalence{Root: root, Cache: o.Compiles}}
	if cfg.Fix.Test != "" && !o.NoTests {
		fo.Test = sandbox.Shell(cfg.Fix.Test)
		fo.Runner = &sandbox.Runner{Timeout: cfg.Fix.Timeout, Env: o.Env, PassEnv: cfg.Fix.Env, ScrubNames: cfg.Fix.Scrub, Now: o.Now}
	}
	fr, err := fixloop.Fix(ctx, files.Files, fo)
	if err != nil {
		return fail(err)
	}
	res.Before, res.After, res.Candidates, res.TestRuns = len(fr.Before.Diagnostics), len(fr.After.Diagnostics), fr.Candidates, fr.TestRuns
	for _, f := range fr.Files {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(f.Path)), f.New, 0o644); err != nil {
			return fail(err)
		}
	}
	res.Unproven = unproven(src, root, files.Files, fr)
	observe(&res, fr)
	res.NoTests = o.NoTests
	res.Mismatches = compareExpect(t, &res, fr)
	return res
}

// observe records, per file and type, the outcome of the first (whole)
// candidate, in the manifest's terms.
func observe(res *FixTaskResult, fr *fixloop.FixResult) {
	for _, c := range fr.Candidates {
		if c.Part != "" || c.Source != "fixer" {
			continue
		}
		for _, tg := range c.Targets {
			key := c.Path + " " + string(tg.Type)
			if _, ok := res.Outcomes[key]; ok {
				continue
			}
			switch {
			case !c.Proposed:
				res.Outcomes[key] = "none"
			case c.Accepted:
				res.Outcomes[key] = "verified"
			default:
				res.Outcomes[key] = "rejected at " + string(c.Stage)
			}
		}
	}
}

func compareExpect(t FixTask, res *FixTaskResult, fr *fixloop.FixResult) []string {
	got := res.Outcomes
	var bad []string
	want := map[string]bool{}
	for _, e := range t.Expect {
		key := e.Path + " " + e.Type
		want[key] = true
		g, ok := got[key]
		if !ok {
			g = "no candidate"
		}
		w := e.String()
		if res.NoTests {
			safety := "rejected at " + string(verify.StageSafety)
			switch {
			case e.Stage == verify.StageTests:
				// Only the tests rejected it: without them a proof must.
				w = safety
				if g == w {
					res.TrapsRefused = append(res.TrapsRefused, key+": "+reasonOf(fr, e))
				} else {
					res.TrapsNotRefused = append(res.TrapsNotRefused, key+": "+g)
				}
			case e.Outcome == "verified" && g == safety:
				res.ProvenOnlyByTests = append(res.ProvenOnlyByTests, key+": "+reasonOf(fr, e))
				continue
			}
		}
		if g != w {
			bad = append(bad, fmt.Sprintf("%s: got %s, want %s", key, g, w))
		}
	}
	for key, g := range got {
		if !want[key] {
			bad = append(bad, fmt.Sprintf("%s: got %s, not in the manifest", key, g))
		}
	}
	sort.Strings(bad)
	return bad
}

// reasonOf is the reason of the whole candidate for e's file and type.
func reasonOf(fr *fixloop.FixResult, e FixExpect) string {
	for _, c := range fr.Candidates {
		if c.Part != "" || c.Source != "fixer" || c.Path != e.Path {
			continue
		}
		for _, tg := range c.Targets {
			if string(tg.Type) == e.Type {
				r, _, _ := strings.Cut(c.Reason, "; without a test command")
				return r
			}
		}
	}
	return ""
}

// unproven compares the fixed copy with the original task: a file may
// differ only if it is a fixed file with exactly the verified content.
func unproven(orig, root string, files []engine.File, fr *fixloop.FixResult) []string {
	fixed := map[string][]byte{}
	for _, f := range fr.Files {
		fixed[f.Path] = f.New
	}
	var bad []string
	for _, f := range files {
		was, err1 := os.ReadFile(filepath.Join(orig, filepath.FromSlash(f.Path)))
		now, err2 := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
		if err1 != nil || err2 != nil {
			bad = append(bad, f.Path+": unreadable")
			continue
		}
		if bytes.Equal(was, now) {
			continue
		}
		// FixResult.Files holds only content built from accepted candidates.
		if want, ok := fixed[f.Path]; !ok || !bytes.Equal(want, now) {
			bad = append(bad, f.Path)
		}
	}
	return bad
}

// FixTrackSummary is the headline of a run.
type FixTrackSummary struct {
	Tasks, Traps          int
	FindingsBefore        int
	FindingsAfter         int
	Proposed, Verified    int
	RejectedByStage       map[verify.Stage]int
	NoCandidate           int
	WrongWithoutVerifying int
	Mismatches, Unproven  int
	Errors                int
	// TestRuns totals the tasks' test runs; OneAtATime is what testing
	// every candidate on its own would have cost for the same outcomes:
	// a run per candidate that reached the tests, and one on the
	// unmodified tree per task.
	TestRuns   fixloop.TestRuns
	OneAtATime int
	// Without tests (NoTests): the fixes only the tests reject that a
	// proof refused, and those it did not; the fixes the tests verify
	// that no proof covers.
	NoTests                       bool
	TrapsRefused, TrapsNotRefused int
	ProvenOnlyByTests             int
}

// SummarizeFixTrack totals a run. A candidate "would have been wrong
// without verification" when it removed what it targeted (so a plain
// autofixer would have applied it) and a later stage rejected it: it
// broke the block structure, another constraint, or the tests.
func SummarizeFixTrack(rs []FixTaskResult) FixTrackSummary {
	s := FixTrackSummary{RejectedByStage: map[verify.Stage]int{}}
	for _, r := range rs {
		s.Tasks++
		if r.Trap {
			s.Traps++
		}
		if r.Err != "" {
			s.Errors++
		}
		s.FindingsBefore += r.Before
		s.FindingsAfter += r.After
		s.Mismatches += len(r.Mismatches)
		s.Unproven += len(r.Unproven)
		s.TestRuns = addRuns(s.TestRuns, r.TestRuns)
		s.OneAtATime += oneAtATimeRuns(r.Candidates)
		s.NoTests = s.NoTests || r.NoTests
		s.TrapsRefused += len(r.TrapsRefused)
		s.TrapsNotRefused += len(r.TrapsNotRefused)
		s.ProvenOnlyByTests += len(r.ProvenOnlyByTests)
		for _, c := range r.Candidates {
			switch {
			case !c.Proposed:
				s.NoCandidate++
				continue
			case c.Accepted:
				s.Verified++
			default:
				s.RejectedByStage[c.Stage]++
				if c.Stage == verify.StageRegressions || c.Stage == verify.StageTests || wrongShape(c) {
					s.WrongWithoutVerifying++
				}
			}
			s.Proposed++
		}
	}
	return s
}

func addRuns(a, b fixloop.TestRuns) fixloop.TestRuns {
	a.Total += b.Total
	a.Set += b.Set
	a.Bisect += b.Bisect
	a.Baseline += b.Baseline
	a.Single += b.Single
	a.Candidates += b.Candidates
	a.Culprits += b.Culprits
	a.Duration += b.Duration
	a.DurationMS = a.Duration.Milliseconds()
	return a
}

// oneAtATimeRuns counts the test runs testing each candidate on its own
// takes: one per candidate whose tests stage ran (a candidate with the
// same content as an earlier one reuses its verdict), plus one on the
// unmodified tree when any did.
func oneAtATimeRuns(cs []fixloop.Candidate) int {
	n := 0
	for _, c := range cs {
		if !c.Proposed || strings.HasPrefix(c.Reason, "same result as an earlier candidate") {
			continue
		}
		for _, st := range c.Verification.Stages {
			if st.Stage == verify.StageTests && !st.NotRun && !strings.HasPrefix(st.Detail, "the test command fails on the unmodified tree") {
				n++
			}
		}
	}
	if n > 0 {
		n++
	}
	return n
}

// wrongShape: a syntax-stage rejection of a candidate that parses (a
// whitespace change that moved code between blocks) is a wrong fix; a
// candidate with new syntax errors would have been caught by a compiler.
func wrongShape(c fixloop.Candidate) bool {
	return c.Stage == verify.StageSyntax && strings.Contains(c.Reason, "shape")
}

// WriteFixTrackReport renders the run for people: the headline, then a
// line per task with its outcomes and any mismatch.
func WriteFixTrackReport(w *bytes.Buffer, rs []FixTaskResult) {
	s := SummarizeFixTrack(rs)
	fmt.Fprintf(w, "# Fix track\n\n")
	fmt.Fprintf(w, "| measure | value |\n|---|---:|\n")
	fmt.Fprintf(w, "| tasks (traps) | %d (%d) |\n", s.Tasks, s.Traps)
	fmt.Fprintf(w, "| findings before → after | %d → %d (%d fixed) |\n", s.FindingsBefore, s.FindingsAfter, s.FindingsBefore-s.FindingsAfter)
	fmt.Fprintf(w, "| candidates proposed | %d |\n", s.Proposed)
	fmt.Fprintf(w, "| fixes verified (kept) | %d |\n", s.Verified)
	for _, st := range verify.Stages {
		fmt.Fprintf(w, "| rejected at %s | %d |\n", st, s.RejectedByStage[st])
	}
	fmt.Fprintf(w, "| no candidate (fixer skipped every finding) | %d |\n", s.NoCandidate)
	fmt.Fprintf(w, "| fixes that would have been wrong without verification | %d |\n", s.WrongWithoutVerifying)
	fmt.Fprintf(w, "| files modified without a verified fix | %d |\n", s.Unproven)
	fmt.Fprintf(w, "| test runs (one at a time would take) | %d (%d) |\n", s.TestRuns.Total, s.OneAtATime)
	fmt.Fprintf(w, "| test runs by purpose: set, halving, unmodified tree, LLM | %d, %d, %d, %d |\n", s.TestRuns.Set, s.TestRuns.Bisect, s.TestRuns.Baseline, s.TestRuns.Single)
	fmt.Fprintf(w, "| candidates tested (culprits) | %d (%d) |\n", s.TestRuns.Candidates, s.TestRuns.Culprits)
	if s.NoTests {
		fmt.Fprintf(w, "| fixes only the tests reject, refused without tests by a proof | %d of %d |\n", s.TrapsRefused, s.TrapsRefused+s.TrapsNotRefused)
		fmt.Fprintf(w, "| fixes the tests verify that no proof covers without tests (refused at safety) | %d |\n", s.ProvenOnlyByTests)
	}
	fmt.Fprintf(w, "| expectation mismatches | %d |\n", s.Mismatches)
	fmt.Fprintf(w, "| task errors | %d |\n\n", s.Errors)
	if s.NoTests {
		fmt.Fprintf(w, "Without tests, refused by a proof (the manifest expects the tests to reject them):\n\n")
		for _, r := range rs {
			for _, x := range r.TrapsRefused {
				fmt.Fprintf(w, "- %s: %s\n", r.Name, x)
			}
		}
		fmt.Fprintf(w, "\nVerified by the tests, refused without them (no proof covers them):\n\n")
		for _, r := range rs {
			for _, x := range r.ProvenOnlyByTests {
				fmt.Fprintf(w, "- %s: %s\n", r.Name, x)
			}
		}
		fmt.Fprintf(w, "\n")
	}
	fmt.Fprintf(w, "| task | language | trap | findings | outcomes | test runs | status |\n|---|---|---|---|---|---:|---|\n")
	for _, r := range rs {
		var oc []string
		for k, v := range r.Outcomes {
			oc = append(oc, k+": "+v)
		}
		sort.Strings(oc)
		status := "ok"
		switch {
		case r.Err != "":
			status = "error: " + r.Err
		case len(r.Unproven) > 0:
			status = "UNPROVEN: " + strings.Join(r.Unproven, ", ")
		case len(r.Mismatches) > 0:
			status = "mismatch: " + strings.Join(r.Mismatches, "; ")
		}
		trap := ""
		if r.Trap {
			trap = "yes"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %d → %d | %s | %d | %s |\n", r.Name, r.Language, trap, r.Before, r.After, strings.Join(oc, "<br>"), r.TestRuns.Total, status)
	}
}
