package check

// Doc is a rule's documentation as data. `iflint rules` and
// docs/rules/<type>.md are generated from it, and a test holds the
// generated pages and the examples to the rule's behaviour.
type Doc struct {
	// Summary says what the rule checks, in one sentence.
	Summary string
	// Why says why a team would want it.
	Why string
	// Options are the spec's fields and their accepted values.
	Options []Option
	// Fails and Passes are examples the lint profile fails and passes.
	Fails, Passes Example
	// Fix says what the deterministic fix does ("" when there is none),
	// and FixSafety when it can and cannot change what a program does.
	Fix, FixSafety string
	// Agrees names the established tools the lint profile agrees with and
	// the agreement measured.
	Agrees []Agreement
}

// Option is one field of a rule's spec.
type Option struct {
	Name, Values, Doc string
}

// Example is a spec and a file checked under it.
type Example struct {
	Spec, File, Code string
}

// Agreement is an established tool the rule follows, and how closely.
type Agreement struct {
	Tool, Rules, Measured string
}
