package action

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"time"

	"github.com/sethvargo/go-githubactions"

	"github.com/iflint/iflint/internal/baseline"
	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
	"github.com/iflint/iflint/internal/sandbox"
	"github.com/iflint/iflint/internal/toolchain"
)

// Env is everything the action touches outside the process.
type Env struct {
	// Getenv reads the environment: INPUT_* and GITHUB_* variables.
	Getenv func(string) string
	// Environ is the base environment of the repository's test command
	// (secrets are removed from it); nil builds a minimal one from Getenv.
	Environ func() []string
	// Stdout receives workflow commands (annotations, masks) and, for a
	// dry run, the review; Stderr receives the summary of local runs.
	Stdout, Stderr io.Writer
	// HTTPClient carries GitHub and LLM requests (nil: defaults).
	HTTPClient *http.Client
	Now        func() time.Time
	Sleep      func(context.Context, time.Duration) error
	// After is the clock's timer (time.After when nil): the progress
	// lines of long stages wait on it.
	After func(time.Duration) <-chan time.Time
	// Sandbox are the ways to contain the test command, tried in order
	// (nil: sandbox.DefaultMechanisms, the strongest that works).
	Sandbox []sandbox.Mechanism
	// TreeDir holds the test command's isolated trees and kept caches
	// (empty: a directory of this user's under the system's temporary
	// directory).
	TreeDir string
	// Dir is the workspace when GITHUB_WORKSPACE is not set.
	Dir     string
	Version string
}

// runner is one run's state.
type runner struct {
	env    Env
	getenv func(string) string
	a      *githubactions.Action
	red    *redactor
	stdout io.Writer
	stderr io.Writer
	// log receives the stages' groups and progress lines (stdout).
	log  io.Writer
	ws   string
	fork bool // the pull request comes from a fork (see target.Fork)
	in   Inputs
	ov   Overrides
	// set gives each file its configuration: the config input for every
	// file, else the nearest .iflint.yml above it in the workspace (a
	// monorepo's subprojects keep their own). cfg governs the workspace
	// root (its JDKs serve every file).
	set *config.Set
	cfg *config.Config
	// base is the baseline input, for every file; otherwise bases holds
	// each configuration's own baseline.
	base  *baseline.File
	bases map[*config.Config]*baseline.File
}

// Run runs the action and returns its exit code. The error, if any, is
// already reported as an error annotation and free of secrets; callers
// print it and exit with the code.
func Run(ctx context.Context, env Env, ov Overrides) (code int, err error) {
	if env.Getenv == nil {
		env.Getenv = func(string) string { return "" }
	}
	if env.Now == nil {
		env.Now = time.Now
	}
	if env.Stdout == nil {
		env.Stdout = io.Discard
	}
	if env.Stderr == nil {
		env.Stderr = io.Discard
	}
	// The runner hides masked values from the log from here on; the mask
	// commands themselves are the only place the secrets are written.
	raw := githubactions.New(githubactions.WithGetenv(env.Getenv), githubactions.WithWriter(env.Stdout))
	token, key := readSecrets(raw, ov)
	for _, s := range []string{token, key} {
		if s != "" {
			raw.AddMask(s)
		}
	}
	red := newRedactor(token, key)
	stdout := &lockedWriter{w: red.Writer(env.Stdout)}
	r := &runner{
		env: env, getenv: env.Getenv, red: red, ov: ov,
		stdout: stdout, stderr: red.Writer(env.Stderr), log: stdout,
		a: githubactions.New(githubactions.WithGetenv(env.Getenv), githubactions.WithWriter(stdout)),
	}
	defer func() {
		// go-githubactions panics when it cannot write a file command.
		if p := recover(); p != nil {
			code, err = ExitInternal, fmt.Errorf("writing the workflow's output files: %v", p)
		}
		if err != nil {
			err = &redactedError{msg: red.String(err.Error()), err: err}
			func() {
				defer func() { _ = recover() }()
				r.a.Errorf("iflint: %s", err)
			}()
		}
	}()
	return r.run(ctx, token, key)
}

type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// errPRTarget explains the refusal in the error annotation.
var errPRTarget = errors.New("iflint does not run on pull_request_target by default: that event gives the workflow a write token and the repository's secrets, " +
	"while the checked-out head is untrusted code from the pull request, and iflint runs the repository's test command on it. " +
	"Use the pull_request event, or set allow-pull-request-target: true only if the workflow never checks out the pull request's code")

func (r *runner) run(ctx context.Context, token, key string) (int, error) {
	in, err := readInputs(r.a, r.ov, token, key)
	if err != nil {
		return ExitUsage, err
	}
	r.in = in
	r.ws = cmp.Or(r.getenv("GITHUB_WORKSPACE"), r.env.Dir, ".")
	if in.Mode == ModePublish {
		// No configuration and no workspace: the publisher reads only the
		// event, the API and the artifact.
		return r.publish(ctx, token)
	}
	t, err := readTarget(r.getenv, r.ov)
	if err != nil {
		return ExitUsage, err
	}
	if t.Event == eventPRTarget && !in.AllowPRTarget {
		return ExitUsage, inputError{errPRTarget}
	}
	cfgPath := in.Config
	if cfgPath != "" && !filepath.IsAbs(cfgPath) {
		cfgPath = filepath.Join(r.ws, cfgPath)
	}
	if err := r.loadConfigs(cfgPath); err != nil {
		return ExitUsage, err
	}
	if err := r.loadBaseline(cfgPath); err != nil {
		return ExitUsage, err
	}
	if t.PR == nil {
		return r.workspace(ctx, t)
	}
	r.fork = t.Fork
	return r.pullRequest(ctx, *t.PR, token)
}

