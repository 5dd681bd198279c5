package action

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkAction200Files1000Findings runs the action core on a pull
// request adding 200 Python files with 5 findings each (1,000 in all)
// against the fake GitHub. Suggest mode has no test command, so every
// fix is proven by re-checks and all 1,000 become suggestions of one
// review. Each op fails unless it took at most one review POST and no
// more reads than the pagination needs: 2 list-files pages, 1 page each
// of review comments and reviews.
func BenchmarkAction200Files1000Findings(b *testing.B) {
	base := map[string]string{".iflint.yml": "version: 1\nconstraints:\n  - type: naming_convention\n    spec: python;function:snake_case\n"}
	head := map[string]string{}
	for i := range 200 {
		var src strings.Builder
		for j := range 5 {
			fmt.Fprintf(&src, "def computeValue%d(x):\n    return x + %d\n\n\n", j, j)
		}
		head[fmt.Sprintf("pkg%03d/mod.py", i)] = strings.TrimRight(src.String(), "\n") + "\n"
	}
	for _, mode := range []Mode{ModeCheck, ModeSuggest} {
		b.Run("mode="+string(mode), func(b *testing.B) {
			f := newFixture(b, base, head)
			f.env["INPUT_MODE"] = string(mode)
			f.env["INPUT_MAX-COMMENTS"] = "1000"
			files := f.repo.changes(f.base, f.head)
			maxReads := 4
			if mode == ModeCheck {
				maxReads = 2 // no review: only the diff is read
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				f.number = 1000 + i // a fresh pull request: nothing posted yet
				f.registerPR(files)
				f.writeEvent()
				f.srv.ResetLog()
				b.StartTimer()
				code, err := f.run(Overrides{})
				b.StopTimer()
				if err != nil || code != ExitFindings {
					b.Fatalf("exit %d, err %v", code, err)
				}
				log := f.srv.Requests()
				posts := reviewPosts(log)
				reads := countRequests(log, http.MethodGet, "/")
				if len(posts) > 1 || reads > maxReads || len(log) != reads+len(posts) {
					b.Fatalf("%d requests: %d review POSTs, %d reads (want at most 1 and %d, nothing else)", len(log), len(posts), reads, maxReads)
				}
				out := f.outputs()
				if out["findings"] != "1000" {
					b.Fatalf("findings output %q, want 1000", out["findings"])
				}
				if mode == ModeSuggest {
					if len(posts) != 1 || len(drafts(b, posts[0])) != 1000 || out["verified-fixes"] != strconv.Itoa(1000) {
						b.Fatalf("%d review POSTs, verified-fixes %s; want one review of 1000 suggestions", len(posts), out["verified-fixes"])
					}
				}
				if n := len(annotations(f.stdout.String(), "error")); n != maxAnnotations && mode == ModeCheck {
					b.Fatalf("%d error annotations, want the cap of %d", n, maxAnnotations)
				}
				b.StartTimer()
			}
		})
	}
}
