package download

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/iflint/iflint/benchmark"
	"github.com/iflint/iflint/internal/bench"
	"github.com/iflint/iflint/internal/lintevaltest"
)

var updateManifest = flag.Bool("update-manifest", false,
	"rewrite benchmark/manifest.json's file list and content digest from the LintEval data")

const manifestPath = "../../../benchmark/manifest.json"

// TestManifestPinsLintEval checks the embedded manifest against the
// reference copy of the pinned commit: same files, same bytes, and the
// per-directory counts its readers rely on.
func TestManifestPinsLintEval(t *testing.T) {
	root := filepath.Join(lintevaltest.Dir(t), "multicodeif")
	if *updateManifest {
		rewriteManifest(t, root)
	}
	m, err := DefaultManifest()
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(root, m); err != nil {
		t.Fatalf("%v (regenerate with go test ./internal/bench -run TestManifestPinsLintEval -update-manifest)", err)
	}
	got, err := ContentDigest(root, m.Content.Include)
	if err != nil || got != m.Content.SHA256 {
		t.Fatalf("ContentDigest = %s, %v; manifest says %s", got, err, m.Content.SHA256)
	}
	const commit = "faafada5356ce81d228793f3787b27615cb763bf"
	if m.Commit != commit ||
		m.Archive.URL != "https://codeload.github.com/SYSUSELab/MultiCodeIF/tar.gz/"+commit ||
		m.Archive.Prefix != "MultiCodeIF-"+commit+"/" {
		t.Errorf("manifest pins %s at %s under %s, expected commit %s's codeload archive", m.Commit, m.Archive.URL, m.Archive.Prefix, commit)
	}
	covered := 0
	for _, part := range m.Contains {
		files, entries := 0, 0
		for _, f := range m.Files {
			if !strings.HasPrefix(f.Path, part.Path) {
				continue
			}
			files++
			entries += jsonLen(t, filepath.Join(root, filepath.FromSlash(f.Path)))
		}
		covered += files
		if files != part.Files || entries != part.Entries {
			t.Errorf("contains %s: says %d files / %d entries, data has %d / %d", part.Path, part.Files, part.Entries, files, entries)
		}
	}
	if covered != len(m.Files) {
		t.Errorf("contains describes %d of %d files", covered, len(m.Files))
	}
}

func jsonLen(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var list []json.RawMessage
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatalf("%s: expected a JSON list: %v", path, err)
	}
	return len(list)
}

