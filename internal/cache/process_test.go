package cache

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
)

// TestCrossProcess runs writers in child processes (this test binary
// re-executed) against one directory while the parent reads: every hit
// must be a whole entry some writer wrote.
func TestCrossProcess(t *testing.T) {
	if dir := os.Getenv("IFLINT_CACHE_TEST_CHILD"); dir != "" {
		c, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		id, _ := strconv.Atoi(os.Getenv("IFLINT_CACHE_TEST_ID"))
		for i := 0; i < 200; i++ {
			if err := c.Put(Key(strconv.Itoa(i%4)), entry{fmt.Sprint("w", id), i % 4}); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	if testing.Short() {
		t.Skip("spawns processes")
	}
	c := open(t)
	var wg sync.WaitGroup
	for id := 0; id < 3; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^TestCrossProcess$")
			cmd.Env = append(os.Environ(), "IFLINT_CACHE_TEST_CHILD="+c.Dir(), "IFLINT_CACHE_TEST_ID="+strconv.Itoa(id))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("writer %d: %v\n%s", id, err, out)
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for reading := true; reading; {
		select {
		case <-done:
			reading = false
		default:
		}
		for i := 0; i < 4; i++ {
			var got entry
			if c.Get(Key(strconv.Itoa(i)), &got) && (got.N != i || len(got.Verdict) != 2) {
				t.Fatalf("key %d read a foreign or partial entry %+v", i, got)
			}
		}
	}
	for i := 0; i < 4; i++ {
		var got entry
		if !c.Get(Key(strconv.Itoa(i)), &got) {
			t.Errorf("key %d missing after the writers finished", i)
		}
	}
}
