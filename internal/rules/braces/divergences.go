package braces

import (
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// The differences in detail between the paper's text reading and the
// lint profile. Where lint reads the syntax tree (lint.go) the two differ
// in kind; these are where lint departs from the paper's reading of the
// same text: for Python, and for languages the tree reading does not
// cover, where lint reads text too.
var (
	pythonHasNoBlocks = &check.Divergence{
		Type: constraint.Braces, Name: "python-has-no-brace-blocks",
		Paper: "Python's braces are read as block braces: a dict literal or an f-string field after `=` fails every style.",
		Lint: "Python passes: its blocks are delimited by indentation, and its braces are dict/set literals and f-string " +
			"fields, which no brace style governs.",
	}
	literalBracesAreText = &check.Divergence{
		Type: constraint.Braces, Name: "literal-braces-are-text",
		Paper: "Only comments are removed before looking for \"{\" and \"}\"; a brace in a string counts, and in C, C++ and " +
			"Rust a line comment swallows its newline, so `f() // c` + \"{\" on the next line reads as K&R.",
		Lint: "Braces inside string and character literals and doc comments are text, not block delimiters, and removing a " +
			"comment never joins lines (languages read as text only).",
	}
	anyCodeHeadsBlock = &check.Divergence{
		Type: constraint.Braces, Name: "any-code-heads-a-block",
		Paper: "An opening brace counts as well placed only after \")\" or a word character, so `x = {`, `=> {` and `({` fail.",
		Lint:  "Any code may precede the brace (languages read as text only): object and array literals are values, not misplaced blocks.",
	}
)

var divergences = []*check.Divergence{pythonHasNoBlocks, literalBracesAreText, anyCodeHeadsBlock}

// textReading is how the text reading reads, by profile: the
// divergences decided once at the rule's entry.
type textReading struct {
	// literalsAreText: literal braces and doc comments are removed, and
	// removing a comment never joins lines.
	literalsAreText bool
	// anyHeader: any code may precede an opening brace.
	anyHeader bool
}

func textReadingFor(p check.Profile) textReading {
	return textReading{literalsAreText: literalBracesAreText.In(p), anyHeader: anyCodeHeadsBlock.In(p)}
}