// rewriteManifest regenerates only the derived fields; the hand-written
// description stays as it is.
func rewriteManifest(t *testing.T, root string) {
	t.Helper()
	data, err := os.ReadFile(manifestPath)
	if err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: %v", manifestPath, err)
	}
	if m.Files, err = ListFiles(root, m.Content.Include); err != nil {
		t.Fatal(err)
	}
	m.Content.Files, m.Content.Bytes = len(m.Files), 0
	for _, f := range m.Files {
		m.Content.Bytes += f.Size
	}
	m.Content.SHA256 = benchmark.ListingDigest(m.Files)
	out, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := benchmark.ParseManifest(out); err != nil {
		t.Fatal(err)
	}
	if err := bench.WriteAtomic(manifestPath, func(w *bufio.Writer) error {
		_, err := w.Write(append(out, '\n'))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(manifestPath, 0o644); err != nil { // writeAtomic's temp file is 0600
		t.Fatal(err)
	}
	t.Fatalf("rewrote %s (content digest %s); rerun without -update-manifest so the embedded copy is checked", manifestPath, m.Content.SHA256)
}

// TestListingDigestIsSha256sum pins the digest to what the README's shell
// pipeline prints for the same tree.
func TestListingDigestIsSha256sum(t *testing.T) {
	dir := writeTree(t, map[string]string{"dataset/b.json": "[]", "results/a/x.json": "{}", "results/a/y.json": "x"})
	got, err := ContentDigest(dir, []string{"dataset/", "results/"})
	if err != nil {
		t.Fatal(err)
	}
	// find dataset results -type f | LC_ALL=C sort | xargs sha256sum | sha256sum
	const want = "83f1acf43b5619f1bd65c860d4f83ead7897f7d7995e7c64f8b155e08ffa9d11"
	if got != want {
		t.Errorf("ContentDigest = %s, want %s", got, want)
	}
}

func TestPaperFigures(t *testing.T) {
	p, err := benchmark.LoadPaper()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range p.Models {
		got = append(got, fmt.Sprintf("%s=%.1f best=%v", m.Model, m.Percent, m.Best))
	}
	for _, b := range p.Constraint {
		got = append(got, fmt.Sprintf("%s %s %.0f", b.Kind, b.Bound, b.Percent))
	}
	got = append(got,
		fmt.Sprintf("levels %.1f vs %.1f", p.Levels.SingleLevel, p.Levels.MultiLevel),
		fmt.Sprintf("feedback %d rounds %.1f -> %.1f", p.Feedback.Rounds, p.Feedback.From, p.Feedback.To),
		fmt.Sprintf("judge %s / code %s", p.Judge.Paper, p.Judge.Code),
		"arxiv "+p.ArXiv)
	want := []string{
		"Claude-3-7-Sonnet=63.0 best=true", "Qwen3-1.7B=44.8 best=false",
		"explicit above 70", "implicit below 40",
		"levels 54.5 vs 18.8", "feedback 4 rounds 63.0 -> 83.4",
		"judge GPT-4-Turbo / code gpt-4o", "arxiv 2507.00699",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("paper.json figures:\n%s\nwant (README's published headline figures):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := benchmark.ParsePaper([]byte(strings.Replace(string(benchmark.PaperJSON), `"unit"`, `"units"`, 1))); err == nil {
		t.Error("ParsePaper accepted an unknown field")
	}
}

func TestManifestValidateRejects(t *testing.T) {
	good, _ := smallManifest(t, map[string]string{"dataset/a.json": "[]"})
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string]func(m *Manifest){
		"parent path":   func(m *Manifest) { m.Files[0].Path = "../a.json" },
		"absolute path": func(m *Manifest) { m.Files[0].Path = "/dataset/a.json" },
		"unclean path":  func(m *Manifest) { m.Files[0].Path = "dataset/../../a.json" },
		"not included":  func(m *Manifest) { m.Files[0].Path = "src/a.json" },
		"bad sha":       func(m *Manifest) { m.Files[0].SHA256 = "abc" },
		"digest":        func(m *Manifest) { m.Content.SHA256 = strings.Repeat("0", 64) },
		"commit":        func(m *Manifest) { m.Commit = "../../x" },
		"prefix":        func(m *Manifest) { m.Archive.Prefix = "repo" },
		"count":         func(m *Manifest) { m.Content.Files = 2 },
		"duplicate":     func(m *Manifest) { m.Files = append(m.Files, m.Files[0]); m.Content.Files = 2 },
	} {
		m := good
		m.Files = append([]benchmark.File(nil), good.Files...)
		edit(&m)
		if err := m.Validate(); err == nil {
			t.Errorf("%s: Validate accepted %+v", name, m)
		}
	}
}

func TestDefaultCacheDir(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	user := func() (string, error) { return "/home/u/.cache", nil }
	if got, err := DefaultCacheDir(getenv, user); err != nil || got != filepath.Join("/home/u/.cache", "iflint", "linteval") {
		t.Errorf("DefaultCacheDir = %q, %v", got, err)
	}
	env["IFLINT_CACHE_DIR"] = "/tmp/c"
	if got, err := DefaultCacheDir(getenv, user); err != nil || got != filepath.Join("/tmp/c", "linteval") {
		t.Errorf("with IFLINT_CACHE_DIR: DefaultCacheDir = %q, %v", got, err)
	}
	delete(env, "IFLINT_CACHE_DIR")
	if _, err := DefaultCacheDir(getenv, func() (string, error) { return "", errors.New("$HOME is not defined") }); err == nil ||
		!strings.Contains(err.Error(), "--data DIR") {
		t.Errorf("without a cache dir: err = %v, want a hint to pass --data DIR", err)
	}
}

func TestMirrorURL(t *testing.T) {
	m, _ := smallManifest(t, map[string]string{"dataset/a.json": "[]"})
	for mirror, want := range map[string]string{
		"":                     m.Archive.URL,
		"http://127.0.0.1:99":  "http://127.0.0.1:99/o/r/tar.gz/" + m.Commit,
		"https://m.example/x/": "https://m.example/x/o/r/tar.gz/" + m.Commit,
	} {
		if got, err := (Fetcher{Mirror: mirror}).archiveURL(m); err != nil || got != want {
			t.Errorf("mirror %q: %q, %v; want %q", mirror, got, err, want)
		}
	}
	if _, err := (Fetcher{Mirror: "not a url"}).archiveURL(m); err == nil {
		t.Error("a relative mirror was accepted")
	}
}

func TestVerifyNamesDifferences(t *testing.T) {
	files := map[string]string{"dataset/a.json": "[]", "dataset/b.json": "[1]", "results/c.json": "{}"}
	m, _ := smallManifest(t, files)
	dir := writeTree(t, files)
	if err := Verify(dir, m); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "dataset", "a.json"), []byte("[2]"), 0o644)
	os.Remove(filepath.Join(dir, "dataset", "b.json"))
	os.WriteFile(filepath.Join(dir, "results", "new.json"), []byte("[]"), 0o644)
	err := Verify(dir, m)
	if !errors.Is(err, ErrMismatch) {
		t.Fatalf("Verify = %v, want ErrMismatch", err)
	}
	for _, want := range []string{"dataset/a.json changed", "dataset/b.json missing", "results/new.json unexpected", m.Content.SHA256} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Verify error %q lacks %q", err, want)
		}
	}
	os.Symlink("/etc", filepath.Join(dir, "results", "link"))
	if err := Verify(dir, m); err == nil || !strings.Contains(err.Error(), "regular file") {
		t.Errorf("with a symlink: Verify = %v", err)
	}
}

