package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/par"
)

// GenerateOptions configures Generate.
type GenerateOptions struct {
	Data  string // LintEval or MultiCodeIF directory
	Out   string // generations root: <Out>/<Model>/<file>_<Model>_iflint.json
	Model string // model name sent to the server and used in file names
	// Files restricts the run to these task files (nil: all 27).
	Files []string
	// Shard takes whole task files, so every written file stays aligned
	// by position with its task file, as LoadJobs requires.
	Shard   Shard
	Workers int
	// Progress counts finished tasks (nil: silent).
	Progress Progress
}

// GenerateReport says what a run did.
type GenerateReport struct {
	Tasks   int // tasks in the selection
	Resumed int // already done by an earlier run, not asked again
	Asked   int // answered in this run
	// Failed are tasks whose request failed for another reason than the
	// budget; they are not recorded, so the next run asks them again.
	Failed []error
	// Written are the completed generation files.
	Written []string
}

// Remaining is how many tasks are still to be generated.
func (r GenerateReport) Remaining() int { return r.Tasks - r.Resumed - r.Asked }

// genEntry is one line of a generation journal and one element of a
// generation file's response.
type genEntry struct {
	Index  int    `json:"index"`
	Prompt string `json:"prompt"`
	Output string `json:"output"`
}

// genFile is one task file's share of a round: the tasks to ask, and the
// entries that need no request (code carried over from a passing round).
type genFile struct {
	file    string
	tasks   []Task
	carried map[int]genEntry
}

// asker produces one task's prompt and raw model output.
type asker func(ctx context.Context, t Task) (prompt, output string, err error)

// Generate asks c for every selected task's code and writes generation
// files in the MultiCodeIF layout. Every answer is appended to a journal
// as soon as it arrives, so an interrupted run (cancelled, crashed or out
// of budget) continues where it stopped without asking again; a file is
// written, atomically, only once all its tasks are answered.
func Generate(ctx context.Context, c llm.Completer, o GenerateOptions) (GenerateReport, error) {
	ds, err := LoadDataset(o.Data)
	if err != nil {
		return GenerateReport{}, err
	}
	names, err := selectFiles(ds, o.Files)
	if err != nil {
		return GenerateReport{}, err
	}
	var files []genFile
	for _, f := range names {
		if o.Shard.Has(o.Model, f, -1) {
			files = append(files, genFile{file: f, tasks: ds.Files[f]})
		}
	}
	ask := func(ctx context.Context, t Task) (string, string, error) {
		_, reply, err := llm.Generate(ctx, c, o.Model, t.Prompt, string(t.Constraint.Lang))
		return t.Prompt, reply.Text, err
	}
	return produce(ctx, o.Out, o.Model, files, ask, o.Workers, o.Progress)
}

// selectFiles validates a file subset, or returns every file.
func selectFiles(ds *Dataset, files []string) ([]string, error) {
	if len(files) == 0 {
		return ds.FileNames(), nil
	}
	seen := map[string]bool{}
	var out []string
	for _, f := range files {
		f = strings.TrimSuffix(f, ".json")
		if _, ok := ds.Files[f]; !ok {
			return nil, fmt.Errorf("task file %q: expected one of the dataset's files, e.g. syntax_library", f)
		}
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out, nil
}

// GenerationPath is where a model's generations for a task file go.
func GenerationPath(root, model, file string) string {
	return filepath.Join(root, model, file+"_"+model+"_iflint.json")
}

func journalPath(root, model, file string) string {
	return strings.TrimSuffix(GenerationPath(root, model, file), ".json") + ".journal.jsonl"
}

// produce runs a round: it resumes each file's journal, asks the missing
// tasks on workers, and compacts every complete journal into its file.
func produce(ctx context.Context, root, model string, files []genFile, ask asker, workers int, prog Progress) (GenerateReport, error) {
	if prog == nil {
		prog = nopProgress{}
	}
	defer prog.Done()
	if err := os.MkdirAll(filepath.Join(root, model), 0o755); err != nil {
		return GenerateReport{}, err
	}
	var rep GenerateReport
	type work struct {
		j    *journal
		task Task
	}
	var todo []work
	journals := make([]*journal, len(files))
	defer func() {
		for _, j := range journals {
			if j != nil {
				j.close()
			}
		}
	}()
	for fi, f := range files {
		rep.Tasks += len(f.tasks)
		path := GenerationPath(root, model, f.file)
		if done, err := complete(path, len(f.tasks)); err != nil {
			return rep, err
		} else if done {
			os.Remove(journalPath(root, model, f.file)) // a crash may have left it after compaction
			rep.Resumed += len(f.tasks)
			rep.Written = append(rep.Written, path)
			prog.Add(len(f.tasks))
			continue
		}
		j, err := openJournal(journalPath(root, model, f.file))
		if err != nil {
			return rep, err
		}
		journals[fi] = j
		for i, t := range f.tasks {
			if _, ok := j.done[i]; ok {
				rep.Resumed++
				prog.Add(1)
				continue
			}
			if e, ok := f.carried[i]; ok {
				if err := j.add(e); err != nil {
					return rep, err
				}
				rep.Resumed++
				prog.Add(1)
				continue
			}
			todo = append(todo, work{j, t})
		}
	}

	var stop atomic.Pointer[error] // the first budget or cancellation error
	var mu sync.Mutex
	par.For(len(todo), workers, func(i int) {
		if stop.Load() != nil {
			return
		}
		w := todo[i]
		prompt, out, err := ask(ctx, w.task)
		if err == nil {
			err = w.j.add(genEntry{Index: w.task.Index, Prompt: prompt, Output: out})
		}
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err == nil:
			rep.Asked++
			prog.Add(1)
		case llm.Stops(err) || ctx.Err() != nil:
			stop.CompareAndSwap(nil, &err)
		default:
			rep.Failed = append(rep.Failed, fmt.Errorf("%s[%d]: %w", w.task.File, w.task.Index, err))
		}
	})

	for fi, f := range files {
		j := journals[fi]
		if j == nil || len(j.done) < len(f.tasks) {
			continue
		}
		path := GenerationPath(root, model, f.file)
		if err := writeGenerations(path, f.tasks, j.done); err != nil {
			return rep, err
		}
		j.close()
		journals[fi] = nil
		if err := os.Remove(j.path); err != nil {
			return rep, err
		}
		rep.Written = append(rep.Written, path)
	}
	if p := stop.Load(); p != nil {
		return rep, &IncompleteError{Remaining: rep.Remaining(), Total: rep.Tasks, Err: fmt.Errorf("stopped with %d of %d tasks done (%d asked now, %d from earlier runs), %d remaining; run again to continue: %w",
			rep.Resumed+rep.Asked, rep.Tasks, rep.Asked, rep.Resumed, rep.Remaining(), *p)}
	}
	if len(rep.Failed) > 0 {
		return rep, &IncompleteError{Remaining: rep.Remaining(), Total: rep.Tasks, Err: fmt.Errorf("%d of %d tasks failed and %d remain; run again to retry them: %w",
			len(rep.Failed), rep.Tasks, rep.Remaining(), errors.Join(rep.Failed...))}
	}
	return rep, nil
}

