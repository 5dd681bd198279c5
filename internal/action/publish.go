package action

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/github"
	"github.com/iflint/iflint/internal/markdown"
	"github.com/iflint/iflint/internal/verify"
)

// Publish mode is the second half of the fork flow. A pull request from
// a fork runs its workflow with a read-only token and no secrets, and
// that workflow is the fork's to change: everything its artifact says is
// a claim by the pull request's author. The publisher (a workflow_run
// run, holding a write token, which checks out and runs nothing of the
// pull request) therefore:
//
//   - learns which run, commit and repository it is about from the event
//     GitHub sent, and which pull request from the API (the event names
//     none for a fork), never from the artifact;
//   - refuses an artifact whose repository, head commit or pull request
//     differ from those, and one that is too large, before reading it;
//   - fetches the pull request's diff itself and posts only suggestions
//     whose lines are all lines the pull request adds, whose quoted
//     original text is the diff's, in files the pull request changes;
//   - bounds every count and size, and renders every text through
//     markdown.Text and markdown.Code (reviewdoc.go), so no fence, HTML
//     block, mention or link reaches the comment;
//   - posts through the same github.Publish as the same-repository path:
//     one review, idempotent (a second publish of the same artifact
//     posts nothing), the same kinds of writes.

// Bounds on a review artifact.
const (
	maxArtifactBytes  = 4 << 20 // the zip, as GitHub lists it and as downloaded
	maxDocBytes       = 8 << 20 // the document inside, uncompressed
	maxDocSuggestions = 500
	maxDocFindings    = 50   // findings one suggestion fixes
	maxDocLines       = 200  // lines one suggestion replaces or writes
	maxDocLineBytes   = 4000 // bytes of one code line
	maxDocText        = 4000 // bytes of any other string
)

// errRefused marks an artifact publish mode will not post: exit code 2.
var errRefused = errors.New("review artifact refused")

// runEvent is the part of a workflow_run event publish mode reads.
type runEvent struct {
	WorkflowRun *struct {
		ID             int64  `json:"id"`
		Event          string `json:"event"`
		HeadSHA        string `json:"head_sha"`
		HeadBranch     string `json:"head_branch"`
		HTMLURL        string `json:"html_url"`
		Conclusion     string `json:"conclusion"`
		HeadRepository struct {
			FullName string `json:"full_name"`
			Owner    struct {
				Login string `json:"login"`
			} `json:"owner"`
		} `json:"head_repository"`
		PullRequests []struct {
			Number int `json:"number"`
		} `json:"pull_requests"`
	} `json:"workflow_run"`
}

// publish posts the review a pull_request run left as an artifact.
func (r *runner) publish(ctx context.Context, token string) (int, error) {
	rep := &publishReport{}
	code, err := r.publishRun(ctx, token, rep)
	if err != nil && errors.Is(err, errRefused) {
		rep.State = "Refused: " + err.Error()
	}
	r.writeSummaryText(rep.summary())
	if r.getenv("GITHUB_OUTPUT") != "" {
		r.a.SetOutput("verified-fixes", strconv.Itoa(rep.Posted))
		r.a.SetOutput("findings", strconv.Itoa(rep.Findings))
	}
	return code, err
}

