package comments

// GoDeclaration is a temporary export for the old fixer under comparison.
func GoDeclaration(line string) (string, string, bool) { return goDeclaration(line) }
