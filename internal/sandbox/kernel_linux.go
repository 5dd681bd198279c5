package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// kernelForbids says, for a mechanism that did not work, whether the
// kernel or its security policy forbids what it needs, and how; "" when
// the kernel allows it, so that the mechanism itself is missing or
// broken. It asks the kernel directly, without the mechanism's tools:
// reports can then tell "install bubblewrap" from "this system does not
// allow user namespaces", and tests can skip a mechanism only where the
// system truly rules it out (see sandboxtest).
func kernelForbids(m Mechanism) string {
	switch m {
	case Bwrap, Unshare:
		return userNamespacesForbidden()
	case Cgroup:
		return cgroupForbidden()
	}
	return ""
}

// userNamespacesForbidden starts `true` in new user, mount and PID
// namespaces, as bubblewrap and unshare need them. Creating the mount
// namespace needs CAP_SYS_ADMIN in the new user namespace, which is
// what Ubuntu's AppArmor restriction withholds; seccomp filters (a
// container's default profile), user.max_user_namespaces=0 and Debian's
// kernel.unprivileged_userns_clone=0 refuse the clone itself. No user is
// mapped, so this works from an undumpable process too.
func userNamespacesForbidden() string {
	bin := trusted("true")
	if bin == "" {
		return ""
	}
	cmd := exec.Command(bin)
	cmd.Env = []string{}
	cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID}
	err := cmd.Run()
	if err == nil && os.Geteuid() != 0 && readSysctl("kernel/apparmor_restrict_unprivileged_userns") == "1" {
		// A clone that AppArmor let through may still leave the
		// namespace without the capabilities to set it up.
		return "AppArmor restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns=1)"
	}
	if err == nil {
		return ""
	}
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		return "" // the namespaces were made; `true` failed in them for another reason
	}
	why := fmt.Sprintf("the kernel refuses new user namespaces here: %v", err)
	for _, knob := range []struct{ name, forbids string }{
		{"user/max_user_namespaces", "0"},
		{"kernel/unprivileged_userns_clone", "0"},
		{"kernel/apparmor_restrict_unprivileged_userns", "1"},
	} {
		if v := readSysctl(knob.name); v == knob.forbids {
			why += fmt.Sprintf(" (%s=%s)", strings.ReplaceAll(knob.name, "/", "."), v)
		}
	}
	if errors.Is(err, syscall.EPERM) && seccompFiltered() {
		why += " (a seccomp filter, as a container's default profile has)"
	}
	return why
}

// cgroupForbidden checks what the cgroup mechanism needs: a cgroup v2
// hierarchy, cgroup.kill (Linux 5.14), and this user's right to create
// a cgroup below its own and move a process into it (a cgroup delegated
// to the user, or root on a writable cgroup file system).
func cgroupForbidden() string {
	base, err := ownCgroup()
	if err != nil {
		return fmt.Sprintf("the system offers no cgroup v2 of this process's: %v", err)
	}
	if err := unix.Access(filepath.Join(base, "cgroup.procs"), unix.W_OK); err != nil {
		return fmt.Sprintf("this user may not move processes within its cgroup %s (not delegated to it): %v", base, err)
	}
	dir, err := os.MkdirTemp(base, "iflint-check-")
	if err != nil {
		return fmt.Sprintf("this user may not create cgroups below %s (not delegated to it): %v", base, err)
	}
	defer os.Remove(dir)
	if _, err := os.Stat(filepath.Join(dir, "cgroup.kill")); err != nil {
		return "the kernel has no cgroup.kill (Linux 5.14 or later)"
	}
	return ""
}

func readSysctl(name string) string {
	b, err := os.ReadFile(filepath.Join("/proc/sys", name))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// seccompFiltered reads whether this process runs under a seccomp filter.
func seccompFiltered() bool {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Seccomp:"); ok {
			return strings.TrimSpace(v) == "2"
		}
	}
	return false
}

// overlayFsMagic is overlayfs's statfs type (OVERLAYFS_SUPER_MAGIC).
const overlayFsMagic = 0x794c7630

// overlayForbidden says why the kernel refuses the cache overlays in a
// user namespace here, "" when it should take them: overlayfs came to
// user namespaces with Linux 5.11, and an overlay's upper layer cannot
// lie on an overlayfs (a container's root file system often is one;
// upperDir is where the layers go).
func overlayForbidden(upperDir string) string {
	var u unix.Utsname
	if unix.Uname(&u) == nil {
		release := unix.ByteSliceToString(u.Release[:])
		var major, minor int
		if _, err := fmt.Sscanf(release, "%d.%d", &major, &minor); err == nil && (major < 5 || major == 5 && minor < 11) {
			return fmt.Sprintf("Linux %s has no overlayfs in user namespaces (5.11 and later have)", release)
		}
	}
	var st unix.Statfs_t
	if unix.Statfs(upperDir, &st) == nil && st.Type == overlayFsMagic {
		return fmt.Sprintf("the layers would lie in %s, on an overlayfs, which overlayfs does not take as an upper layer", upperDir)
	}
	return ""
}
