package naming

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/goldentest"

	"golang.org/x/tools/txtar"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
)

func TestSplitWordsAndConvert(t *testing.T) {
	for _, tc := range []struct {
		in    string
		words string
		conv  map[string]string
	}{
		{"HTTPServer", "HTTP Server", map[string]string{"snake_case": "http_server", "camelCase": "httpServer", "PascalCase": "HTTPServer", "UPPER_CASE": "HTTP_SERVER", "kebab-case": "http-server", "go": "HTTPServer"}},
		{"getHTTPResponseCode", "get HTTP Response Code", map[string]string{"snake_case": "get_http_response_code", "PascalCase": "GetHTTPResponseCode"}},
		{"parseHTTPRequest", "parse HTTP Request", map[string]string{"snake_case": "parse_http_request", "UPPER_CASE": "PARSE_HTTP_REQUEST"}},
		{"parse_http_request", "parse http request", map[string]string{"camelCase": "parseHttpRequest", "PascalCase": "ParseHttpRequest", "go": "parseHTTPRequest"}},
		{"test_nonhttp_schemes_dont_check_URLs", "test nonhttp schemes dont check URLs", map[string]string{"snake_case": "test_nonhttp_schemes_dont_check_urls", "camelCase": "testNonhttpSchemesDontCheckURLs"}},
		{"IDsByName", "IDs By Name", map[string]string{"snake_case": "ids_by_name", "camelCase": "idsByName"}},
		{"get_URL", "get URL", map[string]string{"camelCase": "getURL", "go": "getURL"}},
		{"user_id", "user id", map[string]string{"go": "userID", "camelCase": "userId"}},
		{"Http_server", "Http server", map[string]string{"go": "HTTPServer"}},
		{"MAX_SIZE", "MAX SIZE", map[string]string{"go": "MaxSize", "camelCase": "maxSize"}},
		{"utf8Decode", "utf8 Decode", map[string]string{"snake_case": "utf8_decode", "PascalCase": "Utf8Decode"}},
		{"point_2d", "point 2d", map[string]string{"PascalCase": "Point2d", "camelCase": "point2d"}},
		{"MAX_RETRY_COUNT", "MAX RETRY COUNT", map[string]string{"camelCase": "maxRetryCount"}},
		{"data-loader", "data loader", map[string]string{"PascalCase": "DataLoader"}},
		{"_privateThing", "private Thing", map[string]string{"snake_case": "_private_thing"}},
		{"parseV2API", "parse V2 API", map[string]string{"snake_case": "parse_v2_api"}},
		{"x", "x", map[string]string{"PascalCase": "X", "UPPER_CASE": "X"}},
	} {
		core := strings.Trim(tc.in, "_")
		var ws []string
		for _, w := range splitWords(core) {
			ws = append(ws, w.text)
		}
		if got := strings.Join(ws, " "); got != tc.words {
			t.Errorf("splitWords(%q) = %q, want %q", core, got, tc.words)
		}
		for conv, want := range tc.conv {
			if got, ok := convert(tc.in, conv); !ok || got != want {
				t.Errorf("convert(%q, %s) = %q, %v; want %q", tc.in, conv, got, ok, want)
			}
		}
	}
	if _, ok := convert("___", "snake_case"); ok {
		t.Error(`convert("___") succeeded; a name without words has no spelling`)
	}
}

// TestFixGolden fixes every testdata/naming_convention/fix/*.txtar
// (files "spec" and one code file) in both profiles and compares the
// fixed file and the skipped findings with the .out beside it: first the
// lint profile's, then the multicodeif profile's. Beyond the golden text
// it proves what callers rely on: every finding gets a rename or a
// refusal, renames respell only reported names and parse no worse, and
// in the lint profile the fix makes the check pass except for skipped
// names and is idempotent. (The paper's check stops at the first
// offending variable, so a fixed file may show it the next one.)
func TestFixGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "naming_convention", "fix", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no naming fixer cases: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			got := runNamingCase(t, path)
			outPath := strings.TrimSuffix(path, ".txtar") + ".out"
			goldentest.Check(t, outPath, []byte(got))
		})
	}
}

