package github

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/github/githubtest"
)

var ctx = context.Background()

func inAndOut() []Comment {
	return []Comment{
		cm("a.go", 0, 5, "in-added"),
		cm("a.go", 3, 6, "in-range"),
		cm("b.go", 0, 10, "in-new-file"),
		cm("a.go", 0, 15, "out-between"),
		cm("a.go", 5, 30, "out-spans"),
		cm("other.go", 0, 1, "out-file"),
		cm("gone.go", 0, 1, "out-removed"),
	}
}

func downgradedFPs(res PublishResult) []string {
	var fps []string
	for _, d := range res.Downgraded {
		fps = append(fps, d.Comment.Fingerprint)
	}
	slices.Sort(fps)
	return fps
}

func TestPublishPostsOnlyInsideDiff(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	c := f.client(t, botToken)
	res, err := c.Publish(ctx, f.pr, Review{Body: "iflint found 7 issues.", Comments: inAndOut()})
	if err != nil {
		t.Fatal(err)
	}
	if res.Posted != 3 || res.ReviewID == 0 || !strings.Contains(res.ReviewURL, "pullrequestreview-") {
		t.Fatalf("result = %+v", res)
	}
	if got := strings.Join(downgradedFPs(res), ","); got != "out-between,out-file,out-removed,out-spans" {
		t.Fatalf("downgraded = %s", got)
	}
	for _, d := range res.Downgraded {
		if d.Reason == "" {
			t.Errorf("%s downgraded without a reason", d.Comment.Fingerprint)
		}
	}
	reviews := f.srv.Reviews("o", "r", 7)
	if len(reviews) != 1 || reviews[0].State != "COMMENTED" || reviews[0].CommitID != headSHA {
		t.Fatalf("reviews = %+v", reviews)
	}
	body := reviews[0].Body
	for _, want := range []string{"iflint found 7 issues.", "4 finding(s) could not be placed", "`a.go` line 15", "`other.go` line 1", reviewMarker} {
		if !strings.Contains(body, want) {
			t.Errorf("review body lacks %q:\n%s", want, body)
		}
	}
	comments := f.srv.Comments("o", "r", 7)
	if len(comments) != 3 {
		t.Fatalf("comments = %+v", comments)
	}
	for _, cm := range comments {
		if cm.Side != "RIGHT" || !strings.Contains(cm.Body, "```suggestion") || !strings.HasSuffix(cm.Body, markerSuffix) {
			t.Errorf("comment = %+v", cm)
		}
		if cm.Path == "a.go" && cm.Line == 6 && (cm.StartLine != 3 || cm.StartSide != "RIGHT") {
			t.Errorf("multi-line comment = %+v", cm)
		}
	}
	if n := count(f.srv.Requests(), "POST", "/reviews"); n != 1 {
		t.Errorf("%d review POSTs, want 1", n)
	}
	if res.APICalls != len(f.srv.Requests()) {
		t.Errorf("APICalls = %d, server saw %d", res.APICalls, len(f.srv.Requests()))
	}
}

func TestPublishRerunPostsNothing(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	c := f.client(t, botToken)
	if _, err := c.Publish(ctx, f.pr, Review{Body: "summary", Comments: inAndOut()}); err != nil {
		t.Fatal(err)
	}
	f.srv.ResetLog()
	res, err := c.Publish(ctx, f.pr, Review{Body: "summary", Comments: inAndOut()})
	if err != nil {
		t.Fatal(err)
	}
	if w := writes(f.srv.Requests(), false); len(w) != 0 {
		t.Fatalf("re-run wrote: %+v", w)
	}
	if res.Posted != 0 || res.SkippedDuplicates != 3 || res.ReviewID != 0 || len(res.Downgraded) != 4 {
		t.Fatalf("result = %+v", res)
	}
	if n := len(f.srv.Reviews("o", "r", 7)); n != 1 {
		t.Fatalf("%d reviews after re-run", n)
	}
}

