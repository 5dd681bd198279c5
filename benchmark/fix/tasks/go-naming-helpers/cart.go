package cart

import "fmt"

type item struct {
	name  string
	cents int
	qty   int
}

func line_total(it item) int {
	return it.cents * it.qty
}

func format_cents(c int) string {
	return fmt.Sprintf("%d.%02d", c/100, c%100)
}

func receipt(items []item) []string {
	var out []string
	sum := 0
	for _, it := range items {
		t := line_total(it)
		sum += t
		out = append(out, fmt.Sprintf("%-6s x%d %8s", it.name, it.qty, format_cents(t)))
	}
	return append(out, fmt.Sprintf("%-9s %8s", "TOTAL", format_cents(sum)))
}
