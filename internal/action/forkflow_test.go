package action

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/iflint/iflint/internal/github/githubtest"
)

// The fork flow end to end, as docs/examples ships it: the pull_request
// workflow (iflint-pr.yml) runs the Action with the read-only token a
// pull request from a fork gets and uploads the review file; the
// workflow_run workflow (iflint-publish.yml) runs it in publish mode
// with a write token, in an empty workspace. The steps' inputs are read
// from the example files, so the test runs what the documentation says.

const (
	examplePR      = "../../docs/examples/iflint-pr.yml"
	examplePublish = "../../docs/examples/iflint-publish.yml"
	forkRepo       = "fork/r"
	prRunID        = 4242
)

// workflowFile is the part of a workflow file the test reads.
type workflowFile struct {
	Name        string
	On          yaml.Node
	Permissions map[string]string
	Jobs        map[string]struct {
		If    string
		Steps []struct {
			Uses string
			With map[string]string
		}
	}
}

func readWorkflow(t *testing.T, path string) workflowFile {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var w workflowFile
	if err := yaml.Unmarshal(b, &w); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return w
}

// step returns the with: of the only step using uses (a prefix).
func (w workflowFile) step(t *testing.T, uses string) map[string]string {
	t.Helper()
	var found []map[string]string
	for _, j := range w.Jobs {
		for _, s := range j.Steps {
			if strings.HasPrefix(s.Uses, uses) {
				found = append(found, s.With)
			}
		}
	}
	if len(found) != 1 {
		t.Fatalf("workflow %q: %d steps use %s, want 1", w.Name, len(found), uses)
	}
	return found[0]
}

