package action

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/fixloop"
	"github.com/iflint/iflint/internal/fixprogress"
	"github.com/iflint/iflint/internal/github"
	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/sandbox"
)

// llmRounds is how many attempts the model gets per file, each told why
// the previous one was rejected.
const llmRounds = 3

// pullRequest checks the files pr changes, in suggest mode proves fixes
// for them, and reports on the pull request.
func (r *runner) pullRequest(ctx context.Context, pr github.PR, token string) (int, error) {
	g := git{dir: r.ws, env: r.gitEnv()}
	if pr.HeadSHA == "" {
		head, err := g.revParse(ctx, "HEAD")
		if err != nil {
			return ExitUsage, inputErrorf("no head SHA (-head) and the workspace's HEAD is unknown: %w", err)
		}
		pr.HeadSHA = head
	} else if full, err := g.revParse(ctx, pr.HeadSHA); err == nil {
		pr.HeadSHA = full // -head may name a branch or an abbreviated SHA; GitHub wants the full one
	}
	var client *github.Client
	if !r.ov.DryRun || token != "" {
		if token == "" {
			return ExitUsage, inputErrorf("no GitHub token: set the github-token input (or -token-env NAME locally)")
		}
		var err error
		client, err = github.New(github.Config{
			HTTPClient: r.env.HTTPClient, BaseURL: cmp.Or(r.ov.APIURL, r.getenv("GITHUB_API_URL")), Token: token,
			LocalDiff: github.GitDiff(r.ws, g.env), Now: r.env.Now, Sleep: r.env.Sleep,
		})
		if err != nil {
			return ExitUsage, err
		}
	}
	diff, err := r.diff(ctx, client, pr, g)
	if err != nil {
		return ExitInternal, err
	}
	paths, skipped := changedPaths(diff, r.cfg)
	files, note, err := headFiles(ctx, g, pr.HeadSHA, paths)
	if err != nil {
		return ExitInternal, err
	}
	s := scope{diff: diff, filter: r.in.Filter}
	res, err := engine.Check(ctx, files.Files, r.checkOptions())
	if err != nil {
		return ExitInternal, err
	}
	r.dropBaselined(res)
	kept, outside := s.split(res.Diagnostics)
	rep := &report{
		Title: fmt.Sprintf("%s at %s", pr, short(pr.HeadSHA)),
		Mode:  r.in.Mode, Filter: r.in.Filter.String(),
		SSR: ssr(res.Outcomes), HSR: hsr(res.Outcomes), Files: checkedFiles(res.Outcomes),
		Findings: kept, Outside: outside, Fixed: map[string]bool{}, Verified: map[string]bool{},
		Skipped: append(append(skipped, files.Skipped...), res.Skipped...),
	}
	if note != "" {
		rep.Notes = append(rep.Notes, note)
	}
	switch {
	case client == nil:
		rep.Notes = append(rep.Notes, "Dry run without a token: the diff was computed with git between the base and head commits.")
	case diff.Source == github.SourceLocalGit:
		rep.Notes = append(rep.Notes, "GitHub would not serve this pull request's diff (too large); it was computed with git in the workspace.")
	}
	if r.in.Mode == ModeSuggest {
		if err := r.suggest(ctx, rep, files.Files, kept, s); err != nil {
			return ExitInternal, err
		}
	}
	rep.Rows = constraintRows(res.Outcomes, kept, rep.Fixed, rep.Verified)

	covered, pubErr := r.review(ctx, client, pr, diff, rep)
	suppressed, _ := s.split(res.Suppressed)
	code, err := r.finish(rep, res, kept, suppressed, covered)
	if pubErr != nil {
		return ExitInternal, pubErr
	}
	return code, err
}

// diff is the pull request's diff from GitHub, or for a dry run without
// a token, from git in the workspace.
func (r *runner) diff(ctx context.Context, client *github.Client, pr github.PR, g git) (*github.Diff, error) {
	if client != nil {
		return client.ChangedFiles(ctx, pr)
	}
	if pr.BaseSHA == "" {
		return nil, inputErrorf("a dry run without a token diffs in the workspace and needs the base commit (-base)")
	}
	data, err := github.GitDiff(g.dir, g.env)(ctx, pr.BaseSHA, pr.HeadSHA)
	if err != nil {
		return nil, err
	}
	d, err := github.ParseDiff(data)
	if err != nil {
		return nil, fmt.Errorf("local git diff: %w", err)
	}
	d.Source = github.SourceLocalGit
	return d, nil
}

