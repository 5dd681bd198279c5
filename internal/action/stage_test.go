package action

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// stageClock is an injected clock whose timers fire only when the test
// says: fire advances the time to the earliest deadline and fires every
// timer due by then, as real timers would.
type stageClock struct {
	mu      sync.Mutex
	now     time.Time
	waiters []waiter
	asked   []time.Duration
	// hold, when set, keeps the next After from registering until it is
	// closed: a goroutine that gets to wait late.
	hold chan struct{}
}

type waiter struct {
	at time.Time
	ch chan time.Time
}

func newStageClock() *stageClock {
	return &stageClock{now: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)}
}

func (c *stageClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *stageClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	if h := c.hold; h != nil {
		c.hold = nil
		c.mu.Unlock()
		<-h
		c.mu.Lock()
	}
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	c.waiters = append(c.waiters, waiter{c.now.Add(d), ch})
	c.asked = append(c.asked, d)
	return ch
}

// fire moves the time to the earliest pending deadline and fires the
// timers due; it reports whether there was one.
func (c *stageClock) fire() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.waiters) == 0 {
		return false
	}
	next := c.waiters[0].at
	for _, w := range c.waiters {
		if w.at.Before(next) {
			next = w.at
		}
	}
	if next.After(c.now) {
		c.now = next
	}
	var left []waiter
	for _, w := range c.waiters {
		if w.at.After(c.now) {
			left = append(left, w)
		} else {
			w.ch <- c.now
		}
	}
	c.waiters = left
	return true
}

// advance moves the time without firing a timer (work that takes time).
func (c *stageClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// syncBuffer is a buffer the heartbeat and the test read and write.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestStageHeartbeat: a stage that runs for 25 s prints a line at 10 s
// and at 20 s, saying what it does, inside its group, and its end.
func TestStageHeartbeat(t *testing.T) {
	clk := newStageClock()
	var out syncBuffer
	r := &runner{log: &out, getenv: func(k string) string { return map[string]string{"GITHUB_ACTIONS": "true"}[k] },
		env: Env{Now: clk.Now, After: clk.After}}
	started, release := make(chan struct{}), make(chan struct{})
	go func() {
		<-started
		for _, want := range []string{"after 10s; 3 of 7 candidate(s) decided", "after 20s; 3 of 7 candidate(s) decided"} {
			for !clk.fire() { // wait until the heartbeat waits
				time.Sleep(time.Millisecond)
			}
			for !strings.Contains(out.String(), want) {
				time.Sleep(time.Millisecond)
			}
		}
		clk.advance(5 * time.Second)
		close(release)
	}()
	err := r.stage("proving fixes", func(st *stageStatus) error {
		st.set("3 of 7 candidate(s) decided")
		close(started)
		<-release
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "::group::iflint: proving fixes\n" +
		"iflint: proving fixes: still running after 10s; 3 of 7 candidate(s) decided\n" +
		"iflint: proving fixes: still running after 20s; 3 of 7 candidate(s) decided\n" +
		"iflint: proving fixes: done in 25s; 3 of 7 candidate(s) decided\n" +
		"::endgroup::\n"
	if got := out.String(); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
	for _, d := range clk.asked {
		if d > progressEvery || d > 10*time.Second {
			t.Errorf("the heartbeat waited %s between lines", d)
		}
	}
}

// TestStageHeartbeatLateStart: the heartbeat's first line is due 10 s
// after the stage starts even when its goroutine gets to wait only after
// time moved on (a loaded runner; here a timer left by an earlier stage
// fires first), not 10 s after that.
func TestStageHeartbeatLateStart(t *testing.T) {
	clk := newStageClock()
	clk.After(progressEvery) // an earlier stage's heartbeat, never read
	clk.hold = make(chan struct{})
	var out syncBuffer
	r := &runner{log: &out, getenv: func(string) string { return "" }, env: Env{Now: clk.Now, After: clk.After}}
	err := r.stage("checking", func(st *stageStatus) error {
		clk.fire() // the stale timer: 10 s pass before the heartbeat waits
		close(clk.hold)
		for !strings.Contains(out.String(), "still running") {
			clk.fire()
			time.Sleep(time.Millisecond)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "iflint: checking: still running after 10s\n") {
		t.Errorf("the first progress line is not 10 s after the start:\n%s", out.String())
	}
}

// TestStagesShowLife runs the Action in suggest mode on a pull request
// with a clock whose timers fire as soon as they are set (time flies
// while the stages work): every stage is a group of its own, and in
// every stage longer than 10 s a progress line comes within 10 s of its
// start and of the line before.
func TestStagesShowLife(t *testing.T) {
	requirePython(t)
	f := newFixture(t,
		map[string]string{".iflint.yml": scenarioConfig, "calc.py": baseCalc, "test_calc.py": testCalc},
		map[string]string{"calc.py": headCalc})
	f.clock = newStageClock()
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
				f.clock.fire()
			}
		}
	}()
	if code, err := f.run(Overrides{}); err != nil || code != ExitFindings {
		t.Fatalf("exit %d, %v", code, err)
	}
	type group struct {
		name  string
		lines []string
	}
	var groups []group
	var cur *group
	for _, l := range strings.Split(f.stdout.String(), "\n") {
		switch {
		case strings.HasPrefix(l, "::group::"):
			if cur != nil {
				t.Fatalf("group %q opened inside %q", l, cur.name)
			}
			groups = append(groups, group{name: strings.TrimPrefix(l, "::group::iflint: ")})
			cur = &groups[len(groups)-1]
		case l == "::endgroup::":
			if cur == nil {
				t.Fatal("::endgroup:: without a group")
			}
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, l)
		}
	}
	var names []string
	for _, g := range groups {
		names = append(names, g.name)
	}
	want := []string{"reading o/r#7", "checking 1 file(s)", "proving fixes for the findings in 1 file", "publishing the review"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Fatalf("stages %q, want %q", names, want)
	}
	at := regexp.MustCompile(`^iflint: .*: (?:still running after|done in|failed after) ((?:\d+h)?(?:\d+m)?\d+s)`)
	long := 0
	for _, g := range groups {
		last := time.Duration(0)
		for _, l := range g.lines {
			m := at.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			d, err := time.ParseDuration(m[1])
			if err != nil {
				t.Fatal(err)
			}
			if d-last > progressEvery {
				t.Errorf("stage %q was silent from %s to %s:\n%s", g.name, last, d, strings.Join(g.lines, "\n"))
			}
			last = d
		}
		if last > progressEvery {
			long++
		}
	}
	if long == 0 {
		t.Errorf("no stage ran longer than %s on the driven clock; the test proves nothing", progressEvery)
	}
}
