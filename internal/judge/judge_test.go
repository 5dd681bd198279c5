package judge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/llm"
)

const (
	yes = `{"verdict":"yes","reason":"Uses binary search."}`
	no  = `{"verdict":"no","reason":"Scans linearly."}`
)

func decide(t *testing.T, j *Judge, task Task) Decision {
	t.Helper()
	d, err := j.Decide(context.Background(), task)
	if err != nil {
		t.Fatalf("Decide: %v", err)
	}
	return d
}

func TestDecideSingle(t *testing.T) {
	f := say(yes)
	d := decide(t, &Judge{Models: []Model{{"m", f}}}, goldenTask(t, constraint.AlgorithmType))
	if d.Verdict != check.Pass || d.Reason != "m: Uses binary search." || len(d.Raw) != 1 || d.Cached || d.Recorded {
		t.Fatalf("decision %+v", d)
	}
	if d.Usage.TotalTokens != 12 {
		t.Errorf("usage %+v", d.Usage)
	}
	req := f.reqs[0]
	if req.Model != "m" || !req.JSON || req.Temperature != 0 || req.MaxTokens != 256 || len(req.Messages) != 1 || !strings.Contains(req.Messages[0].Content, `"verdict":"yes"`) {
		t.Errorf("request %+v", req)
	}
	if d.Result().Method != check.MethodLLM {
		t.Error("Result method not llm")
	}
}

func TestRetryOnce(t *testing.T) {
	task := goldenTask(t, constraint.TimeComplexity)
	t.Run("garbage then json", func(t *testing.T) {
		f := say("hmm", no)
		d := decide(t, &Judge{Models: []Model{{"m", f}}}, task)
		if d.Verdict != check.Fail || f.calls() != 2 || len(d.Raw) != 2 || d.Raw[0] != "hmm" {
			t.Fatalf("calls %d, decision %+v", f.calls(), d)
		}
		// The retry shows the model its reply and restates the format.
		msgs := f.reqs[1].Messages
		if len(msgs) != 3 || msgs[1].Role != "assistant" || msgs[1].Content != "hmm" || !strings.Contains(msgs[2].Content, `"verdict"`) {
			t.Errorf("retry messages %+v", msgs)
		}
		if d.Usage.TotalTokens != 24 {
			t.Errorf("usage of both calls not summed: %+v", d.Usage)
		}
	})
	for name, replies := range map[string][]string{
		"garbage twice": {"hmm", "still thinking"},
		"refusal twice": {"I can't help with that.", "I can't help with that."},
		"empty twice":   {"", ""},
	} {
		t.Run(name, func(t *testing.T) {
			c := openCache(t)
			f := say(replies...)
			j := &Judge{Models: []Model{{"m", f}}, Cache: c}
			d := decide(t, j, task)
			if d.Verdict != check.Unverified || f.calls() != 2 || len(d.Raw) != 2 || d.Raw[1] != replies[1] {
				t.Fatalf("calls %d, decision %+v", f.calls(), d)
			}
			if !strings.Contains(d.Reason, "after one retry") {
				t.Errorf("reason %q", d.Reason)
			}
			// Not cached: the next run asks again.
			decide(t, j, task)
			if f.calls() != 4 {
				t.Errorf("unreadable vote was cached: %d calls", f.calls())
			}
		})
	}
}