// TestFixOnCheckCases runs the fix over the checker's own golden
// inputs, which were written to break the check, not the fixer; only the
// invariants are asserted there.
func TestFixOnCheckCases(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "naming_convention", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no check cases: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			c, codeName, code := namingCase(t, path, ar)
			u := check.NewUnit(context.Background(), codeName, code, check.Lint)
			if r := runRule(u, c); r.Verdict == check.Fail {
				fixNamingAndVerify(t, u, c, r)
			}
			pu := check.NewUnit(context.Background(), codeName, code, check.MultiCodeIF)
			if r := runRule(pu, c); r.Verdict == check.Fail {
				composeChecked(t, pu, c, r)
			}
		})
	}
}

func namingCase(t *testing.T, path string, ar *txtar.Archive) (constraint.Constraint, string, []byte) {
	t.Helper()
	var spec, codeName string
	var code []byte
	for _, f := range ar.Files {
		if f.Name == "spec" {
			spec = strings.TrimSpace(string(f.Data))
		} else {
			codeName, code = f.Name, f.Data
		}
	}
	if spec == "" || codeName == "" {
		t.Fatalf("%s: want a spec file and a code file", path)
	}
	c, err := constraint.ParseAnswer(constraint.Naming, spec)
	if err != nil {
		t.Fatal(err)
	}
	return c, codeName, code
}

func runNamingCase(t *testing.T, path string) string {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, codeName, code := namingCase(t, path, ar)
	u := check.NewUnit(context.Background(), codeName, code, check.Lint)
	before := runRule(u, c)
	if before.Verdict != check.Fail {
		t.Fatalf("%s: check says %s before fixing (%s); a fixer case needs findings", path, before.Verdict, before.Reason)
	}
	fixed, skipped := fixNamingAndVerify(t, u, c, before)

	var sb strings.Builder
	fmt.Fprintf(&sb, "-- fixed %s --\n%s-- skipped --\n", codeName, fixed)
	writeSkipped(&sb, u, skipped)

	pu := check.NewUnit(context.Background(), codeName, code, check.MultiCodeIF)
	paper := runRule(pu, c)
	if paper.Verdict != check.Fail {
		fmt.Fprintf(&sb, "-- multicodeif: %s, nothing to fix --\n", paper.Verdict)
		return sb.String()
	}
	fixed, _, skipped = composeChecked(t, pu, c, paper)
	fmt.Fprintf(&sb, "-- multicodeif: fixed %s --\n%s-- multicodeif: skipped --\n", codeName, fixed)
	writeSkipped(&sb, pu, skipped)
	return sb.String()
}

func writeSkipped(sb *strings.Builder, u *check.Unit, skipped []check.Skipped) {
	for _, s := range skipped {
		l1, c1 := u.Position(s.Start)
		l2, c2 := u.Position(s.End)
		fmt.Fprintf(sb, "%d:%d-%d:%d: %s\n", l1, c1, l2, c2, s.Reason)
	}
}

// fixNamingAndVerify applies the lint profile's renames to u and asserts
// what callers rely on: composeChecked's invariants, and that the fixed
// file has only skipped findings left and is fixed for good.
func fixNamingAndVerify(t *testing.T, u *check.Unit, c constraint.Constraint, r check.Result) ([]byte, []check.Skipped) {
	t.Helper()
	fixed, edits, skipped := composeChecked(t, u, c, r)
	fu := check.NewUnit(context.Background(), u.Path, fixed, check.Lint)
	assertOnlySkippedRemain(t, u, fu, c, edits, skipped)
	again, _, err := compose(fu, c, runRule(fu, c).Findings)
	if err != nil || len(again) > 0 {
		t.Errorf("fix is not idempotent: second pass proposes %v (err %v)", again, err)
	}
	return fixed, skipped
}