// TestFetchDownloadsOnceThenCaches serves the reference data as GitHub
// would (pax header, extra files) and fetches it twice.
func TestFetchDownloadsOnceThenCaches(t *testing.T) {
	m, archive := realArchive(t)
	srv, requests, paths := serve(t, archive)
	cache := filepath.Join(t.TempDir(), "cache")
	var read, total int64
	f := Fetcher{Client: srv.Client(), Mirror: srv.URL, Progress: func(r, n int64) { read, total = r, n }}
	dir, err := f.Fetch(context.Background(), m, cache)
	if err != nil {
		t.Fatal(err)
	}
	if dir != CachePath(m, cache) || requests.Load() != 1 {
		t.Fatalf("Fetch = %s after %d requests, want %s after 1", dir, requests.Load(), CachePath(m, cache))
	}
	if want := "/SYSUSELab/MultiCodeIF/tar.gz/" + m.Commit; (*paths)[0] != want {
		t.Errorf("requested %s, want %s", (*paths)[0], want)
	}
	if read != int64(len(archive)) || total != int64(len(archive)) {
		t.Errorf("progress ended at %d/%d, want %d", read, total, len(archive))
	}
	if err := Verify(dir, m); err != nil {
		t.Fatal(err)
	}
	assertEntries(t, cache, "multicodeif-"+m.Commit)
	assertEntries(t, dir, "dataset", "results") // README.md was not extracted
	ds, err := bench.LoadDataset(dir)
	if err != nil || len(ds.Files) != 27 {
		t.Fatalf("LoadDataset(fetched) = %d files, %v", len(ds.Files), err)
	}

	// The cache verifies, so not even a connection is attempted.
	offline := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		t.Errorf("cached fetch requested %s", r.URL)
		return nil, errors.New("offline")
	})}
	again, err := Fetch(context.Background(), m, cache, offline)
	if err != nil || again != dir || requests.Load() != 1 {
		t.Fatalf("second Fetch = %s, %v after %d requests", again, err, requests.Load())
	}
}

