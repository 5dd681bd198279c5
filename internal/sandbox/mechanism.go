package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Mechanism is how a test command is contained. Which one a run uses is
// decided at run time by trying them in order (Runner.Sandbox): the
// platform decides what works (bubblewrap installed or not, user
// namespaces allowed or not, a writable cgroup or not), not a setting.
type Mechanism string

const (
	// Bwrap runs the command under bubblewrap in new user, mount, PID,
	// IPC and UTS namespaces: the filesystem read-only but for the
	// command's own tree, HOME, TMPDIR and caches; the user's HOME, the
	// shared temporary directories, /run, the runner's temporary
	// directory, the workspace and the original repository hidden; a
	// /proc of its own; no controlling terminal. When the namespace's
	// first process ends, the kernel kills every other one in it.
	Bwrap Mechanism = "bwrap"
	// Unshare starts the command, through util-linux's unshare, as the
	// first process of new user, PID, IPC and UTS namespaces: everything
	// it starts dies with it, and it cannot read iflint's memory or
	// environment even as root. The filesystem is not isolated.
	Unshare Mechanism = "unshare"
	// Cgroup starts the command in a cgroup of its own (cgroup v2,
	// delegated to this user) and kills the cgroup afterwards: nothing
	// the command started survives, however it detached. Nothing else is
	// isolated.
	Cgroup Mechanism = "cgroup"
	// ProcessGroup is the last resort: the command's process group is
	// killed, which a process that calls setsid escapes. Nothing is
	// isolated beyond the environment, HOME and TMPDIR.
	ProcessGroup Mechanism = "process-group"
)

// DefaultMechanisms are tried in this order: the strongest first.
var DefaultMechanisms = []Mechanism{Bwrap, Unshare, Cgroup, ProcessGroup}

// ParseMechanism accepts a mechanism's name.
func ParseMechanism(s string) (Mechanism, error) {
	for _, m := range DefaultMechanisms {
		if string(m) == s {
			return m, nil
		}
	}
	names := make([]string, len(DefaultMechanisms))
	for i, m := range DefaultMechanisms {
		names[i] = string(m)
	}
	return "", fmt.Errorf("unknown sandbox %q: expected one of %s", s, strings.Join(names, ", "))
}

// Isolated reports whether m is a real sandbox: the command cannot
// write outside its own tree, cannot reach the runner's files, and
// nothing it starts outlives it. Only then may code nobody reviewed
// (a pull request from a fork) run as the test command.
func (m Mechanism) Isolated() bool { return m == Bwrap }

// Protects says in a phrase what m guarantees beyond the allowlisted
// environment, the private HOME and TMPDIR and the closed descriptors
// every mechanism gives.
func (m Mechanism) Protects() string {
	switch m {
	case Bwrap:
		return "user, mount, PID and IPC namespaces: read-only filesystem except the isolated tree, HOME, runner and workspace directories hidden, every process killed at the end"
	case Unshare:
		return "user, PID and IPC namespaces: every process killed at the end, iflint's memory unreadable; the filesystem is NOT isolated"
	case Cgroup:
		return "a cgroup of its own: every process killed at the end; the filesystem is NOT isolated"
	case ProcessGroup:
		return "NO sandbox: only the process group is killed (setsid escapes it), the filesystem is not isolated"
	}
	return ""
}

// Sandbox is what Runner.Sandbox found: the mechanism in use and why
// the stronger ones were passed over.
type Sandbox struct {
	Mechanism Mechanism `json:"mechanism"`
	// Isolated is Mechanism.Isolated: a real sandbox.
	Isolated bool `json:"isolated"`
	// Protects is Mechanism.Protects.
	Protects string `json:"protects"`
	// CacheOverlay is set when, in a real sandbox, the toolchains' real
	// caches are overlaid (read from, written above); otherwise the
	// command's caches start empty.
	CacheOverlay bool `json:"cache_overlay,omitempty"`
	// NoCacheOverlay says why, in a real sandbox, the real caches are not
	// overlaid, when overlays were tried and failed.
	NoCacheOverlay string `json:"no_cache_overlay,omitempty"`
	// CacheOverlayForbidden is set when that failure was the kernel's
	// refusal to mount an overlay there (no overlayfs in a user
	// namespace, or an upper layer on a file system it does not take).
	CacheOverlayForbidden bool `json:"cache_overlay_forbidden,omitempty"`
	// Unavailable are the stronger mechanisms tried first, with the
	// reason each did not work here.
	Unavailable []Unavailable `json:"unavailable,omitempty"`
}

// Unavailable is a mechanism that did not work, and why.
type Unavailable struct {
	Mechanism Mechanism `json:"mechanism"`
	Reason    string    `json:"reason"`
	// Kernel, when set, says that the kernel or its security policy
	// forbids what the mechanism needs here (user namespaces, a
	// delegated cgroup), and how: installing something will not help,
	// changing the system's settings may. Empty, the mechanism is
	// missing or failed although the kernel allows it.
	Kernel string `json:"kernel,omitempty"`
}

// Text is the sandbox in a sentence, for reports.
func (s Sandbox) Text() string {
	out := fmt.Sprintf("%s (%s)", s.Mechanism, s.Protects)
	for _, u := range s.Unavailable {
		out += fmt.Sprintf("; %s unavailable: %s", u.Mechanism, u.Reason)
		if u.Kernel != "" {
			out += fmt.Sprintf(" (%s)", u.Kernel)
		}
	}
	return out
}

// probeTimeout bounds one mechanism's trial run of `true`.
const probeTimeout = 30 * time.Second

