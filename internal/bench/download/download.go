package download

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iflint/iflint/benchmark"
)

// Manifest pins the MultiCodeIF data (see benchmark/manifest.json).
type Manifest = benchmark.Manifest

// ErrMismatch marks data that does not match the manifest's checksums.
var ErrMismatch = errors.New("content does not match the manifest")

// DefaultManifest is the embedded, validated manifest.
func DefaultManifest() (Manifest, error) { return benchmark.LoadManifest() }

// DefaultCacheDir is $IFLINT_CACHE_DIR/linteval, else
// <user cache dir>/iflint/linteval. The lookups are injected so tests and
// the CLI decide where the environment comes from.
func DefaultCacheDir(getenv func(string) string, userCacheDir func() (string, error)) (string, error) {
	if d := getenv("IFLINT_CACHE_DIR"); d != "" {
		return filepath.Join(d, "linteval"), nil
	}
	d, err := userCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for the LintEval data (set IFLINT_CACHE_DIR or pass --data DIR): %w", err)
	}
	return filepath.Join(d, "iflint", "linteval"), nil
}

// CachePath is where Fetch keeps the data of m: a MultiCodeIF root that
// LoadDataset accepts. The commit in the name keeps pins apart.
func CachePath(m Manifest, cacheDir string) string {
	return filepath.Join(cacheDir, "multicodeif-"+m.Commit)
}

// Limits bound what a download may cost. Written bytes are bounded by the
// manifest's sizes; these bound what is read to find them.
type Limits struct {
	ArchiveBytes  int64 // compressed bytes read from the server
	ExpandedBytes int64 // decompressed tar stream, skipped entries included
}

// The default limits leave room for the whole upstream repository, which
// holds more than the ~62 MB of data LintEval uses.
const (
	DefaultArchiveBytes  = 1 << 30
	DefaultExpandedBytes = 4 << 30
)

// ErrTooLarge marks a download that exceeded its Limits.
var ErrTooLarge = errors.New("exceeds the download limit")

// Fetcher downloads and verifies the pinned data. The zero value works.
type Fetcher struct {
	Client *http.Client // nil: a default client (honours proxy variables)
	// Mirror replaces the archive URL's scheme and host (keeping its path
	// under Mirror's own path), for mirrors and tests.
	Mirror   string
	Limits   Limits                  // zero fields take the defaults
	Progress func(read, total int64) // compressed bytes; total -1 when unknown
}

// Fetch is Fetcher{Client: client}.Fetch.
func Fetch(ctx context.Context, m Manifest, cacheDir string, client *http.Client) (string, error) {
	return Fetcher{Client: client}.Fetch(ctx, m, cacheDir)
}

// Fetch returns CachePath(m, cacheDir), downloading it first unless it
// already verifies (then no request is made). On any error nothing new is
// left in cacheDir, and a previously cached copy is left as it was.
func (f Fetcher) Fetch(ctx context.Context, m Manifest, cacheDir string) (dir string, err error) {
	if err := m.Validate(); err != nil {
		return "", fmt.Errorf("manifest: %w", err)
	}
	final := CachePath(m, cacheDir)
	if Verify(final, m) == nil {
		return final, nil
	}
	if _, statErr := os.Stat(cacheDir); errors.Is(statErr, fs.ErrNotExist) {
		// Remove only the directory we create, and only while it is empty.
		defer func() {
			if err != nil {
				os.Remove(cacheDir)
			}
		}()
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", fmt.Errorf("LintEval cache: %w", err)
	}
	tmp, err := os.MkdirTemp(cacheDir, ".download-*")
	if err != nil {
		return "", fmt.Errorf("LintEval cache: %w", err)
	}
	defer os.RemoveAll(tmp) // a no-op once renamed into place
	if err := f.download(ctx, m, tmp); err != nil {
		return "", err
	}
	return final, install(tmp, final, m)
}

// install renames tmp to final. A stale final is moved aside first; when
// a concurrent Fetch installed a verified copy meanwhile, that one wins.
func install(tmp, final string, m Manifest) error {
	if err := os.Rename(tmp, final); err == nil {
		return nil
	}
	if Verify(final, m) == nil {
		return nil
	}
	stale, err := os.MkdirTemp(filepath.Dir(final), ".stale-*")
	if err != nil {
		return fmt.Errorf("LintEval cache: %w", err)
	}
	defer os.RemoveAll(stale)
	if err := os.Rename(final, filepath.Join(stale, "old")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("LintEval cache: replacing %s: %w", final, err)
	}
	if err := os.Rename(tmp, final); err != nil {
		return fmt.Errorf("LintEval cache: %w", err)
	}
	return nil
}