// loadConfigs sets up the run's configurations: the config input (a
// path) for every file, else each file's nearest .iflint.yml.
func (r *runner) loadConfigs(cfgPath string) error {
	var err error
	if cfgPath != "" {
		cfg, err := config.Load(r.ws, cfgPath)
		if err != nil {
			return fmt.Errorf("configuration: %w", err)
		}
		if r.set, err = config.ForcedSet(r.ws, cfg); err != nil {
			return err
		}
	} else if r.set, err = config.NewSet(r.ws); err != nil {
		return err
	}
	if r.cfg, err = r.set.Dir(r.ws); err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	return nil
}

// check checks files as one stage of the log.
func (r *runner) check(ctx context.Context, files []engine.File) (*engine.Result, error) {
	var res *engine.Result
	err := r.stage(fmt.Sprintf("checking %d file(s)", len(files)), func(st *stageStatus) error {
		o := r.options()
		o.Progress = func(done, total int) { st.set("%d of %d file(s) checked", done, total) }
		var err error
		res, err = engine.Check(ctx, files, o)
		return err
	})
	return res, err
}

func (r *runner) options() engine.Options {
	return engine.Options{Configs: r.set, Toolchains: r.toolchains()}
}

func (r *runner) toolchains() *toolchain.SystemToolchains {
	return &toolchain.SystemToolchains{JDKs: r.cfg.JDKs, PyenvRoot: r.getenv("PYENV_ROOT")}
}

// workspace checks every file of the workspace: the run is not about a
// pull request (push, schedule, workflow_dispatch), so there is no diff
// to filter by and nobody to review.
func (r *runner) workspace(ctx context.Context, t target) (int, error) {
	var files *engine.Files
	code := ExitInternal
	err := r.stage("reading the workspace", func(st *stageStatus) error {
		var err error
		if files, err = engine.ReadFilesSetContext(ctx, r.set, []string{r.ws}); err != nil {
			return fmt.Errorf("reading the workspace: %w", err)
		}
		st.set("%d file(s)", len(files.Files))
		if err := r.loadConfigBaselines(files.Files); err != nil {
			code = ExitUsage
			return err
		}
		return nil
	})
	if err != nil {
		return code, err
	}
	res, err := r.check(ctx, files.Files)
	if err != nil {
		return ExitInternal, err
	}
	r.dropBaselined(res)
	rep := &report{
		Title: fmt.Sprintf("%s at %s", cmp.Or(r.getenv("GITHUB_REF"), "the workspace"), cmp.Or(short(t.SHA), "its current state")),
		Mode:  ModeCheck, SSR: ssr(res.Outcomes), HSR: hsr(res.Outcomes), Files: checkedFiles(res.Outcomes),
		Findings: res.Diagnostics, Rows: constraintRows(res.Outcomes, res.Diagnostics, nil, nil),
		Skipped: append(files.Skipped, res.Skipped...),
	}
	if r.in.Mode == ModeSuggest {
		rep.Notes = append(rep.Notes, fmt.Sprintf("Suggestions need a pull request; this %s run only checks.", cmp.Or(t.Event, "local")))
	}
	return r.finish(rep, res, res.Diagnostics, res.Suppressed, nil)
}

// finish writes the SARIF file (the findings in scope, and those in scope
// that inline markers silence, marked suppressed), the annotations of the
// findings no suggestion on the pull request covers, the outputs and the
// summary, and applies fail-on.
func (r *runner) finish(rep *report, res *engine.Result, kept, suppressed []engine.Diagnostic, covered map[string]bool) (int, error) {
	sarif, sarifErr := r.writeSARIF(r.in.SARIFFile, kept, suppressed, res)
	if sarifErr == nil {
		rep.SARIF = sarif
	}
	var open []engine.Diagnostic
	for _, d := range kept {
		if !covered[d.Fingerprint] {
			open = append(open, d)
		}
	}
	annotate(r.a, open, rep.SARIF)
	r.setOutputs(rep)
	r.writeSummary(rep)
	if sarifErr != nil {
		return ExitInternal, fmt.Errorf("writing the SARIF file: %w", sarifErr)
	}
	code := exitCode(r.in.FailOn, kept)
	if code == ExitClean && r.in.FailOn == FailAny && slices.ContainsFunc(rep.Skipped, func(s engine.Skipped) bool { return s.Unreadable }) {
		code = ExitFindings // fail-on any counts a file that could not be read
	}
	return code, nil
}

// gitEnv is git's whole environment: enough to find its configuration
// (safe.directory), nothing secret.
func (r *runner) gitEnv() []string {
	var env []string
	for _, k := range []string{"PATH", "HOME"} {
		if v := r.getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// environ is the test command's environment before scrubbing.
func (r *runner) environ() []string {
	if r.env.Environ != nil {
		return r.env.Environ()
	}
	var env []string
	for _, k := range []string{"PATH", "HOME", "TMPDIR", "LANG", "GOPATH", "GOCACHE", "GOMODCACHE", "GOFLAGS", "GOTOOLCHAIN", "GOPROXY",
		"CARGO_HOME", "RUSTUP_HOME", "RUSTUP_TOOLCHAIN", "PYENV_ROOT", "JAVA_HOME"} {
		if v := r.getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}
