package github

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
)

// LocalDiff produces the unified diff between two commits of a local
// checkout; ChangedFiles uses it when GitHub will not serve the diff.
type LocalDiff func(ctx context.Context, base, head string) ([]byte, error)

// GitDiff returns a LocalDiff running
//
//	git diff --no-color --no-ext-diff --no-textconv -U3 --src-prefix=a/ --dst-prefix=b/ base...head
//
// in dir with exactly env as its environment (nil: an empty one, so no
// user or CI variable reaches git). Three dots diff head against the merge
// base, as GitHub's pull request diff does; -U3 matches GitHub's context,
// so hunks, and thus where comments may go, agree with the API's. The
// explicit prefixes and options override any diff configuration of the
// repository that would change the output's shape.
func GitDiff(dir string, env []string) LocalDiff {
	env = append([]string{}, env...)
	return func(ctx context.Context, base, head string) ([]byte, error) {
		for _, rev := range []string{base, head} {
			if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, " \t\n") || strings.Contains(rev, "..") {
				return nil, fmt.Errorf("git diff: %q is not a commit name", rev)
			}
		}
		cmd := exec.CommandContext(ctx, "git",
			"-c", "core.quotePath=true", "-c", "diff.noprefix=false",
			"diff", "--no-color", "--no-ext-diff", "--no-textconv", "-U3",
			"--src-prefix=a/", "--dst-prefix=b/", base+"..."+head, "--")
		cmd.Dir = dir
		cmd.Env = env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("git diff %s...%s in %s: %w: %s", base, head, dir, err, strings.TrimSpace(stderr.String()))
		}
		return stdout.Bytes(), nil
	}
}
