package roman

import "strings"

var numerals = []struct {
    value  int
    symbol string
}{
    {1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"},
    {100, "C"}, {90, "XC"}, {50, "L"}, {40, "XL"},
    {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"},
}

// Format writes n (1..3999) in Roman numerals.
func Format(n int) string {
    var b strings.Builder
    for _, nu := range numerals {
        for n >= nu.value {
            b.WriteString(nu.symbol)
            n -= nu.value
        }
    }
    return b.String()
}

// usage is help text; its lines keep their own indentation.
const usage = `roman:
    Format(1994) == "MCMXCIV"
    Parse("MCMXCIV") == 1994`

// Parse returns the value of s, or -1 when s is not canonical.
func Parse(s string) int {
    total := 0
    rest := s
    for _, nu := range numerals {
        for strings.HasPrefix(rest, nu.symbol) {
            total += nu.value
            rest = rest[len(nu.symbol):]
        }
    }
    if rest != "" || Format(total) != s {
        return -1
    }
    return total
}
