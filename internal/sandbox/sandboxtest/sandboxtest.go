// Package sandboxtest decides, for tests, which of the test command's
// sandbox mechanisms to exercise on this machine, and when a missing one
// is a failure rather than a reason to skip. The rule is the same for
// every package that tests the sandbox:
//
//   - a mechanism the kernel or its security policy forbids here (no user
//     namespaces, Ubuntu's AppArmor restriction, a container's seccomp
//     filter, no delegated cgroup: see sandbox.Unavailable.Kernel) is
//     skipped, and the reason logged;
//   - any other failure — bubblewrap not installed, or a mechanism that
//     fails although the kernel allows what it needs — fails the test
//     under CI or IFLINT_E2E (.ci/run and the workflow install
//     bubblewrap), and is skipped with its reason elsewhere;
//   - the process group always works, so at least one mechanism is
//     always exercised.
package sandboxtest

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/iflint/iflint/internal/sandbox"
)

// Strict reports whether a mechanism that is missing although the
// kernel allows it fails tests: under CI or IFLINT_E2E.
func Strict() bool {
	return os.Getenv("CI") != "" || os.Getenv("IFLINT_E2E") != ""
}

// Check is what a Runner limited to m with env found: the sandbox when m
// works, else why not (and whether the kernel forbids it).
func Check(env []string, m sandbox.Mechanism) (sandbox.Sandbox, *sandbox.Unavailable) {
	r := &sandbox.Runner{Env: env, Mechanisms: []sandbox.Mechanism{m}}
	sb, err := r.Sandbox(context.Background())
	if err == nil {
		return sb, nil
	}
	u := sandbox.Unavailable{Mechanism: m, Reason: err.Error()}
	if len(sb.Unavailable) > 0 {
		u = sb.Unavailable[0]
	}
	return sb, &u
}

// Require returns the sandbox of m with env, or ends t: skipped when the
// kernel forbids m here or, outside Strict, when m is missing; failed
// when, under Strict, m is missing or broken although the kernel allows
// it.
func Require(t testing.TB, env []string, m sandbox.Mechanism) sandbox.Sandbox {
	t.Helper()
	sb, u := Check(env, m)
	if u == nil {
		return sb
	}
	switch {
	case u.Kernel != "":
		t.Skipf("%s cannot work on this machine: %s (it said: %s)", m, u.Kernel, u.Reason)
	case Strict():
		t.Fatalf("%s does not work although the kernel allows it (under CI or IFLINT_E2E, .ci/run installs bubblewrap): %s", m, u.Reason)
	default:
		t.Skipf("%s does not work here (apt-get install bubblewrap; under CI or IFLINT_E2E this fails): %s", m, u.Reason)
	}
	return sb
}

var (
	once    sync.Once
	working []sandbox.Mechanism
	missing []sandbox.Unavailable
)

// Working lists the mechanisms that work on this machine with the
// process's environment, strongest first, and logs why the others do
// not; under Strict, one missing although the kernel allows it fails t.
// The process group is always among them.
func Working(t testing.TB) []sandbox.Mechanism {
	t.Helper()
	once.Do(func() {
		for _, m := range sandbox.DefaultMechanisms {
			if _, u := Check(os.Environ(), m); u != nil {
				missing = append(missing, *u)
				continue
			}
			working = append(working, m)
		}
	})
	for _, u := range missing {
		switch {
		case u.Kernel != "":
			t.Logf("not exercised: %s cannot work on this machine: %s (it said: %s)", u.Mechanism, u.Kernel, u.Reason)
		case Strict():
			t.Errorf("%s does not work although the kernel allows it (under CI or IFLINT_E2E, .ci/run installs bubblewrap): %s", u.Mechanism, u.Reason)
		default:
			t.Logf("not exercised: %s does not work here (under CI or IFLINT_E2E this fails): %s", u.Mechanism, u.Reason)
		}
	}
	if len(working) == 0 || working[len(working)-1] != sandbox.ProcessGroup {
		t.Fatalf("the process group, which needs nothing, does not work: %v", missing)
	}
	return working
}

// Strongest is the strongest mechanism of Working.
func Strongest(t testing.TB) sandbox.Mechanism {
	t.Helper()
	return Working(t)[0]
}
