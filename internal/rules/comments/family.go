package comments

import "github.com/iflint/iflint/internal/check"

// Rules lists the family's rules, one per constraint type.
var Rules = []*check.Rule{
	CommentsRule,
}
