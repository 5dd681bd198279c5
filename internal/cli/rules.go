package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/ruledocs"
)

func (c *Command) rules(args []string) error {
	fs := c.flags("rules")
	markdown := fs.Bool("markdown", false, "print a Markdown table (the README's)")
	values := fs.Bool("values", false, "print the accepted spec values as Markdown (the README's)")
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if *values {
		ruledocs.Values(c.Stdout)
		return nil
	}
	if *markdown {
		ruledocs.Table(c.Stdout, false)
		return nil
	}
	if fs.NArg() > 0 {
		// One type's documentation, as docs/rules/<type>.md has it.
		for _, a := range fs.Args() {
			t := constraint.Type(a)
			if !t.Known() {
				return usagef("unknown constraint type %q; `iflint rules` lists the 27", a)
			}
			fmt.Fprint(c.Stdout, ruledocs.Page(t))
		}
		return nil
	}
	tw := tabwriter.NewWriter(c.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TYPE\tCATEGORY\tDECIDED BY\tFIXED BY")
	for _, in := range constraint.All() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", in.Type, in.Category, in.Method, ruledocs.FixedBy(in.Type))
	}
	return tw.Flush()
}
