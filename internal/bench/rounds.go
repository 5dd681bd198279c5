package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/rules"
)

// The paper's feedback prompt, as stored in results/self_repair. A task
// whose round R(k+1) prompt has this shape failed in round k; the code it
// failed with sits between the two markers and the original task prompt
// follows the second.
const (
	feedbackPrefix = "You were asked to generate code according to the prompt"
	feedbackCode   = "\n## previous code\n"
	feedbackTail   = "\nPlease regenerate a code to meet the constraints.\nOnly respond to the code, no more information. The following is the prompt:\n"
)

// RepairRound is one round of a stored self-repair run.
type RepairRound struct {
	Round int
	// Source names the round directory the code was read from, e.g. "R1".
	Source string
	// Jobs holds the code the evaluator judged in this round, one per
	// aligned task, in dataset order.
	Jobs []Job
	// Published[i] is the paper's verdict on Jobs[i]. It is nil for the
	// last round: only a later round's file reveals a round's verdicts.
	Published []bool
}

// RepairHistory is a model's self-repair run rebuilt from the stored
// round directories.
type RepairHistory struct {
	Model  string
	Rounds []RepairRound
	// Duplicates notes round directories that are copies of the one before
	// (the published R2 is R1 byte for byte); they reveal no verdicts and
	// are skipped, so round numbers count real feedback turns.
	Duplicates []string
	// Misaligned lists tasks left out of every round because a stored entry
	// does not match its task or the chain of quoted code breaks.
	Misaligned []Misalignment
}

// repairEntry is one stored self-repair entry, parsed.
type repairEntry struct {
	failed bool   // the prompt is a feedback prompt: failed last round
	prev   string // the failing code it quotes (failed only)
	code   string // the code it hands on: a new attempt, or carried code
}

// LoadRepairHistory rebuilds model's self-repair run from
// results/self_repair/R1..Rn/<model> under data (a LintEval or MultiCodeIF
// directory). Round 0's code is what R1 quotes or carries; round k's code
// is Rk's new attempts plus the carried passes; round k's verdicts are
// read from R(k+1).
func LoadRepairHistory(data, model string) (*RepairHistory, error) {
	ds, err := LoadDataset(data)
	if err != nil {
		return nil, err
	}
	dirs, err := repairDirs(filepath.Join(ds.Root, "results", "self_repair"))
	if err != nil {
		return nil, err
	}
	h := &RepairHistory{Model: model}
	var rounds []map[string][]repairEntry // per distinct round directory
	var names []string
	for _, dir := range dirs {
		entries, err := loadRepairDir(ds, dir, model, h)
		if err != nil {
			return nil, err
		}
		if n := len(rounds); n > 0 && reflect.DeepEqual(entries, rounds[n-1]) {
			h.Duplicates = append(h.Duplicates, fmt.Sprintf("%s is identical to %s: it reveals no verdicts of its own and is skipped", filepath.Base(dir), names[n-1]))
			continue
		}
		rounds = append(rounds, entries)
		names = append(names, filepath.Base(dir))
	}
	bad := h.checkChain(ds, rounds, names)
	for k := 0; k <= len(rounds); k++ {
		r := RepairRound{Round: k}
		if k < len(rounds) {
			r.Published = []bool{}
		}
		src := min(k, len(rounds)-1)
		r.Source = names[max(k-1, 0)]
		for _, file := range ds.FileNames() {
			es, ok := rounds[src][file]
			if !ok {
				continue
			}
			for i, t := range ds.Files[file] {
				if bad[roundTaskRef{file, i}] {
					continue
				}
				code := es[i].code
				if k == 0 {
					code = roundZeroCode(es[i])
				} else if k < len(rounds) {
					code = rounds[k-1][file][i].code
				}
				r.Jobs = append(r.Jobs, Job{Model: model, Task: t, Code: code})
				if r.Published != nil {
					r.Published = append(r.Published, !es[i].failed)
				}
			}
		}
		h.Rounds = append(h.Rounds, r)
	}
	return h, nil
}

// roundZeroCode is the code a first-round entry says was judged: the
// quoted failing code, or the carried passing code.
func roundZeroCode(e repairEntry) string {
	if e.failed {
		return e.prev
	}
	return e.code
}

type roundTaskRef struct {
	file  string
	index int
}

// checkChain verifies that each round quotes or carries exactly the code
// of the round before, so a verdict is never attached to the wrong code;
// tasks where it does not are reported and left out.
func (h *RepairHistory) checkChain(ds *Dataset, rounds []map[string][]repairEntry, names []string) map[roundTaskRef]bool {
	bad := map[roundTaskRef]bool{}
	for _, file := range ds.FileNames() {
		for k, r := range rounds {
			if _, ok := r[file]; !ok {
				for i := range ds.Files[file] {
					bad[roundTaskRef{file, i}] = true
				}
				continue
			}
			if k == 0 {
				continue
			}
			for i, e := range r[file] {
				before, ok := rounds[k-1][file]
				if !ok || bad[roundTaskRef{file, i}] {
					continue
				}
				if strings.TrimSpace(roundZeroCode(e)) != strings.TrimSpace(before[i].code) {
					bad[roundTaskRef{file, i}] = true
					h.Misaligned = append(h.Misaligned, Misalignment{Model: h.Model, File: file, Index: i,
						Reason: fmt.Sprintf("%s does not quote or carry the code of %s", names[k], names[k-1])})
				}
			}
		}
	}
	return bad
}

