package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/fix"
)

func (c *Command) rules(args []string) error {
	fs := c.flags("rules")
	markdown := fs.Bool("markdown", false, "print a Markdown table (the README's)")
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if *markdown {
		fmt.Fprintln(c.Stdout, "| type | category | decided by | fixed by | what it requires |")
		fmt.Fprintln(c.Stdout, "|---|---|---|---|---|")
		for _, in := range constraint.All() {
			fmt.Fprintf(c.Stdout, "| `%s` | %s | %s | %s | %s |\n", in.Type, in.Category, in.Method, fixedBy(in.Type), in.Doc)
		}
		return nil
	}
	tw := tabwriter.NewWriter(c.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TYPE\tCATEGORY\tDECIDED BY\tFIXED BY")
	for _, in := range constraint.All() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", in.Type, in.Category, in.Method, fixedBy(in.Type))
	}
	return tw.Flush()
}

// fixedBy says who proposes a fix of t; either way, verification decides
// whether it is kept.
func fixedBy(t constraint.Type) string {
	if fix.For(t) != nil {
		return "fixer, else llm"
	}
	return "llm"
}
