package github

import (
	"context"
	"fmt"

	gh "github.com/google/go-github/v62/github"
)

// maxListPages bounds comment and review listings (100 per page). Past it
// a pull request is unusual enough that posting blind could duplicate
// comments, so Publish stops instead.
const maxListPages = 100

// ownComment is one of this tool's earlier review comments.
type ownComment struct {
	id          int64
	fingerprint string
	body        string
	outdated    bool
}

// existing is what earlier runs left on the pull request.
type existing struct {
	comments []ownComment
	live     map[string]bool // fingerprints with a comment not marked outdated
	reported map[string]bool // fingerprints listed in earlier review bodies
	pending  []int64         // this tool's pending reviews (from a crashed run)
}

func (c *Client) ours(u *gh.User) bool {
	return c.botLogin == "" || u.GetLogin() == c.botLogin
}

func (c *Client) readExisting(ctx context.Context, pr PR) (*existing, error) {
	ex := &existing{live: map[string]bool{}, reported: map[string]bool{}}
	opts := &gh.PullRequestListCommentsOptions{Sort: "created", Direction: "asc", ListOptions: gh.ListOptions{PerPage: 100, Page: 1}}
	for page := 1; ; page++ {
		cs, resp, err := c.gh.PullRequests.ListComments(ctx, pr.Owner, pr.Repo, pr.Number, opts)
		if err != nil {
			return nil, c.apiError(fmt.Sprintf("github: %s: list review comments", pr), err, false)
		}
		for _, cm := range cs {
			fp, ok := fingerprintOf(cm.GetBody())
			if !ok || !c.ours(cm.User) || cm.InReplyTo != nil {
				continue
			}
			oc := ownComment{id: cm.GetID(), fingerprint: fp, body: cm.GetBody(), outdated: isOutdated(cm.GetBody())}
			ex.comments = append(ex.comments, oc)
			if !oc.outdated {
				ex.live[fp] = true
			}
		}
		if resp.NextPage == 0 {
			break
		}
		if page >= maxListPages {
			return nil, fmt.Errorf("github: %s: more than %d pages of review comments; refusing to post without seeing them all", pr, maxListPages)
		}
		opts.Page = resp.NextPage
	}
	ropts := &gh.ListOptions{PerPage: 100, Page: 1}
	for page := 1; ; page++ {
		rs, resp, err := c.gh.PullRequests.ListReviews(ctx, pr.Owner, pr.Repo, pr.Number, ropts)
		if err != nil {
			return nil, c.apiError(fmt.Sprintf("github: %s: list reviews", pr), err, false)
		}
		for _, r := range rs {
			if !c.ours(r.User) || !containsLine(r.GetBody(), reviewMarker) {
				continue
			}
			if r.GetState() == "PENDING" {
				ex.pending = append(ex.pending, r.GetID())
				continue
			}
			for _, fp := range reportedIn(r.GetBody()) {
				ex.reported[fp] = true
			}
		}
		if resp.NextPage == 0 {
			break
		}
		if page >= maxListPages {
			return nil, fmt.Errorf("github: %s: more than %d pages of reviews; refusing to post without seeing them all", pr, maxListPages)
		}
		ropts.Page = resp.NextPage
	}
	return ex, nil
}
