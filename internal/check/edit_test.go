package check

import (
	"errors"
	"strings"
	"testing"
)

func TestApply(t *testing.T) {
	src := []byte("hello, world")
	for _, tc := range []struct {
		name  string
		edits Edits
		want  string
	}{
		{"none", nil, "hello, world"},
		{"replace", Edits{{0, 5, "howdy"}}, "howdy, world"},
		{"delete", Edits{{5, 7, ""}}, "helloworld"},
		{"unsorted", Edits{{7, 12, "there"}, {0, 5, "bye"}}, "bye, there"},
		{"adjacent", Edits{{0, 5, "A"}, {5, 7, "B"}}, "ABworld"},
		{"inserts keep order", Edits{{5, 5, "1"}, {5, 5, "2"}, {5, 5, "3"}}, "hello123, world"},
		{"insert before replacement at same offset", Edits{{0, 5, "X"}, {0, 0, "<"}}, "<X, world"},
		{"insert after replacement", Edits{{0, 5, "X"}, {5, 5, ">"}}, "X>, world"},
		{"insert at end", Edits{{12, 12, "!"}}, "hello, world!"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.edits.Apply(src)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("Apply = %q, want %q", got, tc.want)
			}
			if string(src) != "hello, world" {
				t.Fatalf("Apply modified its input: %q", src)
			}
		})
	}
}

func TestValidateErrors(t *testing.T) {
	src := []byte("0123456789")
	for _, tc := range []struct {
		name     string
		edits    Edits
		sentinel error
		mention  []string // substrings the message must contain
	}{
		{"negative", Edits{{-1, 2, ""}}, ErrRange, []string{"edit #0", "Start >= 0"}},
		{"backwards", Edits{{5, 3, ""}}, ErrRange, []string{"edit #0", "[5:3)", "Start <= End"}},
		{"past end", Edits{{0, 1, ""}, {9, 11, "x"}}, ErrRange, []string{"edit #1", "source length 10"}},
		{"overlap", Edits{{6, 9, "b"}, {2, 7, "a"}}, ErrConflict, []string{`edit #1 [2:7)→"a"`, `edit #0 [6:9)→"b"`}},
		{"same range twice", Edits{{2, 4, "a"}, {2, 4, "a"}}, ErrConflict, []string{"edit #0", "edit #1"}},
		{"insert inside replacement", Edits{{2, 6, "a"}, {4, 4, "i"}}, ErrConflict, []string{"edit #0", "edit #1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.edits.Validate(src)
			if !errors.Is(err, tc.sentinel) {
				t.Fatalf("Validate = %v, want %v", err, tc.sentinel)
			}
			for _, m := range tc.mention {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("error %q does not mention %q", err, m)
				}
			}
			if out, err := tc.edits.Apply(src); err == nil || out != nil {
				t.Errorf("Apply = %q, %v; want no output and an error", out, err)
			}
		})
	}
}

func TestMerge(t *testing.T) {
	src := []byte("import a\nfunc f() {}\n")
	imp := Edit{9, 9, "import b\n"}
	a := Edits{imp, {14, 15, "g"}}
	b := Edits{{0, 0, "// x\n"}, imp}
	m, err := Merge(a, b)
	if err != nil {
		t.Fatal(err)
	}
	got, err := m.Apply(src)
	if err != nil {
		t.Fatal(err)
	}
	if want := "// x\nimport a\nimport b\nfunc g() {}\n"; string(got) != want {
		t.Errorf("merged Apply = %q, want %q (duplicate import must collapse)", got, want)
	}

	// Distinct insertions at one offset are kept, the first fix's first.
	m, err = Merge(Edits{{0, 0, "A"}}, Edits{{0, 0, "B"}})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := m.Apply(src); !strings.HasPrefix(string(got), "ABimport") {
		t.Errorf("merged inserts = %q, want AB first", got)
	}

	_, err = Merge(Edits{{0, 6, "use"}}, Edits{{5, 9, "x"}})
	if !errors.Is(err, ErrConflict) {
		t.Fatalf("Merge of overlapping fixes = %v, want ErrConflict", err)
	}
	for _, m := range []string{`first fix's edit #0 [0:6)→"use"`, `second fix's edit #0 [5:9)→"x"`} {
		if !strings.Contains(err.Error(), m) {
			t.Errorf("error %q does not mention %q", err, m)
		}
	}

	// A broken input fix is reported as such, not as a conflict.
	if _, err := Merge(nil, Edits{{3, 1, ""}}); !errors.Is(err, ErrRange) || !strings.Contains(err.Error(), "second fix") {
		t.Errorf("Merge with invalid second fix = %v, want ErrRange naming it", err)
	}
}
