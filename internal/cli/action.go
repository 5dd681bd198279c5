package cli

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/iflint/iflint/internal/action"
)

// action runs the GitHub Action. In a workflow every setting comes from
// the INPUT_* and GITHUB_* variables; the flags let a person run it on a
// pull request from their own checkout, and -dry-run shows the review
// without posting it.
func (c *Command) action(ctx context.Context, args []string) (int, error) {
	fs := c.flags("action")
	var ov action.Overrides
	fs.StringVar(&ov.Repo, "repo", "", "repository owner/name (default: GITHUB_REPOSITORY)")
	fs.IntVar(&ov.PR, "pr", 0, "pull request number (default: from the event at GITHUB_EVENT_PATH)")
	fs.StringVar(&ov.Head, "head", "", "head commit SHA (default: the event's, else the workspace's HEAD)")
	fs.StringVar(&ov.Base, "base", "", "base commit SHA, for diffing locally (default: the event's)")
	fs.StringVar(&ov.TokenEnv, "token-env", "", "name of the environment variable holding the GitHub token (default: INPUT_GITHUB-TOKEN)")
	fs.StringVar(&ov.APIURL, "api-url", "", "GitHub REST API root (default: GITHUB_API_URL, else https://api.github.com/)")
	fs.StringVar(&ov.Mode, "mode", "", "check or suggest (default: INPUT_MODE, else check)")
	fs.StringVar(&ov.FilterMode, "filter-mode", "", "added, diff_context, file or nofilter (default: INPUT_FILTER-MODE, else added)")
	fs.BoolVar(&ov.DryRun, "dry-run", false, "print the review instead of posting it (without a token the diff is computed with git, and -base is needed)")
	fs.Usage = func() {
		fmt.Fprintf(c.Stderr, "Usage: iflint action [flags]\n\nRuns iflint's GitHub Action: checks the files a pull request changes, reports annotations,\na job summary, outputs and SARIF, and in suggest mode posts verified fixes as one review.\nIn a workflow the inputs come from INPUT_* variables (see action.yml).\n\n")
		fs.PrintDefaults()
	}
	if err := c.parse(fs, args); err != nil {
		return ExitUsage, err
	}
	if fs.NArg() > 0 {
		return ExitUsage, usagef("unexpected arguments %q: the action checks the pull request's changed files", fs.Args())
	}
	env := action.Env{
		Getenv: c.Getenv, Environ: c.environ, Stdout: c.Stdout, Stderr: c.Stderr,
		HTTPClient: &http.Client{Timeout: 2 * time.Minute}, Now: c.Now, Dir: c.Dir, Version: Version,
	}
	// The result cache in $IFLINT_CACHE_DIR/results, which action.yml
	// restores before this step and saves after it (actions/cache).
	rc, salt := c.resultCache("")
	if rc != nil {
		env.ResultCache, env.ResultSalt = rc, salt
	}
	code, err := action.Run(ctx, env, ov)
	c.trimResultCache(rc)
	if err != nil {
		// The error is already an annotation and free of secrets; printing
		// it here keeps the exit code the action chose.
		fmt.Fprintf(c.Stderr, "iflint: %v\n", err)
	}
	return code, nil
}
