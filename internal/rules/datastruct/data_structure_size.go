package datastruct

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
)

// dsSizeRule: the required structure is used and its size appears in the
// code. Like the evaluator, the size is a plain substring test on the code
// without comments (strings and larger numbers count: 100 is in 1000).
var DsSizeRule = &check.Rule{Type: constraint.DSSize, Paper: checkDSSize, Lint: checkDSSize}

func checkDSSize(u *check.Unit, c constraint.Constraint) check.Result {
	// The evaluator's Rust and Go size checks compare the answer as
	// written with lowercased type names, so "BTreeMap" never matches.
	//
	// Divergence (lint profile): the name is compared case-insensitively,
	// as in every other data-structure check (testdata:
	// data_structure_size/rust_case).
	caseSensitive := c.Lang == lang.Rust || c.Lang == lang.Go
	a, name, occ, res := dsStructure(u, c, caseSensitive)
	if res != nil {
		return *res
	}
	size := strconv.Itoa(c.Size)
	if bytes.Contains(a.code(), []byte(size)) {
		return check.Passed(fmt.Sprintf("data structure %q is used and %s appears in the code", strings.TrimSpace(name), size))
	}
	where := "comments"
	if a.lang == lang.CPP {
		where = "comments and preprocessor lines"
	}
	msg := fmt.Sprintf("%s is used but the size %s appears nowhere outside %s", strings.TrimSpace(name), size, where)
	return check.Failed(fmt.Sprintf("data structure %q is used but its size %s never appears in the code (%s do not count)", strings.TrimSpace(name), size, where),
		dsFindings(occ, msg)...)
}
