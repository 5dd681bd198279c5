package githubtest

import (
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

func (s *Server) routes(mux *http.ServeMux) {
	const pull = "/repos/{owner}/{repo}/pulls/{number}"
	mux.HandleFunc("GET "+pull, s.withPR(s.getPull))
	mux.HandleFunc("GET /repos/{owner}/{repo}/pulls", s.listPulls)
	mux.HandleFunc("GET /repos/{owner}/{repo}/actions/runs/{run}/artifacts", s.listArtifacts)
	mux.HandleFunc("GET /repos/{owner}/{repo}/actions/artifacts/{id}/zip", s.downloadArtifact)
	mux.HandleFunc("GET "+pull+"/files", s.withPR(s.listFiles))
	mux.HandleFunc("GET "+pull+"/comments", s.withPR(s.listComments))
	mux.HandleFunc("GET "+pull+"/reviews", s.withPR(s.listReviews))
	mux.HandleFunc("POST "+pull+"/reviews", s.withPR(s.createReview))
	mux.HandleFunc("DELETE "+pull+"/reviews/{id}", s.withPR(s.deleteReview))
	mux.HandleFunc("PATCH /repos/{owner}/{repo}/pulls/comments/{id}", s.editComment)
	mux.HandleFunc("DELETE /repos/{owner}/{repo}/pulls/comments/{id}", s.deleteComment)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "Not Found", docsRoot)
	})
}

// withPR resolves the pull request of the path; handlers run under s.mu.
func (s *Server) withPR(h func(http.ResponseWriter, *http.Request, *pullRequest)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.Atoi(r.PathValue("number"))
		s.mu.Lock()
		defer s.mu.Unlock()
		p := s.prs[prKey{r.PathValue("owner"), r.PathValue("repo"), n}]
		if err != nil || p == nil {
			writeError(w, http.StatusNotFound, "Not Found", docsRoot+"/pulls/pulls")
			return
		}
		h(w, r, p)
	}
}

// getPull serves the pull request, or its diff for the diff media type.
func (s *Server) getPull(w http.ResponseWriter, r *http.Request, p *pullRequest) {
	accept := r.Header.Get("Accept")
	if !strings.Contains(accept, "diff") {
		writeJSON(w, http.StatusOK, p.json())
		return
	}
	diff, lines := p.rawDiff()
	tooLarge := map[string]string{"resource": "PullRequest", "field": "diff", "code": "too_large"}
	switch {
	case len(p.Files) > s.opts.MaxDiffFiles:
		writeError(w, http.StatusNotAcceptable, fmt.Sprintf("Sorry, the diff exceeded the maximum number of files (%d). Consider using 'List pull requests files' API or locally cloning the repository instead.", s.opts.MaxDiffFiles),
			docsRoot+"/pulls/pulls#list-pull-requests-files", tooLarge)
	case lines > s.opts.MaxDiffLines:
		writeError(w, http.StatusNotAcceptable, fmt.Sprintf("Sorry, the diff exceeded the maximum number of lines (%d). Consider using 'List pull requests files' API or locally cloning the repository instead.", s.opts.MaxDiffLines),
			docsRoot+"/pulls/pulls#list-pull-requests-files", tooLarge)
	default:
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(diff))
	}
}

// listPulls lists pull requests, filtered as GitHub does by state
// (default open) and head ("owner:branch").
func (s *Server) listPulls(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	state := q.Get("state")
	if state == "" {
		state = "open"
	}
	s.mu.Lock()
	var match []*pullRequest
	for k, p := range s.prs {
		if k.owner != r.PathValue("owner") || k.repo != r.PathValue("repo") {
			continue
		}
		if state != "all" && p.state() != state {
			continue
		}
		if h := q.Get("head"); h != "" {
			owner, _, _ := strings.Cut(p.headRepo(), "/")
			if h != owner+":"+p.headRef() {
				continue
			}
		}
		match = append(match, p)
	}
	s.mu.Unlock()
	sort.Slice(match, func(i, j int) bool { return match[i].Number > match[j].Number })
	lo, hi := paginate(w, r, len(match))
	out := make([]map[string]any, 0, hi-lo)
	for _, p := range match[lo:hi] {
		out = append(out, p.json())
	}
	writeJSON(w, http.StatusOK, out)
}

// maxListedFiles is GitHub's cap on list-files.
const maxListedFiles = 3000

func (s *Server) listFiles(w http.ResponseWriter, r *http.Request, p *pullRequest) {
	files := p.Files[:min(len(p.Files), maxListedFiles)]
	lo, hi := paginate(w, r, len(files))
	out := make([]map[string]any, 0, hi-lo)
	for i := lo; i < hi; i++ {
		f := &files[i]
		fi := p.files[f.Filename]
		m := map[string]any{
			"sha": "2222222", "filename": f.Filename, "status": f.Status,
			"additions": fi.adds, "deletions": fi.deletes, "changes": fi.adds + fi.deletes,
		}
		if f.PreviousFilename != "" {
			m["previous_filename"] = f.PreviousFilename
		}
		if f.Patch != "" && (s.opts.MaxPatchBytes == 0 || len(f.Patch) <= s.opts.MaxPatchBytes) {
			m["patch"] = f.Patch
		}
		out = append(out, m)
	}
	writeJSON(w, http.StatusOK, out)
}

// paginate applies per_page (default 30, at most 100) and page to n items
// and sets GitHub's Link header.
func paginate(w http.ResponseWriter, r *http.Request, n int) (lo, hi int) {
	q := r.URL.Query()
	per, err := strconv.Atoi(q.Get("per_page"))
	if err != nil || per < 1 {
		per = 30
	}
	per = min(per, 100)
	page, err := strconv.Atoi(q.Get("page"))
	if err != nil || page < 1 {
		page = 1
	}
	last := max(1, (n+per-1)/per)
	link := func(pg int, rel string) string {
		v := url.Values{}
		for k, vs := range q {
			v[k] = vs
		}
		v.Set("page", strconv.Itoa(pg))
		v.Set("per_page", strconv.Itoa(per))
		u := url.URL{Scheme: "http", Host: r.Host, Path: r.URL.Path, RawQuery: v.Encode()}
		return fmt.Sprintf("<%s>; rel=%q", u.String(), rel)
	}
	var links []string
	if page < last {
		links = append(links, link(page+1, "next"), link(last, "last"))
	}
	if page > 1 {
		links = append(links, link(1, "first"), link(page-1, "prev"))
	}
	if len(links) > 0 {
		w.Header().Set("Link", strings.Join(links, ", "))
	}
	lo = min((page-1)*per, n)
	return lo, min(lo+per, n)
}