// repairDirs lists the R<n> directories in round order.
func repairDirs(root string) ([]string, error) {
	ents, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("self-repair rounds: expected %s to hold R1..Rn directories: %w", root, err)
	}
	type dir struct {
		n    int
		path string
	}
	var ds []dir
	for _, e := range ents {
		n, err := strconv.Atoi(strings.TrimPrefix(e.Name(), "R"))
		if e.IsDir() && strings.HasPrefix(e.Name(), "R") && err == nil && n > 0 {
			ds = append(ds, dir{n, filepath.Join(root, e.Name())})
		}
	}
	if len(ds) == 0 {
		return nil, fmt.Errorf("%s: no R1..Rn round directories", root)
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i].n < ds[j].n })
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.path
	}
	return out, nil
}

// loadRepairDir parses one round directory's files for model. Files that
// cannot be aligned with their tasks are reported in h and left out.
func loadRepairDir(ds *Dataset, dir, model string, h *RepairHistory) (map[string][]repairEntry, error) {
	models, err := ModelFiles(dir, ds.FileNames())
	if err != nil {
		return nil, err
	}
	files, ok := models[model]
	if !ok {
		return nil, fmt.Errorf("%s: no generation files for model %s", dir, model)
	}
	out := map[string][]repairEntry{}
	for _, file := range ds.FileNames() {
		path, ok := files[file]
		if !ok {
			h.Misaligned = append(h.Misaligned, Misalignment{Model: model, File: file, Index: -1,
				Reason: fmt.Sprintf("%s: no file for this task file", filepath.Base(dir))})
			continue
		}
		gens, err := LoadGenerations(path)
		if err != nil {
			return nil, err
		}
		tasks := ds.Files[file]
		if len(gens) != len(tasks) {
			h.Misaligned = append(h.Misaligned, Misalignment{Model: model, File: file, Index: -1,
				Reason: fmt.Sprintf("%s: %d entries, expected %d", path, len(gens), len(tasks))})
			continue
		}
		es := make([]repairEntry, len(gens))
		for i, g := range gens {
			e, err := parseRepairEntry(g, tasks[i].Prompt)
			if err != nil {
				return nil, fmt.Errorf("%s: entry %d: %w", path, i, err)
			}
			es[i] = e
		}
		out[file] = es
	}
	return out, nil
}

// parseRepairEntry reads one stored entry. A passing entry carries its
// code as already extracted; a failing one holds a new model reply.
func parseRepairEntry(g Generation, taskPrompt string) (repairEntry, error) {
	if !strings.HasPrefix(g.Prompt, feedbackPrefix) {
		if g.Prompt != taskPrompt {
			return repairEntry{}, fmt.Errorf("expected the task prompt or a feedback prompt, got a different prompt")
		}
		return repairEntry{code: g.Output}, nil
	}
	start := strings.Index(g.Prompt, feedbackCode)
	end := strings.LastIndex(g.Prompt, feedbackTail)
	if start < 0 || end < start+len(feedbackCode) {
		return repairEntry{}, fmt.Errorf("feedback prompt without %q and %q markers", strings.TrimSpace(feedbackCode), "The following is the prompt:")
	}
	if g.Prompt[end+len(feedbackTail):] != taskPrompt {
		return repairEntry{}, fmt.Errorf("feedback prompt quotes a different task prompt")
	}
	return repairEntry{failed: true, prev: g.Prompt[start+len(feedbackCode) : end], code: ExtractCode(g.Output)}, nil
}

// Filter keeps the rounds' tasks of the types keep accepts.
func (h *RepairHistory) Filter(keep func(constraint.Type) bool) *RepairHistory {
	out := *h
	out.Rounds = make([]RepairRound, len(h.Rounds))
	for k, r := range h.Rounds {
		nr := RepairRound{Round: r.Round, Source: r.Source}
		if r.Published != nil {
			nr.Published = []bool{}
		}
		for i, j := range r.Jobs {
			if keep(j.Task.Constraint.Type) {
				nr.Jobs = append(nr.Jobs, j)
				if r.Published != nil {
					nr.Published = append(nr.Published, r.Published[i])
				}
			}
		}
		out.Rounds[k] = nr
	}
	return &out
}

// PublishedCurve is the pass rate per round by the paper's verdicts,
// for the rounds whose verdicts are known.
func (h *RepairHistory) PublishedCurve() []RoundRate {
	var out []RoundRate
	for _, r := range h.Rounds {
		if r.Published == nil {
			continue
		}
		pass := 0
		for _, p := range r.Published {
			if p {
				pass++
			}
		}
		out = append(out, RoundRate{Round: r.Round, SSR: tallyRate(Tally{Pass: pass, Fail: len(r.Published) - pass})})
	}
	return out
}

// EvaluateRounds decides every round's code with our checkers; out[k] is
// round k's samples in job order.
func (h *RepairHistory) EvaluateRounds(ctx context.Context, o EvalOptions) [][]Sample {
	out := make([][]Sample, len(h.Rounds))
	for k, r := range h.Rounds {
		out[k] = Evaluate(ctx, r.Jobs, o)
	}
	return out
}

// RoundCurve turns per-round samples into the feedback-round curve.
func RoundCurve(rounds [][]Sample) []RoundRate {
	out := make([]RoundRate, len(rounds))
	for k, s := range rounds {
		out[k] = RoundRate{Round: k, SSR: tallyRate(Count(s))}
	}
	return out
}

// RuleDecided reports whether the paper decided t without an LLM judge,
// in a way iflint reproduces: the 16 rule types, language_type included
// (the paper's Guesslang classifier runs here with its own weights).
func RuleDecided(t constraint.Type) bool {
	_, ok := rules.For(t)
	return ok
}

func tallyRate(t Tally) Rate {
	return Rate{Satisfied: t.Pass, Decided: t.Pass + t.Fail, Unverified: t.Unverified, Rate: t.Rate()}
}
