package github

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	gh "github.com/google/go-github/v62/github"
)

// ErrNoArtifact: the workflow run uploaded no artifact of that name.
var ErrNoArtifact = errors.New("no such artifact")

// ErrArtifactTooLarge: an artifact is larger than the caller accepts.
var ErrArtifactTooLarge = errors.New("artifact too large")

// maxArtifactPages bounds the listing of a run's artifacts (100 a page).
const maxArtifactPages = 10

// DownloadArtifact fetches the zip archive of the artifact called name
// that workflow run runID of owner/repo uploaded, refusing one larger
// than maxBytes: by the size GitHub lists, before any byte is fetched,
// and again while reading, whatever that listing said. The archive is
// fetched from the storage URL GitHub redirects to without the token,
// which is GitHub's alone.
func (c *Client) DownloadArtifact(ctx context.Context, owner, repo string, runID int64, name string, maxBytes int64) ([]byte, error) {
	op := fmt.Sprintf("github: %s/%s: artifact %q of run %d", owner, repo, name, runID)
	var found *gh.Artifact
	opts := &gh.ListOptions{PerPage: 100, Page: 1}
	for page := 1; found == nil; page++ {
		list, resp, err := c.gh.Actions.ListWorkflowRunArtifacts(ctx, owner, repo, runID, opts)
		if err != nil {
			return nil, c.apiError(op+": list", err, false)
		}
		for _, a := range list.Artifacts {
			if a.GetName() == name {
				found = a
				break
			}
		}
		if found != nil || resp.NextPage == 0 || page >= maxArtifactPages {
			break
		}
		opts.Page = resp.NextPage
	}
	switch {
	case found == nil:
		return nil, fmt.Errorf("%s: %w", op, ErrNoArtifact)
	case found.GetExpired():
		return nil, fmt.Errorf("%s: expired", op)
	case found.GetSizeInBytes() > maxBytes:
		return nil, fmt.Errorf("%s: %w: GitHub lists %d bytes, more than the %d accepted", op, ErrArtifactTooLarge, found.GetSizeInBytes(), maxBytes)
	}
	u, _, err := c.gh.Actions.DownloadArtifact(ctx, owner, repo, found.GetID(), 0)
	if err != nil {
		return nil, c.apiError(op+": download URL", err, false)
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return nil, fmt.Errorf("%s: download URL is not http(s)", op)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.plain.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s: download: %w", op, c.redact(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: download: HTTP %d", op, resp.StatusCode)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: download: %w", op, err)
	}
	if int64(len(b)) > maxBytes {
		return nil, fmt.Errorf("%s: %w: the download runs past the %d bytes accepted (GitHub listed %d)", op, ErrArtifactTooLarge, maxBytes, found.GetSizeInBytes())
	}
	return b, nil
}
