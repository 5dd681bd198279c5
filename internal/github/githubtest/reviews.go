package githubtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"
)

// Review is a stored review, for assertions.
type Review struct {
	ID       int64
	Number   int // pull request
	User     string
	Body     string
	State    string // PENDING, COMMENTED, APPROVED, CHANGES_REQUESTED
	CommitID string
}

// Comment is a stored review comment, for assertions.
type Comment struct {
	ID, ReviewID    int64
	Number          int
	User            string
	Path            string
	Line, StartLine int
	Side, StartSide string
	Body            string
	CommitID        string
}

type review struct {
	Review
	key prKey
}

type comment struct {
	Comment
	key prKey
}

// Reviews returns the stored reviews of a pull request, pending included.
func (s *Server) Reviews(owner, repo string, number int) []Review {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Review
	for _, r := range s.reviews {
		if r.key == (prKey{owner, repo, number}) {
			out = append(out, r.Review)
		}
	}
	return out
}

// Comments returns the stored review comments of a pull request,
// including those of pending reviews.
func (s *Server) Comments(owner, repo string, number int) []Comment {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Comment
	for _, c := range s.comments {
		if c.key == (prKey{owner, repo, number}) {
			out = append(out, c.Comment)
		}
	}
	return out
}

// maxBody is GitHub's limit on comment and review bodies, in characters.
const maxBody = 65536

const reviewDoc = docsRoot + "/pulls/reviews#create-a-review-for-a-pull-request"

type draftComment struct {
	Path      string `json:"path"`
	Position  *int   `json:"position"`
	Body      string `json:"body"`
	Line      int    `json:"line"`
	Side      string `json:"side"`
	StartLine int    `json:"start_line"`
	StartSide string `json:"start_side"`
}

