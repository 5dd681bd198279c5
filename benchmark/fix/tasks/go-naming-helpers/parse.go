package cart

import (
	"strconv"
	"strings"
)

// Parse_Items reads "name,cents,qty" lines. It is exported: other packages
// call it by this name.
func Parse_Items(text string) ([]item, error) {
	var items []item
	for _, ln := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Split(ln, ",")
		cents, err := strconv.Atoi(f[1])
		if err != nil {
			return nil, err
		}
		qty, err := strconv.Atoi(f[2])
		if err != nil {
			return nil, err
		}
		items = append(items, item{f[0], cents, qty})
	}
	return items, nil
}
