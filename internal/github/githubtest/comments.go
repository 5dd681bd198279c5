package githubtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"unicode/utf8"
)

const commentsDoc = docsRoot + "/pulls/comments"

func (s *Server) commentJSON(c *comment) map[string]any {
	m := map[string]any{
		"id": c.ID, "pull_request_review_id": c.ReviewID, "user": map[string]any{"login": c.User},
		"path": c.Path, "line": c.Line, "side": c.Side, "body": c.Body, "commit_id": c.CommitID,
		"html_url": fmt.Sprintf("https://github.com/%s/%s/pull/%d#discussion_r%d", c.key.owner, c.key.repo, c.key.number, c.ID),
	}
	if c.StartLine > 0 {
		m["start_line"], m["start_side"] = c.StartLine, c.StartSide
	}
	return m
}

// pending reports whether c belongs to a pending review, which GitHub
// shows to nobody but its author until it is submitted.
func (s *Server) pending(c *comment) bool {
	return slices.ContainsFunc(s.reviews, func(r *review) bool { return r.ID == c.ReviewID && r.State == "PENDING" })
}

func (s *Server) listComments(w http.ResponseWriter, r *http.Request, p *pullRequest) {
	key := prKey{p.Owner, p.Repo, p.Number}
	var vis []*comment
	for _, c := range s.comments {
		if c.key == key && !s.pending(c) {
			vis = append(vis, c)
		}
	}
	lo, hi := paginate(w, r, len(vis))
	out := make([]map[string]any, 0, hi-lo)
	for _, c := range vis[lo:hi] {
		out = append(out, s.commentJSON(c))
	}
	writeJSON(w, http.StatusOK, out)
}

// findComment locates a visible comment of owner/repo for its author; it
// writes GitHub's answer and returns -1 when there is none to change.
func (s *Server) findComment(w http.ResponseWriter, r *http.Request) int {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	i := slices.IndexFunc(s.comments, func(c *comment) bool {
		return c.ID == id && c.key.owner == r.PathValue("owner") && c.key.repo == r.PathValue("repo")
	})
	if i < 0 {
		writeError(w, http.StatusNotFound, "Not Found", commentsDoc)
		return -1
	}
	if s.comments[i].User != callerOf(r).Login {
		writeError(w, http.StatusForbidden, "Resource not accessible by integration", commentsDoc)
		return -1
	}
	return i
}

func (s *Server) editComment(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.findComment(w, r)
	if i < 0 {
		return
	}
	var req struct {
		Body *string `json:"body"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "Problems parsing JSON", commentsDoc)
		return
	}
	switch {
	case req.Body == nil || *req.Body == "":
		writeError(w, http.StatusUnprocessableEntity, "Validation Failed", commentsDoc,
			map[string]string{"resource": "PullRequestReviewComment", "field": "body", "code": "missing_field"})
		return
	case utf8.RuneCountInString(*req.Body) > maxBody:
		writeError(w, http.StatusUnprocessableEntity, "Validation Failed", commentsDoc,
			map[string]string{"resource": "PullRequestReviewComment", "field": "body", "code": "custom", "message": "body is too long (maximum is 65536 characters)"})
		return
	}
	s.comments[i].Body = *req.Body
	writeJSON(w, http.StatusOK, s.commentJSON(s.comments[i]))
}

func (s *Server) deleteComment(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.findComment(w, r)
	if i < 0 {
		return
	}
	s.comments = slices.Delete(s.comments, i, i+1)
	w.WriteHeader(http.StatusNoContent)
}