func (r *runner) publishRun(ctx context.Context, token string, rep *publishReport) (int, error) {
	if ev := r.getenv("GITHUB_EVENT_NAME"); ev != "workflow_run" {
		return ExitUsage, inputErrorf("mode publish runs on the workflow_run event of the pull_request workflow that wrote the review, not on %q (see docs/action.md)", ev)
	}
	var ev runEvent
	if err := readJSONFile(r.getenv("GITHUB_EVENT_PATH"), &ev); err != nil {
		return ExitUsage, inputErrorf("reading the workflow_run event: %w", err)
	}
	run := ev.WorkflowRun
	if run == nil || run.ID == 0 || run.HeadSHA == "" {
		return ExitUsage, inputErrorf("the workflow_run event names no run or head commit")
	}
	rep.RunURL = run.HTMLURL
	if run.Event != "pull_request" {
		rep.State = fmt.Sprintf("Nothing to publish: the run was triggered by %q, not a pull request.", run.Event)
		r.a.Noticef("iflint: %s", rep.State)
		return ExitClean, nil
	}
	repo := r.getenv("GITHUB_REPOSITORY")
	owner, name, ok := strings.Cut(repo, "/")
	if !ok || owner == "" || name == "" {
		return ExitUsage, inputErrorf("GITHUB_REPOSITORY %q: expected owner/name", repo)
	}
	if token == "" {
		return ExitUsage, inputErrorf("no GitHub token: publish mode needs one with pull-requests: write and actions: read")
	}
	client, err := github.New(github.Config{
		HTTPClient: r.env.HTTPClient, BaseURL: cmp.Or(r.ov.APIURL, r.getenv("GITHUB_API_URL")), Token: token,
		Now: r.env.Now, Sleep: r.env.Sleep,
	})
	if err != nil {
		return ExitUsage, err
	}

	var raw []byte
	err = r.stage(fmt.Sprintf("downloading the review artifact of run %d", run.ID), func(st *stageStatus) error {
		var err error
		raw, err = r.artifactBytes(ctx, client, owner, name, run.ID)
		st.set("%d bytes", len(raw))
		return err
	})
	switch {
	case errors.Is(err, github.ErrNoArtifact):
		rep.State = fmt.Sprintf("Nothing to publish: run %d uploaded no artifact %q (it may have ended before writing the review).", run.ID, r.in.ArtifactName)
		r.a.Noticef("iflint: %s", rep.State)
		return ExitClean, nil
	case errors.Is(err, github.ErrArtifactTooLarge):
		return ExitUsage, r.refuse("%v", err)
	case err != nil:
		return ExitInternal, err
	}
	doc, err := readReviewArtifact(raw)
	if err != nil {
		return ExitUsage, r.refuse("%v", err)
	}
	rep.Findings = doc.Counts.Findings

	// What the artifact claims, against what GitHub says.
	if !strings.EqualFold(doc.Repository, repo) {
		return ExitUsage, r.refuse("it is about repository %q, and this workflow runs for %s", doc.Repository, repo)
	}
	if doc.HeadSHA != run.HeadSHA {
		return ExitUsage, r.refuse("it is about head commit %q, and run %d checked %s", doc.HeadSHA, run.ID, run.HeadSHA)
	}
	numbers, err := r.runPullRequests(ctx, client, owner, name, ev)
	if err != nil {
		return ExitInternal, err
	}
	if !slices.Contains(numbers, doc.PullRequest) {
		return ExitUsage, r.refuse("it names pull request #%d, and run %d was for %s", doc.PullRequest, run.ID, prList(numbers))
	}
	info, err := client.PullRequest(ctx, owner, name, doc.PullRequest)
	if err != nil {
		return ExitInternal, err
	}
	rep.PR, rep.Head = fmt.Sprintf("%s#%d", repo, info.Number), run.HeadSHA
	switch {
	case !strings.EqualFold(info.BaseRepo, repo) || !strings.EqualFold(info.HeadRepo, run.HeadRepository.FullName):
		return ExitUsage, r.refuse("pull request #%d merges %s into %s, and run %d was for %s", info.Number, info.HeadRepo, info.BaseRepo, run.ID, run.HeadRepository.FullName)
	case info.State != "open":
		rep.State = fmt.Sprintf("Nothing to publish: pull request #%d is %s.", info.Number, info.State)
		r.a.Noticef("iflint: %s", rep.State)
		return ExitClean, nil
	case info.HeadSHA != run.HeadSHA:
		rep.State = fmt.Sprintf("Nothing to publish: pull request #%d has moved on to %s since run %d checked %s; the run for the new head publishes its own review.", info.Number, short(info.HeadSHA), run.ID, short(run.HeadSHA))
		r.a.Noticef("iflint: %s", rep.State)
		return ExitClean, nil
	}
	pr := github.PR{Owner: owner, Repo: name, Number: info.Number, HeadSHA: info.HeadSHA, BaseSHA: info.BaseSHA}
	diff, err := client.ChangedFiles(ctx, pr)
	if err != nil {
		return ExitInternal, err
	}

	kept, refused := vetSuggestions(doc, diff)
	for _, f := range refused {
		r.a.Warningf("iflint: not posting the %d suggestion(s) on %q: %s", f.count, f.path, f.reason)
		rep.Refused = append(rep.Refused, f)
	}
	doc = withSuggestions(doc, kept, refused)
	rv := doc.review(rendering{published: true, runURL: run.HTMLURL})
	rv.Diff, rv.MaxComments = diff, r.in.MaxComments
	var res github.PublishResult
	err = r.stage("publishing the review", func(st *stageStatus) error {
		var err error
		res, err = client.Publish(ctx, pr, rv)
		return err
	})
	rep.Posted, rep.Present, rep.Outdated = res.Posted, res.SkippedDuplicates, res.MarkedOutdated
	if err != nil {
		rep.State = "Not posted: " + err.Error()
		return ExitInternal, fmt.Errorf("publishing the review: %w", err)
	}
	switch {
	case res.ReviewID != 0:
		rep.State = fmt.Sprintf("Posted a review with %d suggestion(s): %s", res.Posted, res.ReviewURL)
	case res.SkippedDuplicates > 0:
		rep.State = "Nothing new to post: every suggestion is already on the pull request."
	default:
		rep.State = "No review: the artifact holds no suggestion that could be posted."
	}
	fmt.Fprintf(r.stderr, "iflint: publish: %s\n", rep.State)
	return ExitClean, nil
}

