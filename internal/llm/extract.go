package llm

import (
	"strings"
)

// ExtractCode pulls the code out of a model reply. Models wrap code in
// Markdown fences, surround it with prose, forget the closing fence or
// send bare code; callers want just the code.
//
//   - With fenced blocks (``` or ~~~, any length >= 3, optional info
//     string), it returns the first block whose tag names language
//     (aliases such as "golang" for "go" count); else the first untagged
//     block (an untagged block next to e.g. a ```bash install line is
//     usually the code); else the first block.
//   - An unterminated fence runs to the end of the reply.
//   - Without fences it returns the reply trimmed.
func ExtractCode(reply, language string) string {
	blocks := fencedBlocks(reply)
	if len(blocks) == 0 {
		return strings.TrimSpace(reply)
	}
	want := canonicalLang(language)
	if want != "" {
		for _, b := range blocks {
			if b.lang == want {
				return b.code
			}
		}
		for _, b := range blocks {
			if b.lang == "" {
				return b.code
			}
		}
	}
	return blocks[0].code
}

type codeBlock struct {
	lang string // canonical tag, "" when untagged
	code string
}

// fencedBlocks scans Markdown fences the CommonMark way: a closing fence
// uses the same character, is at least as long as the opener and carries
// nothing else, so a ```` block may contain ``` lines.
func fencedBlocks(s string) []codeBlock {
	var blocks []codeBlock
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		indent, ch, n, info, ok := openFence(lines[i])
		if !ok {
			continue
		}
		// Single-line form ```code``` that some models emit.
		if ch == '`' && n <= len(info) && strings.HasSuffix(info, strings.Repeat("`", n)) && strings.TrimRight(info, "`") != "" {
			blocks = append(blocks, codeBlock{code: strings.TrimSpace(strings.TrimRight(info, "`"))})
			continue
		}
		var body []string
		j := i + 1
		for ; j < len(lines); j++ {
			if isCloseFence(lines[j], ch, n) {
				break
			}
			body = append(body, dedent(lines[j], indent))
		}
		blocks = append(blocks, codeBlock{lang: canonicalLang(infoLang(info)), code: trimBlankLines(body)})
		i = j // resume after the closing fence (or stop at the end)
	}
	return blocks
}

// openFence recognises a fence opener: up to 3 spaces of indent (more in
// practice when models nest code in lists, so any indent is accepted),
// then 3+ backticks or tildes, then an optional info string.
func openFence(line string) (indent int, ch byte, n int, info string, ok bool) {
	t := strings.TrimLeft(line, " \t")
	indent = len(line) - len(t)
	if len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return 0, 0, 0, "", false
	}
	ch = t[0]
	for n < len(t) && t[n] == ch {
		n++
	}
	if n < 3 {
		return 0, 0, 0, "", false
	}
	return indent, ch, n, strings.TrimSpace(t[n:]), true
}

func isCloseFence(line string, ch byte, n int) bool {
	t := strings.TrimSpace(line)
	return len(t) >= n && strings.Trim(t, string(ch)) == ""
}

// infoLang takes the language from an info string such as "go",
// "python title=x.py", "{r}" or "lang-js".
func infoLang(info string) string {
	if f := strings.Fields(info); len(f) > 0 {
		info = f[0]
	}
	info = strings.Trim(info, "{}.")
	info = strings.TrimPrefix(info, "language-")
	info = strings.TrimPrefix(info, "lang-")
	return info
}

// langAliases maps tags models use to one canonical name per language.
var langAliases = map[string]string{
	"golang": "go",
	"py":     "python", "python3": "python", "py3": "python",
	"js": "javascript", "node": "javascript", "nodejs": "javascript", "jsx": "javascript", "mjs": "javascript",
	"ts": "typescript", "tsx": "typescript",
	"c++": "cpp", "cc": "cpp", "cxx": "cpp", "hpp": "cpp",
	"h":  "c",
	"cs": "csharp", "c#": "csharp",
	"rs": "rust",
	"rb": "ruby",
	"kt": "kotlin", "kts": "kotlin",
	"sh": "bash", "shell": "bash", "zsh": "bash",
	"yml": "yaml",
}

func canonicalLang(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if a, ok := langAliases[s]; ok {
		return a
	}
	return s
}

// dedent removes up to indent leading spaces, undoing the indentation of
// a fence nested in a list item.
func dedent(line string, indent int) string {
	i := 0
	for i < indent && i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return line[i:]
}

// trimBlankLines drops leading and trailing blank lines but keeps the
// first line's indentation (significant in Python) and any trailing
// spaces (formatting constraints may be about exactly those).
func trimBlankLines(lines []string) string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}
