package action

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/sethvargo/go-githubactions"

	"github.com/iflint/iflint/internal/github"
)

// Mode is what the action does with findings.
type Mode string

const (
	// ModeCheck reports findings only.
	ModeCheck Mode = "check"
	// ModeSuggest also proposes verified fixes as suggestion comments.
	ModeSuggest Mode = "suggest"
	// ModePublish posts the review a fork's pull_request run wrote, from
	// a workflow_run run that holds a write token and runs none of the
	// pull request's code.
	ModePublish Mode = "publish"
)

// FailOn decides the exit code from the findings.
type FailOn string

const (
	FailNone  FailOn = "none"
	FailError FailOn = "error" // a finding of severity error
	FailAny   FailOn = "any"
)

// Defaults of the inputs, as action.yml declares them.
const (
	DefaultFilter      = "added"
	DefaultMode        = ModeCheck
	DefaultFailOn      = FailError
	DefaultSARIFFile   = "iflint.sarif"
	DefaultMaxComments = github.DefaultMaxComments
	// DefaultArtifactName is the artifact the documented pull_request
	// workflow uploads the review file as.
	DefaultArtifactName = "iflint-review"
)

// Inputs are the action's inputs, validated.
type Inputs struct {
	Token         string // github-token
	Config        string // path of .iflint.yml, relative to the workspace
	Mode          Mode
	Filter        github.Filter
	TestCommand   string // overrides the config's fix.test
	Model         string // LLM for refactors the fixers cannot do
	BaseURL       string // OpenAI-compatible server
	APIKey        string
	MaxComments   int
	FailOn        FailOn
	AllowPRTarget bool
	SARIFFile     string
	Baseline      string // baseline file, relative to the workspace
	// ReviewFile, in suggest mode on a pull request, is where the review
	// is written instead of posted (relative to the workspace): the
	// pull_request half of the fork flow, which publish mode posts.
	ReviewFile string
	// ArtifactName is the artifact publish mode downloads.
	ArtifactName string
}

// Overrides are the command line's flags for running the action outside
// Actions; set fields win over the INPUT_* variables and the event.
type Overrides struct {
	Repo       string // owner/name
	PR         int
	Head, Base string
	// TokenEnv names the variable holding the token instead of
	// INPUT_GITHUB-TOKEN, so a token never appears on a command line.
	TokenEnv   string
	APIURL     string
	Mode       string
	FilterMode string
	// DryRun prints the review instead of posting it.
	DryRun bool
}

// inputError marks a bad input: exit code 2.
type inputError struct{ err error }

func (e inputError) Error() string { return e.err.Error() }
func (e inputError) Unwrap() error { return e.err }

func inputErrorf(format string, args ...any) error {
	return inputError{fmt.Errorf(format, args...)}
}

// readSecrets returns the token and the API key, before anything else is
// read, so they can be masked before anything is written.
func readSecrets(a *githubactions.Action, ov Overrides) (token, apiKey string) {
	token = a.GetInput("github-token")
	if ov.TokenEnv != "" {
		token = strings.TrimSpace(a.Getenv(ov.TokenEnv))
	}
	return token, a.GetInput("api-key")
}

// readInputs reads and validates the remaining inputs. go-githubactions
// maps "github-token" to INPUT_GITHUB-TOKEN: upper case, spaces to
// underscores, hyphens kept, as the runner names them.
func readInputs(a *githubactions.Action, ov Overrides, token, apiKey string) (Inputs, error) {
	in := Inputs{
		Token: token, APIKey: apiKey,
		Config:       a.GetInput("config"),
		TestCommand:  a.GetInput("test-command"),
		Model:        a.GetInput("model"),
		BaseURL:      a.GetInput("base-url"),
		SARIFFile:    cmp.Or(a.GetInput("sarif-file"), DefaultSARIFFile),
		Baseline:     a.GetInput("baseline"),
		ReviewFile:   a.GetInput("review-file"),
		ArtifactName: cmp.Or(a.GetInput("review-artifact"), DefaultArtifactName),
	}
	mode := cmp.Or(ov.Mode, a.GetInput("mode"), string(DefaultMode))
	switch Mode(mode) {
	case ModeCheck, ModeSuggest, ModePublish:
		in.Mode = Mode(mode)
	default:
		return in, inputErrorf("input mode %q: expected check, suggest or publish", mode)
	}
	f, err := github.ParseFilter(cmp.Or(ov.FilterMode, a.GetInput("filter-mode"), DefaultFilter))
	if err != nil {
		return in, inputErrorf("input filter-mode: %w", err)
	}
	in.Filter = f
	failOn := cmp.Or(a.GetInput("fail-on"), string(DefaultFailOn))
	switch FailOn(failOn) {
	case FailNone, FailError, FailAny:
		in.FailOn = FailOn(failOn)
	default:
		return in, inputErrorf("input fail-on %q: expected none, error or any", failOn)
	}
	in.MaxComments = DefaultMaxComments
	if s := a.GetInput("max-comments"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return in, inputErrorf("input max-comments %q: expected a whole number of at least 1", s)
		}
		in.MaxComments = n
	}
	if s := a.GetInput("allow-pull-request-target"); s != "" {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return in, inputErrorf("input allow-pull-request-target %q: expected true or false", s)
		}
		in.AllowPRTarget = b
	}
	return in, nil
}
