package github

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Comment is one finding to show as a RIGHT-side line comment.
type Comment struct {
	Path      string
	StartLine int // first line of a multi-line comment; 0 or Line for one line
	Line      int
	Body      string // Markdown, e.g. from SuggestionBody; Publish appends the marker
	// Fingerprint identifies the finding across runs and line moves; it
	// is how re-runs recognise what they already posted.
	Fingerprint string
	// Group names comments that only make sense together (the parts of
	// one verified change, such as a rename's definition and its calls in
	// another hunk): Publish posts all of a group's new comments or none,
	// and counts the group whole against MaxComments. "" is a group of one.
	Group string
}

// Review is what one run wants to say on a pull request.
type Review struct {
	// Body is a summary shown when a review is posted. It never causes a
	// review by itself: an identical re-run would repeat it.
	Body     string
	Comments []Comment
	// Diff is the pull request's diff; nil fetches it with ChangedFiles.
	Diff *Diff
	// MaxComments caps line comments per review (0: DefaultMaxComments;
	// negative: no cap). The rest are reported as Downgraded and posted by
	// later runs.
	MaxComments int
	// Held are fingerprints of comments this run would post but holds back
	// by limits of its own (a caller's cap that keeps a file's comments
	// together): their earlier comments are still current, not outdated.
	Held []string
}

// DefaultMaxComments keeps a review readable and well below the sizes at
// which GitHub starts answering with secondary rate limits or timeouts.
const DefaultMaxComments = 50

// Downgraded is a finding that did not become a line comment, and why.
type Downgraded struct {
	Comment Comment
	Reason  string
}

// PublishResult says what Publish did. It is filled as far as Publish got,
// also when it returns an error.
type PublishResult struct {
	Posted            int // line comments in the review created
	SkippedDuplicates int // findings whose comment already exists (or repeated within the run)
	MarkedOutdated    int // earlier comments retracted because their finding is gone
	// Downgraded lists findings not posted as line comments: outside the
	// diff, rejected by GitHub, or over MaxComments. Callers report them
	// another way (annotations).
	Downgraded []Downgraded
	ReviewID   int64  // 0 when no review was created
	ReviewURL  string // its html_url
	APICalls   int    // HTTP requests Publish sent, retries included
}

const eventComment = "COMMENT"

// ErrSecretInBody: a body handed to Publish contains the client's token.
var ErrSecretInBody = errors.New("github: a comment or review body contains the API token; nothing was posted")

// Publish posts r on pr as at most one review, idempotently: re-running
// with the same findings posts nothing, findings that disappeared have
// their comments marked outdated, and comments GitHub would refuse are
// downgraded instead of failing the review. A token without write access
// yields ErrNoWriteAccess before anything is written.
func (c *Client) Publish(ctx context.Context, pr PR, r Review) (res PublishResult, err error) {
	before := c.APICalls()
	defer func() { res.APICalls = c.APICalls() - before }()
	if err := pr.validate(); err != nil {
		return res, err
	}
	comments, err := c.prepare(r)
	if err != nil {
		return res, err
	}
	diff := r.Diff
	if diff == nil {
		if diff, err = c.ChangedFiles(ctx, pr); err != nil {
			return res, err
		}
	}
	ex, err := c.readExisting(ctx, pr)
	if err != nil {
		return res, err
	}
	maxComments := cmp.Or(r.MaxComments, DefaultMaxComments)
	p := planReview(comments, r.Held, diff, ex, maxComments)
	res.SkippedDuplicates = p.skipped
	res.Downgraded = slices.Concat(p.invalid, p.overflow)

	if len(p.post) > 0 || len(newInvalid(p.invalid, ex)) > 0 {
		if err := c.deletePending(ctx, pr, ex.pending); err != nil {
			return res, err
		}
		body := func(good []Comment, rejected []Downgraded) (string, bool) {
			listed := newInvalid(append(slices.Clip(p.invalid), rejected...), ex)
			if len(good) == 0 && len(listed) == 0 {
				return "", false
			}
			n := min(len(listed), maxListedInBody)
			return reviewBody(clipSummary(r.Body), listed[:n], len(listed)-n, len(p.overflow), maxComments), true
		}
		rev, good, rejected, err := c.postReview(ctx, pr, p.post, body)
		res.Downgraded = slices.Concat(p.invalid, rejected, p.overflow)
		if err != nil {
			return res, err
		}
		if rev != nil {
			res.ReviewID, res.ReviewURL, res.Posted = rev.GetID(), rev.GetHTMLURL(), len(good)
		}
	}

	for _, oc := range p.outdated {
		if err := c.markOutdated(ctx, pr, oc); err != nil {
			return res, err
		}
		res.MarkedOutdated++
	}
	return res, nil
}