func TestPublishMarksOutdatedOnce(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	c := f.client(t, botToken)
	both := []Comment{cm("a.go", 0, 5, "keep"), cm("b.go", 0, 2, "fixed-later")}
	if _, err := c.Publish(ctx, f.pr, Review{Comments: both}); err != nil {
		t.Fatal(err)
	}
	res, err := c.Publish(ctx, f.pr, Review{Comments: both[:1]})
	if err != nil {
		t.Fatal(err)
	}
	if res.MarkedOutdated != 1 || res.Posted != 0 || res.SkippedDuplicates != 1 {
		t.Fatalf("second run = %+v", res)
	}
	var gone githubtest.Comment
	for _, c := range f.srv.Comments("o", "r", 7) {
		if strings.Contains(c.Body, "fixed-later") {
			gone = c
		}
	}
	if !strings.HasPrefix(gone.Body, "**Outdated:** this finding no longer appears at 1111111.") ||
		!strings.HasSuffix(gone.Body, outdatedMarker) || strings.Contains(gone.Body, "```suggestion") ||
		!strings.Contains(gone.Body, FingerprintMarker("fixed-later")) {
		t.Fatalf("outdated comment body:\n%s", gone.Body)
	}

	f.srv.ResetLog()
	res, err = c.Publish(ctx, f.pr, Review{Comments: both[:1]})
	if err != nil {
		t.Fatal(err)
	}
	if w := writes(f.srv.Requests(), false); len(w) != 0 || res.MarkedOutdated != 0 {
		t.Fatalf("third run re-marked: %+v, writes %+v", res, w)
	}

	// The finding comes back: the retracted comment stays retracted and a
	// fresh one is posted.
	res, err = c.Publish(ctx, f.pr, Review{Comments: both})
	if err != nil {
		t.Fatal(err)
	}
	if res.Posted != 1 || res.SkippedDuplicates != 1 {
		t.Fatalf("fourth run = %+v", res)
	}
}

func TestPublishReadOnlyToken(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	ro := f.client(t, roToken)
	res, err := ro.Publish(ctx, f.pr, Review{Comments: inAndOut()})
	if !errors.Is(err, ErrNoWriteAccess) {
		t.Fatalf("err = %v, want ErrNoWriteAccess", err)
	}
	if !strings.Contains(err.Error(), "Resource not accessible by integration") {
		t.Errorf("error hides GitHub's message: %v", err)
	}
	if w := writes(f.srv.Requests(), true); len(w) != 0 || len(f.srv.Reviews("o", "r", 7)) != 0 {
		t.Fatalf("read-only run wrote: %+v", w)
	}
	if res.Posted != 0 || len(res.Downgraded) != 4 {
		t.Errorf("result = %+v", res)
	}

	// Only a retraction to do: the edit is refused, the comment unchanged.
	rw := f.client(t, botToken)
	if _, err := rw.Publish(ctx, f.pr, Review{Comments: []Comment{cm("a.go", 0, 5, "x")}}); err != nil {
		t.Fatal(err)
	}
	before := f.srv.Comments("o", "r", 7)
	f.srv.ResetLog()
	if _, err := ro.Publish(ctx, f.pr, Review{}); !errors.Is(err, ErrNoWriteAccess) {
		t.Fatalf("err = %v, want ErrNoWriteAccess", err)
	}
	if w := writes(f.srv.Requests(), true); len(w) != 0 || !slices.Equal(before, f.srv.Comments("o", "r", 7)) {
		t.Fatalf("read-only retraction wrote: %+v", w)
	}
}