func TestVoting(t *testing.T) {
	task := goldenTask(t, constraint.AlgorithmType)
	cases := []struct {
		name    string
		replies []string
		want    check.Verdict
		reason  string
	}{
		{"2 of 3 yes", []string{yes, no, yes}, check.Pass, "2 of 3 judges say yes (a: Uses binary search.)"},
		{"2 of 3 no", []string{no, yes, no}, check.Fail, "2 of 3 judges say no (a: Scans linearly.)"},
		{"tie", []string{yes, no}, check.Unverified, "judges tied: 1 yes, 1 no, 0 undecided"},
		{"tie with undecided", []string{yes, no, "??"}, check.Unverified, "judges tied: 1 yes, 1 no, 1 undecided"},
		{"majority of decided", []string{"??", no, "??"}, check.Fail, "1 of 3 judges say no"},
		{"none decided", []string{"??", "??"}, check.Unverified, "no judge decided (a: unreadable reply after one retry"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var models []Model
			for i, r := range tc.replies {
				models = append(models, Model{string(rune('a' + i)), say(r)})
			}
			d := decide(t, &Judge{Models: models}, task)
			if d.Verdict != tc.want || !strings.HasPrefix(d.Reason, tc.reason) {
				t.Fatalf("got %s %q, want %s %q", d.Verdict, d.Reason, tc.want, tc.reason)
			}
			if len(d.Votes) != len(tc.replies) {
				t.Fatalf("%d votes", len(d.Votes))
			}
			for i, v := range d.Votes {
				if v.Model != models[i].Name || v.Verdict != readReply(tc.replies[i]).verdict {
					t.Errorf("vote %d = %+v", i, v)
				}
			}
		})
	}
}

func TestCompat(t *testing.T) {
	task := goldenTask(t, constraint.SpaceComplexity)
	for reply, want := range map[string]check.Verdict{
		"YES": check.Pass, "Yes.": check.Pass, "NO": check.Fail, "": check.Fail,
		"I can't help with that.": check.Fail,
	} {
		f := say(reply)
		d := decide(t, &Judge{Models: []Model{{"m", f}}, Compat: true}, task)
		if d.Verdict != want || f.calls() != 1 || len(d.Raw) != 1 {
			t.Errorf("compat %q: %s after %d calls", reply, d.Verdict, f.calls())
		}
		if req := f.reqs[0]; req.JSON || !strings.Contains(req.Messages[0].Content, "YES") {
			t.Errorf("compat request asks for JSON: %+v", req)
		}
	}
}

func TestErrors(t *testing.T) {
	task := goldenTask(t, constraint.Quality)
	t.Run("budget", func(t *testing.T) {
		spent := &fake{script: []step{{err: fmt.Errorf("request 101: %w", llm.ErrBudget)}}}
		next := say(yes)
		d, err := (&Judge{Models: []Model{{"a", spent}, {"b", next}}}).Decide(context.Background(), task)
		if !errors.Is(err, llm.ErrBudget) {
			t.Fatalf("err = %v, want ErrBudget", err)
		}
		if d.Verdict != check.Unverified || !strings.Contains(d.Reason, "budget") || next.calls() != 0 {
			t.Fatalf("decision %+v, later model called %d times", d, next.calls())
		}
	})
	t.Run("transport", func(t *testing.T) {
		boom := errors.New("connection reset")
		d, err := (&Judge{Models: []Model{{"a", &fake{script: []step{{err: boom}}}}}}).Decide(context.Background(), task)
		if !errors.Is(err, boom) || errors.Is(err, llm.ErrBudget) || d.Verdict != check.Unverified || !strings.Contains(d.Reason, "connection reset") {
			t.Fatalf("err %v, decision %+v", err, d)
		}
	})
	t.Run("error on retry", func(t *testing.T) {
		f := &fake{script: []step{{text: "??"}, {err: llm.ErrBudget}}}
		d, err := (&Judge{Models: []Model{{"a", f}}}).Decide(context.Background(), task)
		if !errors.Is(err, llm.ErrBudget) || d.Verdict != check.Unverified || len(d.Raw) != 1 {
			t.Fatalf("err %v, decision %+v", err, d)
		}
	})
	t.Run("rule type", func(t *testing.T) {
		d, err := (&Judge{Models: []Model{{"a", say(yes)}}}).Decide(context.Background(), Task{Constraint: constraint.Constraint{Type: constraint.Library}})
		if err == nil || d.Verdict != check.Unverified {
			t.Fatalf("err %v, decision %+v", err, d)
		}
	})
	t.Run("no models", func(t *testing.T) {
		if _, err := (&Judge{}).Decide(context.Background(), task); err == nil {
			t.Fatal("no error without models")
		}
	})
}

