// Package benchmark embeds LintEval's pinned data description: the
// MultiCodeIF manifest (what to download and how to verify it) and the
// paper's published headline figures. It lives at the repository root
// because go:embed cannot reach files outside the package directory.
package benchmark

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"
)

// ManifestJSON and PaperJSON are the embedded files, byte for byte.
var (
	//go:embed manifest.json
	ManifestJSON []byte
	//go:embed paper.json
	PaperJSON []byte
)

// DigestAlgorithm names how Content.SHA256 is computed (see ListingDigest).
const DigestAlgorithm = "sha256sum-listing-v1"

// Manifest pins the upstream data: where the archive is, which files of
// it LintEval uses and their checksums.
type Manifest struct {
	Schema     int     `json:"schema"`
	Name       string  `json:"name"`
	Repository string  `json:"repository"`
	Commit     string  `json:"commit"`
	Archive    Archive `json:"archive"`
	Content    Content `json:"content"`
	Contains   []Part  `json:"contains"`
	// Files are the data files, sorted by path; only these are extracted.
	Files []File `json:"files"`
}

// Archive is the upstream tar.gz. SHA256 is empty when it was never
// observed (SHA256Note says why); the content digest is what is enforced.
type Archive struct {
	URL        string `json:"url"`
	Prefix     string `json:"prefix"` // directory every entry sits under, with a trailing slash
	SHA256     string `json:"sha256"`
	SHA256Note string `json:"sha256_note,omitempty"`
}

// Content describes the verified subset of the archive.
type Content struct {
	Algorithm string   `json:"algorithm"`
	SHA256    string   `json:"sha256"`
	Include   []string `json:"include"` // top-level directories, e.g. "dataset/"
	Files     int      `json:"files"`
	Bytes     int64    `json:"bytes"`
}

// Part documents one directory of the content for readers.
type Part struct {
	Path        string `json:"path"`
	Files       int    `json:"files"`
	Entries     int    `json:"entries"` // tasks or generations across the files
	Description string `json:"description"`
}