// TestPublish422Bisect gives Publish a stale diff, so two comments pass
// the local check but GitHub refuses them; bisecting with pending reviews
// must single out exactly those two and leave one visible review.
func TestPublish422Bisect(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	stale, err := ParseDiff([]byte("--- a/a.go\n+++ b/a.go\n@@ -0,0 +1,40 @@\n" + strings.Repeat("+x\n", 40) + "--- /dev/null\n+++ b/b.go\n@@ -0,0 +1,10 @@\n" + strings.Repeat("+y\n", 10)))
	if err != nil {
		t.Fatal(err)
	}
	comments := []Comment{
		cm("a.go", 0, 2, "g1"), cm("a.go", 0, 5, "g2"), cm("a.go", 0, 8, "g3"),
		cm("a.go", 0, 15, "bad-outside"), cm("a.go", 25, 29, "bad-spans"),
		cm("a.go", 28, 32, "g4"), cm("b.go", 0, 1, "g5"), cm("b.go", 2, 9, "g6"),
	}
	c := f.client(t, botToken)
	res, err := c.Publish(ctx, f.pr, Review{Comments: comments, Diff: stale})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(downgradedFPs(res), ","); got != "bad-outside,bad-spans" || res.Posted != 6 {
		t.Fatalf("posted %d, downgraded %s", res.Posted, got)
	}
	reasons := map[string]string{}
	for _, d := range res.Downgraded {
		reasons[d.Comment.Fingerprint] = d.Reason
	}
	if !strings.Contains(reasons["bad-outside"], "Line could not be resolved") ||
		!strings.Contains(reasons["bad-spans"], "start line must be part of the same hunk") {
		t.Errorf("reasons = %q", reasons)
	}
	reviews := f.srv.Reviews("o", "r", 7)
	if len(reviews) != 1 || reviews[0].State != "COMMENTED" {
		t.Fatalf("reviews = %+v (probes must be deleted, one review created)", reviews)
	}
	if !strings.Contains(reviews[0].Body, "GitHub rejected the comment") {
		t.Errorf("review body does not report the rejected comments:\n%s", reviews[0].Body)
	}
	if n := len(f.srv.Comments("o", "r", 7)); n != 6 {
		t.Fatalf("%d comments stored, want 6", n)
	}
	// 2 bad of 8: first try, at most 2·2·3 probes (each created and
	// deleted), final try.
	if n := count(f.srv.Requests(), "POST", "/reviews"); n > 1+12+1 {
		t.Errorf("%d review POSTs", n)
	}
}

func TestPublishCapsComments(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, githubtest.FileChange("b.go", nil, numbered(10)))
	var comments []Comment
	for i := 1; i <= 10; i++ {
		comments = append(comments, cm("b.go", 0, i, "fp"+string(rune('a'+i))))
	}
	c := f.client(t, botToken)
	res, err := c.Publish(ctx, f.pr, Review{Comments: comments, MaxComments: 4})
	if err != nil {
		t.Fatal(err)
	}
	if res.Posted != 4 || len(res.Downgraded) != 6 || !strings.Contains(f.srv.Reviews("o", "r", 7)[0].Body, "6 further finding(s)") {
		t.Fatalf("result = %+v", res)
	}
	// The next runs post the rest, 4 at a time.
	res, err = c.Publish(ctx, f.pr, Review{Comments: comments, MaxComments: 4})
	if err != nil || res.Posted != 4 || res.SkippedDuplicates != 4 {
		t.Fatalf("second run = %+v, %v", res, err)
	}
}