func openCache(t *testing.T) *cache.Cache {
	t.Helper()
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCacheSecondRunFree decides every judged type twice: the second run
// must make no call and report every decision as cached.
func TestCacheSecondRunFree(t *testing.T) {
	c := openCache(t)
	a, b := say(yes), say(no)
	j := &Judge{Models: []Model{{"a", a}, {"b", b}, {"c", say(yes)}}, Cache: c}
	var first []Decision
	for _, typ := range judgedTypes() {
		first = append(first, decide(t, j, goldenTask(t, typ)))
	}
	callsBefore := a.calls() + b.calls()
	if callsBefore != 2*len(judgedTypes()) {
		t.Fatalf("first run: %d calls", callsBefore)
	}
	for i, typ := range judgedTypes() {
		d := decide(t, j, goldenTask(t, typ))
		if !d.Cached || d.Verdict != first[i].Verdict || d.Reason != first[i].Reason || len(d.Raw) != 3 || d.Usage != (llm.Usage{}) {
			t.Errorf("%s second run: %+v", typ, d)
		}
	}
	if got := a.calls() + b.calls(); got != callsBefore {
		t.Fatalf("second run made %d calls", got-callsBefore)
	}
}

// TestCacheKeyParts checks that each part of the key separates votes.
func TestCacheKeyParts(t *testing.T) {
	c := openCache(t)
	base := goldenTask(t, constraint.AlgorithmType)
	f := say(yes)
	run := func(j *Judge, task Task) {
		t.Helper()
		j.Cache = c
		decide(t, j, task)
	}
	run(&Judge{Models: []Model{{"m", f}}}, base)
	variants := map[string]func() (*Judge, Task){
		"model":  func() (*Judge, Task) { return &Judge{Models: []Model{{"m2", f}}}, base },
		"compat": func() (*Judge, Task) { return &Judge{Models: []Model{{"m", f}}, Compat: true}, base },
		"code": func() (*Judge, Task) {
			t2 := base
			t2.Code += "\n# changed"
			return &Judge{Models: []Model{{"m", f}}}, t2
		},
		"spec": func() (*Judge, Task) {
			t2 := base
			t2.Constraint.Spec, t2.Constraint.Detail = "greedy", "greedy"
			return &Judge{Models: []Model{{"m", f}}}, t2
		},
		"prompt": func() (*Judge, Task) {
			t2 := base
			t2.Prompt += " Be quick."
			return &Judge{Models: []Model{{"m", f}}}, t2
		},
	}
	for name, mk := range variants {
		before := f.calls()
		run(mk())
		if f.calls() != before+1 {
			t.Errorf("changing the %s reused a cached vote", name)
		}
	}
	before := f.calls()
	run(&Judge{Models: []Model{{"m", f}}}, base)
	if f.calls() != before {
		t.Error("identical task not served from cache")
	}
}

// TestCorruptCacheEntry damages the stored vote: the judge must not trust
// it, must ask again, and must rewrite it so the next run is free.
func TestCorruptCacheEntry(t *testing.T) {
	for name, damage := range map[string]func([]byte) []byte{
		"truncate":  func(b []byte) []byte { return b[:len(b)-10] },
		"flip byte": func(b []byte) []byte { b[len(b)/2] ^= 0x01; return b },
	} {
		t.Run(name, func(t *testing.T) {
			c := openCache(t)
			f := say(yes)
			j := &Judge{Models: []Model{{"m", f}}, Cache: c}
			task := goldenTask(t, constraint.Framework)
			decide(t, j, task)
			files, _ := filepath.Glob(filepath.Join(c.Dir(), "*", "*.json"))
			if len(files) != 1 {
				t.Fatalf("%d cache files", len(files))
			}
			b, _ := os.ReadFile(files[0])
			if err := os.WriteFile(files[0], damage(b), 0o644); err != nil {
				t.Fatal(err)
			}
			if d := decide(t, j, task); d.Cached || d.Verdict != check.Pass || f.calls() != 2 {
				t.Fatalf("after damage: %+v, %d calls", d, f.calls())
			}
			if d := decide(t, j, task); !d.Cached || f.calls() != 2 {
				t.Fatalf("entry not rewritten: %+v, %d calls", d, f.calls())
			}
		})
	}
}
