package github

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	gh "github.com/google/go-github/v62/github"
)

// postReview creates one COMMENT review holding post. GitHub rejects a
// whole review for one bad comment (422) without naming it, so on 422 the
// comments are bisected with pending reviews, which only their author sees
// and which are deleted right after, and the review is created once more
// without the rejected ones. body renders the review text for the comments
// that remain and the rejections so far, and says whether a review is
// still worth posting.
func (c *Client) postReview(ctx context.Context, pr PR, post []Comment,
	body func(good []Comment, rejected []Downgraded) (string, bool),
) (rev *gh.PullRequestReview, good []Comment, rejected []Downgraded, err error) {
	op := fmt.Sprintf("github: %s: create review", pr)
	text, _ := body(post, nil)
	rev, err = c.createReview(ctx, pr, eventComment, text, post)
	if err == nil {
		return rev, post, nil, nil
	}
	bad, reason := is422(err)
	if !bad || len(post) == 0 {
		return nil, nil, nil, c.apiError(op, err, true)
	}
	if good, rejected, err = c.bisect(ctx, pr, post, reason); err != nil {
		return nil, nil, rejected, err
	}
	good, rejected = wholeGroups(good, rejected)
	text, worth := body(good, rejected)
	if !worth {
		return nil, nil, rejected, nil
	}
	if rev, err = c.createReview(ctx, pr, eventComment, text, good); err != nil {
		return nil, nil, rejected, c.apiError(op, err, true)
	}
	return rev, good, rejected, nil
}

// bisect splits a batch GitHub rejected for reason until every rejected
// comment is alone; k bad comments among n cost about 2k·log2(n) probes.
func (c *Client) bisect(ctx context.Context, pr PR, batch []Comment, reason string) (good []Comment, rejected []Downgraded, err error) {
	if len(batch) == 1 {
		return nil, []Downgraded{{batch[0], "GitHub rejected the comment: " + reason}}, nil
	}
	mid := len(batch) / 2
	for _, half := range [][]Comment{batch[:mid], batch[mid:]} {
		ok, reason, err := c.probe(ctx, pr, half)
		switch {
		case err != nil:
			return nil, rejected, err
		case ok:
			good = append(good, half...)
		default:
			g, r, err := c.bisect(ctx, pr, half, reason)
			good, rejected = append(good, g...), append(rejected, r...)
			if err != nil {
				return nil, rejected, err
			}
		}
	}
	return good, rejected, nil
}

// probe asks GitHub whether it would accept comments, as a pending review
// that is deleted again at once.
func (c *Client) probe(ctx context.Context, pr PR, comments []Comment) (ok bool, reason string, err error) {
	rev, err := c.createReview(ctx, pr, "", reviewMarker, comments)
	if err != nil {
		if bad, reason := is422(err); bad {
			return false, reason, nil
		}
		return false, "", c.apiError(fmt.Sprintf("github: %s: probe review comments", pr), err, true)
	}
	if err := c.deletePending(ctx, pr, []int64{rev.GetID()}); err != nil {
		return false, "", err
	}
	return true, "", nil
}

// createReview sends one review; event "" leaves it pending. The body
// carries this run's marker: a POST that fails on the way (a 5xx answer,
// a cut connection) may still have created the review, and sending it
// again would show it twice. So before each new attempt, after a backoff,
// the pull request's reviews are searched for the marker, and a review
// found is the answer; only when none is found is the POST sent again,
// up to MaxRetries times.
func (c *Client) createReview(ctx context.Context, pr PR, event, body string, comments []Comment) (*gh.PullRequestReview, error) {
	body = strings.TrimRight(body, "\n") + "\n" + runPrefix + c.runID + markerSuffix
	for attempt := 0; ; attempt++ {
		rev, err := c.sendReview(ctx, pr, event, body, comments)
		if err == nil || attempt >= c.maxRetries || !failedOnTheWay(ctx, err) {
			return rev, err
		}
		if serr := c.sleep(ctx, Backoff(attempt)); serr != nil {
			return nil, serr
		}
		found, ferr := c.runReview(ctx, pr, event == "")
		if ferr != nil {
			return nil, fmt.Errorf("%w; looking for the review it may have created: %w", err, ferr)
		}
		if found != nil {
			return found, nil
		}
	}
}

