// Package precommit proves iflint's pre-commit hooks
// (.pre-commit-hooks.yaml at the repository root) the way users get them:
// its tests run the real pre-commit against a snapshot of this working
// tree, so pre-commit itself builds iflint with `go install` and runs the
// hooks on a throwaway project's staged files. It has no non-test code;
// the hooks' contract lives in the manifest and in the iflint CLI.
package precommit
