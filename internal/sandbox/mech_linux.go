package sandbox

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// variants are the forms of m to try, strongest first. bubblewrap
// without a user namespace needs privileges, so only root tries it; it
// still gets every other namespace, and bubblewrap drops its
// capabilities.
func variants(m Mechanism) [][]string {
	if m == Unshare {
		// The user as itself (util-linux 2.38), else as root inside.
		return [][]string{{"--map-current-user"}, {"--map-root-user"}}
	}
	if m != Bwrap {
		return [][]string{nil}
	}
	v := [][]string{{"--unshare-user", "--disable-userns"}, {"--unshare-user"}}
	if os.Getuid() == 0 {
		v = append(v, nil)
	}
	return v
}

// prepare makes cmd start under m; the hooks are what m adds to killing
// the process group, nil when nothing.
func (r *Runner) prepare(m Mechanism, cmd *exec.Cmd, p paths, orig string) (*mechanismHooks, error) {
	// SIGKILL if iflint dies first, so that a killed iflint does not leave
	// the command (bubblewrap, or the namespace's first process, taking
	// the rest with it) running.
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	switch m {
	case ProcessGroup:
		return nil, nil
	case Unshare:
		// util-linux's unshare, not clone flags of our own: an undumpable
		// parent (see undumpable) cannot write a child's uid_map, while
		// unshare maps its own user after exec made it dumpable again.
		// The command is the first process of the new PID namespace: when
		// it ends, the kernel kills everything else in it, and it dies
		// with unshare (--kill-child). Its own user namespace leaves it no
		// capability over processes outside, so even as root it cannot
		// read iflint's memory.
		bin := trusted("unshare")
		if bin == "" {
			return nil, notInstalled("unshare (util-linux) is not installed in /usr/bin or /bin")
		}
		args := append([]string{"unshare"}, r.variant...)
		args = append(args, "--pid", "--ipc", "--uts", "--fork", "--kill-child", "--")
		cmd.Path, cmd.Args = bin, append(args, cmd.Args...)
		return unshareInit(cmd), nil
	case Cgroup:
		return newCgroup(cmd)
	case Bwrap:
		return r.bwrap(cmd, p, orig)
	}
	return nil, fmt.Errorf("%s: %w", m, errUnsupported)
}

// bwrap turns cmd into bubblewrap running cmd (see Bwrap and plan).
// The command is passed by the name it was given: bubblewrap looks it up
// in the environment's PATH, from which environ removed relative entries.
func (r *Runner) bwrap(cmd *exec.Cmd, p paths, orig string) (*mechanismHooks, error) {
	bin, err := r.findBwrap(orig)
	if err != nil {
		return nil, err
	}
	infoR, infoW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.ExtraFiles = []*os.File{infoW} // fd 3: --info-fd
	pl := r.plan(p, orig, cmd.Env)
	args := append([]string{"bwrap"}, r.variant...)
	args = append(args, "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
		// The command's init dies with bubblewrap, and a new session has
		// no controlling terminal to push keystrokes into (TIOCSTI).
		"--die-with-parent", "--new-session",
		"--ro-bind", "/", "/")
	args = append(args, devArgs(r.overlay)...)
	args = append(args, "--proc", "/proc")
	for _, d := range pl.hide {
		args = append(args, "--tmpfs", d)
	}
	for _, d := range pl.show {
		args = append(args, "--ro-bind", d, d)
	}
	for _, f := range pl.mask {
		// A device needs --dev-bind: other binds are nodev.
		args = append(args, "--dev-bind", "/dev/null", f)
	}
	for _, d := range pl.rw {
		args = append(args, "--bind", d, d)
	}
	command := cmd.Args
	if r.overlay {
		var binds []string
		if command, binds, err = r.overlaid(p, cmd.Env, command); err != nil {
			infoR.Close()
			infoW.Close()
			return nil, err
		}
		if binds != nil {
			// CAP_DAC_OVERRIDE as well: overlayfs makes its work
			// directory mode 000 and then enters it with the mounter's
			// credentials. Both hold only in the sandbox's user
			// namespace, over files of this user's, and are dropped
			// (bounding set included) before the command starts.
			args = append(append(args, binds...), "--cap-add", "CAP_SYS_ADMIN", "--cap-add", "CAP_DAC_OVERRIDE")
		}
	}
	args = append(args, "--info-fd", "3", "--chdir", p.repo, "--")
	cmd.Path, cmd.Args = bin, append(args, command...)
	return namespaceInit(infoR, infoW), nil
}

