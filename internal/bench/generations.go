package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Generation is one stored model output, aligned with a task.
type Generation struct {
	Prompt string
	Output string
}

type rawGeneration struct {
	ID       json.RawMessage `json:"id"`
	Response [][]string      `json:"response"`
}

// ModelFiles maps each model directory under dir to its generation files,
// keyed by task file name. A generation file is named
// <taskfile>_<model>_<anything>.json; the longest task-file prefix wins.
func ModelFiles(dir string, taskFiles []string) (map[string]map[string]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("generations: %w", err)
	}
	byLen := append([]string(nil), taskFiles...)
	sort.Slice(byLen, func(i, j int) bool { return len(byLen[i]) > len(byLen[j]) })
	out := map[string]map[string]string{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		files, err := filepath.Glob(filepath.Join(dir, e.Name(), "*.json"))
		if err != nil {
			return nil, err
		}
		m := map[string]string{}
		for _, f := range files {
			base := filepath.Base(f)
			for _, tf := range byLen {
				if strings.HasPrefix(base, tf+"_") {
					if prev, dup := m[tf]; dup {
						return nil, fmt.Errorf("%s: two generation files for task file %s (also %s)", f, tf, prev)
					}
					m[tf] = f
					break
				}
			}
		}
		if len(m) > 0 {
			out[e.Name()] = m
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no generation files: expected <model>/<taskfile>_<model>_<anything>.json", dir)
	}
	return out, nil
}

// LoadGenerations reads a generation file.
func LoadGenerations(path string) ([]Generation, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raws []rawGeneration
	if err := json.Unmarshal(b, &raws); err != nil {
		return nil, fmt.Errorf("%s: expected a JSON list of {\"id\",\"response\":[[prompt, output]]}: %w", path, jsonErr(b, err))
	}
	out := make([]Generation, len(raws))
	for i, r := range raws {
		if len(r.Response) == 0 || len(r.Response[0]) < 2 {
			return nil, fmt.Errorf("%s: entry %d: expected response [[prompt, output]]", path, i)
		}
		out[i] = Generation{Prompt: r.Response[0][0], Output: r.Response[0][1]}
	}
	return out, nil
}

var fence = regexp.MustCompile("```(?:\\w+)?([\\s\\S]*?)```")

// ExtractCode returns the code a MultiCodeIF evaluator judges: the first
// fenced block of the output (or all of it without a fence), trimmed.
func ExtractCode(output string) string {
	s := strings.TrimSpace(output)
	if m := fence.FindStringSubmatch(s); m != nil {
		return strings.TrimSpace(m[1])
	}
	return s
}
