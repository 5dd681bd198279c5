// Package judge decides the LLM-judged MultiCodeIF constraint types
// (constraint.ByJudge) by asking one or more models through llm.Completer.
// Each model votes with a strict JSON reply; the majority of decided votes
// wins and anything unclear is Unverified, never guessed. Votes are cached
// per model in a content-addressed cache, and published verdicts can be
// seeded into that cache to replay a judge offline: SeedRecorded(c,
// "gpt-4o", tasks) then a Judge whose model is Recorded("gpt-4o"), named
// "recorded:gpt-4o", decides those tasks with no call.
package judge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/llm"
)

// Model is one judge. Name identifies it in votes and cache keys and is
// sent as llm.Request.Model, so a cached vote always names the model that
// cast it. A Name starting with RecordedPrefix replays seeded verdicts and
// never calls C (which may be nil).
type Model struct {
	Name string
	C    llm.Completer
}

// Judge asks its Models about one task at a time. Decide is safe for
// concurrent use when the Completers are.
type Judge struct {
	Models []Model
	// Cache, when set, stores every decided vote; a cached vote costs no
	// call. Unreadable replies and errors are not cached, so a later run
	// asks again.
	Cache *cache.Cache
	// Compat reproduces MultiCodeIF's judge: a YES/NO prompt, and a reply
	// counts as satisfied when it contains "yes" anywhere.
	Compat bool
	// MaxTokens caps each reply; 0 means 256.
	MaxTokens int
}

// Task is what the judge sees.
type Task struct {
	Prompt     string // the task given to the code author
	Constraint constraint.Constraint
	Code       string // the code under test
}

// Vote is one model's verdict.
type Vote struct {
	Model    string        `json:"model"`
	Verdict  check.Verdict `json:"verdict"`
	Reason   string        `json:"reason"`
	Raw      []string      `json:"raw,omitempty"` // replies, retry included
	Cached   bool          `json:"cached,omitempty"`
	Recorded bool          `json:"recorded,omitempty"`
}

// Decision is the panel's verdict.
type Decision struct {
	Verdict check.Verdict `json:"verdict"`
	Reason  string        `json:"reason"`
	Raw     []string      `json:"raw,omitempty"` // every raw reply, in model order
	Votes   []Vote        `json:"votes"`
	// Recorded: every vote is a seeded published verdict.
	Recorded bool `json:"recorded,omitempty"`
	// Cached: every vote came from the cache, so no call was made.
	Cached bool      `json:"cached,omitempty"`
	Usage  llm.Usage `json:"usage"`
}

// Result converts the decision into a check result.
func (d Decision) Result() check.Result {
	return check.Result{Verdict: d.Verdict, Method: check.MethodLLM, Reason: d.Reason}
}

// Decide asks every model in turn and returns the majority of decided
// votes; a tie or no decided vote is Unverified. When a Completer fails,
// Decide stops, returns an Unverified decision holding the votes so far,
// and the error wrapped: errors.Is(err, llm.ErrBudget) tells a run that
// its budget is spent and it should stop. err is non-nil only in that case
// or for a task that is not LLM-judged; otherwise the verdict is usable.
func (j *Judge) Decide(ctx context.Context, t Task) (Decision, error) {
	if t.Constraint.Type.Method() != constraint.ByJudge && !(j.AllRecorded() && ModelDecided(t.Constraint.Type)) {
		err := fmt.Errorf("judge: %s is decided by rule, not by an LLM judge", t.Constraint.Type)
		return Decision{Verdict: check.Unverified, Reason: err.Error()}, err
	}
	if len(j.Models) == 0 {
		err := errors.New("judge: no judge model configured")
		return Decision{Verdict: check.Unverified, Reason: err.Error()}, err
	}
	var d Decision
	for _, m := range j.Models {
		v, usage, err := j.vote(ctx, m, t)
		d.Usage.Add(usage)
		d.Votes = append(d.Votes, v)
		d.Raw = append(d.Raw, v.Raw...)
		if err != nil {
			d.Verdict = check.Unverified
			d.Reason = fmt.Sprintf("judge %s failed: %v", m.Name, err)
			return d, fmt.Errorf("judge %s: %w", m.Name, err)
		}
	}
	d.Verdict, d.Reason = tally(d.Votes)
	d.Recorded, d.Cached = true, true
	for _, v := range d.Votes {
		d.Recorded = d.Recorded && v.Recorded
		d.Cached = d.Cached && v.Cached
	}
	return d, nil
}

// ModelDecided reports whether the paper decided t with a model rather
// than a rule: the LLM-judged types, and language_type, which it decided
// with the Guesslang neural classifier. A panel of recorded verdicts may
// stand in for those verdicts, so the paper's table replays exactly.
func ModelDecided(t constraint.Type) bool {
	return t.Method() == constraint.ByJudge || t == constraint.LanguageType
}

// AllRecorded reports whether every model of the panel replays recorded
// verdicts (and so never makes a call).
func (j *Judge) AllRecorded() bool {
	if len(j.Models) == 0 {
		return false
	}
	for _, m := range j.Models {
		if !isRecorded(m.Name) {
			return false
		}
	}
	return true
}

