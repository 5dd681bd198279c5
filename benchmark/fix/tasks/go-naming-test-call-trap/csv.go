package csvlite

import "strings"

// split_fields splits one line on commas, honouring double quotes.
func split_fields(line string) []string {
	var fields []string
	var cur strings.Builder
	quoted := false
	for _, r := range line {
		switch {
		case r == '"':
			quoted = !quoted
		case r == ',' && !quoted:
			fields = append(fields, cur.String())
			cur.Reset()
		default:
			cur.WriteRune(r)
		}
	}
	return append(fields, cur.String())
}

func parse(text string) [][]string {
	var rows [][]string
	for _, ln := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		rows = append(rows, split_fields(ln))
	}
	return rows
}
