package bench

// Summary is summary.json: the paper's metrics per model. Rates exclude
// unverified samples (they are counted apart, never as failures).
// Maps marshal with sorted keys, so a summary is byte-for-byte
// reproducible, which shard merging relies on.
type Summary struct {
	// Models is sorted by name.
	Models []ModelSummary `json:"models"`
	// Misaligned lists generation files (or entries) that could not be
	// aligned with their tasks and were therefore not scored.
	Misaligned []Misalignment `json:"misaligned,omitempty"`
	// Shard is "i/n" for one shard's partial summary, empty for a whole
	// run (or a merge of all shards, which is byte-identical to it).
	Shard string `json:"shard,omitempty"`
	// Partial: the run stopped before deciding every sample; Pending of
	// them are undecided (counted as unverified in the rates) and
	// Stopped says why. The same command, run again, finishes the run.
	Partial bool   `json:"partial,omitempty"`
	Pending int    `json:"pending,omitempty"`
	Stopped string `json:"stopped,omitempty"`
}

// Rate is a satisfaction rate over decided samples.
type Rate struct {
	Satisfied  int     `json:"satisfied"`
	Decided    int     `json:"decided"`
	Unverified int     `json:"unverified"`
	Rate       float64 `json:"rate"` // Satisfied/Decided, 0 when nothing was decided
}

// ModelSummary holds one model's metrics.
type ModelSummary struct {
	Model string `json:"model"`
	// SSR over all single-level tasks (micro: every task weighs the same)
	// and macro (the mean of the 9 category rates).
	SSR      Rate    `json:"ssr"`
	MacroSSR float64 `json:"macro_ssr"`
	// HSR: tasks whose constraints all hold. A single-level task has one
	// constraint, so its HSR equals its SSR; multi-level HSR is in Levels.
	HSR        Rate            `json:"hsr"`
	ByType     map[string]Rate `json:"by_type"`
	ByCategory map[string]Rate `json:"by_category"`
	ByLanguage map[string]Rate `json:"by_language"`
	// Methods counts samples per deciding method: rule, toolchain,
	// static, llm, recorded (replayed published verdicts), unverified.
	Methods map[string]int `json:"methods"`
	// Levels are the multi-level SSR_k and HSR_k (chain rule: a level-k
	// task holds only when its own answer and the k before it all hold).
	Levels []LevelRate `json:"levels,omitempty"`
	// Rounds is the feedback-round curve (round 0 = first attempt).
	Rounds []RoundRate `json:"rounds,omitempty"`
}

// LevelRate is one level of the multi-level benchmark.
type LevelRate struct {
	Level int `json:"level"`
	// Tasks counts the aligned tasks whose checks were all decided; a
	// task with an unverified check is counted in Unverified instead.
	Tasks      int     `json:"tasks"`
	Satisfied  int     `json:"satisfied"` // satisfied checks
	Complete   int     `json:"complete"`  // tasks with every check satisfied
	Unverified int     `json:"unverified"`
	SSR        float64 `json:"ssr"` // satisfied checks / (tasks × (level+1))
	HSR        float64 `json:"hsr"` // tasks with every check satisfied / tasks
}

// RoundRate is the pass rate after a feedback round.
type RoundRate struct {
	Round int  `json:"round"`
	SSR   Rate `json:"ssr"`
}

// Misalignment explains why a generation file or entry was not scored.
type Misalignment struct {
	Model  string `json:"model"`
	File   string `json:"file"`
	Index  int    `json:"index"` // -1 for the whole file
	Reason string `json:"reason"`
}
