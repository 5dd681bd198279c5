package githubtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestUnifiedMatchesGit compares the fake's differ with git's on changes
// whose minimal diff is unambiguous.
func TestUnifiedMatchesGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	num := func(n int, edit func(i int) string) string {
		var sb strings.Builder
		for i := 1; i <= n; i++ {
			sb.WriteString(edit(i))
		}
		return sb.String()
	}
	plain := func(i int) string { return "l" + itoa(i) + "\n" }
	for _, tc := range []struct{ name, old, new string }{
		{"two hunks", num(40, plain), num(40, func(i int) string {
			if i == 5 || i == 30 {
				return "X\n"
			}
			return plain(i)
		})},
		{"merged hunks", num(20, plain), num(20, func(i int) string {
			if i == 5 || i == 11 {
				return "X\n"
			}
			return plain(i)
		})},
		{"insert at start", "a\nb\nc\nd\ne\n", "new\na\nb\nc\nd\ne\n"},
		{"delete at end", "a\nb\nc\nd\ne\n", "a\nb\nc\n"},
		{"no newline", "a\nb\nc", "a\nb\nc\nd\n"},
		{"crlf", "a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n"},
		{"added file", "", "x\ny\n"},
		{"removed file", "x\ny\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
			if err := os.WriteFile(a, []byte(tc.old), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(b, []byte(tc.new), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("git", "diff", "--no-index", "--no-color", "--no-ext-diff", "-U3", a, b)
			cmd.Env = []string{"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "HOME=" + dir}
			out, _ := cmd.Output() // exit status 1 means "different"
			s := string(out)
			i := strings.Index(s, "\n@@")
			if i < 0 {
				t.Fatalf("git printed no hunk:\n%s", s)
			}
			// Drop git's function-name heading after hunk headers.
			want := sectionRE.ReplaceAllString(s[i+1:], "$1")
			if got := unifiedHunks([]byte(tc.old), []byte(tc.new)); got != want {
				t.Errorf("got\n%s\nwant (git)\n%s", got, want)
			}
		})
	}
}

var sectionRE = regexp.MustCompile(`(?m)^(@@ [^@]* @@).*$`)

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