// devArgs is the sandbox's /dev. bubblewrap's own (--dev) mounts a
// devpts, and to do so as a user other than root it sets up the
// namespaces as root of a first user namespace and runs the command in
// a second one nested in it, which owns no mount: the overlay helper
// could not mount there. With overlays, /dev is therefore made of the
// same devices without devpts (no pseudo-terminals: /dev/pts and
// /dev/ptmx are missing); without, --dev.
func devArgs(overlay bool) []string {
	if !overlay {
		return []string{"--dev", "/dev"}
	}
	args := []string{"--tmpfs", "/dev"}
	for _, d := range []string{"null", "zero", "full", "random", "urandom", "tty"} {
		args = append(args, "--dev-bind-try", "/dev/"+d, "/dev/"+d)
	}
	args = append(args, "--tmpfs", "/dev/shm", "--symlink", "/proc/self/fd", "/dev/fd",
		"--symlink", "/proc/self/fd/0", "/dev/stdin", "--symlink", "/proc/self/fd/1", "/dev/stdout",
		"--symlink", "/proc/self/fd/2", "/dev/stderr", "--symlink", "/proc/kcore", "/dev/core")
	return args
}

// overlaid wraps command in the overlay helper (see overlay_linux.go)
// for the real caches env names (see cacheVars), with layers under the
// command's cache directory; it returns command as it is when there is
// nothing to overlay. The helper is this very program, bound read-only
// into the layers' directory, which it hides once the overlays are
// mounted; setpriv then drops every capability before the command runs.
func (r *Runner) overlaid(p paths, env, command []string) ([]string, []string, error) {
	layers := filepath.Join(p.cache, ".overlay")
	var lowers []string
	for _, c := range cacheVars {
		dir := lookupEnv(env, c.name)
		if dir == "" || within(dir, p.cache) || strings.ContainsAny(dir, ",:\\") {
			continue
		}
		lowers = append(lowers, dir)
	}
	lowers = outermost(resolveAll(lowers))
	if len(lowers) == 0 {
		return command, nil, nil
	}
	self, err := os.Executable()
	if err != nil {
		return nil, nil, fmt.Errorf("the overlay helper: %w", err)
	}
	setpriv := trusted("setpriv")
	if setpriv == "" {
		return nil, nil, errors.New("overlays need setpriv (util-linux) in /usr/bin or /bin")
	}
	helper := filepath.Join(layers, "helper")
	if err := os.MkdirAll(layers, 0o700); err != nil {
		return nil, nil, fmt.Errorf("creating the overlays' layers: %w", err)
	}
	if err := os.WriteFile(helper, nil, 0o500); err != nil && !errors.Is(err, fs.ErrPermission) {
		return nil, nil, fmt.Errorf("creating the overlay helper's mount point: %w", err)
	}
	args := []string{helper, overlayHelperArg, layers}
	for i, lower := range lowers {
		up, work := filepath.Join(layers, strconv.Itoa(i), "up"), filepath.Join(layers, strconv.Itoa(i), "work")
		for _, d := range []string{up, work} {
			if err := os.MkdirAll(d, 0o700); err != nil {
				return nil, nil, fmt.Errorf("creating an overlay's layers: %w", err)
			}
		}
		args = append(args, lower, up, work)
	}
	args = append(args, "--", setpriv, "--no-new-privs", "--inh-caps=-all", "--ambient-caps=-all", "--bounding-set=-all", "--")
	binds := []string{"--ro-bind", self, helper}
	return append(args, command...), binds, nil
}

// trusted finds a system program in the system's own directories only.
func trusted(name string) string {
	for _, dir := range []string{"/usr/bin", "/bin", "/usr/sbin", "/sbin"} {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// namespaceInit follows the first process of bubblewrap's PID namespace.
// bubblewrap itself exits as soon as the command does, while that
// process, and with it the namespace, is still being torn down; it is
// also in a session of its own, out of reach of the process group's
// kill. Its pid comes from --info-fd, as {"child-pid": N}.
func namespaceInit(infoR, infoW *os.File) *mechanismHooks {
	w := pidWatch{fd: -1}
	started := false
	read := make(chan struct{})
	return &mechanismHooks{
		started: func() {
			started = true
			infoW.Close()
			go func() {
				defer close(read)
				defer infoR.Close()
				var info struct {
					ChildPid int `json:"child-pid"`
				}
				if json.NewDecoder(infoR).Decode(&info) == nil && info.ChildPid > 0 {
					w = watch(info.ChildPid)
				}
			}()
		},
		kill: func() {
			select {
			case <-read:
				w.kill()
			default: // not known yet: it dies with bubblewrap (--die-with-parent)
			}
		},
		release: func() error {
			infoW.Close()
			if !started {
				infoR.Close()
				return nil
			}
			// bubblewrap has exited: what it wrote is read, or the pipe ended.
			<-read
			return w.wait()
		},
	}
}

// unshareInit follows the first process of unshare's PID namespace,
// unshare's only child, for the same reasons: killed first (by a
// timeout), unshare would leave the namespace's teardown under way.
func unshareInit(cmd *exec.Cmd) *mechanismHooks {
	w := pidWatch{fd: -1}
	return &mechanismHooks{
		kill: func() {
			if w.fd < 0 && cmd.Process != nil {
				b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", cmd.Process.Pid, cmd.Process.Pid))
				if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
					w = watch(pid)
				}
			}
			w.kill()
		},
		release: func() error { return w.wait() },
	}
}

// pidWatch holds on to a process through a pidfd, which cannot come to
// mean another process: to kill it, and to wait until it is gone, and
// with it, for the first process of a PID namespace, every other one
// (the kernel kills them all before that process's exit completes).
type pidWatch struct{ fd int }

func watch(pid int) pidWatch {
	fd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		return pidWatch{fd: -1}
	}
	return pidWatch{fd: fd}
}

