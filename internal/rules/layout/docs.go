package layout

import "github.com/iflint/iflint/internal/check"

var indentationDoc = &check.Doc{}
