package fixloop

import (
	"path"
	"strings"
)

// IsTestFile reports whether a path looks like a test by the naming
// conventions of the languages iflint knows. The LLM refactor never
// rewrites such a file: the tests are the proof of a fix, and a model
// that may edit them can make any candidate "pass".
func IsTestFile(p string) bool {
	base := path.Base(p)
	stem := strings.TrimSuffix(base, path.Ext(base))
	for _, dir := range strings.Split(path.Dir(p), "/") {
		switch dir {
		case "test", "tests", "__tests__", "spec", "testdata":
			return true
		}
	}
	switch {
	case strings.HasPrefix(stem, "test_"), strings.HasSuffix(stem, "_test"), strings.HasSuffix(stem, "_spec"),
		strings.HasSuffix(stem, ".test"), strings.HasSuffix(stem, ".spec"),
		strings.HasSuffix(stem, "Test") && len(stem) > 4, strings.HasSuffix(stem, "Tests") && len(stem) > 5,
		strings.HasPrefix(stem, "Test") && len(stem) > 4 && stem[4] >= 'A' && stem[4] <= 'Z',
		stem == "conftest":
		return true
	}
	return false
}