// Sandbox decides, once per Runner, which mechanism contains its runs:
// each of Mechanisms (default DefaultMechanisms) in turn runs `true` in
// a scratch tree laid out as a real one, with everything the mechanism
// sets up for a real run, and the first that succeeds is used for every
// run. It is an error when none works, which can only happen when the
// caller left ProcessGroup out (asking for a real sandbox, say), and
// when ctx ends first (then nothing is decided: a later call tries
// again).
func (r *Runner) Sandbox(ctx context.Context) (Sandbox, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sandbox != nil {
		return *r.sandbox, nil
	}
	ms := r.Mechanisms
	if len(ms) == 0 {
		ms = DefaultMechanisms
	}
	var s Sandbox
	for _, m := range ms {
		err := r.probe(ctx, m)
		if ctx.Err() != nil {
			return Sandbox{}, fmt.Errorf("verify: choosing the test command's sandbox: %w", ctx.Err())
		}
		if err == nil {
			s.Mechanism, s.Isolated, s.Protects, s.CacheOverlay = m, m.Isolated(), m.Protects(), r.overlay
			if m.Isolated() && !r.overlay && r.overlayErr != nil {
				s.NoCacheOverlay = r.overlayErr.Error()
				if why := overlayForbidden(os.TempDir()); why != "" && errors.Is(r.overlayErr, errOverlayRefused) {
					s.NoCacheOverlay += " (" + why + ")"
					s.CacheOverlayForbidden = true
				}
			}
			r.sandbox = &s
			return s, nil
		}
		u := Unavailable{Mechanism: m, Reason: err.Error()}
		if !errors.As(err, new(notInstalled)) {
			u.Kernel = kernelForbids(m)
		}
		s.Unavailable = append(s.Unavailable, u)
	}
	var reasons []string
	for _, u := range s.Unavailable {
		reasons = append(reasons, fmt.Sprintf("%s: %s", u.Mechanism, u.Reason))
	}
	return s, fmt.Errorf("verify: no sandbox for the test command works here (%s)", strings.Join(reasons, "; "))
}

// probe runs `true` under m in a scratch tree, in each of m's variants
// (see variants) until one works, and keeps that variant for the runs.
// For a real sandbox it also tries overlays on the real caches (see
// cacheVars), in the first variant that allows them: bubblewrap's
// --disable-userns does not (the command would sit in a nested user
// namespace that does not own its mounts), and warm caches are worth
// more to every run than the command's being unable to make further
// user namespaces, so a variant with overlays wins over a stronger one
// without.
func (r *Runner) probe(ctx context.Context, m Mechanism) error {
	r.overlayErr = nil
	if m == ProcessGroup {
		return nil
	}
	var errs []string
	var fallback []string
	found := false
	for _, v := range variants(m) {
		r.variant, r.overlay = v, false
		if err := r.tryOnce(ctx, m); err != nil {
			if errors.As(err, new(notInstalled)) {
				return err // no variant does without the program
			}
			errs = append(errs, err.Error())
			continue
		}
		if !m.Isolated() {
			return nil
		}
		if !found {
			fallback, found = v, true
		}
		r.overlay = true
		if r.overlayErr = r.tryOnce(ctx, m); r.overlayErr == nil {
			return nil
		}
	}
	if found {
		r.variant, r.overlay = fallback, false
		return nil
	}
	r.variant, r.overlay = nil, false
	return errors.New(strings.Join(slices.Compact(errs), "; "))
}

// tryOnce runs `true` under m (in r.variant) in a scratch tree.
func (r *Runner) tryOnce(ctx context.Context, m Mechanism) error {
	dir, err := os.MkdirTemp("", "iflint-probe-")
	if err != nil {
		return fmt.Errorf("creating a scratch tree: %w", err)
	}
	defer removeTree(dir)
	p := paths{repo: filepath.Join(dir, "repo"), home: filepath.Join(dir, "home"), tmp: filepath.Join(dir, "tmp")}
	if m.Isolated() {
		p.cache = filepath.Join(dir, "cache")
	}
	for _, d := range []string{p.repo, p.home, p.tmp, p.cache} {
		if d == "" {
			continue
		}
		if err := os.Mkdir(d, 0o700); err != nil {
			return fmt.Errorf("creating a scratch tree: %w", err)
		}
	}
	env := r.environ(p)
	truePath, err := lookPath("true", env)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	out := newTail(4 << 10)
	code, err := r.launchAndWait(ctx, m, p, p.repo, []string{truePath}, env, out)
	if err != nil {
		return err
	}
	if code != 0 {
		msg := strings.TrimSpace(string(out.Bytes()))
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		if msg == "" {
			msg = "no message"
		}
		err := fmt.Errorf("a trial run exited %d: %s", code, msg)
		if code == overlayRefusedExit {
			err = fmt.Errorf("%w: %w", errOverlayRefused, err)
		}
		return err
	}
	return nil
}

// overlayRefusedExit is the overlay helper's exit status when a mount
// failed (see overlayHelper); any other failure of the helper's exits
// 125.
const overlayRefusedExit = 124

// errOverlayRefused marks a trial run whose overlay mounts failed.
var errOverlayRefused = errors.New("mounting the cache overlays failed")

// notInstalled is a mechanism whose program is missing: installing it
// may help, whatever the kernel allows.
type notInstalled string

func (e notInstalled) Error() string { return string(e) }

// errUnsupported is a mechanism this system does not have.
var errUnsupported = errors.New("not supported on this system")
