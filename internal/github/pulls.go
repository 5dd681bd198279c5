package github

import (
	"context"
	"fmt"

	gh "github.com/google/go-github/v62/github"
)

// PRInfo is what GitHub says about a pull request now: the publisher of
// a fork's review trusts these, never the artifact's word.
type PRInfo struct {
	Number  int
	State   string // open, closed
	HeadSHA string
	BaseSHA string
	// HeadRepo and BaseRepo are owner/name; they differ for a fork.
	HeadRepo, BaseRepo string
	HeadRef            string // the head branch
}

// PullRequest reads pull request number of owner/repo.
func (c *Client) PullRequest(ctx context.Context, owner, repo string, number int) (*PRInfo, error) {
	p, _, err := c.gh.PullRequests.Get(ctx, owner, repo, number)
	if err != nil {
		return nil, c.apiError(fmt.Sprintf("github: %s/%s#%d: get pull request", owner, repo, number), err, false)
	}
	return &PRInfo{
		Number: p.GetNumber(), State: p.GetState(),
		HeadSHA: p.GetHead().GetSHA(), BaseSHA: p.GetBase().GetSHA(),
		HeadRepo: p.GetHead().GetRepo().GetFullName(), BaseRepo: p.GetBase().GetRepo().GetFullName(),
		HeadRef: p.GetHead().GetRef(),
	}, nil
}

// maxPullPages bounds the listing of a branch's open pull requests.
const maxPullPages = 10

// OpenPullRequests lists the numbers of the open pull requests of
// owner/repo whose head is branch of headOwner's repository: how a
// workflow_run event, which names no pull request for a fork, is tied to
// one.
func (c *Client) OpenPullRequests(ctx context.Context, owner, repo, headOwner, branch string) ([]int, error) {
	opts := &gh.PullRequestListOptions{State: "open", Head: headOwner + ":" + branch, ListOptions: gh.ListOptions{PerPage: 100, Page: 1}}
	var out []int
	for page := 1; ; page++ {
		ps, resp, err := c.gh.PullRequests.List(ctx, owner, repo, opts)
		if err != nil {
			return nil, c.apiError(fmt.Sprintf("github: %s/%s: list pull requests of %s:%s", owner, repo, headOwner, branch), err, false)
		}
		for _, p := range ps {
			out = append(out, p.GetNumber())
		}
		if resp.NextPage == 0 || page >= maxPullPages {
			return out, nil
		}
		opts.Page = resp.NextPage
	}
}
