package datastruct

import (
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

// data_structure_type: the code uses the required data structure
// (data_structure.py, check_data_structure_type).
func checkType(u *check.Unit, c constraint.Constraint) check.Result {
	_, name, occ, res := findStructure(u, c, typeReading(u.Profile), false)
	if res != nil {
		return *res
	}
	return check.Passed(fmt.Sprintf("data structure %q is used (%d place(s))", strings.TrimSpace(name), len(occ)))
}
