package bench

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Shard selects a deterministic part of a run: shard I of N (1-based).
// The zero Shard is the whole run.
type Shard struct{ I, N int }

// ParseShard parses "i/n" with 1 <= i <= n.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("shard %q: expected i/n, e.g. 2/4", s)
	}
	if n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: expected 1 <= i <= n", s)
	}
	return Shard{I: i, N: n}, nil
}

// String is the "i/n" form, empty for the whole run.
func (s Shard) String() string {
	if s.N == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.I, s.N)
}

// Has reports whether a task of a model falls in the shard. The choice
// hashes the task's identity rather than its position, so it does not
// depend on which other jobs were loaded (e.g. with or without LLM types).
func (s Shard) Has(model, file string, index int) bool {
	if s.N <= 1 {
		return true
	}
	h := fnv.New32a()
	fmt.Fprintf(h, "%s\x00%s\x00%d", model, file, index)
	return int(h.Sum32()%uint32(s.N)) == s.I-1
}

// SelectJobs keeps the jobs in the shard, in order.
func (s Shard) SelectJobs(jobs []Job) []Job {
	var out []Job
	for _, j := range jobs {
		if s.Has(j.Model, j.Task.File, j.Task.Index) {
			out = append(out, j)
		}
	}
	return out
}

// SelectLevelJobs keeps the level jobs in the shard, in order.
func (s Shard) SelectLevelJobs(jobs []LevelJob) []LevelJob {
	var out []LevelJob
	for _, j := range jobs {
		t := j.Task()
		if s.Has(j.Model, t.File, t.Index) {
			out = append(out, j)
		}
	}
	return out
}

// Run is the output of a benchmark run or of one shard of it.
type Run struct {
	Shard      Shard
	Samples    []Sample
	Levels     []LevelSample
	Misaligned []Misalignment
	// Stopped says why the run stopped early ("" when it did not).
	Stopped string
}

// Summary computes the run's summary.
func (r Run) Summary() Summary {
	s := Summarize(r.Samples, r.Levels, r.Misaligned)
	s.Shard = r.Shard.String()
	s.Pending = Pending(r.Samples)
	s.Stopped = r.Stopped
	s.Partial = s.Pending > 0 || s.Stopped != ""
	return s
}

// WriteRun writes samples.jsonl, levels.jsonl and, last, summary.json, so
// a directory with a summary holds a complete run.
func WriteRun(dir string, r Run) error {
	if err := os.Remove(filepath.Join(dir, "summary.json")); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := WriteSamples(dir, r.Samples); err != nil {
		return err
	}
	if err := WriteLevelSamples(dir, r.Levels); err != nil {
		return err
	}
	return WriteSummary(dir, r.Summary())
}

// WriteLevelSamples writes levels.jsonl atomically.
func WriteLevelSamples(dir string, levels []LevelSample) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return WriteAtomic(filepath.Join(dir, "levels.jsonl"), func(w *bufio.Writer) error {
		enc := json.NewEncoder(w)
		for _, l := range levels {
			if err := enc.Encode(l); err != nil {
				return err
			}
		}
		return nil
	})
}

// ReadRun reads a directory written by WriteRun.
func ReadRun(dir string) (Run, error) {
	var r Run
	p := filepath.Join(dir, "summary.json")
	b, err := os.ReadFile(p)
	if err != nil {
		return r, fmt.Errorf("%s: expected the summary of a complete run: %w", dir, err)
	}
	var s Summary
	if err := json.Unmarshal(b, &s); err != nil {
		return r, fmt.Errorf("%s: expected a summary.json object: %w", p, jsonErr(b, err))
	}
	if s.Shard != "" {
		if r.Shard, err = ParseShard(s.Shard); err != nil {
			return r, fmt.Errorf("%s: %w", p, err)
		}
	}
	r.Misaligned = s.Misaligned
	r.Stopped = s.Stopped
	if r.Samples, err = readJSONL[Sample](filepath.Join(dir, "samples.jsonl"), func(s Sample) bool { return s.Model != "" && s.File != "" }); err != nil {
		return r, err
	}
	if r.Levels, err = readJSONL[LevelSample](filepath.Join(dir, "levels.jsonl"), func(l LevelSample) bool { return l.Model != "" && l.File != "" && len(l.Checks) == l.Level+1 }); err != nil {
		return r, err
	}
	return r, nil
}

