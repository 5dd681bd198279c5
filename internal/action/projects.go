package action

import (
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/config"
	"github.com/iflint/iflint/internal/engine"
)

// project is the changed files one configuration governs: a monorepo's
// subproject, or the whole pull request when one configuration governs
// everything. Paths stay relative to the workspace.
type project struct {
	cfg   *config.Config
	files []engine.File
}

// projects splits the files of want by the configuration governing
// them, in order of the configurations' directories.
func (r *runner) projects(files []engine.File, want map[string]bool) ([]project, error) {
	at := map[*config.Config]int{}
	var out []project
	for _, f := range files {
		if !want[f.Path] {
			continue
		}
		cfg, err := r.set.For(f.Path)
		if err != nil {
			return nil, err
		}
		i, ok := at[cfg]
		if !ok {
			i = len(out)
			at[cfg] = i
			out = append(out, project{cfg: cfg})
		}
		out[i].files = append(out[i].files, f)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].cfg.Up() < out[j].cfg.Up() })
	return out, nil
}

// testCommand proves a project's fixes: the test-command input, run at
// the workspace's root, else the configuration's fix.test, run in the
// configuration's directory (a subproject's tests run where its own
// `iflint fix` would run them).
func (r *runner) testCommand(cfg *config.Config) string {
	if r.in.TestCommand != "" {
		return r.in.TestCommand
	}
	test := cfg.Fix.Test
	if test == "" || cfg.Up() == "." {
		return test
	}
	return "cd " + shellQuote(cfg.Up()) + " && " + test
}

// shellQuote quotes s for sh when it has more than letters, digits and
// ./_- in it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./_-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
