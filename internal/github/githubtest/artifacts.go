package githubtest

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// Artifact is a workflow run's uploaded artifact: its zip archive, as
// the storage GitHub redirects downloads to serves it.
type Artifact struct {
	Owner, Repo string
	RunID       int64
	Name        string
	Zip         []byte
	// ListedSize, when set, is the size_in_bytes the listing claims
	// (default: the archive's): a listing and a download that disagree.
	ListedSize int64
	Expired    bool
}

type storedArtifact struct {
	Artifact
	id int64
}

type artifacts struct {
	mu   sync.Mutex
	list []*storedArtifact
	// BlobRequests logs the downloads from storage, with whether they
	// carried an Authorization header (GitHub's token must not go there).
	blobs []BlobRequest
}

// BlobRequest is one download from the fake's artifact storage.
type BlobRequest struct {
	Path          string
	Authorization string
}

// AddArtifact stores an artifact of a workflow run and returns its id.
func (s *Server) AddArtifact(a Artifact) int64 {
	s.mu.Lock()
	id := s.id()
	s.mu.Unlock()
	s.arts.mu.Lock()
	defer s.arts.mu.Unlock()
	s.arts.list = append(s.arts.list, &storedArtifact{Artifact: a, id: id})
	return id
}

// BlobRequests returns the downloads from the artifact storage so far.
func (s *Server) BlobRequests() []BlobRequest {
	s.arts.mu.Lock()
	defer s.arts.mu.Unlock()
	return append([]BlobRequest(nil), s.arts.blobs...)
}

const artifactsDoc = docsRoot + "/actions/artifacts"

func (s *Server) listArtifacts(w http.ResponseWriter, r *http.Request) {
	run, err := strconv.ParseInt(r.PathValue("run"), 10, 64)
	if err != nil {
		writeError(w, http.StatusNotFound, "Not Found", artifactsDoc)
		return
	}
	s.arts.mu.Lock()
	var match []*storedArtifact
	for _, a := range s.arts.list {
		if a.Owner == r.PathValue("owner") && a.Repo == r.PathValue("repo") && a.RunID == run {
			match = append(match, a)
		}
	}
	s.arts.mu.Unlock()
	lo, hi := paginate(w, r, len(match))
	out := make([]map[string]any, 0, hi-lo)
	for _, a := range match[lo:hi] {
		size := a.ListedSize
		if size == 0 {
			size = int64(len(a.Zip))
		}
		out = append(out, map[string]any{
			"id": a.id, "name": a.Name, "size_in_bytes": size, "expired": a.Expired,
			"archive_download_url": fmt.Sprintf("http://%s/repos/%s/%s/actions/artifacts/%d/zip", r.Host, a.Owner, a.Repo, a.id),
			"workflow_run":         map[string]any{"id": a.RunID},
		})
	}
	writeJSON(w, http.StatusOK, map[string]any{"total_count": len(match), "artifacts": out})
}

// downloadArtifact redirects to the archive in storage, as GitHub does
// (302 to a short-lived URL on another host that needs no token), or
// answers 410 for an expired artifact.
func (s *Server) downloadArtifact(w http.ResponseWriter, r *http.Request) {
	a := s.artifact(r.PathValue("owner"), r.PathValue("repo"), r.PathValue("id"))
	switch {
	case a == nil:
		writeError(w, http.StatusNotFound, "Not Found", artifactsDoc)
	case a.Expired:
		writeError(w, http.StatusGone, "Artifact has expired", artifactsDoc)
	default:
		w.Header().Set("Location", fmt.Sprintf("http://%s%s%d?sig=fake", r.Host, blobPrefix, a.id))
		w.WriteHeader(http.StatusFound)
	}
}

func (s *Server) artifact(owner, repo, idText string) *storedArtifact {
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil {
		return nil
	}
	s.arts.mu.Lock()
	defer s.arts.mu.Unlock()
	for _, a := range s.arts.list {
		if a.id == id && (owner == "" || a.Owner == owner && a.Repo == repo) {
			return a
		}
	}
	return nil
}

// blobPrefix is where the fake's storage serves archives; like the real
// storage it is not the API, takes no token and is not rate limited.
const blobPrefix = "/_storage/artifacts/"

func (s *Server) serveBlob(w http.ResponseWriter, r *http.Request) {
	s.arts.mu.Lock()
	s.arts.blobs = append(s.arts.blobs, BlobRequest{Path: r.URL.Path, Authorization: r.Header.Get("Authorization")})
	s.arts.mu.Unlock()
	a := s.artifact("", "", strings.TrimPrefix(r.URL.Path, blobPrefix))
	if a == nil || r.URL.Query().Get("sig") == "" {
		http.Error(w, "AuthenticationFailed", http.StatusForbidden)
		return
	}
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Length", strconv.Itoa(len(a.Zip)))
	_, _ = w.Write(a.Zip)
}