// tally applies the majority rule and explains it.
func tally(votes []Vote) (check.Verdict, string) {
	if len(votes) == 1 {
		return votes[0].Verdict, votes[0].Model + ": " + votes[0].Reason
	}
	var pass, fail []Vote
	for _, v := range votes {
		switch v.Verdict {
		case check.Pass:
			pass = append(pass, v)
		case check.Fail:
			fail = append(fail, v)
		}
	}
	undecided := len(votes) - len(pass) - len(fail)
	switch {
	case len(pass) > len(fail):
		return check.Pass, fmt.Sprintf("%d of %d judges say yes (%s: %s)", len(pass), len(votes), pass[0].Model, pass[0].Reason)
	case len(fail) > len(pass):
		return check.Fail, fmt.Sprintf("%d of %d judges say no (%s: %s)", len(fail), len(votes), fail[0].Model, fail[0].Reason)
	case len(pass) == 0:
		return check.Unverified, fmt.Sprintf("no judge decided (%s: %s)", votes[0].Model, votes[0].Reason)
	}
	return check.Unverified, fmt.Sprintf("judges tied: %d yes, %d no, %d undecided", len(pass), len(fail), undecided)
}

// cachedVote is the cache entry of one vote.
type cachedVote struct {
	Verdict  check.Verdict `json:"verdict"`
	Reason   string        `json:"reason"`
	Raw      []string      `json:"raw,omitempty"`
	Recorded bool          `json:"recorded,omitempty"`
}

func (j *Judge) vote(ctx context.Context, m Model, t Task) (Vote, llm.Usage, error) {
	var usage llm.Usage
	v := Vote{Model: m.Name}
	key, prompt, err := j.key(m, t)
	if err != nil {
		v.Verdict, v.Reason = check.Unverified, err.Error()
		return v, usage, err
	}
	var e cachedVote
	if j.Cache != nil && j.Cache.Get(key, &e) && e.Verdict != check.Unverified {
		v.Verdict, v.Reason, v.Raw, v.Recorded, v.Cached = e.Verdict, e.Reason, e.Raw, e.Recorded, true
		return v, usage, nil
	}
	if isRecorded(m.Name) {
		v.Verdict, v.Reason = check.Unverified, "no recorded verdict for this task"
		return v, usage, nil
	}
	if m.C == nil {
		err := fmt.Errorf("model %s has no completer", m.Name)
		v.Verdict, v.Reason = check.Unverified, err.Error()
		return v, usage, err
	}
	r, err := j.ask(ctx, m, prompt, &v, &usage)
	if err != nil {
		v.Verdict, v.Reason = check.Unverified, err.Error()
		return v, usage, err
	}
	v.Verdict, v.Reason = r.verdict, r.reason
	if j.Cache != nil && r.decided() {
		// A failed write only costs a repeated call later, so it does not
		// fail the decision.
		_ = j.Cache.Put(key, cachedVote{Verdict: v.Verdict, Reason: v.Reason, Raw: v.Raw})
	}
	return v, usage, nil
}

// ask sends the prompt and reads the reply; an unreadable strict reply is
// retried once with a reminder of the format, then left Unverified.
func (j *Judge) ask(ctx context.Context, m Model, prompt string, v *Vote, usage *llm.Usage) (reading, error) {
	req := llm.Request{
		Model:       m.Name,
		Messages:    []llm.Message{{Role: "user", Content: prompt}},
		MaxTokens:   j.MaxTokens,
		Temperature: 0,
		JSON:        !j.Compat,
	}
	if req.MaxTokens == 0 {
		req.MaxTokens = 256
	}
	read := readReply
	if j.Compat {
		read = readCompat
	}
	var r reading
	for attempt := 0; attempt < 2; attempt++ {
		reply, err := m.C.Complete(ctx, req)
		usage.Add(reply.Usage)
		if err != nil {
			return reading{}, err
		}
		v.Raw = append(v.Raw, reply.Text)
		if r = read(reply.Text); r.decided() {
			return r, nil
		}
		req.Messages = append(req.Messages,
			llm.Message{Role: "assistant", Content: reply.Text},
			llm.Message{Role: "user", Content: "Your reply could not be read (" + r.reason + `). Reply with only the JSON object {"verdict":"yes"|"no","reason":"one sentence"}.`})
	}
	r.reason = "unreadable reply after one retry: " + r.reason
	return r, nil
}

// key is the cache key of one model's vote on a task. A live vote depends
// on the model, the template version, the constraint, the exact prompt
// sent (which holds the task, the evidence and the code) and the reading
// mode. A recorded vote was cast by someone else's prompt, so it depends
// only on the model name, the constraint, the task prompt and the code.
func (j *Judge) key(m Model, t Task) (key, prompt string, err error) {
	c := t.Constraint
	if isRecorded(m.Name) {
		return recordedKey(m.Name, t), "", nil
	}
	ver, err := TemplateVersion(c.Type)
	if err != nil {
		return "", "", err
	}
	prompt, err = Render(t, j.Compat)
	if err != nil {
		return "", "", err
	}
	compat := "strict"
	if j.Compat {
		compat = "compat"
	}
	return cache.Key("iflint/judge/vote", m.Name, ver, string(c.Type), c.Spec,
		hash(prompt), hash(strings.TrimSpace(t.Code)), compat), prompt, nil
}

func recordedKey(model string, t Task) string {
	c := t.Constraint
	return cache.Key("iflint/judge/vote", model, "recorded", string(c.Type), c.Spec,
		hash(strings.TrimSpace(t.Prompt)), hash(strings.TrimSpace(t.Code)))
}

func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
