package githubtest

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
)

// Fault makes requests fail as GitHub's front end sometimes fails them:
// a 500 from the API, a 502 or 504 from a gateway, or a connection cut
// without an answer. A gateway error may come after the API did the work
// (AfterEffect): a review POST answered 502 can have created the review.
type Fault struct {
	// Method and PathSuffix select the requests ("" matches any).
	Method, PathSuffix string
	// Status is the answer (500, 502, 503, 504); with Reset the
	// connection is closed instead and Status is ignored.
	Status int
	Reset  bool
	// AfterEffect lets the request take effect before it fails.
	AfterEffect bool
	// Times is how many matching requests fail (default 1).
	Times int
}

// Inject arms f; armed faults apply in the order they were injected.
func (s *Server) Inject(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f.Times == 0 {
		f.Times = 1
	}
	s.faults = append(s.faults, &f)
}

// fault returns the armed fault r meets, using up one of its times.
func (s *Server) fault(r *http.Request) *Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.faults {
		if f.Times > 0 && (f.Method == "" || f.Method == r.Method) && strings.HasSuffix(r.URL.Path, f.PathSuffix) {
			f.Times--
			return f
		}
	}
	return nil
}

// fail answers r as f says, after serving it into the void when the
// fault comes after the effect. It records the status sent (0 for a cut
// connection).
func (s *Server) fail(f *Fault, rec *statusRecorder, r *http.Request, serve func(http.ResponseWriter, *http.Request)) {
	if f.AfterEffect {
		serve(httptest.NewRecorder(), r)
	}
	if f.Reset {
		rec.status = 0
		if hj, ok := rec.ResponseWriter.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler) // the server cuts the connection
	}
	switch f.Status {
	case http.StatusBadGateway, http.StatusGatewayTimeout:
		// Gateways answer in HTML, not the API's JSON.
		rec.Header().Set("Content-Type", "text/html")
		rec.WriteHeader(f.Status)
		var b bytes.Buffer
		b.WriteString("<html><body><h1>")
		b.WriteString(http.StatusText(f.Status))
		b.WriteString("</h1></body></html>\n")
		rec.Write(b.Bytes())
	default:
		writeError(rec, f.Status, "Server Error", docsRoot)
	}
}
