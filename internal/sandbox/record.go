package sandbox

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Record is what a verification leaves behind for a report. It names no
// temporary path: the copy is gone when anyone reads the record, and a
// path that differs on every run would make reports differ too.
//
// In JSON its fields are snake_case and the duration is whole
// milliseconds (duration_ms), like every duration in iflint's reports.
type Record struct {
	// Command is the command line, quoted as a POSIX shell would need.
	Command string `json:"command"`
	// Dir is where the command ran, relative to the repository root.
	Dir string `json:"dir"`
	// ExitCode is the command's exit status; -1 if it was killed or never
	// ran to completion.
	ExitCode int `json:"exit_code"`
	// TimedOut is set when Runner.Timeout ended the run.
	TimedOut bool          `json:"timed_out"`
	Duration time.Duration `json:"-"`
	// OutputTail is the end of stdout and stderr, interleaved as written.
	OutputTail string `json:"output_tail"`
	// Passed is the verdict: exit status 0 within the time limit.
	Passed bool `json:"passed"`
	// Sandbox is the mechanism that contained the run.
	Sandbox Mechanism `json:"sandbox,omitempty"`
}

// recordJSON is Record's JSON form: Duration as milliseconds.
type recordJSON struct {
	recordFields
	DurationMS int64 `json:"duration_ms"`
}

type recordFields Record // without the methods, so encoding does not recurse

// MarshalJSON writes the duration in milliseconds.
func (r Record) MarshalJSON() ([]byte, error) {
	return json.Marshal(recordJSON{recordFields(r), r.Duration.Milliseconds()})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *Record) UnmarshalJSON(b []byte) error {
	var j recordJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*r = Record(j.recordFields)
	r.Duration = time.Duration(j.DurationMS) * time.Millisecond
	return nil
}

// Outcome is the verdict in a word or two: "passed", "exit 1", "timed out".
func (r Record) Outcome() string {
	switch {
	case r.TimedOut:
		return "timed out"
	case r.Passed:
		return "passed"
	}
	return fmt.Sprintf("exit %d", r.ExitCode)
}

// Text renders the record for a plain-text report, one field per line and
// the output indented, so that output lines cannot pass for fields.
func (r Record) Text() string {
	var b strings.Builder
	verdict := "FAIL"
	switch {
	case r.Passed:
		verdict = "PASS"
	case r.TimedOut:
		verdict = "TIMEOUT"
	}
	fmt.Fprintf(&b, "verify: %s\n", verdict)
	fmt.Fprintf(&b, "command: %s\n", r.Command)
	fmt.Fprintf(&b, "dir: %s\n", r.Dir)
	fmt.Fprintf(&b, "exit: %d\n", r.ExitCode)
	fmt.Fprintf(&b, "duration: %s\n", r.Duration)
	if r.Sandbox != "" {
		fmt.Fprintf(&b, "sandbox: %s\n", r.Sandbox)
	}
	if r.OutputTail == "" {
		b.WriteString("output: none\n")
		return b.String()
	}
	fmt.Fprintf(&b, "output (%d bytes kept):\n", len(r.OutputTail))
	for _, line := range strings.Split(strings.TrimSuffix(r.OutputTail, "\n"), "\n") {
		fmt.Fprintf(&b, "  | %s\n", line)
	}
	return b.String()
}

// quoteCommand joins args so that pasting the result into a shell runs the
// same command.
func quoteCommand(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	return strings.Join(quoted, " ")
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