// TestFetchFailuresLeaveNothing: every failure is an error naming what was
// expected, and the cache directory Fetch created is gone again.
func TestFetchFailuresLeaveNothing(t *testing.T) {
	m, archive := realArchive(t)
	first := m.Files[0].Path
	corrupt := bytes.Clone(archive)
	for i := len(corrupt) / 2; i < len(corrupt)/2+64; i++ {
		corrupt[i] ^= 0x5a
	}
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	cases := []struct {
		name     string
		body     []byte // nil: 404
		url      string // "" : a server for body
		edit     func(m *Manifest, f *Fetcher)
		want     []string
		mismatch bool
	}{
		{name: "truncated", body: archive[:len(archive)/2], want: []string{"truncated or corrupt tar.gz"}},
		{name: "corrupt", body: corrupt, want: []string{"archive http"}},
		{name: "not gzip", body: []byte("<html>rate limited</html>"), want: []string{"expected a gzip-compressed tar"}},
		{name: "wrong file digest", body: archive, mismatch: true, want: []string{first, "expected 0000"},
			edit: func(m *Manifest, _ *Fetcher) { m.Files[0].SHA256 = strings.Repeat("0", 64); rehash(m) }},
		{name: "missing file", body: archive, mismatch: true, want: []string{"1 of 331 files missing", "dataset/zz.json"},
			edit: func(m *Manifest, _ *Fetcher) {
				m.Files = append(m.Files, benchmark.File{Path: "dataset/zz.json", SHA256: strings.Repeat("0", 64)})
				sort.Slice(m.Files, func(i, j int) bool { return m.Files[i].Path < m.Files[j].Path })
				rehash(m)
			}},
		{name: "wrong prefix", body: archive, mismatch: true, want: []string{`expected entries under "other/"`},
			edit: func(m *Manifest, _ *Fetcher) { m.Archive.Prefix = "other/" }},
		{name: "archive digest", body: archive, mismatch: true, want: []string{"sha256", "expected " + strings.Repeat("1", 64)},
			edit: func(m *Manifest, _ *Fetcher) { m.Archive.SHA256 = strings.Repeat("1", 64) }},
		{name: "size limit", body: archive, want: []string{"compressed archive exceeds the download limit"},
			edit: func(_ *Manifest, f *Fetcher) { f.Limits.ArchiveBytes = 1 << 20 }},
		{name: "expanded limit", body: archive, want: []string{"uncompressed archive exceeds the download limit"},
			edit: func(_ *Manifest, f *Fetcher) { f.Limits.ExpandedBytes = 1 << 20 }},
		{name: "404", want: []string{"server answered 404 Not Found", "pass --data DIR"}},
		{name: "server down", url: down.URL, want: []string{"cannot download " + down.URL, "pass --data DIR to use a local copy"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mm := m
			mm.Files = append([]benchmark.File(nil), m.Files...)
			f := Fetcher{Mirror: c.url}
			if c.url == "" {
				srv, _, _ := serve(t, c.body)
				f.Client, f.Mirror = srv.Client(), srv.URL
			}
			if c.edit != nil {
				c.edit(&mm, &f)
			}
			cache := filepath.Join(t.TempDir(), "cache")
			_, err := f.Fetch(context.Background(), mm, cache)
			if err == nil {
				t.Fatal("Fetch succeeded")
			}
			t.Log(err)
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if c.mismatch && !errors.Is(err, ErrMismatch) {
				t.Errorf("error %v is not ErrMismatch", err)
			}
			if _, serr := os.Stat(cache); !errors.Is(serr, os.ErrNotExist) {
				t.Errorf("cache dir left behind (stat: %v)", serr)
			}
		})
	}
}

// TestFetchKeepsExistingCacheDirOnFailure: a directory Fetch did not
// create is never removed, only what Fetch put in it.
func TestFetchKeepsExistingCacheDirOnFailure(t *testing.T) {
	m, entries := smallManifest(t, map[string]string{"dataset/a.json": "[]"})
	srv, _, _ := serve(t, tarGz(t, entries[:0]))
	cache := t.TempDir()
	os.WriteFile(filepath.Join(cache, "mine"), nil, 0o644)
	if _, err := (Fetcher{Client: srv.Client(), Mirror: srv.URL}).Fetch(context.Background(), m, cache); err == nil {
		t.Fatal("Fetch of an empty archive succeeded")
	}
	assertEntries(t, cache, "mine")
}

