package judge

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
)

// LoadRecorded builds the published verdicts of one run of LintEval labels:
// verdictsPath is a verdicts.jsonl ({"file","index","passed"} per line),
// generationsDir holds <file>_<model>_<round>.json (the judged code in
// response[0][1], aligned with the task file) and datasetDir holds the
// MultiCodeIF single-level task files <file>.json. Tasks come back in the
// order of verdicts.jsonl.
func LoadRecorded(verdictsPath, generationsDir, datasetDir string) ([]RecordedTask, error) {
	lines, err := readVerdicts(verdictsPath)
	if err != nil {
		return nil, err
	}
	tasks := map[string][]datasetTask{}
	codes := map[string][]string{}
	type taskID struct {
		file  string
		index int
	}
	seen := map[taskID]bool{}
	var out []RecordedTask
	for n, l := range lines {
		if _, ok := tasks[l.File]; !ok {
			if tasks[l.File], err = readDataset(datasetDir, l.File); err != nil {
				return nil, err
			}
			if codes[l.File], err = readGenerations(generationsDir, l.File); err != nil {
				return nil, err
			}
			if len(codes[l.File]) != len(tasks[l.File]) {
				return nil, fmt.Errorf("judge: %s: %d generations for %d tasks: files are not aligned", l.File, len(codes[l.File]), len(tasks[l.File]))
			}
		}
		ts := tasks[l.File]
		if l.Index < 0 || l.Index >= len(ts) {
			return nil, fmt.Errorf("judge: %s line %d: index %d out of range for %s (%d tasks)", verdictsPath, n+1, l.Index, l.File, len(ts))
		}
		if id := (taskID{l.File, l.Index}); seen[id] {
			return nil, fmt.Errorf("judge: %s line %d: duplicate verdict for %s[%d]", verdictsPath, n+1, l.File, l.Index)
		}
		seen[taskID{l.File, l.Index}] = true
		typ, err := constraint.FromDataset(l.File)
		if err != nil {
			return nil, fmt.Errorf("judge: %s line %d: %w", verdictsPath, n+1, err)
		}
		// A spec the parser rejects still identifies the task: the key
		// needs only its type and text, and rule checkers report the error.
		c, _ := constraint.ParseAnswer(typ, ts[l.Index].Answer)
		out = append(out, RecordedTask{
			File: l.File, Index: l.Index, Passed: l.Passed,
			Task: Task{Prompt: ts[l.Index].Prompt, Constraint: c, Code: codes[l.File][l.Index]},
		})
	}
	return out, nil
}

type verdictLine struct {
	File   string `json:"file"`
	Index  int    `json:"index"`
	Passed bool   `json:"passed"`
}

func readVerdicts(path string) ([]verdictLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("judge: verdicts: %w", err)
	}
	defer f.Close()
	var out []verdictLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var l verdictLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil || l.File == "" {
			return nil, fmt.Errorf("judge: %s line %d: expected {\"file\",\"index\",\"passed\"}: %w", path, n, err)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("judge: %s: %w", path, err)
	}
	return out, nil
}

type datasetTask struct {
	Prompt string `json:"prompt"`
	Answer string `json:"answer"`
}

func readDataset(dir, file string) ([]datasetTask, error) {
	var ts []datasetTask
	if err := readJSON(filepath.Join(dir, file+".json"), &ts); err != nil {
		return nil, err
	}
	return ts, nil
}

// readGenerations returns response[0][1] of each entry of the single file
// <file>_*.json in dir.
func readGenerations(dir, file string) ([]string, error) {
	matches, err := filepath.Glob(filepath.Join(dir, file+"_*.json"))
	if err != nil {
		return nil, fmt.Errorf("judge: generations for %s: %w", file, err)
	}
	// Another task file whose name extends this one ("a_b" vs "a_b_c")
	// would match the glob too: drop its files.
	var own []string
	for _, m := range matches {
		if !ownedByLonger(file, filepath.Base(m)) {
			own = append(own, m)
		}
	}
	if len(own) != 1 {
		return nil, fmt.Errorf("judge: expected one generations file %s_<model>_<round>.json in %s, found %d", file, dir, len(own))
	}
	var entries []struct {
		Response [][]string `json:"response"`
	}
	if err := readJSON(own[0], &entries); err != nil {
		return nil, err
	}
	out := make([]string, len(entries))
	for i, e := range entries {
		if len(e.Response) == 0 || len(e.Response[0]) < 2 {
			return nil, fmt.Errorf("judge: %s entry %d: expected response [[prompt, code]]", own[0], i)
		}
		out[i] = e.Response[0][1]
	}
	return out, nil
}

// ownedByLonger reports whether base belongs to a task file whose name
// starts with file + "_".
func ownedByLonger(file, base string) bool {
	for _, other := range constraint.DatasetFiles() {
		if len(other) > len(file) && strings.HasPrefix(other, file+"_") && strings.HasPrefix(base, other+"_") {
			return true
		}
	}
	return false
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("judge: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("judge: %s: %w", path, err)
	}
	return nil
}