// prepare checks the caller's data and orders comments deterministically.
func (c *Client) prepare(r Review) ([]Comment, error) {
	if c.token != "" && strings.Contains(r.Body, c.token) {
		return nil, ErrSecretInBody
	}
	out := slices.Clone(r.Comments)
	for _, cm := range out {
		if !fingerprintRE.MatchString(cm.Fingerprint) {
			return nil, fmt.Errorf("github: comment on %s line %d: fingerprint %q must be 1-128 characters of [A-Za-z0-9._:/+=-]", cm.Path, cm.Line, clip(cm.Fingerprint))
		}
		if c.token != "" && strings.Contains(cm.Body, c.token) {
			return nil, ErrSecretInBody
		}
	}
	slices.SortStableFunc(out, func(a, b Comment) int {
		return cmp.Or(strings.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.StartLine, b.StartLine), strings.Compare(a.Fingerprint, b.Fingerprint))
	})
	return out, nil
}

// plan is the decision of one run, before any write.
type plan struct {
	post     []Comment
	invalid  []Downgraded // GitHub would refuse them as line comments
	overflow []Downgraded // over MaxComments
	skipped  int
	outdated []ownComment
}

func planReview(comments []Comment, held []string, diff *Diff, ex *existing, maxComments int) *plan {
	p := &plan{}
	seen := map[string]bool{}
	var valid []Comment
	for _, cm := range comments {
		if seen[cm.Fingerprint] || ex.live[cm.Fingerprint] {
			p.skipped++
			continue
		}
		seen[cm.Fingerprint] = true
		if err := diff.ValidComment(cm.Path, cm.StartLine, cm.Line); err != nil {
			p.invalid = append(p.invalid, Downgraded{cm, err.Error()})
			continue
		}
		if n := utf8.RuneCountInString(commentBody(cm)); n > maxBodyChars {
			p.invalid = append(p.invalid, Downgraded{cm, fmt.Sprintf("comment body has %d characters; GitHub allows %d", n, maxBodyChars)})
			continue
		}
		valid = append(valid, cm)
	}
	// A group with a comment GitHub would refuse is not posted at all.
	valid, p.invalid = wholeGroups(valid, p.invalid)
	for _, g := range groupsOf(valid) {
		if maxComments > 0 && len(p.post)+len(g) > maxComments {
			for _, cm := range g {
				p.overflow = append(p.overflow, Downgraded{cm, fmt.Sprintf("over the limit of %d comments per review; a later run posts it", maxComments)})
			}
			continue
		}
		p.post = append(p.post, g...)
	}
	inRun := make(map[string]bool, len(comments)+len(held))
	for _, cm := range comments {
		inRun[cm.Fingerprint] = true
	}
	for _, fp := range held {
		inRun[fp] = true
	}
	for _, oc := range ex.comments {
		if !oc.outdated && !inRun[oc.fingerprint] {
			p.outdated = append(p.outdated, oc)
		}
	}
	return p
}

// groupsOf splits comments into their groups, in order of first comment
// (a comment without a group is one alone).
func groupsOf(comments []Comment) [][]Comment {
	var out [][]Comment
	at := map[string]int{}
	for _, cm := range comments {
		if cm.Group == "" {
			out = append(out, []Comment{cm})
			continue
		}
		i, ok := at[cm.Group]
		if !ok {
			i = len(out)
			at[cm.Group] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], cm)
	}
	return out
}

// wholeGroups moves the comments of good whose group has a member in bad
// to bad: half of a rename is worse than none.
func wholeGroups(good []Comment, bad []Downgraded) ([]Comment, []Downgraded) {
	broken := map[string]string{}
	for _, d := range bad {
		if g := d.Comment.Group; g != "" && broken[g] == "" {
			broken[g] = lineRange(d.Comment)
		}
	}
	if len(broken) == 0 {
		return good, bad
	}
	var keep []Comment
	for _, cm := range good {
		if where, ok := broken[cm.Group]; ok {
			bad = append(bad, Downgraded{cm, fmt.Sprintf("its group's comment on %s cannot be posted, and a group is posted whole or not at all", where)})
			continue
		}
		keep = append(keep, cm)
	}
	return keep, bad
}

// newInvalid is the part of invalid not listed by an earlier review.
func newInvalid(invalid []Downgraded, ex *existing) []Downgraded {
	var out []Downgraded
	for _, d := range invalid {
		if !ex.reported[d.Comment.Fingerprint] {
			out = append(out, d)
		}
	}
	return out
}

// clipSummary keeps the caller's summary to a part of GitHub's body limit,
// leaving room for the list of downgraded findings.
func clipSummary(s string) string {
	const max = 16000
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "…"
	}
	return s
}
