package engine

import "testing"

// A run names a file outside its root with ../ when the two share a
// directory (a run in one subproject naming another), and by its
// absolute path when they share only the filesystem's root (/dev/zero
// named from a project), where ../../../ would say nothing.
func TestRunPath(t *testing.T) {
	for _, c := range []struct{ root, p, want string }{
		{"/tmp/a/b", "/tmp/a/b/x.go", "x.go"},
		{"/tmp/a/b", "/tmp/a/c/x.go", "../c/x.go"},
		{"/tmp/a/b", "/dev/zero", "/dev/zero"},
		{"/tmp", "/x", "/x"},
		{"/", "/x", "x"},
		{"/tmp/a", "/tmp/a../x", "../a../x"}, // a name ending in .. is no step up
	} {
		if got := runPath(c.root, c.p); got != c.want {
			t.Errorf("runPath(%q, %q) = %q, want %q", c.root, c.p, got, c.want)
		}
	}
}
