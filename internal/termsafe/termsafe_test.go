package termsafe

import "testing"

func TestName(t *testing.T) {
	for in, want := range map[string]string{
		"pkg/a.go":               "pkg/a.go",
		"dir with space/é.py":    "dir with space/é.py",
		"a\nb.py":                `"a\nb.py"`,
		"\x1b[2J.go":             `"\x1b[2J.go"`,
		"evil\u202egp.py":        `"evil\u202egp.py"`,
		"bad\xffname.py":         `"bad\xffname.py"`,
		`"quoted".py`:            `"\"quoted\".py"`,
		`back\slash.py`:          `back\slash.py`,
		"tab\there.py":           `"tab\there.py"`,
		"keeps\uFFFDreplacement": "keeps\uFFFDreplacement",
	} {
		if got := Name(in); got != want {
			t.Errorf("Name(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		`name "x" is not snake_case`: `name "x" is not snake_case`,
		"line\nforged: error":        `line\nforged: error`,
		"esc \x1b]0;title\x07":       `esc \x1b]0;title\a`,
		"bidi \u2066x\u2069":         `bidi \u2066x\u2069`,
		"byte \xfe":                  `byte \xfe`,
	} {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %s, want %s", in, got, want)
		}
	}
}
