package cache

import (
	"errors"
	"path/filepath"
	"runtime"
)

// ResultsSubdir is the directory, inside the cache directory, of the
// files' check results (iflint check, iflint action). action.yml's
// actions/cache steps save exactly this directory: the judge's verdicts
// and toolchain runs beside it keep their own lifetimes.
const ResultsSubdir = "results"

// DefaultDir returns $IFLINT_CACHE_DIR, else the user cache directory plus
// "iflint". It mirrors os.UserCacheDir but reads the environment through
// getenv so callers and tests control it.
func DefaultDir(getenv func(string) string) (string, error) {
	if d := getenv("IFLINT_CACHE_DIR"); d != "" {
		return d, nil
	}
	base, err := userCacheDir(runtime.GOOS, getenv)
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "iflint"), nil
}

func userCacheDir(goos string, getenv func(string) string) (string, error) {
	switch goos {
	case "windows":
		if d := getenv("LocalAppData"); d != "" {
			return d, nil
		}
		return "", errors.New("cache: %LocalAppData% is not set; set IFLINT_CACHE_DIR")
	case "darwin", "ios":
		if h := getenv("HOME"); h != "" {
			return filepath.Join(h, "Library", "Caches"), nil
		}
	case "plan9":
		if h := getenv("home"); h != "" {
			return filepath.Join(h, "lib", "cache"), nil
		}
	default:
		if d := getenv("XDG_CACHE_HOME"); d != "" && filepath.IsAbs(d) {
			return d, nil
		}
		if h := getenv("HOME"); h != "" {
			return filepath.Join(h, ".cache"), nil
		}
	}
	return "", errors.New("cache: cannot locate the user cache directory ($HOME is not set); set IFLINT_CACHE_DIR")
}