// refuse reports why the artifact is not posted, as an error annotation
// (by Run), and returns the error.
func (r *runner) refuse(format string, args ...any) error {
	return fmt.Errorf("%w: %s; nothing was posted", errRefused, fmt.Sprintf(format, args...))
}

// artifactBytes is the artifact's zip: the review-file input when set
// (a workflow that downloaded it already), else downloaded from the run.
func (r *runner) artifactBytes(ctx context.Context, client *github.Client, owner, name string, runID int64) ([]byte, error) {
	if p := r.in.ReviewFile; p != "" {
		if !filepath.IsAbs(p) {
			p = filepath.Join(r.ws, p)
		}
		f, err := os.Open(p)
		if err != nil {
			return nil, inputErrorf("input review-file: %w", err)
		}
		defer f.Close()
		b, err := io.ReadAll(io.LimitReader(f, maxArtifactBytes+1))
		if err != nil {
			return nil, err
		}
		if len(b) > maxArtifactBytes {
			return nil, fmt.Errorf("%s: %w: more than %d bytes", r.in.ReviewFile, github.ErrArtifactTooLarge, maxArtifactBytes)
		}
		return b, nil
	}
	return client.DownloadArtifact(ctx, owner, name, runID, r.in.ArtifactName, maxArtifactBytes)
}

// runPullRequests are the pull requests the run was for: those the event
// lists (a pull request within the repository), else the open ones whose
// head is the run's branch of the run's repository (a fork's, which the
// event does not list).
func (r *runner) runPullRequests(ctx context.Context, client *github.Client, owner, name string, ev runEvent) ([]int, error) {
	run := ev.WorkflowRun
	var out []int
	for _, p := range run.PullRequests {
		out = append(out, p.Number)
	}
	if len(out) > 0 {
		return out, nil
	}
	if run.HeadBranch == "" || run.HeadRepository.Owner.Login == "" {
		return nil, nil
	}
	return client.OpenPullRequests(ctx, owner, name, run.HeadRepository.Owner.Login, run.HeadBranch)
}

func prList(ns []int) string {
	if len(ns) == 0 {
		return "no open pull request"
	}
	var parts []string
	for _, n := range ns {
		parts = append(parts, fmt.Sprintf("#%d", n))
	}
	return strings.Join(parts, ", ")
}