// IncompleteError is a run that stopped before finishing: by a spent
// budget, a refused key, an unreachable server or an interrupt, or with
// failed requests. What it did is kept; the same command continues.
type IncompleteError struct {
	Remaining, Total int // tasks or samples not done, of all
	Err              error
}

func (e *IncompleteError) Error() string { return e.Err.Error() }
func (e *IncompleteError) Unwrap() error { return e.Err }

// complete reports whether path is a finished generation file of n entries.
func complete(path string, n int) (bool, error) {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	gens, err := LoadGenerations(path)
	if err != nil {
		return false, fmt.Errorf("%s exists but is unreadable; remove it to generate again: %w", path, err)
	}
	if len(gens) != n {
		return false, fmt.Errorf("%s has %d entries, expected %d; remove it to generate again", path, len(gens), n)
	}
	return true, nil
}

// journal is an append-only record of a file's answers.
type journal struct {
	path string
	mu   sync.Mutex
	f    *os.File
	done map[int]genEntry
}

// openJournal reads what an earlier run recorded and opens the journal
// for appending. A torn last line (a crash mid-write) is dropped: that
// task is simply asked again.
func openJournal(path string) (*journal, error) {
	j := &journal{path: path, done: map[int]genEntry{}}
	if b, err := os.ReadFile(path); err == nil {
		lines := strings.Split(string(b), "\n")
		for n, line := range lines {
			if strings.TrimSpace(line) == "" {
				continue
			}
			var e genEntry
			if err := json.Unmarshal([]byte(line), &e); err != nil {
				if n == len(lines)-1 {
					break
				}
				return nil, fmt.Errorf("%s:%d: expected a {\"index\",\"prompt\",\"output\"} line: %w", path, n+1, err)
			}
			j.done[e.Index] = e
		}
		if len(b) > 0 && b[len(b)-1] != '\n' {
			// Cut the torn line so the next append starts a fresh one.
			if err := os.Truncate(path, int64(strings.LastIndexByte(string(b), '\n')+1)); err != nil {
				return nil, err
			}
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	j.f = f
	return j, nil
}

// add records one answer with a single write, so a line is whole or torn,
// never interleaved with another worker's.
func (j *journal) add(e genEntry) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, err := j.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("%s: %w", j.path, err)
	}
	j.done[e.Index] = e
	return nil
}

func (j *journal) close() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f != nil {
		j.f.Close()
		j.f = nil
	}
}

// writeGenerations writes a generation file in task order, atomically.
func writeGenerations(path string, tasks []Task, done map[int]genEntry) error {
	type entry struct {
		ID       json.RawMessage `json:"id"`
		Response [][]string      `json:"response"`
	}
	out := make([]entry, len(tasks))
	for i, t := range tasks {
		e := done[t.Index]
		out[i] = entry{ID: taskID(t.ID), Response: [][]string{{e.Prompt, e.Output}}}
	}
	return WriteAtomic(path, func(w *bufio.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	})
}

// taskID keeps numeric ids numeric, as in the MultiCodeIF files.
func taskID(id string) json.RawMessage {
	if _, err := strconv.Atoi(id); err == nil {
		return json.RawMessage(id)
	}
	b, _ := json.Marshal(id)
	return b
}
