package procenv

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// fdVar names the memory file's descriptor in the re-executed image.
const fdVar = "IFLINT_ENVIRON_FD"

// runtimeVars stay in the block: the runtime reads them before main.
var runtimeVars = []string{"GODEBUG", "GOGC", "GOMEMLIMIT", "GOMAXPROCS", "GOTRACEBACK"}

// Hide makes sure this process's environment block holds nothing but
// runtimeVars (see the package comment). In the original image it
// re-executes the program and does not return unless that failed; in
// the re-executed one it restores the environment and returns nil. An
// error leaves the environment as it was: the caller may go on, with
// the secrets still in the block.
func Hide() error {
	if v, ok := os.LookupEnv(fdVar); ok {
		return restore(v)
	}
	env := os.Environ()
	block := keep(env)
	if len(block) == len(env) {
		return nil // nothing beyond the runtime's own variables
	}
	fd, err := unix.MemfdCreate("iflint-environ", 0) // no MFD_CLOEXEC: it must survive the exec
	if err != nil {
		return fmt.Errorf("creating the memory file: %w", err)
	}
	f := os.NewFile(uintptr(fd), "iflint-environ")
	if _, err := f.Write(encode(env)); err != nil {
		f.Close()
		return fmt.Errorf("writing the memory file: %w", err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return err
	}
	// os.NewFile does not set close-on-exec; make sure of it not being set.
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETFD, 0); err != nil {
		f.Close()
		return err
	}
	block = append(block, fdVar+"="+strconv.Itoa(fd))
	// By its real path rather than /proc/self/exe, so that the process
	// keeps its name (ps, /proc/pid/comm).
	self, err := os.Executable()
	if err != nil {
		self = "/proc/self/exe"
	}
	err = syscall.Exec(self, os.Args, block)
	f.Close()
	return fmt.Errorf("re-executing %s: %w", os.Args[0], err)
}

// restore reads the environment from the memory file fdText names.
func restore(fdText string) error {
	fd, err := strconv.Atoi(fdText)
	if err != nil || fd < 3 {
		return fmt.Errorf("%s=%q: expected a descriptor number", fdVar, fdText)
	}
	f := os.NewFile(uintptr(fd), "iflint-environ")
	data, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("reading the environment back: %w", err)
	}
	env, err := decode(data)
	if err != nil {
		return err
	}
	os.Clearenv()
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if err := os.Setenv(k, v); err != nil {
			return err
		}
	}
	// Same-user processes (a test command) may otherwise read this
	// process's memory, where the environment now is.
	_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, unix.PR_SET_DUMPABLE, 0, 0)
	return nil
}

// keep is the part of env that stays in the block.
func keep(env []string) []string {
	var out []string
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if slices.Contains(runtimeVars, k) {
			out = append(out, kv)
		}
	}
	return out
}

// encode writes each entry followed by a NUL, as /proc/pid/environ does.
func encode(env []string) []byte {
	var b bytes.Buffer
	for _, kv := range env {
		b.WriteString(kv)
		b.WriteByte(0)
	}
	return b.Bytes()
}

func decode(data []byte) ([]string, error) {
	if len(data) > 0 && data[len(data)-1] != 0 {
		return nil, errors.New("the environment handed over is cut short")
	}
	var out []string
	for _, e := range bytes.Split(bytes.TrimSuffix(data, []byte{0}), []byte{0}) {
		if len(e) > 0 {
			out = append(out, string(e))
		}
	}
	return out, nil
}