// readReviewArtifact reads the review document from an artifact: a zip
// holding one JSON file (what actions/upload-artifact makes of the
// review file), or the JSON itself. The document is decoded strictly:
// unknown fields, trailing data or another version are refused.
func readReviewArtifact(raw []byte) (*reviewDoc, error) {
	data := raw
	if bytes.HasPrefix(raw, []byte("PK")) {
		zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
		if err != nil {
			return nil, fmt.Errorf("the artifact is not a readable zip: %w", err)
		}
		var files []*zip.File
		for _, f := range zr.File {
			if !f.FileInfo().IsDir() {
				files = append(files, f)
			}
		}
		if len(files) != 1 || !strings.HasSuffix(files[0].Name, ".json") {
			return nil, fmt.Errorf("the artifact holds %d file(s); expected one JSON review file", len(files))
		}
		if files[0].UncompressedSize64 > maxDocBytes {
			return nil, fmt.Errorf("the review file unpacks to %d bytes; at most %d are accepted", files[0].UncompressedSize64, maxDocBytes)
		}
		rc, err := files[0].Open()
		if err != nil {
			return nil, fmt.Errorf("the artifact's review file: %w", err)
		}
		// The header's size is the zip's claim; the reader is bounded too.
		data, err = io.ReadAll(io.LimitReader(rc, maxDocBytes+1))
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("the artifact's review file: %w", err)
		}
		if len(data) > maxDocBytes {
			return nil, fmt.Errorf("the review file unpacks to more than %d bytes", maxDocBytes)
		}
	}
	if len(data) > maxDocBytes {
		return nil, fmt.Errorf("the review file has %d bytes; at most %d are accepted", len(data), maxDocBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var doc reviewDoc
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("the review file is not an iflint review: %w", err)
	}
	if dec.More() {
		return nil, errors.New("the review file has data after the review")
	}
	if doc.Version != reviewDocVersion {
		return nil, fmt.Errorf("review format version %d; this iflint reads version %d", doc.Version, reviewDocVersion)
	}
	if n := len(doc.Suggestions); n > maxDocSuggestions {
		return nil, fmt.Errorf("it holds %d suggestions; at most %d are accepted", n, maxDocSuggestions)
	}
	if _, err := github.ParseFilter(doc.Filter); err != nil {
		return nil, fmt.Errorf("filter mode: %w", err)
	}
	c := doc.Counts
	if c.Files < 0 || c.Fixed < 0 || c.Verified < 0 || c.Open < 0 || c.Findings != c.Fixed+c.Verified+c.Open {
		return nil, fmt.Errorf("its counts do not add up (%d findings: %d fixed, %d verified, %d open)", c.Findings, c.Fixed, c.Verified, c.Open)
	}
	if len(doc.Open) > maxDocListed {
		doc.Open = doc.Open[:maxDocListed]
	}
	if len(doc.Unplaced) > maxDocListed {
		doc.Unplaced = doc.Unplaced[:maxDocListed]
	}
	return &doc, nil
}

// refusedFile is a file whose suggestions publish mode does not post.
type refusedFile struct {
	path   string
	count  int
	fixed  int
	reason string
}

// vetSuggestions keeps the suggestions GitHub's own diff of the pull
// request vouches for: on lines the pull request adds, quoting them as
// they are, in a file it changes, within the bounds, with known
// constraint types and stages. A file's suggestions were verified
// together, so one refused refuses them all.
func vetSuggestions(doc *reviewDoc, diff *github.Diff) (kept []docSuggestion, refused []refusedFile) {
	byPath := map[string][]docSuggestion{}
	var order []string
	for _, sg := range doc.Suggestions {
		if _, ok := byPath[sg.Path]; !ok {
			order = append(order, sg.Path)
		}
		byPath[sg.Path] = append(byPath[sg.Path], sg)
	}
	for _, path := range order {
		sugs := byPath[path]
		var why string
		for i, sg := range sugs {
			if why = vetSuggestion(sg, i+1, len(sugs), diff); why != "" {
				why = fmt.Sprintf("suggestion %d (lines %d-%d): %s", i+1, sg.StartLine, sg.Line, why)
				break
			}
		}
		if why != "" {
			fixed := 0
			for _, sg := range sugs {
				fixed += len(sg.Fixed)
			}
			refused = append(refused, refusedFile{path: path, count: len(sugs), fixed: fixed, reason: why})
			continue
		}
		kept = append(kept, sugs...)
	}
	return kept, refused
}

