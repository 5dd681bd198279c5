package llm

import (
	"context"
	"net/http"
)

// go-openai turns non-2xx responses into errors and drops the response, so
// the Retry-After header would be lost. recordingDoer sits between
// go-openai and the caller's *http.Client and copies the status and headers
// of each response into a slot carried by that request's context. One slot
// per attempt keeps concurrent requests apart without shared state, and the
// caller's http.Client is used as is (not mutated).
type recordingDoer struct {
	inner *http.Client
}

// respInfo is what one HTTP attempt saw of the response.
type respInfo struct {
	status int
	header http.Header
}

type respInfoKey struct{}

func withRespInfo(ctx context.Context, ri *respInfo) context.Context {
	return context.WithValue(ctx, respInfoKey{}, ri)
}

// Do implements openai.HTTPDoer.
func (d recordingDoer) Do(req *http.Request) (*http.Response, error) {
	resp, err := d.inner.Do(req)
	if resp != nil {
		if ri, ok := req.Context().Value(respInfoKey{}).(*respInfo); ok {
			ri.status = resp.StatusCode
			ri.header = resp.Header.Clone()
		}
	}
	return resp, err
}