func TestFetchReplacesCorruptCache(t *testing.T) {
	m, entries := smallManifest(t, map[string]string{"dataset/a.json": "[]", "results/m/b.json": "[1]"})
	srv, requests, _ := serve(t, tarGz(t, entries))
	cache := filepath.Join(t.TempDir(), "cache")
	f := Fetcher{Client: srv.Client(), Mirror: srv.URL}
	dir, err := f.Fetch(context.Background(), m, cache)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "dataset", "a.json"), []byte("[tampered]"), 0o644)
	if _, err := f.Fetch(context.Background(), m, cache); err != nil {
		t.Fatal(err)
	}
	if requests.Load() != 2 {
		t.Errorf("%d requests, want a re-download", requests.Load())
	}
	if err := Verify(dir, m); err != nil {
		t.Error(err)
	}
	assertEntries(t, cache, "multicodeif-"+m.Commit)
}

// TestFetchIgnoresHostileEntries: only entries named exactly as in the
// manifest are written, so traversal and links cannot escape, and a
// listed name that is a link or appears twice is refused.
func TestFetchIgnoresHostileEntries(t *testing.T) {
	m, entries := smallManifest(t, map[string]string{"dataset/a.json": "[]"})
	p := m.Archive.Prefix
	hostile := append([]tarEntry{
		{name: p + "../evil.json", body: "x"},
		{name: "/tmp/evil-abs.json", body: "x"},
		{name: p + "dataset/../../evil2.json", body: "x"},
		{name: p + "results", typ: tar.TypeSymlink, link: "../../.."},
		{name: p + "results/evil3.json", body: "x"},
		{name: p + "dataset/", typ: tar.TypeDir},
	}, entries...)
	base := t.TempDir()
	cache := filepath.Join(base, "cache")
	srv, _, _ := serve(t, tarGz(t, hostile))
	f := Fetcher{Client: srv.Client(), Mirror: srv.URL}
	dir, err := f.Fetch(context.Background(), m, cache)
	if err != nil {
		t.Fatal(err)
	}
	filepath.WalkDir(base, func(path string, d os.DirEntry, err error) error {
		if strings.Contains(filepath.Base(path), "evil") || (d != nil && d.Type()&os.ModeSymlink != 0) {
			t.Errorf("hostile entry written: %s", path)
		}
		return nil
	})
	if err := Verify(dir, m); err != nil {
		t.Error(err)
	}

	for name, bad := range map[string][]tarEntry{
		"listed symlink": {{name: p + "dataset/a.json", typ: tar.TypeSymlink, link: "/etc/passwd"}},
		"listed twice":   append(entries, entries...),
	} {
		srv, _, _ := serve(t, tarGz(t, bad))
		cache := filepath.Join(t.TempDir(), "cache")
		_, err := (Fetcher{Client: srv.Client(), Mirror: srv.URL}).Fetch(context.Background(), m, cache)
		if !errors.Is(err, ErrMismatch) {
			t.Errorf("%s: Fetch = %v, want ErrMismatch", name, err)
		}
		if _, serr := os.Stat(cache); !errors.Is(serr, os.ErrNotExist) {
			t.Errorf("%s: cache dir left behind", name)
		}
	}
}

func TestFetchConcurrent(t *testing.T) {
	m, entries := smallManifest(t, map[string]string{"dataset/a.json": "[]", "results/b.json": "{}"})
	srv, _, _ := serve(t, tarGz(t, entries))
	cache := filepath.Join(t.TempDir(), "cache")
	var wg sync.WaitGroup
	dirs := make([]string, 4)
	errs := make([]error, 4)
	for i := range dirs {
		wg.Go(func() {
			dirs[i], errs[i] = (Fetcher{Client: srv.Client(), Mirror: srv.URL}).Fetch(context.Background(), m, cache)
		})
	}
	wg.Wait()
	for i := range dirs {
		if errs[i] != nil || dirs[i] != CachePath(m, cache) {
			t.Errorf("fetch %d = %s, %v", i, dirs[i], errs[i])
		}
	}
	if err := Verify(CachePath(m, cache), m); err != nil {
		t.Error(err)
	}
	assertEntries(t, cache, "multicodeif-"+m.Commit)
}

