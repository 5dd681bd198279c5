package datastruct

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/work"
)

// data_structure_size: the required structure is used and its size
// appears in the code. Like the evaluator, the size is a plain substring
// test on the code without comments (strings and larger numbers count:
// 100 is in 1000).
func checkSize(u *check.Unit, c constraint.Constraint) check.Result {
	r := sizeReading(u.Profile)
	// The evaluator's Rust and Go size checks compare the answer as
	// written with lowercased type names, so "BTreeMap" never matches.
	caseSensitive := (c.Lang == lang.Rust || c.Lang == lang.Go) && !r.caseInsensitiveSize
	a, name, occ, res := findStructure(u, c, r, caseSensitive)
	if res != nil {
		return *res
	}
	size := strconv.Itoa(c.Size)
	work.Of(u).Add(2 * len(u.Src)) // the code without comments, searched
	if bytes.Contains(a.code(), []byte(size)) {
		return check.Passed(fmt.Sprintf("data structure %q is used and %s appears in the code", strings.TrimSpace(name), size))
	}
	where := "comments"
	if a.lang == lang.CPP {
		where = "comments and preprocessor lines"
	}
	msg := fmt.Sprintf("%s is used but the size %s appears nowhere outside %s", strings.TrimSpace(name), size, where)
	return check.Failed(fmt.Sprintf("data structure %q is used but its size %s never appears in the code (%s do not count)", strings.TrimSpace(name), size, where),
		findingsAt(occ, msg)...)
}
