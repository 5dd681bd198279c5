package suppress

import (
	"fmt"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
)

// markerDoc documents one family of markers for the README.
type markerDoc struct {
	lang, tool, forms, scope string
}

var markerDocs = []markerDoc{
	{"every language", "iflint", "`iflint:ignore[TYPE,...] reason`, `iflint:ignore reason` (every type)", "its line; a comment standing alone covers its lines through the next code line"},
	{"every language", "iflint", "`iflint:ignore-file[TYPE,...] reason`", "the whole file, file-level findings included"},
	{"Python", "flake8, ruff", "`# noqa`, `# noqa: CODE,...`", "its line"},
	{"Python", "flake8, ruff", "`# flake8: noqa`, `# ruff: noqa[: CODE,...]`", "the whole file"},
	{"Python", "pylint", "`# pylint: disable=NAME,...` / `enable=`, `disable-next=`, `skip-file`", "trailing: its line; alone: to the end of the block or an `enable`; the next line; the file"},
	{"Python", "black, yapf", "`# fmt: off` … `# fmt: on`, `# fmt: skip`, `# yapf: disable` … `enable`", "the region, or its line; layout types only"},
	{"Go", "golangci-lint", "`//nolint`, `//nolint:LINTER,...`, `//nolint:all` (`// reason` after it)", "its comment group's lines; above a declaration or statement in the same column, that node too"},
	{"JavaScript, TypeScript", "eslint", "`// eslint-disable-line [rules]`, `// eslint-disable-next-line [rules]` (`-- reason` after them)", "its line; the next line"},
	{"JavaScript, TypeScript", "eslint", "`/* eslint-disable [rules] */` … `/* eslint-enable [rules] */`", "to the matching enable, else the rest of the file (at the top: the file)"},
	{"JavaScript, TypeScript", "prettier", "`// prettier-ignore`", "the next statement or declaration; layout types only"},
	{"Java", "checkstyle, PMD, Eclipse", "`@SuppressWarnings(\"checkstyle:MethodName\")`, `\"MethodName\"`, `\"all\"`, `\"PMD.MethodNamingConventions\"`, `\"javadoc\"`", "the annotated declaration"},
	{"Java", "checkstyle", "`// CHECKSTYLE:OFF` … `// CHECKSTYLE:ON`", "the region, every type"},
	{"Java", "Eclipse, IntelliJ", "`// @formatter:off` … `// @formatter:on`", "the region; layout types only"},
	{"Rust", "rustc, clippy", "`#[allow(LINT,...)]`, `#[expect(...)]` (`reason = \"...\"`)", "the item it is attached to"},
	{"Rust", "rustc", "`#![allow(LINT,...)]`", "the enclosing module or item; at the crate root, the file"},
	{"Rust", "rustfmt", "`#[rustfmt::skip]`", "its item; layout types only"},
	{"C, C++", "clang-tidy, cpplint", "`// NOLINT[(checks)]`, `// NOLINTNEXTLINE[(checks)]`, `// NOLINTBEGIN` … `// NOLINTEND`", "its line; the next line; the region (checks may use `*` globs)"},
	{"C, C++", "clang-format", "`// clang-format off` … `// clang-format on`", "the region; layout types only"},
}

// Markdown renders the README's tables: the markers iflint reads, and
// which of each tool's rules mean which constraint type. Layout types are
// indentation_spacing and brace_block_formatting.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| language | tool | marker | covers |\n|---|---|---|---|\n")
	for _, m := range markerDocs {
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", m.lang, m.tool, m.forms, m.scope)
	}
	b.WriteString("\n| tool | rules (as the marker names them) | iflint type |\n|---|---|---|\n")
	for _, r := range []*rules{flake8Codes, pylintNames, golangciNames, eslintNames, checkstyleNames, rustNames, clangTidyNames} {
		for _, row := range r.rows() {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", r.tool, row[0], row[1])
		}
	}
	return b.String()
}

// rows groups a tool's names by the types they map to.
func (r *rules) rows() [][2]string {
	byTypes := map[string][]string{}
	for _, c := range r.codes {
		k := typeList(c.types)
		byTypes[k] = append(byTypes[k], c.doc)
	}
	for _, n := range sortedKeys(r.names) {
		k := typeList(r.names[n])
		byTypes[k] = append(byTypes[k], "`"+n+"`")
	}
	keys := make([]string, 0, len(byTypes))
	for k := range byTypes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out [][2]string
	for _, k := range keys {
		out = append(out, [2]string{strings.Join(byTypes[k], ", "), k})
	}
	return out
}

func typeList(ts []constraint.Type) string {
	var s []string
	for _, t := range ts {
		s = append(s, "`"+string(t)+"`")
	}
	return strings.Join(s, ", ")
}
