package action

import (
	"cmp"
	"encoding/json"
	"os"
	"slices"
	"strings"

	"github.com/iflint/iflint/internal/github"
)

const eventPRTarget = "pull_request_target"

// prEvents are the events whose payload names a pull request to review.
// All but pull_request_target run with the pull request's own, for forks
// read-only, token.
var prEvents = []string{"pull_request", eventPRTarget, "pull_request_review", "pull_request_review_comment"}

// target is what a run is about: a pull request, or (push, schedule,
// workflow_dispatch) the workspace as checked out.
type target struct {
	Event string
	PR    *github.PR // nil outside pull requests
	SHA   string     // GITHUB_SHA, for titles of workspace runs
	// Fork is set when the event's pull request comes from another
	// repository than its base (or from one since deleted): code nobody
	// with write access reviewed, which needs a real sandbox to run.
	Fork bool
}

// prRepo is the repository of a pull request's head or base; null in
// the payload when a fork has been deleted.
type prRepo struct {
	FullName string `json:"full_name"`
}

// payload is the part of the event file the action reads.
type payload struct {
	Number      int `json:"number"`
	PullRequest *struct {
		Number int `json:"number"`
		Head   struct {
			SHA  string  `json:"sha"`
			Repo *prRepo `json:"repo"`
		} `json:"head"`
		Base struct {
			SHA  string  `json:"sha"`
			Repo *prRepo `json:"repo"`
		} `json:"base"`
	} `json:"pull_request"`
}

// readTarget reads GITHUB_EVENT_NAME, the payload at GITHUB_EVENT_PATH and
// GITHUB_REPOSITORY, with the command line's overrides on top. A local run
// with -pr needs no event at all.
func readTarget(getenv func(string) string, ov Overrides) (target, error) {
	t := target{Event: getenv("GITHUB_EVENT_NAME"), SHA: getenv("GITHUB_SHA")}
	if ov.PR == 0 && !slices.Contains(prEvents, t.Event) {
		return t, nil
	}
	pr := &github.PR{Number: ov.PR, HeadSHA: ov.Head, BaseSHA: ov.Base}
	if ov.PR == 0 {
		p, err := readPayload(getenv("GITHUB_EVENT_PATH"))
		if err != nil {
			return t, err
		}
		if p.PullRequest == nil {
			return t, inputErrorf("event %s: the payload at GITHUB_EVENT_PATH has no pull_request object", t.Event)
		}
		pr.Number = p.PullRequest.Number
		if pr.Number == 0 {
			pr.Number = p.Number
		}
		pr.HeadSHA, pr.BaseSHA = cmp.Or(ov.Head, p.PullRequest.Head.SHA), cmp.Or(ov.Base, p.PullRequest.Base.SHA)
		head, base := p.PullRequest.Head.Repo, p.PullRequest.Base.Repo
		t.Fork = head == nil || base == nil || !strings.EqualFold(head.FullName, base.FullName)
		if pr.Number < 1 || pr.HeadSHA == "" {
			return t, inputErrorf("event %s: the payload names no pull request number or head SHA", t.Event)
		}
	}
	repo := cmp.Or(ov.Repo, getenv("GITHUB_REPOSITORY"))
	owner, name, ok := strings.Cut(repo, "/")
	if !ok || owner == "" || name == "" || strings.Contains(name, "/") {
		return t, inputErrorf("repository %q: expected owner/name (GITHUB_REPOSITORY or -repo)", repo)
	}
	pr.Owner, pr.Repo = owner, name
	t.PR = pr
	return t, nil
}

func readPayload(path string) (*payload, error) {
	if path == "" {
		return nil, inputErrorf("GITHUB_EVENT_PATH is not set: cannot read the pull request event")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, inputErrorf("reading the event payload: %w", err)
	}
	var p payload
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, inputErrorf("event payload %s: %w", path, err)
	}
	return &p, nil
}