func (f Fetcher) archiveURL(m Manifest) (string, error) {
	if f.Mirror == "" {
		return m.Archive.URL, nil
	}
	u, err := url.Parse(m.Archive.URL)
	if err != nil {
		return "", fmt.Errorf("manifest archive.url %q: %w", m.Archive.URL, err)
	}
	b, err := url.Parse(f.Mirror)
	if err != nil || b.Scheme == "" || b.Host == "" {
		return "", fmt.Errorf("mirror %q: expected an absolute URL such as https://host/path", f.Mirror)
	}
	b.Path = strings.TrimSuffix(b.Path, "/") + u.Path
	b.RawPath = ""
	return b.String(), nil
}

// download streams the archive into dir: no temporary archive file, and
// only the manifest's files are ever written.
func (f Fetcher) download(ctx context.Context, m Manifest, dir string) error {
	src, err := f.archiveURL(m)
	if err != nil {
		return err
	}
	client := f.Client
	if client == nil {
		client = &http.Client{}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, src, nil)
	if err != nil {
		return fmt.Errorf("cannot download %s: %w", src, err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("cannot download %s: %w; pass --data DIR to use a local copy", src, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("cannot download %s: server answered %s; pass --data DIR to use a local copy", src, resp.Status)
	}
	lim := f.Limits
	if lim.ArchiveBytes <= 0 {
		lim.ArchiveBytes = DefaultArchiveBytes
	}
	if lim.ExpandedBytes <= 0 {
		lim.ExpandedBytes = DefaultExpandedBytes
	}
	body := &meter{r: resp.Body, limit: lim.ArchiveBytes, what: "compressed archive", h: sha256.New(),
		progress: f.Progress, total: resp.ContentLength}
	written, err := extract(body, lim.ExpandedBytes, m, dir)
	if err != nil {
		return fmt.Errorf("archive %s: %w", src, err)
	}
	// Hash the archive to its end (trailing padding included).
	if _, err := io.Copy(io.Discard, body); err != nil {
		return fmt.Errorf("archive %s: %w", src, err)
	}
	if err := checkWritten(m, written); err != nil {
		return fmt.Errorf("archive %s: %w", src, err)
	}
	if want := m.Archive.SHA256; want != "" {
		if got := hex.EncodeToString(body.h.Sum(nil)); got != want {
			return fmt.Errorf("archive %s: %w: archive sha256 %s, expected %s", src, ErrMismatch, got, want)
		}
	}
	return nil
}

// extract writes the manifest's files found in the tar.gz stream r under
// dir, checking each one's size and SHA-256. Entries are matched by exact
// name against the manifest, so "..", absolute names and links can never
// select a destination; os.Root refuses escapes all the same.
func extract(r io.Reader, maxExpanded int64, m Manifest, dir string) (map[string]benchmark.File, error) {
	want := make(map[string]benchmark.File, len(m.Files))
	for _, f := range m.Files {
		want[m.Archive.Prefix+f.Path] = f
	}
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("expected a gzip-compressed tar: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	tr := tar.NewReader(&meter{r: zr, limit: maxExpanded, what: "uncompressed archive"})
	written := map[string]benchmark.File{} // as written: actual size and sha256
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, corrupt(err)
		}
		f, ok := want[hdr.Name]
		if !ok {
			continue // not data LintEval uses
		}
		if _, dup := written[f.Path]; dup {
			return nil, fmt.Errorf("%w: %s appears twice in the archive", ErrMismatch, hdr.Name)
		}
		if hdr.Typeflag != tar.TypeReg {
			return nil, fmt.Errorf("%w: %s: expected a regular file, archive has type %q", ErrMismatch, hdr.Name, hdr.Typeflag)
		}
		if hdr.Size != f.Size {
			return nil, fmt.Errorf("%w: %s: %d bytes, expected %d", ErrMismatch, hdr.Name, hdr.Size, f.Size)
		}
		got, err := writeChecked(root, f, tr)
		if err != nil {
			return nil, err
		}
		written[f.Path] = got
	}
	// Reading to the gzip trailer checks its CRC, catching corruption in
	// the skipped tail of the archive too.
	if _, err := io.Copy(io.Discard, zr); err != nil {
		return nil, corrupt(err)
	}
	return written, nil
}

// corrupt names a stream failure, unless it was our own size limit.
func corrupt(err error) error {
	if errors.Is(err, ErrTooLarge) {
		return err
	}
	return fmt.Errorf("truncated or corrupt tar.gz: %w", err)
}

func writeChecked(root *os.Root, f benchmark.File, r io.Reader) (benchmark.File, error) {
	if err := root.MkdirAll(path.Dir(f.Path), 0o755); err != nil {
		return f, err
	}
	out, err := root.OpenFile(f.Path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return f, err
	}
	h := sha256.New()
	w := &sink{w: io.MultiWriter(out, h)}
	n, err := io.Copy(w, r)
	if cerr := out.Close(); err == nil && cerr != nil {
		w.err, err = cerr, cerr
	}
	switch {
	case w.err != nil: // the disk, not the archive
		return f, fmt.Errorf("writing %s: %w", f.Path, err)
	case err != nil:
		return f, fmt.Errorf("%s: %w", f.Path, corrupt(err))
	}
	got := benchmark.File{Path: f.Path, Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}
	if got != f {
		return got, fmt.Errorf("%w: %s: sha256 %s (%d bytes), expected %s (%d bytes)", ErrMismatch, f.Path, got.SHA256, n, f.SHA256, f.Size)
	}
	return got, nil
}

// sink remembers write errors so they are not blamed on the archive.
type sink struct {
	w   io.Writer
	err error
}

func (s *sink) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// checkWritten fails unless every manifest file was extracted, then
// digests what was actually written, the same check a cached copy gets.
func checkWritten(m Manifest, written map[string]benchmark.File) error {
	var missing []string
	files := make([]benchmark.File, 0, len(written))
	for _, f := range m.Files {
		got, ok := written[f.Path]
		if !ok {
			missing = append(missing, m.Archive.Prefix+f.Path)
		}
		files = append(files, got)
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: %d of %d files missing, e.g. %s (expected entries under %q)",
			ErrMismatch, len(missing), len(m.Files), missing[0], m.Archive.Prefix)
	}
	if got := benchmark.ListingDigest(files); got != m.Content.SHA256 {
		return fmt.Errorf("%w: content digest %s, expected %s", ErrMismatch, got, m.Content.SHA256)
	}
	return nil
}

