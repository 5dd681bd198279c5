//go:build linux

package procenv

import (
	"slices"
	"testing"
)

// TestHandOver: what encode writes, decode reads back exactly, values
// with "=", newlines and spaces included; a hand-over cut short is an
// error rather than a silently shorter environment.
func TestHandOver(t *testing.T) {
	env := []string{"A=1", "TOKEN=x=y=z", "MULTI=line1\nline2", "EMPTY=", "SPACE= a b "}
	got, err := decode(encode(env))
	if err != nil || !slices.Equal(got, env) {
		t.Errorf("decode(encode(%q)) = %q, %v", env, got, err)
	}
	b := encode(env)
	if _, err := decode(b[:len(b)-3]); err == nil {
		t.Error("a truncated hand-over decoded without error")
	}
}

// TestKeep: only what the runtime reads before main stays in the block.
func TestKeep(t *testing.T) {
	got := keep([]string{"GITHUB_TOKEN=x", "GODEBUG=a=1", "PATH=/bin", "GOMAXPROCS=2", "GOGCX=1"})
	if want := []string{"GODEBUG=a=1", "GOMAXPROCS=2"}; !slices.Equal(got, want) {
		t.Errorf("keep = %q, want %q", got, want)
	}
}
