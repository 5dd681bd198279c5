package github

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	gh "github.com/google/go-github/v62/github"
)

const (
	// GitHub's list-files endpoint stops at 3000 files, 100 per page.
	maxListedFiles = 3000
	filesPerPage   = 100
	maxFilePages   = maxListedFiles / filesPerPage
)

// ChangedFiles returns the pull request's diff. It reads the per-file
// patches of the list-files endpoint; when GitHub omits a patch (too large)
// or lists the full 3000 files (so the list may be cut), it asks for the
// whole diff, and when GitHub refuses that as too large it runs the
// injected LocalDiff between BaseSHA and HeadSHA.
func (c *Client) ChangedFiles(ctx context.Context, pr PR) (*Diff, error) {
	if err := pr.validate(); err != nil {
		return nil, err
	}
	listed, truncated, err := c.listFiles(ctx, pr)
	if err != nil {
		return nil, err
	}
	files := make([]File, 0, len(listed))
	var missing []int
	for _, cf := range listed {
		f := File{Path: cf.GetFilename(), OldPath: cf.GetFilename(), Status: fileStatus(cf.GetStatus())}
		if p := cf.GetPreviousFilename(); p != "" {
			f.OldPath = p
		}
		switch {
		case cf.GetPatch() != "":
			if f.Hunks, err = ParsePatch(cf.GetPatch()); err != nil {
				return nil, fmt.Errorf("github: %s: patch of %s: %w", pr, f.Path, err)
			}
		case cf.GetChanges() > 0:
			// Lines changed but no patch: GitHub's per-file size cap.
			missing = append(missing, len(files))
		}
		files = append(files, f)
	}
	if len(missing) == 0 && !truncated {
		return NewDiff(SourceFiles, files)
	}
	full, err := c.fullDiff(ctx, pr)
	if err != nil {
		return nil, err
	}
	if truncated {
		return full, nil
	}
	for _, i := range missing {
		if f, ok := full.File(files[i].Path); ok {
			files[i].Hunks, files[i].Binary = f.Hunks, f.Binary
		} else {
			files[i].NoPatch = true
		}
	}
	return NewDiff(full.Source, files)
}

// listFiles follows list-files pages up to GitHub's cap; truncated is set
// when the cap was reached, since the API then silently drops the rest.
func (c *Client) listFiles(ctx context.Context, pr PR) ([]*gh.CommitFile, bool, error) {
	var all []*gh.CommitFile
	opts := &gh.ListOptions{PerPage: filesPerPage, Page: 1}
	for page := 1; ; page++ {
		fs, resp, err := c.gh.PullRequests.ListFiles(ctx, pr.Owner, pr.Repo, pr.Number, opts)
		if err != nil {
			return nil, false, c.apiError(fmt.Sprintf("github: %s: list changed files", pr), err, false)
		}
		all = append(all, fs...)
		if resp.NextPage == 0 {
			return all, len(all) >= maxListedFiles, nil
		}
		if page >= maxFilePages {
			return all, true, nil
		}
		opts.Page = resp.NextPage
	}
}

// fullDiff fetches the whole diff from the API, or from LocalDiff when
// GitHub answers 406 "too_large".
func (c *Client) fullDiff(ctx context.Context, pr PR) (*Diff, error) {
	raw, _, err := c.gh.PullRequests.GetRaw(ctx, pr.Owner, pr.Repo, pr.Number, gh.RawOptions{Type: gh.Diff})
	if err == nil {
		d, err := ParseDiff([]byte(raw))
		if err != nil {
			return nil, fmt.Errorf("github: %s: pull request diff: %w", pr, err)
		}
		d.Source = SourceAPIDiff
		return d, nil
	}
	if !tooLarge(err) {
		return nil, c.apiError(fmt.Sprintf("github: %s: get diff", pr), err, false)
	}
	if c.localDiff == nil {
		return nil, fmt.Errorf("github: %s: %w and no local git diff is configured", pr, ErrDiffTooLarge)
	}
	if pr.BaseSHA == "" {
		return nil, fmt.Errorf("github: %s: %w and the base SHA for a local diff is unknown", pr, ErrDiffTooLarge)
	}
	data, err := c.localDiff(ctx, pr.BaseSHA, pr.HeadSHA)
	if err != nil {
		return nil, fmt.Errorf("github: %s: %w; local fallback failed: %w", pr, ErrDiffTooLarge, c.redact(err))
	}
	d, err := ParseDiff(data)
	if err != nil {
		return nil, fmt.Errorf("github: %s: local git diff: %w", pr, err)
	}
	d.Source = SourceLocalGit
	return d, nil
}

func tooLarge(err error) bool {
	var resp *gh.ErrorResponse
	if !errors.As(err, &resp) {
		return false
	}
	if resp.Response != nil && resp.Response.StatusCode == http.StatusNotAcceptable {
		return true
	}
	for _, e := range resp.Errors {
		if e.Code == "too_large" {
			return true
		}
	}
	return false
}

func fileStatus(s string) FileStatus {
	switch s {
	case "added":
		return StatusAdded
	case "removed":
		return StatusRemoved
	case "renamed":
		return StatusRenamed
	case "copied":
		return StatusCopied
	}
	return StatusModified // modified, changed, unchanged
}
