package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// versionLine is what `iflint version` prints after "iflint ": the
// version, and for a release binary (Version set at link time by
// install/build.sh) that it is one, for which platform and Go, so a CI
// log shows which release the Action installed.
func (c *Command) versionLine() string {
	if Version != "dev" && Version != "" {
		return fmt.Sprintf("%s (release build, %s/%s, %s)", Version, runtime.GOOS, runtime.GOARCH, runtime.Version())
	}
	return c.version()
}

// version names this build: Version when set at link time, else the
// module version from the build information (a tag or pseudo-version
// for `go install ...@v`, "(devel)" for a local build) with the commit,
// its time and whether the tree had uncommitted changes, which `go build`
// records from git.
func (c *Command) version() string {
	if Version != "dev" && Version != "" {
		return Version
	}
	read := c.BuildInfo
	if read == nil {
		read = debug.ReadBuildInfo
	}
	bi, ok := read()
	if !ok || bi == nil {
		return "dev"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at string
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	var details []string
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		details = append(details, "commit "+rev)
	}
	if at != "" {
		details = append(details, at)
	}
	if modified {
		details = append(details, "modified")
	}
	if bi.GoVersion != "" {
		details = append(details, bi.GoVersion)
	}
	if len(details) > 0 {
		v += " (" + strings.Join(details, ", ") + ")"
	}
	return v
}
