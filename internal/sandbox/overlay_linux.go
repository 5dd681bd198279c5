package sandbox

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// overlayHelperArg, as the first argument, makes this program the
// overlay helper instead of itself (see init). It is long and odd so
// that no command line of iflint's, or of a test binary's, means it.
const overlayHelperArg = "__iflint-sandbox-overlay-helper__"

// init turns any program that links this package (iflint, and the test
// binaries of every package that runs tests through a Runner) into the
// overlay helper when started as one: inside bubblewrap's namespaces,
// with CAP_SYS_ADMIN there, it mounts the overlays, hides their layers,
// and execs what follows "--" (setpriv, which drops the capability for
// good, then the command). It is a program of its own rather than
// mount(8) because util-linux's mount refuses to mount for a user other
// than root, which the command, running as the user, is.
func init() {
	if len(os.Args) < 3 || os.Args[1] != overlayHelperArg {
		return
	}
	if err := overlayHelper(os.Args[2:]); err != nil {
		fmt.Fprintf(os.Stderr, "iflint sandbox: %v\n", err)
		if errors.As(err, new(mountError)) {
			os.Exit(overlayRefusedExit)
		}
		os.Exit(125)
	}
}

// mountError is a mount the kernel refused to the helper, which
// Runner.Sandbox tells apart from the helper's other failures: it may
// be the kernel's own rule (see overlayForbidden), or a fault of the
// sandbox's making.
type mountError struct{ err error }

func (e mountError) Error() string { return e.err.Error() }
func (e mountError) Unwrap() error { return e.err }

// overlayHelper reads LAYERS (LOWER UPPER WORK)... -- COMMAND...
func overlayHelper(args []string) error {
	layers, args := args[0], args[1:]
	for len(args) >= 3 && args[0] != "--" {
		lower, upper, work := args[0], args[1], args[2]
		if err := syscall.Mount("overlay", lower, "overlay", 0, "lowerdir="+lower+",upperdir="+upper+",workdir="+work); err != nil {
			return mountError{fmt.Errorf("mounting an overlay on %s: %w", lower, err)}
		}
		args = args[3:]
	}
	if len(args) < 2 || args[0] != "--" {
		return fmt.Errorf("expected LAYERS (LOWER UPPER WORK)... -- COMMAND..., got %q", args)
	}
	if err := syscall.Mount("none", layers, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "mode=0500"); err != nil {
		return mountError{fmt.Errorf("hiding the overlays' layers: %w", err)}
	}
	command := args[1:]
	return syscall.Exec(command[0], command, os.Environ())
}
