package judge

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/check"
)

// RecordedPrefix marks a replay model: Model{Name: "recorded:gpt-4o"}
// decides from verdicts seeded by SeedRecorded(c, "gpt-4o", ...) and makes
// no call; a task without a seeded verdict is Unverified.
const RecordedPrefix = "recorded:"

// Recorded returns the replay model for published verdicts of name.
func Recorded(name string) Model {
	return Model{Name: RecordedPrefix + strings.TrimPrefix(name, RecordedPrefix)}
}

func isRecorded(name string) bool { return strings.HasPrefix(name, RecordedPrefix) }

// RecordedTask is one published verdict on one task.
type RecordedTask struct {
	File   string // task file, e.g. "algorithm_type" (for reports)
	Index  int    // 0-based position in that file
	Task   Task
	Passed bool
}

// SeedRecorded stores published verdicts as votes of the model
// Recorded(modelName) ("gpt-4o" and "recorded:gpt-4o" name the same
// model). Entries are keyed on the constraint type and spec, the task
// prompt and the code, but not on our templates or the compat flag: they
// record another judge's answer, which neither changes.
func SeedRecorded(c *cache.Cache, modelName string, tasks []RecordedTask) error {
	m := Recorded(modelName)
	for _, rt := range tasks {
		v := cachedVote{Verdict: check.Fail, Reason: "published verdict: not satisfied", Recorded: true}
		if rt.Passed {
			v.Verdict, v.Reason = check.Pass, "published verdict: satisfied"
		}
		if err := c.Put(recordedKey(m.Name, rt.Task), v); err != nil {
			return fmt.Errorf("judge: seed %s[%d]: %w", rt.File, rt.Index, err)
		}
	}
	return nil
}