// createReview validates like GitHub: one bad comment rejects the review.
func (s *Server) createReview(w http.ResponseWriter, r *http.Request, p *pullRequest) {
	c := callerOf(r)
	var req struct {
		CommitID string         `json:"commit_id"`
		Body     string         `json:"body"`
		Event    string         `json:"event"`
		Comments []draftComment `json:"comments"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "Problems parsing JSON", reviewDoc)
		return
	}
	state, ok := map[string]string{"": "PENDING", "COMMENT": "COMMENTED", "APPROVE": "APPROVED", "REQUEST_CHANGES": "CHANGES_REQUESTED"}[req.Event]
	var errs []any
	switch {
	case !ok:
		errs = append(errs, fmt.Sprintf("Event %q is not one of APPROVE, REQUEST_CHANGES, COMMENT", req.Event))
	case (req.Event == "COMMENT" || req.Event == "REQUEST_CHANGES") && req.Body == "" && len(req.Comments) == 0:
		errs = append(errs, "Body is required for a COMMENT or REQUEST_CHANGES review")
	}
	if req.CommitID != "" && req.CommitID != p.HeadSHA {
		errs = append(errs, "Commit "+req.CommitID+" is not the head of the pull request")
	}
	if utf8.RuneCountInString(req.Body) > maxBody {
		errs = append(errs, "Body is too long (maximum is 65536 characters)")
	}
	key := prKey{p.Owner, p.Repo, p.Number}
	if slices.ContainsFunc(s.reviews, func(o *review) bool { return o.key == key && o.User == c.Login && o.State == "PENDING" }) {
		errs = append(errs, "User can only have one pending review per pull request")
	}
	for _, d := range req.Comments {
		errs = append(errs, validateComment(p, d)...)
	}
	if len(errs) > 0 {
		writeError(w, http.StatusUnprocessableEntity, "Unprocessable Entity", reviewDoc, dedupe(errs)...)
		return
	}
	rv := &review{key: key, Review: Review{ID: s.id(), Number: p.Number, User: c.Login, Body: req.Body, State: state, CommitID: p.HeadSHA}}
	s.reviews = append(s.reviews, rv)
	for _, d := range req.Comments {
		side, startSide := defaultSide(d.Side), ""
		if d.StartLine > 0 {
			startSide = defaultSide(d.StartSide)
		}
		s.comments = append(s.comments, &comment{key: key, Comment: Comment{
			ID: s.id(), ReviewID: rv.ID, Number: p.Number, User: c.Login, Path: d.Path,
			Line: d.Line, StartLine: d.StartLine, Side: side, StartSide: startSide, Body: d.Body, CommitID: p.HeadSHA,
		}})
	}
	writeJSON(w, http.StatusOK, s.reviewJSON(r, rv))
}

func defaultSide(s string) string {
	if s == "" {
		return "RIGHT"
	}
	return s
}

// validateComment applies GitHub's placement rules to one draft comment.
func validateComment(p *pullRequest, d draftComment) []any {
	f := p.files[d.Path]
	side, startSide := defaultSide(d.Side), defaultSide(d.StartSide)
	if d.StartSide == "" {
		startSide = side
	}
	switch {
	case d.Body == "":
		return []any{"Body can't be blank"}
	case utf8.RuneCountInString(d.Body) > maxBody:
		return []any{"Body is too long (maximum is 65536 characters)"}
	case f == nil:
		return []any{"Path could not be resolved"}
	case d.Position != nil:
		// Position-based comments are deprecated; the fake does not model them.
		return []any{"githubtest: position-based comments are not supported; use line and side"}
	case side != "RIGHT" && side != "LEFT", startSide != "RIGHT" && startSide != "LEFT":
		return []any{"Side must be LEFT or RIGHT"}
	case d.Line < 1:
		return []any{"Line could not be resolved"}
	}
	hl := hunkOf(f.hunks, side, d.Line)
	if hl < 0 {
		return []any{"Line could not be resolved"}
	}
	if d.StartLine == 0 {
		return nil
	}
	if d.StartLine >= d.Line && startSide == side {
		return []any{"Pull request review thread start line must precede the end line."}
	}
	if hunkOf(f.hunks, startSide, d.StartLine) != hl {
		return []any{"Pull request review thread start line must be part of the same hunk as the line."}
	}
	return nil
}

func dedupe(errs []any) []any {
	var out []any
	for _, e := range errs {
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out
}

func (s *Server) id() int64 {
	s.nextID++
	return s.nextID
}

func (s *Server) reviewJSON(r *http.Request, rv *review) map[string]any {
	m := map[string]any{
		"id": rv.ID, "user": map[string]any{"login": rv.User}, "body": rv.Body, "state": rv.State,
		"commit_id": rv.CommitID,
		"html_url":  fmt.Sprintf("https://github.com/%s/%s/pull/%d#pullrequestreview-%d", rv.key.owner, rv.key.repo, rv.key.number, rv.ID),
	}
	if rv.State != "PENDING" {
		m["submitted_at"] = s.opts.Now().UTC().Format(time.RFC3339)
	}
	return m
}

// listReviews shows submitted reviews, and pending ones to their author.
func (s *Server) listReviews(w http.ResponseWriter, r *http.Request, p *pullRequest) {
	c := callerOf(r)
	key := prKey{p.Owner, p.Repo, p.Number}
	var vis []*review
	for _, rv := range s.reviews {
		if rv.key == key && (rv.State != "PENDING" || rv.User == c.Login) {
			vis = append(vis, rv)
		}
	}
	lo, hi := paginate(w, r, len(vis))
	out := make([]map[string]any, 0, hi-lo)
	for _, rv := range vis[lo:hi] {
		out = append(out, s.reviewJSON(r, rv))
	}
	writeJSON(w, http.StatusOK, out)
}

// deleteReview deletes a pending review of the caller, and its comments.
func (s *Server) deleteReview(w http.ResponseWriter, r *http.Request, p *pullRequest) {
	c := callerOf(r)
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	key := prKey{p.Owner, p.Repo, p.Number}
	i := slices.IndexFunc(s.reviews, func(rv *review) bool {
		return rv.key == key && rv.ID == id && (rv.State != "PENDING" || rv.User == c.Login)
	})
	switch {
	case i < 0:
		writeError(w, http.StatusNotFound, "Not Found", docsRoot+"/pulls/reviews#delete-a-pending-review-for-a-pull-request")
		return
	case s.reviews[i].State != "PENDING":
		writeError(w, http.StatusUnprocessableEntity, "Unprocessable Entity", docsRoot+"/pulls/reviews#delete-a-pending-review-for-a-pull-request",
			"Can not delete a non-pending pull request review")
		return
	}
	rv := s.reviews[i]
	s.reviews = slices.Delete(s.reviews, i, i+1)
	s.comments = slices.DeleteFunc(s.comments, func(cm *comment) bool { return cm.ReviewID == id })
	writeJSON(w, http.StatusOK, s.reviewJSON(r, rv))
}
