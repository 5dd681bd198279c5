package github

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/iflint/iflint/internal/markdown"
	"github.com/iflint/iflint/internal/termsafe"
)

// Every text this package sends is assembled from the caller's messages,
// replacement lines and fingerprints plus the fixed strings below; nothing
// is read from the environment, so a secret can reach a comment only if the
// caller puts it into a finding. Publish refuses bodies containing the
// client's own token as a last line of defence.

const (
	fingerprintPrefix = "<!-- iflint:fingerprint="
	markerSuffix      = " -->"
	outdatedMarker    = "<!-- iflint:outdated -->"
	reviewMarker      = "<!-- iflint:review -->"
	reportedPrefix    = "<!-- iflint:reported="
	runPrefix         = "<!-- iflint:run="

	// GitHub rejects comment and review bodies longer than this.
	maxBodyChars = 65536
)

// fingerprintRE is what a fingerprint may contain: enough for hashes and
// "rule:hash" forms, and nothing that could end an HTML comment.
var fingerprintRE = regexp.MustCompile(`^[A-Za-z0-9._:/+=-]{1,128}$`)

// SuggestionBody renders message followed by a GitHub suggestion block
// replacing the commented lines with replacement (one element per line;
// none deletes the lines). The fence is longer than any backtick run in
// the replacement, so code containing ``` cannot close it early.
func SuggestionBody(message string, replacement []string) string {
	fence := markdown.Fence(strings.Join(replacement, "\n"))
	var sb strings.Builder
	if m := strings.TrimSpace(message); m != "" {
		sb.WriteString(m)
		sb.WriteString("\n\n")
	}
	sb.WriteString(fence + "suggestion\n")
	for _, l := range replacement {
		sb.WriteString(strings.TrimRight(l, "\r\n"))
		sb.WriteByte('\n')
	}
	sb.WriteString(fence)
	return sb.String()
}

// FingerprintMarker is the hidden line identifying a finding's comment.
func FingerprintMarker(fingerprint string) string {
	return fingerprintPrefix + fingerprint + markerSuffix
}

// fingerprintOf finds the marker Publish appended: the last one in the
// body, since code quoted earlier in a comment might contain the text, and
// at the start of a line, so a quote-reply ("> <!-- ...") is not taken for
// the original.
func fingerprintOf(body string) (string, bool) {
	i := strings.LastIndex(body, fingerprintPrefix)
	if i < 0 || (i > 0 && body[i-1] != '\n') {
		return "", false
	}
	rest := body[i+len(fingerprintPrefix):]
	fp, _, ok := strings.Cut(rest, markerSuffix)
	if !ok || !fingerprintRE.MatchString(fp) {
		return "", false
	}
	return fp, true
}

func isOutdated(body string) bool {
	return strings.HasSuffix(strings.TrimSpace(body), outdatedMarker)
}

// commentBody is what a comment carries: the caller's text and the marker.
func commentBody(c Comment) string {
	return strings.TrimRight(c.Body, "\n") + "\n\n" + FingerprintMarker(c.Fingerprint)
}

// suggestionFenceRE matches the opening line of a suggestion block.
var suggestionFenceRE = regexp.MustCompile("(?m)^(\\s{0,3}`{3,})suggestion[ \\t]*\r?$")

// outdatedBody retracts a comment: a note on top, the suggestion turned
// into plain code so nobody commits a fix for a finding that is gone, the
// fingerprint kept, and a marker so the next run leaves it alone.
func outdatedBody(body, headSHA string) string {
	short := headSHA
	if len(short) > 7 {
		short = short[:7]
	}
	body = suggestionFenceRE.ReplaceAllString(body, "${1}text")
	return fmt.Sprintf("**Outdated:** this finding no longer appears at %s.\n\n%s\n%s", short, strings.TrimRight(body, "\n"), outdatedMarker)
}

// maxListedInBody bounds the findings listed in a review body, keeping it
// far below GitHub's size limit.
const maxListedInBody = 100

// reviewBody assembles the review text: the caller's summary, the new
// findings that could not become line comments (each listed once across
// runs, through the reported markers), and the count cut by the cap.
func reviewBody(summary string, listed []Downgraded, unlisted, overflow, maxComments int) string {
	var sb strings.Builder
	if s := strings.TrimSpace(summary); s != "" {
		sb.WriteString(s)
		sb.WriteString("\n\n")
	}
	if len(listed) > 0 {
		fmt.Fprintf(&sb, "%d finding(s) could not be placed as line comments:\n\n", len(listed)+unlisted)
		for _, d := range listed {
			fmt.Fprintf(&sb, "- `%s` %s: %s (%s)\n", mdCode(d.Comment.Path), lineRange(d.Comment), firstLine(d.Comment.Body), d.Reason)
		}
		if unlisted > 0 {
			fmt.Fprintf(&sb, "- and %d more.\n", unlisted)
		}
		sb.WriteByte('\n')
	}
	if overflow > 0 {
		fmt.Fprintf(&sb, "%d further finding(s) are not shown as comments: a review carries at most %d.\n\n", overflow, maxComments)
	}
	sb.WriteString(reviewMarker)
	for _, d := range listed {
		sb.WriteString("\n" + reportedPrefix + d.Comment.Fingerprint + markerSuffix)
	}
	return sb.String()
}

// reportedIn returns the fingerprints a review body listed.
func reportedIn(body string) []string {
	var fps []string
	for _, l := range strings.Split(body, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), reportedPrefix); ok {
			if fp, ok := strings.CutSuffix(rest, markerSuffix); ok && fingerprintRE.MatchString(fp) {
				fps = append(fps, fp)
			}
		}
	}
	return fps
}

func lineRange(c Comment) string {
	if c.StartLine == 0 || c.StartLine == c.Line {
		return fmt.Sprintf("line %d", c.Line)
	}
	return fmt.Sprintf("lines %d-%d", c.StartLine, c.Line)
}

// firstLine is a finding's headline for a list item.
func firstLine(body string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(body), "\n")
	l = strings.TrimSpace(l)
	if strings.HasPrefix(l, "```") {
		l = "suggested change"
	}
	const max = 200
	if r := []rune(l); len(r) > max {
		l = string(r[:max]) + "…"
	}
	return l
}

// mdCode keeps a path inside its code span.
func mdCode(s string) string { return strings.ReplaceAll(termsafe.Text(s), "`", "'") }

// containsLine reports whether some line of body is exactly marker, so a
// marker quoted inside other text does not count.
func containsLine(body, marker string) bool {
	for _, l := range strings.Split(body, "\n") {
		if strings.TrimSpace(l) == marker {
			return true
		}
	}
	return false
}