// TestPublishIgnoresOthersMarkers: a human's comment carrying the marker
// neither suppresses the bot's comment nor gets retracted by it.
func TestPublishIgnoresOthersMarkers(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	human := f.client(t, humanToken)
	if _, err := human.Publish(ctx, f.pr, Review{Comments: []Comment{cm("a.go", 0, 5, "fp1"), cm("a.go", 0, 6, "fp2")}}); err != nil {
		t.Fatal(err)
	}
	res, err := f.client(t, botToken).Publish(ctx, f.pr, Review{Comments: []Comment{cm("a.go", 0, 5, "fp1")}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Posted != 1 || res.MarkedOutdated != 0 {
		t.Fatalf("result = %+v", res)
	}
}

// TestPublishDeletesStalePendingReview: a crashed run's pending review
// would make GitHub refuse the new one.
func TestPublishDeletesStalePendingReview(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	c := f.client(t, botToken)
	if _, err := c.createReview(ctx, f.pr, "", reviewMarker, []Comment{cm("a.go", 0, 5, "p")}); err != nil {
		t.Fatal(err)
	}
	res, err := c.Publish(ctx, f.pr, Review{Comments: []Comment{cm("a.go", 0, 6, "q")}})
	if err != nil {
		t.Fatal(err)
	}
	reviews := f.srv.Reviews("o", "r", 7)
	if res.Posted != 1 || len(reviews) != 1 || reviews[0].State != "COMMENTED" {
		t.Fatalf("result = %+v, reviews = %+v", res, reviews)
	}
}

func TestPublishRejectsBadFingerprint(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	_, err := f.client(t, botToken).Publish(ctx, f.pr, Review{Comments: []Comment{cm("a.go", 0, 5, "x -->")}})
	if err == nil || !strings.Contains(err.Error(), "fingerprint") || len(f.srv.Requests()) != 0 {
		t.Fatalf("err = %v, requests %d", err, len(f.srv.Requests()))
	}
}

// TestPublishHeldIsNotOutdated: a comment the caller holds back by its
// own cap is still current; its earlier comment is left alone.
func TestPublishHeldIsNotOutdated(t *testing.T) {
	f := newFixture(t, githubtest.Options{}, standardFiles()...)
	c := f.client(t, botToken)
	both := []Comment{cm("a.go", 0, 5, "keep"), cm("b.go", 0, 2, "held-back")}
	if _, err := c.Publish(ctx, f.pr, Review{Comments: both}); err != nil {
		t.Fatal(err)
	}
	f.srv.ResetLog()
	res, err := c.Publish(ctx, f.pr, Review{Comments: both[:1], Held: []string{"held-back"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.MarkedOutdated != 0 || res.Posted != 0 {
		t.Fatalf("run with the comment held back = %+v", res)
	}
	if w := writes(f.srv.Requests(), false); len(w) != 0 {
		t.Fatalf("writes: %+v", w)
	}
}

// TestPublishKeepsGroupsWhole: a group's comments are posted all or
// none: a group with one comment outside the diff, one over the cap and
// one GitHub rejects (422, stale diff) are each downgraded whole, and
// the groups that fit are posted.
func TestPublishKeepsGroupsWhole(t *testing.T) {
	grouped := func(path string, start, line int, fp, group string) Comment {
		c := cm(path, start, line, fp)
		c.Group = group
		return c
	}
	t.Run("invalid member", func(t *testing.T) {
		f := newFixture(t, githubtest.Options{}, standardFiles()...)
		res, err := f.client(t, botToken).Publish(ctx, f.pr, Review{Comments: []Comment{
			grouped("a.go", 0, 5, "r1", "rename"), grouped("a.go", 0, 15, "r2", "rename"), // line 15 is outside every hunk
			grouped("b.go", 0, 1, "k1", "keep"), grouped("b.go", 0, 3, "k2", "keep"),
		}})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(downgradedFPs(res), ","); got != "r1,r2" || res.Posted != 2 {
			t.Fatalf("posted %d, downgraded %s; want the keep group posted and the rename group downgraded whole", res.Posted, got)
		}
		for _, d := range res.Downgraded {
			if d.Comment.Fingerprint == "r1" && !strings.Contains(d.Reason, "line 15") {
				t.Errorf("r1's reason does not name its group's bad comment: %s", d.Reason)
			}
		}
	})
	t.Run("cap", func(t *testing.T) {
		f := newFixture(t, githubtest.Options{}, githubtest.FileChange("b.go", nil, numbered(10)))
		res, err := f.client(t, botToken).Publish(ctx, f.pr, Review{MaxComments: 3, Comments: []Comment{
			grouped("b.go", 0, 1, "a1", "a"), grouped("b.go", 0, 2, "a2", "a"),
			grouped("b.go", 0, 3, "b1", "b"), grouped("b.go", 0, 4, "b2", "b"),
			cm("b.go", 0, 5, "single"),
		}})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(downgradedFPs(res), ","); got != "b1,b2" || res.Posted != 3 {
			t.Fatalf("posted %d, downgraded %s; want group a and the single comment (3), group b held whole", res.Posted, got)
		}
	})
	t.Run("rejected by GitHub", func(t *testing.T) {
		f := newFixture(t, githubtest.Options{}, standardFiles()...)
		stale, err := ParseDiff([]byte("--- a/a.go\n+++ b/a.go\n@@ -0,0 +1,40 @@\n" + strings.Repeat("+x\n", 40) + "--- /dev/null\n+++ b/b.go\n@@ -0,0 +1,10 @@\n" + strings.Repeat("+y\n", 10)))
		if err != nil {
			t.Fatal(err)
		}
		res, err := f.client(t, botToken).Publish(ctx, f.pr, Review{Diff: stale, Comments: []Comment{
			grouped("a.go", 0, 2, "r1", "rename"), grouped("a.go", 0, 15, "r2", "rename"), // GitHub refuses line 15
			grouped("b.go", 0, 1, "k1", "keep"),
		}})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(downgradedFPs(res), ","); got != "r1,r2" || res.Posted != 1 {
			t.Fatalf("posted %d, downgraded %s", res.Posted, got)
		}
		for _, c := range f.srv.Comments("o", "r", 7) {
			if c.Path == "a.go" {
				t.Errorf("half of the rename group was posted: %+v", c)
			}
		}
	})
}
