package action

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/fix"
	"github.com/iflint/iflint/internal/fixloop"
	"github.com/iflint/iflint/internal/github"
	"github.com/iflint/iflint/internal/llm"
	"github.com/iflint/iflint/internal/markdown"
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
	var (
		diff    *github.Diff
		files   *engine.Files
		skipped []engine.Skipped
		note    string
		code    = ExitInternal
	)
	err := r.stage("reading "+pr.String(), func(st *stageStatus) error {
		var err error
		if diff, err = r.diff(ctx, client, pr, g); err != nil {
			return err
		}
		st.set("%d changed file(s) (%s)", diff.Len(), diff.Source)
		var paths []string
		if paths, skipped, err = changedPaths(diff, r.set); err != nil {
			code = ExitUsage
			return err
		}
		if files, note, err = headFiles(ctx, g, pr.HeadSHA, paths); err != nil {
			return err
		}
		if err := r.loadConfigBaselines(files.Files); err != nil {
			code = ExitUsage
			return err
		}
		return nil
	})
	if err != nil {
		return code, err
	}
	s := scope{diff: diff, filter: r.in.Filter}
	res, err := r.check(ctx, files.Files)
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
		err := r.stage(fmt.Sprintf("proving fixes for the findings in %s", plural(len(findingFiles(kept)), "file")), func(st *stageStatus) error {
			return r.suggest(ctx, rep, files.Files, kept, s, st)
		})
		if err != nil {
			return ExitInternal, err
		}
	}
	rep.Rows = constraintRows(res.Outcomes, kept, rep.Fixed, rep.Verified)

	var covered map[string]bool
	var pubErr error
	if r.in.Mode == ModeSuggest {
		what := "publishing the review"
		switch {
		case r.in.ReviewFile != "":
			what = "writing the review for the publish workflow"
		case r.ov.DryRun:
			what = "printing the review (dry run)"
		}
		pubErr = r.stage(what, func(st *stageStatus) error {
			covered, pubErr = r.review(ctx, client, pr, diff, rep)
			st.set("%s", rep.Review.State)
			return pubErr
		})
	} else {
		covered, pubErr = r.review(ctx, client, pr, diff, rep)
	}
	suppressed, _ := s.split(res.Suppressed)
	code, err = r.finish(rep, res, kept, suppressed, covered)
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
func (r *runner) suggest(ctx context.Context, rep *report, files []engine.File, kept []engine.Diagnostic, s scope, st *stageStatus) error {
	want := map[string]bool{}
	for _, d := range kept {
		want[d.Path] = true
	}
	projects, err := r.projects(files, want)
	if err != nil {
		return err
	}
	// The test command's sandbox is chosen once, by trial runs, and every
	// project's runner uses it. Code from a fork is nobody's to vouch for:
	// without a real sandbox its tests do not run here at all.
	mechanisms, notTested := r.env.Sandbox, ""
	for _, p := range projects {
		if r.testCommand(p.cfg) == "" {
			continue
		}
		sb, err := r.testRunner(p.cfg, mechanisms).Sandbox(ctx)
		if err != nil {
			return fmt.Errorf("the test command's sandbox: %w", err)
		}
		rep.Sandbox, mechanisms = &sb, []sandbox.Mechanism{sb.Mechanism}
		if r.fork && !sb.Isolated {
			notTested = "the test command was not run: the pull request comes from a fork and no real sandbox works on this runner"
			rep.Notes = append(rep.Notes, "The test command was not run: this pull request comes from a fork, and no real sandbox works on this runner, "+
				"so only fixes that cannot change behaviour are suggested. Install bubblewrap on the runner (apt-get install bubblewrap) and allow it "+
				"user namespaces; see the Sandbox section.")
		}
		break
	}
	var rf *fix.LLM
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
		rf = &fix.LLM{C: client, Model: r.in.Model}
	case r.in.Model != "":
		rep.Notes = append(rep.Notes, "The model input is set but api-key is empty: only the deterministic fixers ran.")
	}
	fr := &fixloop.FixResult{Before: &engine.Result{}, After: &engine.Result{}}
	var before fixloop.FixProgress // the projects proven so far
	// Each project (the files one configuration governs) is proven with
	// its own configuration and test command, which runs in the
	// configuration's directory of the isolated copy of the workspace.
	for _, p := range projects {
		o := fixloop.FixOptions{Options: engine.Options{Config: p.cfg, Toolchains: r.toolchains()}, Root: r.ws, Rounds: llmRounds, InScope: s.suggestable}
		switch test := r.testCommand(p.cfg); {
		case test == "":
		case notTested != "":
			o.NotTested = notTested
		default:
			o.Test, o.Runner = sandbox.Shell(test), r.testRunner(p.cfg, mechanisms)
		}
		if rf != nil {
			o.Refactor = refactorer{inner: *rf, s: s, opts: o.Options}
		}
		o.Progress = func(p fixloop.FixProgress) {
			st.set("%s", fixStatus(before, p, test(o)))
		}
		part, err := fixloop.Fix(ctx, p.files, o)
		if err != nil {
			return fmt.Errorf("proving fixes: %w", err)
		}
		fixloop.Merge(fr, part)
		before.Decided += len(part.Candidates)
		before.Total += len(part.Candidates)
		before.TestRuns += part.TestRuns.Total
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

// testRunner runs the test command of the project cfg governs, contained
// by the first of mechanisms that works.
func (r *runner) testRunner(cfg *config.Config, mechanisms []sandbox.Mechanism) *sandbox.Runner {
	scrub := append([]string{}, cfg.Fix.Scrub...)
	if r.ov.TokenEnv != "" {
		scrub = append(scrub, r.ov.TokenEnv)
	}
	return &sandbox.Runner{Timeout: cfg.Fix.Timeout, Env: r.red.scrubEnv(r.environ()), PassEnv: cfg.Fix.Env, ScrubNames: scrub,
		Now: r.env.Now, CommandFiles: r.commandFiles(), Hide: r.hidden(), KeepCache: true, Mechanisms: mechanisms, TreeDir: r.env.TreeDir}
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
	doc := newReviewDoc(rep)
	doc.Tool, doc.Repository, doc.PullRequest, doc.HeadSHA = "iflint "+r.env.Version, pr.Owner+"/"+pr.Repo, pr.Number, pr.HeadSHA
	if r.in.ReviewFile != "" {
		// The fork flow: a workflow_run run posts it (publish mode).
		p, err := r.writeReviewDoc(doc)
		if err != nil {
			rep.Review.State = "Not written: " + err.Error()
			return nil, fmt.Errorf("writing the review file: %w", err)
		}
		rep.Review.State = fmt.Sprintf("Not posted: the review (%d suggestion(s)) was written to `%s` for the workflow that publishes it (mode: publish).", len(doc.Suggestions), markdown.Code(p))
		return nil, nil
	}
	rv := doc.review(rendering{})
	rv.Body, rv.Diff, rv.MaxComments = r.red.String(rv.Body), diff, r.in.MaxComments
	for i := range rv.Comments {
		rv.Comments[i].Body = r.red.String(rv.Comments[i].Body)
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