func (w pidWatch) kill() {
	if w.fd >= 0 {
		_ = unix.PidfdSendSignal(w.fd, unix.SIGKILL, nil, 0)
	}
}

// wait waits (bounded by cgroupDrain) for the process to end.
func (w pidWatch) wait() error {
	if w.fd < 0 {
		return nil
	}
	defer unix.Close(w.fd)
	fds := []unix.PollFd{{Fd: int32(w.fd), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(fds, int(cgroupDrain.Milliseconds()))
		switch {
		case errors.Is(err, unix.EINTR):
			continue
		case err != nil:
			return fmt.Errorf("waiting for the sandbox to end: %w", err)
		case n == 0:
			return fmt.Errorf("the sandbox's processes did not end within %s of SIGKILL", cgroupDrain)
		}
		return nil
	}
}

// findBwrap looks for bubblewrap on the PATH of Runner.Env, skipping
// entries that are relative or lie inside the repository or a sealed
// directory: a pull request must not get to provide its own "bwrap".
func (r *Runner) findBwrap(orig string) (string, error) {
	sealed := resolveAll(r.sealedDirs(orig))
	for _, dir := range resolveAll(filepath.SplitList(lookupEnv(r.Env, "PATH"))) {
		if inAny(dir, sealed) {
			continue
		}
		p := filepath.Join(dir, "bwrap")
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p, nil
		}
	}
	return "", notInstalled("bwrap is not installed (Debian and Ubuntu: apt-get install bubblewrap)")
}

func inAny(p string, dirs []string) bool {
	for _, d := range dirs {
		if within(p, d) {
			return true
		}
	}
	return false
}

// cgroupSeq names this process's cgroups apart.
var cgroupSeq atomic.Int64

// cgroupDrain bounds the wait for a killed cgroup to empty.
const cgroupDrain = 10 * time.Second

// newCgroup makes a cgroup below this process's own (cgroup v2, where
// it is delegated to this user) and starts cmd in it (clone3's
// CLONE_INTO_CGROUP). Killing writes cgroup.kill, which the kernel
// delivers to every member however it detached.
func newCgroup(cmd *exec.Cmd) (*mechanismHooks, error) {
	base, err := ownCgroup()
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(base, fmt.Sprintf("iflint-test-%d-%d", os.Getpid(), cgroupSeq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating a cgroup: %w", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "cgroup.kill")); err != nil {
		_ = os.Remove(dir)
		return nil, errors.New("the cgroup has no cgroup.kill (Linux 5.14 or later)")
	}
	fd, err := syscall.Open(dir, syscall.O_DIRECTORY|syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		_ = os.Remove(dir)
		return nil, fmt.Errorf("opening the cgroup: %w", err)
	}
	cmd.SysProcAttr.UseCgroupFD, cmd.SysProcAttr.CgroupFD = true, fd
	return &mechanismHooks{
		kill: func() { _ = os.WriteFile(filepath.Join(dir, "cgroup.kill"), []byte("1"), 0) },
		release: func() error {
			syscall.Close(fd)
			deadline := time.Now().Add(cgroupDrain)
			for populated(dir) && time.Now().Before(deadline) {
				time.Sleep(time.Millisecond)
			}
			if err := os.Remove(dir); err != nil {
				return fmt.Errorf("removing the test's cgroup: %w", err)
			}
			return nil
		},
	}, nil
}

// populated reads cgroup.events: whether any process is still in it.
func populated(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "cgroup.events"))
	return err == nil && strings.Contains(string(b), "populated 1")
}

// ownCgroup is this process's cgroup v2 directory.
func ownCgroup() (string, error) {
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", fmt.Errorf("reading /proc/self/cgroup: %w", err)
	}
	var rel string
	found := false
	for _, line := range strings.Split(string(b), "\n") {
		if r, ok := strings.CutPrefix(line, "0::"); ok {
			rel, found = r, true
		}
	}
	if !found {
		return "", errors.New("no cgroup v2 hierarchy")
	}
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// id parent major:minor root mountpoint options ... - fstype source
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		fields := strings.Fields(pre)
		if !ok || len(fields) < 5 || !strings.HasPrefix(post, "cgroup2 ") {
			continue
		}
		root, mnt := fields[3], fields[4]
		sub := strings.TrimPrefix(rel, root)
		if root == "/" {
			sub = rel
		}
		return filepath.Join(mnt, sub), nil
	}
	return "", errors.New("no cgroup v2 file system mounted")
}