// --- helpers ---

type tarEntry struct {
	name, body, link string
	typ              byte
	pax              map[string]string
}

func tarGz(t testing.TB, entries []tarEntry) []byte {
	t.Helper()
	b, err := buildTarGz(entries)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func buildTarGz(entries []tarEntry) ([]byte, error) {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	tw := tar.NewWriter(zw)
	for _, e := range entries {
		hdr := &tar.Header{Name: e.name, Typeflag: e.typ, Linkname: e.link, Mode: 0o644}
		switch e.typ {
		case 0:
			hdr.Typeflag, hdr.Size = tar.TypeReg, int64(len(e.body))
		case tar.TypeXGlobalHeader: // as GitHub writes the commit id
			hdr = &tar.Header{Typeflag: e.typ, PAXRecords: e.pax}
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return nil, fmt.Errorf("%s: %w", e.name, err)
		}
		if _, err := tw.Write([]byte(e.body)); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var realData struct {
	once    sync.Once
	m       Manifest
	archive []byte
	err     error
}

// realArchive is the embedded manifest and a tar.gz of the reference
// data laid out like GitHub's archive of the pinned commit; built once.
func realArchive(t *testing.T) (Manifest, []byte) {
	t.Helper()
	root := filepath.Join(lintevaltest.Dir(t), "multicodeif")
	realData.once.Do(func() {
		m, err := DefaultManifest()
		if err != nil {
			realData.err = err
			return
		}
		p := m.Archive.Prefix
		entries := []tarEntry{
			{name: "pax_global_header", typ: tar.TypeXGlobalHeader, pax: map[string]string{"comment": m.Commit}},
			{name: p, typ: tar.TypeDir},
			{name: p + "README.md", body: "# MultiCodeIF\n"},
			{name: p + "results/notes.txt", body: "not data LintEval uses\n"},
		}
		for _, f := range m.Files {
			body, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
			if err != nil {
				realData.err = err
				return
			}
			entries = append(entries, tarEntry{name: p + f.Path, body: string(body)})
		}
		realData.m = m
		realData.archive, realData.err = buildTarGz(entries)
	})
	if realData.err != nil {
		t.Fatal(realData.err)
	}
	return realData.m, realData.archive
}

// smallManifest builds a valid manifest for files and the tar entries of
// an archive matching it.
func smallManifest(t testing.TB, files map[string]string) (Manifest, []tarEntry) {
	t.Helper()
	dir := writeTree(t, files)
	listed, err := ListFiles(dir, []string{"dataset/", "results/"})
	if err != nil {
		t.Fatal(err)
	}
	commit := strings.Repeat("ab", 20)
	m := Manifest{
		Schema: 1, Name: "test", Commit: commit,
		Archive: benchmark.Archive{URL: "https://example.invalid/o/r/tar.gz/" + commit, Prefix: "r-" + commit + "/"},
		Content: benchmark.Content{Algorithm: benchmark.DigestAlgorithm, Include: []string{"dataset/", "results/"}},
		Files:   listed,
	}
	rehash(&m)
	var entries []tarEntry
	for _, f := range listed {
		entries = append(entries, tarEntry{name: m.Archive.Prefix + f.Path, body: files[f.Path]})
	}
	return m, entries
}

// rehash recomputes the derived content fields after a test edits Files.
func rehash(m *Manifest) {
	m.Content.Files, m.Content.Bytes = len(m.Files), 0
	for _, f := range m.Files {
		m.Content.Bytes += f.Size
	}
	m.Content.SHA256 = benchmark.ListingDigest(m.Files)
}

func writeTree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, body := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// serve answers every request with body (404 when nil), recording paths.
func serve(t *testing.T, body []byte) (*httptest.Server, *atomic.Int32, *[]string) {
	var n atomic.Int32
	var mu sync.Mutex
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		mu.Lock()
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		if body == nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv, &n, &paths
}

func assertEntries(t *testing.T, dir string, want ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("%s holds %v, want %v", dir, got, want)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