// sendReview is one POST of a review.
func (c *Client) sendReview(ctx context.Context, pr PR, event, body string, comments []Comment) (*gh.PullRequestReview, error) {
	req := &gh.PullRequestReviewRequest{CommitID: gh.String(pr.HeadSHA), Body: gh.String(body)}
	if event != "" {
		req.Event = gh.String(event)
	}
	for _, cm := range comments {
		d := &gh.DraftReviewComment{
			Path: gh.String(cm.Path), Body: gh.String(commentBody(cm)),
			Line: gh.Int(cm.Line), Side: gh.String("RIGHT"),
		}
		if cm.StartLine > 0 && cm.StartLine < cm.Line {
			d.StartLine, d.StartSide = gh.Int(cm.StartLine), gh.String("RIGHT")
		}
		req.Comments = append(req.Comments, d)
	}
	rev, _, err := c.gh.PullRequests.CreateReview(ctx, pr.Owner, pr.Repo, pr.Number, req)
	return rev, err
}

// runReview finds this run's review on pr (a pending one, or a submitted
// one), or nil.
func (c *Client) runReview(ctx context.Context, pr PR, pending bool) (*gh.PullRequestReview, error) {
	marker := runPrefix + c.runID + markerSuffix
	opts := &gh.ListOptions{PerPage: 100, Page: 1}
	for page := 1; ; page++ {
		rs, resp, err := c.gh.PullRequests.ListReviews(ctx, pr.Owner, pr.Repo, pr.Number, opts)
		if err != nil {
			return nil, c.apiError(fmt.Sprintf("github: %s: list reviews", pr), err, false)
		}
		for _, r := range rs {
			if c.ours(r.User) && (r.GetState() == "PENDING") == pending && containsLine(r.GetBody(), marker) {
				return r, nil
			}
		}
		if resp.NextPage == 0 || page >= maxListPages {
			return nil, nil
		}
		opts.Page = resp.NextPage
	}
}

// failedOnTheWay reports whether a request failed without a verdict on
// it: GitHub answered 5xx, or the connection failed (and not because ctx
// ended).
func failedOnTheWay(ctx context.Context, err error) bool {
	var resp *gh.ErrorResponse
	if errors.As(err, &resp) {
		return resp.Response != nil && resp.Response.StatusCode >= 500
	}
	var ue *url.Error
	return errors.As(err, &ue) && transient(ctx, err)
}

// deletePending removes pending reviews of this tool: probes, or leftovers
// of a run that crashed mid-bisect, which would otherwise make GitHub
// refuse every new review ("one pending review per pull request").
func (c *Client) deletePending(ctx context.Context, pr PR, ids []int64) error {
	for _, id := range ids {
		_, resp, err := c.gh.PullRequests.DeletePendingReview(ctx, pr.Owner, pr.Repo, pr.Number, id)
		if resp != nil && resp.StatusCode == http.StatusNotFound {
			// Listed a moment ago, so it is gone: deleted by an attempt
			// whose answer was lost (DELETEs are resent), or by its author.
			continue
		}
		if err != nil {
			return c.apiError(fmt.Sprintf("github: %s: delete pending review %d", pr, id), err, true)
		}
	}
	return nil
}

// markOutdated retracts an earlier comment whose finding is gone.
func (c *Client) markOutdated(ctx context.Context, pr PR, oc ownComment) error {
	body := outdatedBody(oc.body, pr.HeadSHA)
	_, _, err := c.gh.PullRequests.EditComment(ctx, pr.Owner, pr.Repo, oc.id, &gh.PullRequestComment{Body: gh.String(body)})
	return c.apiError(fmt.Sprintf("github: %s: mark comment %d outdated", pr, oc.id), err, true)
}