// vetSuggestion says why sg, suggestion index of of its file, cannot be
// posted, or "" when it can.
func vetSuggestion(sg docSuggestion, index, of int, diff *github.Diff) string {
	f, ok := diff.File(sg.Path)
	switch {
	case !ok:
		return "the file is not changed by the pull request"
	case f.Status == github.StatusRemoved || f.Binary || f.NoPatch:
		return "the file has no lines in the pull request's diff"
	case sg.Index != index || sg.Of != of:
		return fmt.Sprintf("numbered %d of %d, but it is %d of the file's %d", sg.Index, sg.Of, index, of)
	case sg.StartLine < 1 || sg.Line < sg.StartLine || sg.Line-sg.StartLine+1 != len(sg.Original):
		return fmt.Sprintf("it quotes %d line(s) for lines %d-%d", len(sg.Original), sg.StartLine, sg.Line)
	case len(sg.Original) > maxDocLines || len(sg.Replacement) > maxDocLines:
		return fmt.Sprintf("more than %d lines", maxDocLines)
	case len(sg.Fixed) > maxDocFindings || len(sg.Targets) > maxDocFindings:
		return fmt.Sprintf("more than %d findings", maxDocFindings)
	}
	for l := sg.StartLine; l <= sg.Line; l++ {
		if !f.IsAdded(l) {
			return fmt.Sprintf("line %d is not a line the pull request adds", l)
		}
		if text, _ := f.Line(l); text != sg.Original[l-sg.StartLine] {
			return fmt.Sprintf("line %d does not read as the artifact quotes it", l)
		}
	}
	for _, l := range sg.Replacement {
		if len(l) > maxDocLineBytes || !utf8.ValidString(l) || strings.ContainsAny(l, "\r\n") {
			return fmt.Sprintf("a replacement line is longer than %d bytes, not UTF-8 or holds a line break", maxDocLineBytes)
		}
	}
	for _, a := range sg.Also {
		if a < 1 || a > of || a == index {
			return fmt.Sprintf("it links to suggestion %d of %d", a, of)
		}
	}
	texts := []string{}
	for _, d := range sg.Fixed {
		if !constraint.Type(d.Type).Known() {
			return fmt.Sprintf("unknown constraint type %q", clipText(d.Type))
		}
		texts = append(texts, d.Spec, d.Message)
	}
	for _, t := range sg.Targets {
		if !constraint.Type(t.Type).Known() {
			return fmt.Sprintf("unknown constraint type %q", clipText(t.Type))
		}
		texts = append(texts, t.Spec)
	}
	for _, s := range sg.Proof.Stages {
		if !slices.Contains(verify.Stages, s.Stage) {
			return fmt.Sprintf("unknown verification stage %q", clipText(string(s.Stage)))
		}
		texts = append(texts, s.Detail)
	}
	if t := sg.Proof.Tests; t != nil {
		texts = append(texts, t.Command)
	}
	for _, t := range texts {
		if len(t) > maxDocText {
			return fmt.Sprintf("a text is longer than %d bytes", maxDocText)
		}
	}
	return ""
}

// withSuggestions is doc with only kept suggestions, the refused files'
// findings counted as verified but not suggested, and those files listed
// with why: every finding is still exactly one of fixed, verified or open.
func withSuggestions(doc *reviewDoc, kept []docSuggestion, refused []refusedFile) *reviewDoc {
	out := *doc
	out.Suggestions = kept
	var unplaced []docUnplaced
	for _, f := range refused {
		unplaced = append(unplaced, docUnplaced{Path: f.path, Findings: f.fixed, Reason: "not posted by the publisher: " + f.reason})
		out.Counts.Fixed -= f.fixed
		out.Counts.Verified += f.fixed
	}
	if out.Counts.Fixed < 0 { // the artifact's counts were not its suggestions'
		out.Counts.Verified += out.Counts.Fixed
		out.Counts.Fixed = 0
	}
	out.Unplaced = append(unplaced, doc.Unplaced...)
	return &out
}

func clipText(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}

func readJSONFile(path string, v any) error {
	if path == "" {
		return errors.New("GITHUB_EVENT_PATH is not set")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// publishReport is what a publish run did, for its job summary.
type publishReport struct {
	RunURL, PR, Head string
	State            string
	Findings         int
	Posted           int
	Present          int
	Outdated         int
	Refused          []refusedFile
}

func (p *publishReport) title() string {
	if p.PR == "" {
		return "publish"
	}
	return fmt.Sprintf("publish %s at %s", p.PR, short(p.Head))
}

// summary renders the job summary; every text that came from the
// artifact is neutralized, as in the review.
func (p *publishReport) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "## iflint: %s\n\n", markdown.Text(p.title(), 200))
	for _, n := range p.notes() {
		fmt.Fprintf(&b, "> %s\n\n", markdown.Text(n, 1000))
	}
	return b.String()
}

func (p *publishReport) notes() []string {
	var out []string
	if p.RunURL != "" {
		out = append(out, "From the review artifact of "+p.RunURL+".")
	}
	if p.State != "" {
		out = append(out, p.State)
	}
	if p.Present > 0 || p.Outdated > 0 {
		out = append(out, fmt.Sprintf("%d suggestion(s) already on the pull request; %d earlier comment(s) marked outdated.", p.Present, p.Outdated))
	}
	for _, f := range p.Refused {
		out = append(out, fmt.Sprintf("Not posted: the %d suggestion(s) on %q: %s", f.count, f.path, f.reason))
	}
	return out
}
