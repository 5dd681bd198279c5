package lang

import (
	"bytes"
	"regexp"
)

// A ".pro" file is Prolog, a ProGuard configuration (Android's
// proguard-rules.pro), a QMake project or IDL; the extension alone
// cannot tell, so its content decides, as linguist's heuristics do:
// Prolog has clauses (`head :- body.`) or directives (`:- module(..)`),
// ProGuard has options starting with a dash (`-keep class ...`), QMake
// assigns variables (`QT += core`), IDL has `pro`/`function` routines.

var (
	prologSignal = regexp.MustCompile(`(?m)^[ \t]*(:-|[a-z][a-zA-Z0-9_]*(\([^)]*\))?[ \t]*:-)`)
	otherPro     = regexp.MustCompile(`(?m)^[ \t]*(-(keep|dontwarn|dontobfuscate|optimizations|assumenosideeffects|renamesourcefileattribute|repackageclasses|include|printmapping)\b|[A-Z_]+[ \t]*[+\-*]?=|(pro|function)[ \t]+\w+)`)
)

// IsProlog reports whether a ".pro" file's content is Prolog: it has
// a clause or directive and nothing of ProGuard, QMake or IDL.
func IsProlog(src []byte) bool {
	code := stripPercentComments(src)
	return prologSignal.Match(code) && !otherPro.Match(code)
}

// stripPercentComments drops Prolog's % line comments and ProGuard's #
// ones, so that prose is no signal.
func stripPercentComments(src []byte) []byte {
	var out []byte
	for _, l := range bytes.SplitAfter(src, []byte("\n")) {
		t := bytes.TrimLeft(l, " \t")
		if len(t) > 0 && (t[0] == '%' || t[0] == '#') {
			out = append(out, '\n')
			continue
		}
		out = append(out, l...)
	}
	return out
}

func isPro(path string) bool {
	n := len(path)
	return n >= 4 && (path[n-4:] == ".pro" || path[n-4:] == ".PRO")
}
