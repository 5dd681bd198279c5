package ruledocs

import (
	"fmt"
	"io"
	"strings"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/rules/naming"
	"github.com/iflint/iflint/internal/rules/syntaxuse"
)

// Values prints the vocabularies specs are validated against
// (constraint's tables and the rules' own), so README, error messages
// and validation share one source.
func Values(w io.Writer) {
	fmt.Fprintln(w, "naming_convention kinds (a kind without a rule of its own follows the kind it falls back to):")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| kind | falls back to | also spelled | covers |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, k := range constraint.NameKinds {
		falls := "—"
		if k.Falls != "" {
			falls = "`" + string(k.Falls) + "`"
		}
		fmt.Fprintf(w, "| `%s` | %s | %s | %s |\n", k.Kind, falls, codeList(k.Aliases), k.Doc)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "naming_convention exemptions (names a language or framework forces; never checked):")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| language | exempt |")
	fmt.Fprintln(w, "|---|---|")
	for _, e := range naming.Exemptions {
		l := "all"
		if e.Lang != "" {
			l = lang.Get(e.Lang).Name
		}
		fmt.Fprintf(w, "| %s | %s |\n", l, e.What)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "naming_convention conventions:")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| convention | a name follows it when |")
	fmt.Fprintln(w, "|---|---|")
	for _, c := range constraint.ConventionInfos {
		fmt.Fprintf(w, "| `%s` | %s |\n", c.Name, c.Doc)
	}
	fmt.Fprintln(w)
	for _, t := range []struct {
		what   string
		styles []constraint.StyleInfo
	}{{"brace_block_formatting styles", constraint.BraceStyles}, {"comment_formatting styles", constraint.CommentStyles}} {
		fmt.Fprintf(w, "%s:\n\n| style | also spelled | meaning |\n|---|---|---|\n", t.what)
		for _, s := range t.styles {
			fmt.Fprintf(w, "| `%s` | %s | %s |\n", s.Name, codeList(s.Aliases), s.Doc)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, "language_version versions (other languages accept any version):")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| language | accepted | e.g. |")
	fmt.Fprintln(w, "|---|---|---|")
	for _, g := range constraint.VersionGrammars {
		fmt.Fprintf(w, "| %s | %s | %s |\n", lang.Get(g.Lang).Name, g.Doc, codeList(g.Examples))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "advanced_syntax features (lint profile; the multicodeif profile knows the paper's subset):")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| language | features |")
	fmt.Fprintln(w, "|---|---|")
	for _, in := range lang.All() {
		if fs := syntaxuse.AdvancedSyntaxFeatures(in.ID); len(fs) > 0 {
			fmt.Fprintf(w, "| %s | %s |\n", in.Name, codeList(fs))
		}
	}
}

func codeList(xs []string) string {
	if len(xs) == 0 {
		return "—"
	}
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = "`" + x + "`"
	}
	return strings.Join(out, ", ")
}
