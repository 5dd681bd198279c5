package csvlite

func column_index(header []string, name string) int {
	for i, h := range header {
		if h == name {
			return i
		}
	}
	return -1
}

func column(text, name string) []string {
	rows := parse(text)
	i := column_index(rows[0], name)
	if i < 0 {
		return nil
	}
	var out []string
	for _, r := range rows[1:] {
		out = append(out, r[i])
	}
	return out
}
