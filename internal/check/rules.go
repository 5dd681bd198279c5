package check

// Rules lists every rule-based checker, one per constraint type, each in
// its own file. Adding a rule means adding its file and one line here.
var Rules = []*Rule{
	languageTypeRule,
	languageVersionRule,
	advancedSyntaxRule,
	functionRule,
	libraryRule,
	inputTypeRule,
	inputOrderRule,
	outputTypeRule,
	outputOrderRule,
	dsTypeRule,
	dsSizeRule,
	dsOperationRule,
	namingRule,
	indentationRule,
	bracesRule,
	commentsRule,
}