// composeChecked composes the renames r's findings carry and asserts
// what holds in both profiles: every finding gets an edit or a refusal
// with a reason, the edits only respell reported names, and the result
// parses no worse.
func composeChecked(t *testing.T, u *check.Unit, c constraint.Constraint, r check.Result) ([]byte, check.Edits, []check.Skipped) {
	t.Helper()
	edits, skipped, err := compose(u, c, r.Findings)
	if err != nil {
		t.Fatal(err)
	}
	reported := map[string]bool{}
	for _, f := range r.Findings {
		reported[string(u.Src[f.Start:f.End])] = true
	}
	// Every finding gets an edit or a refusal with a reason.
	answered := map[int]bool{}
	for _, e := range edits {
		answered[e.Start] = true
	}
	for _, sk := range skipped {
		if sk.Reason == "" {
			t.Errorf("skip at %d has no reason", sk.Start)
		}
		answered[sk.Start] = true
	}
	for _, f := range r.Findings {
		if !answered[f.Start] {
			t.Errorf("finding %q at %d got neither an edit nor a refusal", f.Message, f.Start)
		}
	}
	for _, e := range edits {
		if old := string(u.Src[e.Start:e.End]); !reported[old] {
			t.Errorf("edit %v respells %q, which no finding reported", e, old)
		}
	}
	fixed, err := edits.Apply(u.Src)
	if err != nil {
		t.Fatal(err)
	}
	assertParsesNoWorse(t, u, check.NewUnit(context.Background(), u.Path, fixed, u.Profile), c)
	return fixed, edits, skipped
}

func assertParsesNoWorse(t *testing.T, before, after *check.Unit, c constraint.Constraint) {
	t.Helper()
	tb, err := before.Tree(c.Lang)
	if err != nil {
		t.Fatal(err)
	}
	ta, err := after.Tree(c.Lang)
	if err != nil {
		t.Fatal(err)
	}
	if ta.HasError() && !tb.HasError() {
		t.Errorf("the fixed file has a parse error the original did not")
	}
}

// assertOnlySkippedRemain re-checks the fixed file: it must pass when
// nothing was skipped, and otherwise fail only on spellings the fixer
// said it skipped (possibly respelled: a C++ constructor skipped as a
// function is renamed with its class), so a rename never creates a new
// violation.
func assertOnlySkippedRemain(t *testing.T, before, after *check.Unit, c constraint.Constraint, edits check.Edits, skipped []check.Skipped) {
	t.Helper()
	renamed := map[string]string{}
	for _, e := range edits {
		renamed[string(before.Src[e.Start:e.End])] = e.New
	}
	var names []string
	for _, s := range skipped {
		old := string(before.Src[s.Start:s.End])
		names = append(names, old)
		if n, ok := renamed[old]; ok {
			names = append(names, n)
		}
	}
	if res := runRule(after, c); len(res.Findings) > len(skipped) {
		t.Errorf("fixed file has %d findings, more than the %d skipped", len(res.Findings), len(skipped))
	}
	res := runRule(after, c)
	if len(skipped) == 0 && res.Verdict != check.Pass {
		t.Errorf("nothing skipped, yet the fixed file does not pass: %s %s %v", res.Verdict, res.Reason, res.Findings)
	}
	for _, f := range res.Findings {
		if name := string(after.Src[f.Start:f.End]); !slices.Contains(names, name) {
			t.Errorf("fixed file fails on %q, which the fixer neither fixed nor skipped: %s", name, f.Message)
		}
	}
}

func TestComposeRejectsOtherConstraints(t *testing.T) {
	u := check.NewUnit(context.Background(), "a.py", []byte("x = 1\n"), check.Lint)
	_, _, err := compose(u, constraint.Constraint{Type: constraint.Type("brace_block_formatting")}, []check.Finding{{Start: 0, End: 1}})
	if err == nil || !strings.Contains(err.Error(), "want a naming_convention constraint") {
		t.Errorf("err = %v, want one naming the expected constraint type", err)
	}
}
