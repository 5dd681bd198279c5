package bench

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/cache"
	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/toolchain"
)

// fakeCompiler is a toolchain script that counts its compile runs (not
// its version probes) in a file, and rejects code holding "import".
type fakeCompiler struct {
	script, counter string
}

func newFakeCompiler(t *testing.T, dir, version string) fakeCompiler {
	t.Helper()
	f := fakeCompiler{script: filepath.Join(dir, "fakec"), counter: filepath.Join(dir, "compiles")}
	body := "#!/bin/sh\n" +
		"case \"$1\" in --version|-version) echo \"fakec " + version + "\"; exit 0;; esac\n" +
		"echo run >> '" + f.counter + "'\n" +
		"for last; do :; done\n" +
		"if grep -q import \"$last\"; then echo \"$(basename \"$last\"):1: error: imports are not allowed\"; exit 1; fi\n"
	if err := os.WriteFile(f.script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f fakeCompiler) Find(lang.ID, string) ([]string, bool) { return []string{f.script}, true }

func (f fakeCompiler) runs(t *testing.T) int {
	b, err := os.ReadFile(f.counter)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "run\n")
}

// TestCompilesOnce: a second identical replay with toolchains runs no
// compiler and writes byte-identical samples; another toolchain version
// compiles again.
func TestCompilesOnce(t *testing.T) {
	data := lintevalData(t)
	dir := t.TempDir()
	store, err := cache.Open(filepath.Join(dir, "cache"))
	if err != nil {
		t.Fatal(err)
	}
	fc := newFakeCompiler(t, dir, "1.0")
	replay := func(out string) (*toolchain.CompileCache, []byte) {
		cc := &toolchain.CompileCache{Store: store}
		samples, err := Replay(context.Background(), ReplayOptions{
			Data: data, Generations: filepath.Join(data, "labels", "gpt-4o-r0", "generations"),
			Profile: check.MultiCodeIF, RulesOnly: true,
			Toolchains: &toolchain.CachedToolchains{Toolchains: fc, Cache: cc},
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := WriteSamples(filepath.Join(dir, out), samples); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, out, "samples.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		return cc, b
	}

	first, a := replay("a")
	ran, cached := first.Counts()
	compiled := fc.runs(t)
	toolchain := bytes.Count(a, []byte(`"method":"toolchain"`))
	if ran == 0 || int(ran) != compiled || int(ran+cached) != toolchain {
		t.Fatalf("first run: %d compiles counted, %d cached, %d script runs, %d toolchain samples", ran, cached, compiled, toolchain)
	}
	if !bytes.Contains(a, []byte(`"constraint":"language_version","language":"python","verdict":"fail","method":"toolchain"`)) {
		t.Error("no failing toolchain verdict: the fake compiler's answers were not used")
	}

	second, b := replay("b")
	ran2, cached2 := second.Counts()
	if n := fc.runs(t); n != compiled || ran2 != 0 || cached2 != ran+cached {
		t.Errorf("second run: %d new script runs, %d compiles counted, %d cached; want 0, 0, %d", n-compiled, ran2, cached2, ran+cached)
	}
	if !bytes.Equal(a, b) {
		t.Error("second run's samples.jsonl differs from the first's")
	}

	// Another version of the toolchain is another identity: nothing it
	// would say is known yet.
	newFakeCompiler(t, dir, "2.0")
	third, c := replay("c")
	if ran3, _ := third.Counts(); ran3 != ran {
		t.Errorf("after a toolchain upgrade: %d compiles, want %d", ran3, ran)
	}
	if !bytes.Equal(a, c) {
		t.Error("the upgraded fake compiler (same answers) changed samples.jsonl")
	}
	t.Logf("%d toolchain samples: %d compiles, then %d cached", toolchain, ran, cached2)
}