// meter counts (and optionally hashes) what is read, failing past limit.
type meter struct {
	r        io.Reader
	n, limit int64
	what     string
	h        hash.Hash
	progress func(read, total int64)
	total    int64
}

func (m *meter) Read(p []byte) (int, error) {
	if m.n >= m.limit {
		return 0, fmt.Errorf("%s %w (%d bytes)", m.what, ErrTooLarge, m.limit)
	}
	if rest := m.limit - m.n; int64(len(p)) > rest {
		// Read one byte past the limit so an exact fit still reaches EOF.
		p = p[:rest+1]
	}
	n, err := m.r.Read(p)
	m.n += int64(n)
	if m.h != nil {
		m.h.Write(p[:n])
	}
	if m.progress != nil && n > 0 {
		m.progress(m.n, m.total)
	}
	if m.n > m.limit {
		return n, fmt.Errorf("%s %w (%d bytes)", m.what, ErrTooLarge, m.limit)
	}
	return n, err
}

// ListFiles lists the regular files under dir's included directories
// (e.g. "dataset/") with their sizes and SHA-256, sorted by path. Links
// are refused rather than followed: the digest is over what is on disk.
func ListFiles(dir string, include []string) ([]benchmark.File, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("%s: expected a MultiCodeIF directory holding %v", dir, include)
	}
	var files []benchmark.File
	for _, inc := range include {
		top := filepath.Join(dir, filepath.FromSlash(inc))
		err := filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
			if p == top && errors.Is(err, fs.ErrNotExist) {
				return nil // an absent directory lists no files; Verify names them missing
			}
			if err != nil {
				return err
			}
			if d.IsDir() {
				return nil
			}
			if !d.Type().IsRegular() {
				return fmt.Errorf("%s: expected a regular file or directory, found %s", p, d.Type())
			}
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			sum, size, err := hashFile(p)
			if err != nil {
				return err
			}
			files = append(files, benchmark.File{Path: filepath.ToSlash(rel), Size: size, SHA256: sum})
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("listing LintEval data in %s: %w", dir, err)
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

func hashFile(p string) (string, int64, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", 0, fmt.Errorf("%s: %w", p, err)
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}

// ContentDigest is the manifest's content digest of a MultiCodeIF root.
func ContentDigest(dir string, include []string) (string, error) {
	files, err := ListFiles(dir, include)
	if err != nil {
		return "", err
	}
	return benchmark.ListingDigest(files), nil
}

// Verify checks that dir (a MultiCodeIF root) holds exactly the
// manifest's data files, naming the first differences when it does not.
func Verify(dir string, m Manifest) error {
	files, err := ListFiles(dir, m.Content.Include)
	if err != nil {
		return err
	}
	got := benchmark.ListingDigest(files)
	if got == m.Content.SHA256 {
		return nil
	}
	have := make(map[string]string, len(files))
	for _, f := range files {
		have[f.Path] = f.SHA256
	}
	var diffs []string
	for _, f := range m.Files {
		switch sum, ok := have[f.Path]; {
		case !ok:
			diffs = append(diffs, f.Path+" missing")
		case sum != f.SHA256:
			diffs = append(diffs, f.Path+" changed")
		}
		delete(have, f.Path)
	}
	extra := make([]string, 0, len(have))
	for p := range have {
		extra = append(extra, p+" unexpected")
	}
	sort.Strings(extra)
	diffs = append(diffs, extra...)
	const show = 3
	more := ""
	if len(diffs) > show {
		more = fmt.Sprintf(" and %d more", len(diffs)-show)
		diffs = diffs[:show]
	}
	return fmt.Errorf("%s: %w: content digest %s, expected %s (commit %s): %s%s",
		dir, ErrMismatch, got, m.Content.SHA256, m.Commit, strings.Join(diffs, ", "), more)
}