// TestForkExampleWorkflows: the two examples fit together and hold the
// fork flow's rules: the pull_request workflow cannot write, the
// publisher runs after it by name, can write reviews and read artifacts,
// and checks out nothing.
func TestForkExampleWorkflows(t *testing.T) {
	pr, pub := readWorkflow(t, examplePR), readWorkflow(t, examplePublish)
	for k, v := range pr.Permissions {
		if v == "write" {
			t.Errorf("iflint-pr.yml grants %s: write; a fork's run gets none, and the example must not rely on it", k)
		}
	}
	if pub.Permissions["pull-requests"] != "write" || pub.Permissions["actions"] != "read" || len(pub.Permissions) != 2 {
		t.Errorf("iflint-publish.yml permissions %v: want exactly pull-requests: write and actions: read", pub.Permissions)
	}
	var on struct {
		WorkflowRun struct {
			Workflows []string
			Types     []string
		} `yaml:"workflow_run"`
	}
	if err := pub.On.Decode(&on); err != nil || !slices.Contains(on.WorkflowRun.Workflows, pr.Name) || !slices.Equal(on.WorkflowRun.Types, []string{"completed"}) {
		t.Errorf("iflint-publish.yml does not run after workflow %q completes: %+v %v", pr.Name, on, err)
	}
	for _, j := range pub.Jobs {
		if !strings.Contains(j.If, "workflow_run.event == 'pull_request'") {
			t.Errorf("the publish job runs for other events too: if %q", j.If)
		}
		for _, s := range j.Steps {
			if strings.HasPrefix(s.Uses, "actions/checkout") {
				t.Errorf("iflint-publish.yml checks out code; the publisher must run none of the pull request's")
			}
		}
	}
	in, up := pr.step(t, "iflint/iflint@"), pr.step(t, "actions/upload-artifact@")
	if in["mode"] != "suggest" || in["review-file"] == "" || !strings.HasPrefix(in["review-file"], strings.TrimSuffix(up["path"], "/")+"/") {
		t.Errorf("the pull_request run writes %q, and the upload takes %q", in["review-file"], up["path"])
	}
	if name := pub.step(t, "iflint/iflint@")["review-artifact"]; up["name"] != cmpOr(name, DefaultArtifactName) {
		t.Errorf("uploaded as %q, published from %q", up["name"], cmpOr(name, DefaultArtifactName))
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// headHelpers is a second changed file of the fork's pull request, so a
// refusal of calc.py's suggestions shows the others still posted.
const headHelpers = `def joinWords(words):
    return " ".join(words)
`

// forkFixture is a pull request from fork/r to o/r.
func forkFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{}
	*f = *newFixture(t,
		map[string]string{".iflint.yml": scenarioConfig, "calc.py": baseCalc, "test_calc.py": testCalc},
		map[string]string{"calc.py": headCalc, "helpers.py": headHelpers})
	f.headRepo = forkRepo
	f.openPR()
	return f
}

// withInputs sets the INPUT_* variables of a step's with: map.
func (f *fixture) withInputs(with map[string]string) {
	for k := range f.env {
		if strings.HasPrefix(k, "INPUT_") {
			delete(f.env, k)
		}
	}
	for k, v := range with {
		f.env["INPUT_"+strings.ToUpper(k)] = v
	}
}

// prRun is the pull_request workflow's run: the Action with the
// read-only token, then actions/upload-artifact of the review file.
func (f *fixture) prRun(t *testing.T) []byte {
	t.Helper()
	w := readWorkflow(t, examplePR)
	f.env["GITHUB_EVENT_NAME"] = "pull_request"
	f.writeEvent()
	f.withInputs(w.step(t, "iflint/iflint@"))
	f.env["INPUT_GITHUB-TOKEN"] = roToken
	before := len(f.srv.Requests())
	code, err := f.run(Overrides{})
	if err != nil || code != ExitFindings {
		t.Fatalf("pull_request run: exit %d, %v\n%s\n%s", code, err, f.stdout.String(), f.stderr.String())
	}
	for _, r := range f.srv.Requests()[before:] {
		if r.Method != http.MethodGet {
			t.Errorf("the pull_request run wrote to GitHub: %s %s", r.Method, r.Path)
		}
	}
	up := w.step(t, "actions/upload-artifact@")
	return zipDir(t, filepath.Join(f.repo.dir, up["path"]))
}

// zipDir is the artifact actions/upload-artifact makes of dir.
func zipDir(t *testing.T, dir string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		w, err := zw.Create(filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// zipJSON is an artifact holding doc as review.json.
func zipJSON(t *testing.T, doc any) []byte {
	t.Helper()
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("review.json")
	w.Write(b)
	zw.Close()
	return buf.Bytes()
}

// publishRun is the workflow_run workflow's run after run runID of the
// pull_request workflow, in an empty workspace, with a write token.
func (f *fixture) publishRun(t *testing.T, runID int64, headSHA string) (int, error) {
	t.Helper()
	w := readWorkflow(t, examplePublish)
	f.withInputs(w.step(t, "iflint/iflint@"))
	f.env["INPUT_GITHUB-TOKEN"] = canaryToken
	f.env["GITHUB_EVENT_NAME"] = "workflow_run"
	f.env["GITHUB_WORKSPACE"] = t.TempDir() // nothing of the pull request is there
	fork, branch, _ := strings.Cut(forkRepo, "/")
	ev := map[string]any{
		"action": "completed",
		"workflow_run": map[string]any{
			"id": runID, "event": "pull_request", "head_sha": headSHA, "head_branch": "feature", "conclusion": "failure",
			"html_url":        "https://github.com/o/r/actions/runs/4242",
			"head_repository": map[string]any{"full_name": forkRepo, "owner": map[string]any{"login": fork}, "name": branch},
			"pull_requests":   []any{}, // GitHub lists none for a fork's pull request
		},
		"repository": map[string]any{"full_name": owner + "/" + repoName},
	}
	b, _ := json.Marshal(ev)
	if err := os.WriteFile(f.env["GITHUB_EVENT_PATH"], b, 0o644); err != nil {
		t.Fatal(err)
	}
	defer func() { f.env["GITHUB_WORKSPACE"] = f.repo.dir }()
	return f.run(Overrides{})
}

// writes are the requests that changed something on GitHub since from.
func writes(log []githubtest.Request, from int) []githubtest.Request {
	var out []githubtest.Request
	for _, r := range log[from:] {
		if r.Method != http.MethodGet {
			out = append(out, r)
		}
	}
	return out
}

// sameRepoWrite reports whether r is a write the same-repository path
// makes too: a review (or a pending probe), deleting its own pending
// review, editing its own comment to mark it outdated.
func sameRepoWrite(r githubtest.Request) bool {
	switch {
	case r.Method == http.MethodPost && regexp.MustCompile(`^/repos/o/r/pulls/\d+/reviews$`).MatchString(r.Path):
	case r.Method == http.MethodDelete && regexp.MustCompile(`^/repos/o/r/pulls/\d+/reviews/\d+$`).MatchString(r.Path):
	case r.Method == http.MethodPatch && regexp.MustCompile(`^/repos/o/r/pulls/comments/\d+$`).MatchString(r.Path):
	default:
		return false
	}
	return true
}

// suggestionsOf are the posted comments by file: the suggestion blocks
// and the fingerprint markers, which both paths must agree on.
func suggestionsOf(t *testing.T, r githubtest.Request) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, d := range drafts(t, r) {
		i := strings.Index(d.Body, "```suggestion")
		if i < 0 {
			t.Fatalf("comment on %s without a suggestion:\n%s", d.Path, d.Body)
		}
		out[d.Path] = append(out[d.Path], d.Body[i:])
	}
	return out
}

// TestForkFlowEndToEnd: the fork's pull_request run writes the review
// and posts nothing; the publish run posts the same suggestions the
// same-repository path posts, as one review; publishing the same
// artifact again posts nothing new.
func TestForkFlowEndToEnd(t *testing.T) {
	requirePython(t)
	f := forkFixture(t)
	art := f.prRun(t)
	if !strings.Contains(f.read("GITHUB_STEP_SUMMARY"), "for the workflow that publishes it") {
		t.Errorf("the pull_request run's summary does not say the review awaits publishing:\n%s", f.read("GITHUB_STEP_SUMMARY"))
	}
	f.srv.AddArtifact(githubtest.Artifact{Owner: owner, Repo: repoName, RunID: prRunID, Name: DefaultArtifactName, Zip: art})

	from := len(f.srv.Requests())
	code, err := f.publishRun(t, prRunID, f.head)
	if err != nil || code != ExitClean {
		t.Fatalf("publish: exit %d, %v\n%s\n%s", code, err, f.stdout.String(), f.stderr.String())
	}
	log := f.srv.Requests()
	posts := reviewPosts(log[from:])
	if len(posts) != 1 {
		t.Fatalf("publish made %d reviews, want 1:\n%s", len(posts), f.stderr.String())
	}
	for _, w := range writes(log, from) {
		if !sameRepoWrite(w) {
			t.Errorf("publish made a write the same-repository path never makes: %s %s", w.Method, w.Path)
		}
	}
	for _, b := range f.srv.BlobRequests() {
		if b.Authorization != "" {
			t.Errorf("the token went to the artifact storage: %q", b.Authorization)
		}
	}
	published := suggestionsOf(t, posts[0])
	if len(published["calc.py"]) == 0 || len(published["helpers.py"]) == 0 {
		t.Fatalf("published %v; want suggestions on calc.py and helpers.py", published)
	}
	var body struct{ Body string }
	json.Unmarshal([]byte(posts[0].Body), &body)
	if !strings.Contains(body.Body, "published from the review artifact of the pull request's own workflow run") {
		t.Errorf("the review does not say where it came from:\n%s", body.Body)
	}
	if out := f.outputs(); out["verified-fixes"] != strconv.Itoa(len(drafts(t, posts[0]))) {
		t.Errorf("publish outputs %v", out)
	}

	// The same pull request within the repository: the Action posts
	// itself, and its suggestions and fingerprints are the publisher's.
	same := forkFixture(t)
	same.headRepo = ""
	same.openPR()
	same.env["GITHUB_EVENT_NAME"] = "pull_request"
	if code, err := same.run(Overrides{}); err != nil || code != ExitFindings {
		t.Fatalf("same-repository run: exit %d, %v", code, err)
	}
	direct := reviewPosts(same.srv.Requests())
	if len(direct) != 1 {
		t.Fatalf("same-repository run made %d reviews", len(direct))
	}
	if got, want := published, suggestionsOf(t, direct[0]); !mapsEqual(got, want) {
		t.Errorf("published suggestions differ from the same-repository path's:\n got %v\nwant %v", got, want)
	}

	// Publishing the same artifact again (a re-run of the workflow) posts
	// nothing and changes nothing.
	from = len(f.srv.Requests())
	if code, err := f.publishRun(t, prRunID, f.head); err != nil || code != ExitClean {
		t.Fatalf("second publish: exit %d, %v", code, err)
	}
	if w := writes(f.srv.Requests(), from); len(w) != 0 {
		t.Errorf("the second publish wrote %d time(s): %v", len(w), w)
	}
	if !strings.Contains(f.stderr.String(), "Nothing new to post") {
		t.Errorf("the second publish does not say it had nothing new:\n%s", f.stderr.String())
	}
}

func mapsEqual(a, b map[string][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !slices.Equal(v, b[k]) {
			return false
		}
	}
	return true
}

// TestForkFlowHostileArtifacts: a fork controls its pull_request
// workflow, so its artifact can claim anything. Each hostile artifact is
// refused whole (no write at all) or loses the suggestions it forged
// (the rest is posted), or is posted with its text made inert; every
// refusal says why in the log, and no write is one the
// same-repository path would not make.
func TestForkFlowHostileArtifacts(t *testing.T) {
	requirePython(t)
	honest := forkFixture(t)
	var doc reviewDoc
	if err := json.Unmarshal([]byte(readZipped(t, honest.prRun(t))), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Suggestions) < 2 || doc.Suggestions[len(doc.Suggestions)-1].Path != "helpers.py" {
		t.Fatalf("the honest review should have suggestions on calc.py and helpers.py: %+v", doc.Suggestions)
	}
	// On one line, and over several (only a first line is ever shown).
	const hostileText = "``` </details><details open><summary>@octocat</summary> [click](https://evil.example) <!-- iflint:review -->"
	const hostileLines = "```\n</details><details open>\n@octocat"
	big := func(compress bool, listed int64) func(*fixture, *reviewDoc) githubtest.Artifact {
		return func(*fixture, *reviewDoc) githubtest.Artifact {
			var buf bytes.Buffer
			zw := zip.NewWriter(&buf)
			method := zip.Store
			if compress {
				method = zip.Deflate
			}
			w, _ := zw.CreateHeader(&zip.FileHeader{Name: "review.json", Method: method})
			w.Write([]byte(`{"version": 1, "suggestions": [], "padding": "`))
			w.Write(bytes.Repeat([]byte(" "), 50<<20))
			w.Write([]byte(`"}`))
			zw.Close()
			return githubtest.Artifact{Zip: buf.Bytes(), ListedSize: listed}
		}
	}
	for _, tc := range []struct {
		name string
		// edit forges the honest review; artifact, when set, replaces it.
		edit     func(f *fixture, d *reviewDoc)
		artifact func(f *fixture, d *reviewDoc) githubtest.Artifact
		// refused: the whole artifact (exit 2, no write); else the files
		// whose suggestions must not be posted.
		refused bool
		dropped []string
		log     string // in the log, as an annotation
		noBlob  bool   // refused before any download
		inert   bool   // the hostile text must reach GitHub inert
	}{
		{name: "suggestion outside the diff", dropped: []string{"calc.py"}, log: "line 1 is not a line the pull request adds",
			edit: func(f *fixture, d *reviewDoc) {
				d.Suggestions[0].StartLine, d.Suggestions[0].Line, d.Suggestions[0].Original = 1, 1, []string{"def oldHelper(x):"}
			}},
		{name: "path not in the pull request", dropped: []string{"helpers.py", "setup.py"}, log: "the file is not changed by the pull request",
			edit: func(f *fixture, d *reviewDoc) { d.Suggestions[len(d.Suggestions)-1].Path = "setup.py" }},
		{name: "misquoted lines", dropped: []string{"helpers.py"}, log: "does not read as the artifact quotes it",
			edit: func(f *fixture, d *reviewDoc) {
				d.Suggestions[len(d.Suggestions)-1].Original = []string{"import os; os.system('x')"}
			}},
		{name: "unknown constraint type", dropped: []string{"helpers.py"}, log: "unknown constraint type",
			edit: func(f *fixture, d *reviewDoc) { d.Suggestions[len(d.Suggestions)-1].Fixed[0].Type = "<script>" }},
		{name: "different head commit", refused: true, log: "it is about head commit",
			edit: func(f *fixture, d *reviewDoc) { d.HeadSHA = f.base }},
		{name: "another pull request's number", refused: true, log: "it names pull request #8, and run 4242 was for #7",
			edit: func(f *fixture, d *reviewDoc) {
				f.srv.AddPR(githubtest.PR{Owner: owner, Repo: repoName, Number: 8, HeadSHA: f.head, BaseSHA: f.base, HeadRepo: "someone/r", HeadRef: "other"})
				d.PullRequest = 8
			}},
		{name: "another repository", refused: true, log: `it is about repository "evil/r"`,
			edit: func(f *fixture, d *reviewDoc) { d.Repository = "evil/r" }},
		{name: "too many suggestions", refused: true, log: "at most 500 are accepted",
			edit: func(f *fixture, d *reviewDoc) {
				for len(d.Suggestions) <= maxDocSuggestions {
					d.Suggestions = append(d.Suggestions, d.Suggestions[0])
				}
			}},
		{name: "unknown field", refused: true, log: "not an iflint review",
			artifact: func(f *fixture, d *reviewDoc) githubtest.Artifact {
				b, _ := json.Marshal(d)
				return githubtest.Artifact{Zip: zipJSON(t, json.RawMessage(strings.Replace(string(b), `{"version":1`, `{"version":1,"post_as":"admin"`, 1)))}
			}},
		{name: "50 MB artifact", refused: true, noBlob: true, log: "more than the 4194304 accepted", artifact: big(false, 0)},
		{name: "50 MB behind a small listing", refused: true, log: "the download runs past the 4194304 bytes accepted", artifact: big(false, 1000)},
		{name: "50 MB unpacked from a small zip", refused: true, log: "unpacks to 52428848 bytes", artifact: big(true, 0)},
		{name: "fences, HTML and mentions", inert: true,
			edit: func(f *fixture, d *reviewDoc) {
				for i := range d.Suggestions {
					sg := &d.Suggestions[i]
					for j := range sg.Fixed {
						sg.Fixed[j].Message = hostileText
						sg.Fixed[j].Spec = "python;`x`</code><details>"
					}
					for j := range sg.Proof.Stages {
						sg.Proof.Stages[j].Detail = hostileLines
						sg.Proof.Stages[j].NotRun = j == 0
					}
					sg.Replacement = append(sg.Replacement, "```", "</details>")
					if sg.Proof.Tests != nil {
						sg.Proof.Tests.Command = "sh -c '``` @octocat <details>'"
					}
				}
				d.Open = append(d.Open, docFinding{Path: "calc.py`<details>", Line: 1, Type: "naming_convention", Message: hostileText})
				d.Unplaced = append(d.Unplaced, docUnplaced{Path: "x.py", Findings: 0, Reason: hostileText})
				d.TestCommand = "```\n<details>@octocat"
				d.Filter = "added"
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := forkFixture(t)
			d := cloneDoc(t, &doc)
			if tc.edit != nil {
				tc.edit(f, d)
			}
			a := githubtest.Artifact{Zip: zipJSON(t, d)}
			if tc.artifact != nil {
				a = tc.artifact(f, d)
			}
			a.Owner, a.Repo, a.RunID, a.Name = owner, repoName, prRunID, DefaultArtifactName
			f.srv.AddArtifact(a)
			from := len(f.srv.Requests())
			code, err := f.publishRun(t, prRunID, f.head)
			log := f.srv.Requests()
			if tc.refused {
				if code != ExitUsage || err == nil {
					t.Fatalf("exit %d, %v; want the artifact refused (exit 2)", code, err)
				}
				if w := writes(log, from); len(w) != 0 {
					t.Errorf("a refused artifact led to %d write(s): %v", len(w), w)
				}
				if !strings.Contains(strings.Join(annotations(f.stdout.String(), "error"), "\n"), "review artifact refused: ") {
					t.Errorf("no error annotation says the artifact was refused:\n%s", f.stdout.String())
				}
			} else if code != ExitClean || err != nil {
				t.Fatalf("exit %d, %v\n%s", code, err, f.stdout.String())
			}
			if tc.log != "" && !strings.Contains(f.stdout.String(), tc.log) {
				t.Errorf("the log does not say %q:\n%s", tc.log, f.stdout.String())
			}
			if tc.noBlob && len(f.srv.BlobRequests()) != 0 {
				t.Errorf("the artifact was downloaded although GitHub listed it too large")
			}
			for _, w := range writes(log, from) {
				if !sameRepoWrite(w) {
					t.Errorf("a write the same-repository path never makes: %s %s", w.Method, w.Path)
				}
			}
			posts := reviewPosts(log[from:])
			if tc.refused {
				return
			}
			if len(posts) != 1 {
				t.Fatalf("%d reviews posted, want 1", len(posts))
			}
			posted := suggestionsOf(t, posts[0])
			for _, p := range tc.dropped {
				if len(posted[p]) > 0 {
					t.Errorf("the forged suggestions on %s were posted", p)
				}
				if !strings.Contains(strings.Join(annotations(f.stdout.String(), "warning"), "\n"), "not posting the") {
					t.Errorf("no warning says which suggestions were not posted:\n%s", f.stdout.String())
				}
			}
			if len(posted) == 0 {
				t.Errorf("nothing was posted; the honest suggestions should be")
			}
			if tc.inert {
				var rv struct {
					Body     string
					Comments []struct{ Body string }
				}
				json.Unmarshal([]byte(posts[0].Body), &rv)
				texts := []string{rv.Body}
				for _, c := range rv.Comments {
					texts = append(texts, c.Body)
					if n := fenceLines(c.Body); n != 2 {
						t.Errorf("a comment has %d fence lines, want the suggestion's 2:\n%s", n, c.Body)
					}
				}
				for _, s := range texts {
					live := outsideCode(s)
					for _, bad := range []string{"<details", "</details", "<summary", "@octocat", "](https://", "https://evil"} {
						if strings.Contains(live, bad) {
							t.Errorf("%q reached GitHub outside code:\n%s", bad, s)
						}
					}
				}
			}
		})
	}
}

// outsideCode is the Markdown of body that GitHub renders as such:
// without its fenced blocks and one-line code spans, whose content shows
// literally (no HTML, mention or link is made inside them).
func outsideCode(body string) string {
	var out []string
	fence := ""
	for _, l := range strings.Split(body, "\n") {
		trimmed := strings.TrimLeft(l, " ")
		switch {
		case fence != "":
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, "`") == "" {
				fence = ""
			}
			continue
		case strings.HasPrefix(trimmed, "```"):
			fence = trimmed[:len(trimmed)-len(strings.TrimLeft(trimmed, "`"))]
			continue
		}
		// Drop `...` spans; an escaped backtick (\`) opens none.
		var b strings.Builder
		in := false
		for i := 0; i < len(l); i++ {
			switch {
			case l[i] == '\\' && i+1 < len(l):
				if !in {
					b.WriteString(l[i : i+2])
				}
				i++
			case l[i] == '`':
				in = !in
			case !in:
				b.WriteByte(l[i])
			}
		}
		out = append(out, b.String())
	}
	return strings.Join(out, "\n")
}

// fenceLines counts the lines of body that open or close a code fence
// as GitHub reads them: an opening run of backticks, and a line of at
// least as many backticks alone, which closes it.
func fenceLines(body string) int {
	n, open := 0, 0
	for _, l := range strings.Split(body, "\n") {
		l = strings.TrimLeft(l, " ")
		run := len(l) - len(strings.TrimLeft(l, "`"))
		switch {
		case open == 0 && run >= 3:
			n, open = n+1, run
		case open > 0 && run >= open && strings.TrimSpace(l[run:]) == "":
			n, open = n+1, 0
		}
	}
	return n
}

func readZipped(t *testing.T, art []byte) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(art), int64(len(art)))
	if err != nil || len(zr.File) != 1 {
		t.Fatalf("artifact: %v, %d files", err, len(zr.File))
	}
	rc, _ := zr.File[0].Open()
	defer rc.Close()
	var buf bytes.Buffer
	buf.ReadFrom(rc)
	return buf.String()
}

func cloneDoc(t *testing.T, d *reviewDoc) *reviewDoc {
	t.Helper()
	b, _ := json.Marshal(d)
	var out reviewDoc
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}