// suggest proves fixes for the files with findings in scope and turns
// the placeable ones into suggestions on rep; it fills rep.Fixed and
// rep.Verified, from which every report counts. Every fix is confined to
// the suggestable lines (engine.FixOptions.InScope): the fixers see only
// the findings there and may change nothing else, so a file's violations
// outside the diff never cost its fixes inside it.
func (r *runner) suggest(ctx context.Context, rep *report, files []engine.File, kept []engine.Diagnostic, s scope) error {
	want := map[string]bool{}
	for _, d := range kept {
		want[d.Path] = true
	}
	var subset []engine.File
	for _, f := range files {
		if want[f.Path] {
			subset = append(subset, f)
		}
	}
	o := fixloop.FixOptions{Options: r.options(), Root: r.ws, Rounds: llmRounds, InScope: s.suggestable}
	if test := cmp.Or(r.in.TestCommand, r.cfg.Fix.Test); test != "" {
		scrub := append([]string{}, r.cfg.Fix.Scrub...)
		if r.ov.TokenEnv != "" {
			scrub = append(scrub, r.ov.TokenEnv)
		}
		runner := &sandbox.Runner{Timeout: r.cfg.Fix.Timeout, Env: r.red.scrubEnv(r.environ()), PassEnv: r.cfg.Fix.Env, ScrubNames: scrub,
			Now: r.env.Now, CommandFiles: r.commandFiles(), Hide: r.hidden(), KeepCache: true, Mechanisms: r.env.Sandbox, TreeDir: r.env.TreeDir}
		sb, err := runner.Sandbox(ctx)
		if err != nil {
			return fmt.Errorf("the test command's sandbox: %w", err)
		}
		rep.Sandbox = &sb
		if r.fork && !sb.Isolated {
			// Code from a fork is nobody's to vouch for: without a real
			// sandbox it does not run here at all.
			o.NotTested = "the test command was not run: the pull request comes from a fork and no real sandbox works on this runner"
			rep.Notes = append(rep.Notes, "The test command was not run: this pull request comes from a fork, and no real sandbox works on this runner, "+
				"so only fixes that cannot change behaviour are suggested. Install bubblewrap on the runner (apt-get install bubblewrap) and allow it "+
				"user namespaces; see the Sandbox section.")
		} else {
			o.Test, o.Runner = sandbox.Shell(test), runner
		}
	}
	switch {
	case r.in.Model != "" && r.in.APIKey != "":
		lc := llm.ConfigFromEnv(r.getenv)
		lc.APIKey, lc.Model = r.in.APIKey, r.in.Model
		if r.in.BaseURL != "" {
			lc.BaseURL = r.in.BaseURL
		}
		client, err := llm.New(lc, r.env.HTTPClient, nil)
		if err != nil {
			return inputErrorf("model: %w", err)
		}
		o.Refactor = refactorer{inner: fix.LLM{C: client, Model: r.in.Model}, s: s, opts: o.Options}
	case r.in.Model != "":
		rep.Notes = append(rep.Notes, "The model input is set but api-key is empty: only the deterministic fixers ran.")
	}
	prog := fixprogress.New(r.stderr, "iflint action", fixprogress.Terminal(r.env.Stderr, r.getenv), r.env.Now)
	o.Progress = func(p fixloop.FixProgress) {
		prog.Update(fixprogress.Status{Decided: p.Decided, Total: p.Total, TestRuns: p.TestRuns})
	}
	fr, err := fixloop.Fix(ctx, subset, o)
	prog.Done()
	if err != nil {
		return fmt.Errorf("proving fixes: %w", err)
	}
	rep.Suggestions, rep.Unplaced, rep.Held = suggestions(fr, s, r.in.MaxComments)
	rep.Baseline, rep.TestRuns = fr.Baseline, fr.TestRuns
	for _, c := range fr.Candidates {
		if c.Proposed && !c.Accepted {
			rep.Rejected = append(rep.Rejected, c)
		}
	}
	for _, sg := range rep.Suggestions {
		for _, d := range sg.Fixed {
			rep.Fixed[d.Fingerprint] = true
		}
	}
	for _, f := range fr.Files {
		for _, d := range resolvedIn(fr, f.Path) {
			rep.Verified[d.Fingerprint] = true
		}
	}
	return nil
}

