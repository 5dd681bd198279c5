// Package markdown holds the Markdown rules more than one output needs:
// review comments, job summaries, judge prompts and suggestions all fence
// code that may itself contain fences.
package markdown

import "strings"

// Fence returns a backtick fence longer than any backtick run in text
// (at least three), so that text containing ``` cannot close it early.
func Fence(text string) string {
	run, longest := 0, 0
	for _, r := range text {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}