// File is one data file, its path relative to the archive prefix.
type File struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// ListingDigest is the content digest: SHA-256 over the `sha256sum`
// lines ("<hex>  <path>\n") of the files sorted bytewise by path, so it
// can be reproduced without iflint:
//
//	find dataset results -type f | LC_ALL=C sort | xargs sha256sum | sha256sum
func ListingDigest(files []File) string {
	sorted := append([]File(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })
	h := sha256.New()
	for _, f := range sorted {
		fmt.Fprintf(h, "%s  %s\n", f.SHA256, f.Path)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// LoadManifest parses and validates the embedded manifest.
func LoadManifest() (Manifest, error) { return ParseManifest(ManifestJSON) }

// ParseManifest decodes a manifest strictly and validates it.
func ParseManifest(data []byte) (Manifest, error) {
	var m Manifest
	if err := decodeStrict(data, &m); err != nil {
		return Manifest{}, fmt.Errorf("manifest.json: %w", err)
	}
	if err := m.Validate(); err != nil {
		return Manifest{}, fmt.Errorf("manifest.json: %w", err)
	}
	return m, nil
}

// Validate checks the manifest's internal consistency. File paths are
// later joined onto a download directory, so anything that is not a
// plain relative path under an included directory is refused here.
func (m Manifest) Validate() error {
	switch {
	case m.Schema != 1:
		return fmt.Errorf("schema %d: expected 1", m.Schema)
	case len(m.Commit) != 40 || strings.Trim(m.Commit, "0123456789abcdef") != "":
		return fmt.Errorf("commit %q: expected 40 lowercase hex digits", m.Commit)
	case m.Archive.URL == "":
		return fmt.Errorf("archive.url: expected a URL")
	case m.Archive.Prefix != "" && !strings.HasSuffix(m.Archive.Prefix, "/"):
		return fmt.Errorf("archive.prefix %q: expected a trailing slash", m.Archive.Prefix)
	case m.Archive.SHA256 != "" && !isHex64(m.Archive.SHA256):
		return fmt.Errorf("archive.sha256 %q: expected 64 hex digits or empty", m.Archive.SHA256)
	case m.Content.Algorithm != DigestAlgorithm:
		return fmt.Errorf("content.algorithm %q: expected %q", m.Content.Algorithm, DigestAlgorithm)
	case len(m.Content.Include) == 0:
		return fmt.Errorf("content.include: expected at least one directory")
	case len(m.Files) != m.Content.Files:
		return fmt.Errorf("files: %d listed, content.files says %d", len(m.Files), m.Content.Files)
	}
	var total int64
	for i, f := range m.Files {
		if err := m.validFile(f); err != nil {
			return fmt.Errorf("files[%d]: %w", i, err)
		}
		if i > 0 && m.Files[i-1].Path >= f.Path {
			return fmt.Errorf("files[%d] %s: expected paths sorted and unique", i, f.Path)
		}
		total += f.Size
	}
	if total != m.Content.Bytes {
		return fmt.Errorf("files: %d bytes listed, content.bytes says %d", total, m.Content.Bytes)
	}
	if got := ListingDigest(m.Files); got != m.Content.SHA256 {
		return fmt.Errorf("content.sha256 %s: the file list digests to %s", m.Content.SHA256, got)
	}
	return nil
}

func (m Manifest) validFile(f File) error {
	if f.Path == "" || path.Clean(f.Path) != f.Path || path.IsAbs(f.Path) ||
		f.Path == ".." || strings.HasPrefix(f.Path, "../") || strings.ContainsAny(f.Path, "\\\n\x00") {
		return fmt.Errorf("path %q: expected a clean relative slash path", f.Path)
	}
	if !m.Included(f.Path) {
		return fmt.Errorf("path %q: expected it under one of %v", f.Path, m.Content.Include)
	}
	if f.Size < 0 {
		return fmt.Errorf("%s: negative size %d", f.Path, f.Size)
	}
	if !isHex64(f.SHA256) {
		return fmt.Errorf("%s: sha256 %q: expected 64 lowercase hex digits", f.Path, f.SHA256)
	}
	return nil
}

// Included reports whether a relative slash path lies under content.include.
func (m Manifest) Included(p string) bool {
	for _, dir := range m.Content.Include {
		if strings.HasPrefix(p, dir) {
			return true
		}
	}
	return false
}

func isHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, r := range s {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}

// Paper is paper.json: the published headline figures, in percent, each
// with where it was published.
type Paper struct {
	Title      string        `json:"title"`
	ArXiv      string        `json:"arxiv"`
	URL        string        `json:"url"`
	Unit       string        `json:"unit"` // always "percent"
	Models     []ModelFigure `json:"models"`
	Constraint []BoundFigure `json:"constraint_kinds"`
	Levels     LevelFigures  `json:"levels"`
	Feedback   Feedback      `json:"feedback"`
	Judge      Judge         `json:"judge"`
}

// ModelFigure is one model's average constraint satisfaction.
type ModelFigure struct {
	Model      string  `json:"model"`
	ResultsDir string  `json:"results_dir"` // its directory under results/single_level
	Best       bool    `json:"best"`
	Percent    float64 `json:"percent"`
	Source     string  `json:"source"`
}

// BoundFigure is a published bound rather than a value ("over 70%").
type BoundFigure struct {
	Kind    string  `json:"kind"`  // "explicit" or "implicit"
	Bound   string  `json:"bound"` // "above" or "below"
	Percent float64 `json:"percent"`
	Source  string  `json:"source"`
}

// LevelFigures compares single-level with multi-level satisfaction.
type LevelFigures struct {
	SingleLevel float64 `json:"single_level_percent"`
	MultiLevel  float64 `json:"multi_level_percent"`
	Source      string  `json:"source"`
}

// Feedback is the multi-turn structured-feedback improvement.
type Feedback struct {
	Rounds int     `json:"rounds"`
	From   float64 `json:"from_percent"`
	To     float64 `json:"to_percent"`
	Source string  `json:"source"`
}

// Judge records which model decides the LLM-judged constraint types.
type Judge struct {
	Paper       string `json:"paper"`
	PaperSource string `json:"paper_source"`
	Code        string `json:"released_code"`
	CodeRule    string `json:"released_code_rule"`
	CodeSource  string `json:"released_code_source"`
}

// LoadPaper parses and validates the embedded paper figures.
func LoadPaper() (Paper, error) { return ParsePaper(PaperJSON) }

// ParsePaper decodes paper figures strictly and validates them.
func ParsePaper(data []byte) (Paper, error) {
	var p Paper
	if err := decodeStrict(data, &p); err != nil {
		return Paper{}, fmt.Errorf("paper.json: %w", err)
	}
	if err := p.Validate(); err != nil {
		return Paper{}, fmt.Errorf("paper.json: %w", err)
	}
	return p, nil
}

// Validate checks ranges and that every figure names its source.
func (p Paper) Validate() error {
	if p.Unit != "percent" {
		return fmt.Errorf("unit %q: expected \"percent\"", p.Unit)
	}
	pct := func(what string, v float64, src string) error {
		if v < 0 || v > 100 {
			return fmt.Errorf("%s: %v is not a percentage", what, v)
		}
		if src == "" {
			return fmt.Errorf("%s: expected a source", what)
		}
		return nil
	}
	best := 0
	for _, m := range p.Models {
		if err := pct("models "+m.Model, m.Percent, m.Source); err != nil {
			return err
		}
		if m.Best {
			best++
		}
	}
	if best != 1 {
		return fmt.Errorf("models: %d marked best, expected exactly 1", best)
	}
	for _, b := range p.Constraint {
		if b.Bound != "above" && b.Bound != "below" {
			return fmt.Errorf("constraint_kinds %s: bound %q: expected above or below", b.Kind, b.Bound)
		}
		if err := pct("constraint_kinds "+b.Kind, b.Percent, b.Source); err != nil {
			return err
		}
	}
	for _, e := range []error{
		pct("levels.single_level_percent", p.Levels.SingleLevel, p.Levels.Source),
		pct("levels.multi_level_percent", p.Levels.MultiLevel, p.Levels.Source),
		pct("feedback.from_percent", p.Feedback.From, p.Feedback.Source),
		pct("feedback.to_percent", p.Feedback.To, p.Feedback.Source),
	} {
		if e != nil {
			return e
		}
	}
	if p.Judge.Paper == "" || p.Judge.PaperSource == "" || p.Judge.Code == "" || p.Judge.CodeSource == "" {
		return fmt.Errorf("judge: expected the paper's and the released code's judge, each with a source")
	}
	return nil
}

// decodeStrict refuses unknown fields and trailing data, so a typo in a
// hand-edited file fails loudly instead of zeroing a figure.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("unexpected data after the JSON value")
	}
	return nil
}
