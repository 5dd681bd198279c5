package check

// Skipped is a finding a fixer refused to fix, with the reason a reviewer
// needs to fix it by hand (or to trust that it should stay).
type Skipped struct {
	Start, End int
	Reason     string
}
