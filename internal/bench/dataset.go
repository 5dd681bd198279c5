// Package bench runs LintEval: MultiCodeIF tasks evaluated over stored or
// generated code, with the paper's metrics.
package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
)

// Task is one MultiCodeIF task.
type Task struct {
	File       string // task file name without .json
	Index      int    // 0-based position in the file
	ID         string
	Category   string // dataset category, e.g. "input_output"
	Level      int    // multi-level tasks only
	Prompt     string
	Answer     string
	Constraint constraint.Constraint
}

type rawTask struct {
	ID         json.RawMessage `json:"id"`
	Category   string          `json:"category"`
	Constraint string          `json:"constraint"`
	Level      int             `json:"level"`
	Prompt     string          `json:"prompt"`
	Answer     string          `json:"answer"`
}

// Dataset is the set of single-level task files, keyed by file name.
type Dataset struct {
	Root  string // the multicodeif directory
	Files map[string][]Task
}

// ResolveRoot accepts a LintEval directory (holding multicodeif/) or a
// MultiCodeIF checkout and returns the MultiCodeIF root.
func ResolveRoot(dir string) (string, error) {
	for _, cand := range []string{filepath.Join(dir, "multicodeif"), dir} {
		if st, err := os.Stat(filepath.Join(cand, "dataset", "instructions", "single_level")); err == nil && st.IsDir() {
			return cand, nil
		}
	}
	return "", fmt.Errorf("%s: expected a LintEval or MultiCodeIF directory containing dataset/instructions/single_level", dir)
}

// LoadDataset reads every single-level task file under dir.
func LoadDataset(dir string) (*Dataset, error) {
	root, err := ResolveRoot(dir)
	if err != nil {
		return nil, err
	}
	ds := &Dataset{Root: root, Files: map[string][]Task{}}
	paths, err := filepath.Glob(filepath.Join(root, "dataset", "instructions", "single_level", "*.json"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s: no task files in dataset/instructions/single_level", root)
	}
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".json")
		typ, err := constraint.FromDataset(name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		tasks, err := loadTasks(p, name, func(rt rawTask) (constraint.Constraint, error) {
			return constraint.ParseAnswer(typ, rt.Answer)
		})
		if err != nil {
			return nil, err
		}
		ds.Files[name] = tasks
	}
	return ds, nil
}

// LoadLevels reads the multi-level data-structure file.
func LoadLevels(dir string) ([]Task, error) {
	root, err := ResolveRoot(dir)
	if err != nil {
		return nil, err
	}
	p := filepath.Join(root, "dataset", "instructions", "multi_level", "data_structure.json")
	return loadTasks(p, "data_structure", func(rt rawTask) (constraint.Constraint, error) {
		return constraint.ParseLevel(rt.Answer)
	})
}

func loadTasks(path, name string, parse func(rawTask) (constraint.Constraint, error)) ([]Task, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raws []rawTask
	if err := json.Unmarshal(b, &raws); err != nil {
		return nil, fmt.Errorf("%s: expected a JSON list of tasks: %w", path, jsonErr(b, err))
	}
	tasks := make([]Task, 0, len(raws))
	for i, rt := range raws {
		c, err := parse(rt)
		if err != nil {
			return nil, fmt.Errorf("%s: task %d: %w", path, i, err)
		}
		tasks = append(tasks, Task{File: name, Index: i, ID: strings.Trim(string(rt.ID), `"`), Category: rt.Category,
			Level: rt.Level, Prompt: rt.Prompt, Answer: rt.Answer, Constraint: c})
	}
	return tasks, nil
}

// jsonErr adds a line number to JSON syntax errors.
func jsonErr(b []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + strings.Count(string(b[:se.Offset]), "\n")
		return fmt.Errorf("line %d: %w", line, err)
	}
	return err
}

// FileNames lists the dataset's task files, sorted.
func (d *Dataset) FileNames() []string {
	out := make([]string, 0, len(d.Files))
	for f := range d.Files {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}