// hidden are the runner's directories a real sandbox hides from the
// test command: its temporary directory (the workflow command files, the
// iflint binary) and the workspace (the original checkout).
func (r *runner) hidden() []string {
	var out []string
	for _, d := range []string{r.getenv("RUNNER_TEMP"), r.getenv("GITHUB_WORKSPACE"), r.ws} {
		if d != "" {
			out = append(out, d)
		}
	}
	return out
}

// commandFiles are the workflow command files of this step, which the
// test command must not reach or change.
func (r *runner) commandFiles() map[string]string {
	out := map[string]string{}
	for _, name := range sandbox.CommandFileVars {
		if p := r.getenv(name); p != "" {
			out[name] = p
		}
	}
	return out
}

// review posts the suggestions as one review (in suggest mode), or
// prints it for a dry run, and returns the findings whose suggestion is
// now on the pull request. An error other than a missing write
// permission is returned after everything else has been reported.
func (r *runner) review(ctx context.Context, client *github.Client, pr github.PR, diff *github.Diff, rep *report) (covered map[string]bool, err error) {
	if r.in.Mode != ModeSuggest {
		rep.Review.State = "Check mode posts no review: the findings are annotations."
		return nil, nil
	}
	rv := github.Review{Body: r.red.String(rep.reviewBody()), Diff: diff, MaxComments: r.in.MaxComments, Held: rep.Held}
	for _, sg := range rep.Suggestions {
		c := sg.Comment
		c.Body = r.red.String(c.Body)
		rv.Comments = append(rv.Comments, c)
	}
	if r.ov.DryRun {
		r.printReview(pr, rv)
		rep.Review.State = fmt.Sprintf("Dry run: a review with %d suggestion(s) was printed, not posted.", len(rv.Comments))
		return nil, nil
	}
	res, err := client.Publish(ctx, pr, rv)
	rep.Review.Posted, rep.Review.Present, rep.Review.Outdated = res.Posted, res.SkippedDuplicates, res.MarkedOutdated
	rep.Review.Downgraded, rep.Review.URL = len(res.Downgraded), res.ReviewURL
	switch {
	case errors.Is(err, github.ErrNoWriteAccess):
		why := "The token cannot write reviews on this pull request (a pull request from a fork gets a read-only GITHUB_TOKEN; otherwise grant `permissions: pull-requests: write`), so the findings are reported as annotations and in this summary instead of review comments."
		r.a.Noticef("iflint: %s", why)
		rep.Review.State = "Not posted. " + why
		return nil, nil
	case err != nil:
		rep.Review.State = "Not posted: " + err.Error()
		return nil, fmt.Errorf("publishing the review: %w", err)
	}
	down := map[string]bool{}
	for _, d := range res.Downgraded {
		down[d.Comment.Fingerprint] = true
	}
	covered = map[string]bool{}
	for _, sg := range rep.Suggestions {
		if !down[sg.Fingerprint] {
			for _, d := range sg.Fixed {
				covered[d.Fingerprint] = true
			}
		}
	}
	switch {
	case res.ReviewID != 0:
		rep.Review.State = fmt.Sprintf("Posted a review with %d suggestion(s).", res.Posted)
	case res.SkippedDuplicates > 0:
		rep.Review.State = "Nothing new to post: every suggestion is already on the pull request."
	default:
		rep.Review.State = "No review: there is no verified fix to suggest."
	}
	return covered, nil
}

// printReview shows a dry run's review as it would be posted.
func (r *runner) printReview(pr github.PR, rv github.Review) {
	fmt.Fprintf(r.stdout, "iflint: dry run: the review for %s at %s (not posted)\n\n%s\n", pr, short(pr.HeadSHA), rv.Body)
	for _, c := range rv.Comments {
		start := c.StartLine
		if start == 0 {
			start = c.Line
		}
		fmt.Fprintf(r.stdout, "\n--- %s lines %s (%s)\n%s\n", c.Path, lineSpan(start, c.Line), c.Fingerprint, c.Body)
	}
}