func readJSONL[T any](path string, valid func(T) bool) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, fmt.Errorf("%s:%d: expected one JSON sample per line: %w", path, line, err)
		}
		if !valid(v) {
			return nil, fmt.Errorf("%s:%d: expected a sample with model, file and one check per level", path, line)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// Merge combines the shards of one run. Either every directory is a
// shard of the same n and all n are present once, or none is a shard
// (separate runs, e.g. per model); a task scored twice is an error. The
// samples come back sorted by model, file and index, which is the order
// an unsharded run writes, so the merged files equal it byte for byte.
func Merge(dirs []string) (Run, error) {
	if len(dirs) == 0 {
		return Run{}, errors.New("merge: no run directories given")
	}
	var out Run
	seen := map[shardKey]string{}
	shards := map[int]string{}
	n := -1
	misSeen := map[Misalignment]bool{}
	for _, dir := range dirs {
		r, err := ReadRun(dir)
		if err != nil {
			return Run{}, err
		}
		if n == -1 {
			n = r.Shard.N
		}
		if r.Shard.N != n {
			return Run{}, fmt.Errorf("%s holds %s but %s holds %s: expected the shards 1..n of one run, or whole runs only", dir, runKind(r.Shard), dirs[0], runKind(Shard{N: n}))
		}
		if n > 0 {
			if prev, dup := shards[r.Shard.I]; dup {
				return Run{}, fmt.Errorf("%s: shard %s given twice (also %s)", dir, r.Shard, prev)
			}
			shards[r.Shard.I] = dir
		}
		for _, s := range r.Samples {
			if err := claim(seen, shardKey{s.Model, s.File, s.Index, false}, dir); err != nil {
				return Run{}, err
			}
		}
		for _, l := range r.Levels {
			if err := claim(seen, shardKey{l.Model, l.File, l.Index, true}, dir); err != nil {
				return Run{}, err
			}
		}
		out.Samples = append(out.Samples, r.Samples...)
		out.Levels = append(out.Levels, r.Levels...)
		if r.Stopped != "" && !strings.Contains(out.Stopped, r.Stopped) {
			if out.Stopped != "" {
				out.Stopped += "; "
			}
			out.Stopped += r.Stopped
		}
		// Alignment happens before sharding, so every shard reports the
		// same misalignments; keep one copy.
		for _, m := range r.Misaligned {
			if !misSeen[m] {
				misSeen[m] = true
				out.Misaligned = append(out.Misaligned, m)
			}
		}
	}
	if n > 0 && len(shards) != n {
		var missing []string
		for i := 1; i <= n; i++ {
			if _, ok := shards[i]; !ok {
				missing = append(missing, fmt.Sprintf("%d/%d", i, n))
			}
		}
		return Run{}, fmt.Errorf("merge: missing shard(s) %s", strings.Join(missing, ", "))
	}
	sort.SliceStable(out.Samples, func(i, j int) bool {
		a, b := out.Samples[i], out.Samples[j]
		return lessKey(a.Model, a.File, a.Index, b.Model, b.File, b.Index)
	})
	sort.SliceStable(out.Levels, func(i, j int) bool {
		a, b := out.Levels[i], out.Levels[j]
		return lessKey(a.Model, a.File, a.Index, b.Model, b.File, b.Index)
	})
	sortMisaligned(out.Misaligned)
	return out, nil
}

func runKind(s Shard) string {
	if s.N == 0 {
		return "a whole run"
	}
	return fmt.Sprintf("a shard of %d", s.N)
}

type shardKey struct {
	model, file string
	index       int
	level       bool
}

func claim(seen map[shardKey]string, k shardKey, dir string) error {
	if prev, dup := seen[k]; dup {
		return fmt.Errorf("%s: %s %s[%d] was already scored in %s: expected disjoint shards", dir, k.model, k.file, k.index, prev)
	}
	seen[k] = dir
	return nil
}

func lessKey(m1, f1 string, i1 int, m2, f2 string, i2 int) bool {
	if m1 != m2 {
		return m1 < m2
	}
	if f1 != f2 {
		return f1 < f2
	}
	return i1 < i2
}
