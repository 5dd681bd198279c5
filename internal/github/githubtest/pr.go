package githubtest

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// PR is a pull request the fake serves.
type PR struct {
	Owner, Repo      string
	Number           int
	HeadSHA, BaseSHA string
	Files            []File
	// HeadRepo (owner/name) is where the head branch HeadRef lives: a
	// fork's for a pull request from one (default: the base repository
	// and branch "feature").
	HeadRepo, HeadRef string
	// Closed marks a pull request that is no longer open.
	Closed bool
}

func (p *PR) headRepo() string {
	if p.HeadRepo != "" {
		return p.HeadRepo
	}
	return p.Owner + "/" + p.Repo
}

func (p *PR) headRef() string {
	if p.HeadRef != "" {
		return p.HeadRef
	}
	return "feature"
}

func (p *PR) state() string {
	if p.Closed {
		return "closed"
	}
	return "open"
}

// json is the pull request as GET .../pulls/{number} answers.
func (p *PR) json() map[string]any {
	repo := func(full string) map[string]any {
		owner, name, _ := strings.Cut(full, "/")
		return map[string]any{"full_name": full, "name": name, "owner": map[string]any{"login": owner}}
	}
	return map[string]any{
		"number": p.Number, "state": p.state(),
		"head": map[string]any{"sha": p.HeadSHA, "ref": p.headRef(), "repo": repo(p.headRepo())},
		"base": map[string]any{"sha": p.BaseSHA, "ref": "main", "repo": repo(p.Owner + "/" + p.Repo)},
	}
}

// File is one changed file as list-files describes it.
type File struct {
	Filename         string
	PreviousFilename string // renames
	Status           string // added, removed, modified, renamed
	Patch            string // hunks only, as in list-files; "" for binary files and pure renames
	Binary           bool
}

// FileChange describes the change of path from old to new contents (nil
// old: added; nil new: removed), with the patch computed as a 3-line-
// context unified diff, like GitHub's. Contents with a NUL byte are binary.
func FileChange(path string, old, new []byte) File {
	f := File{Filename: path, Status: "modified"}
	switch {
	case old == nil:
		f.Status = "added"
	case new == nil:
		f.Status = "removed"
	}
	if bytes.IndexByte(old, 0) >= 0 || bytes.IndexByte(new, 0) >= 0 {
		f.Binary = true
		return f
	}
	f.Patch = unifiedHunks(old, new)
	return f
}

// Renamed describes a rename from oldPath to newPath, with changes.
func Renamed(oldPath, newPath string, old, new []byte) File {
	f := FileChange(newPath, old, new)
	f.Status, f.PreviousFilename = "renamed", oldPath
	return f
}

type prKey struct {
	owner, repo string
	number      int
}

type pullRequest struct {
	PR
	files map[string]*fileInfo
}

type fileInfo struct {
	*File
	hunks                []hunk
	lines, adds, deletes int
}

// AddPR registers a pull request (replacing one with the same number).
func (s *Server) AddPR(pr PR) error {
	p := &pullRequest{PR: pr, files: map[string]*fileInfo{}}
	for i := range p.Files {
		f := &p.Files[i]
		if _, dup := p.files[f.Filename]; dup {
			return fmt.Errorf("githubtest: %s appears twice in PR %d", f.Filename, pr.Number)
		}
		fi := &fileInfo{File: f}
		var err error
		if fi.hunks, fi.lines, fi.adds, fi.deletes, err = scanPatch(f.Patch); err != nil {
			return fmt.Errorf("githubtest: %s: %w", f.Filename, err)
		}
		p.files[f.Filename] = fi
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prs[prKey{pr.Owner, pr.Repo, pr.Number}] = p
	return nil
}

// hunk is the extent of one "@@" block on both sides. The fake reads only
// headers and line prefixes, independently of the client's parser, so a
// parser bug on either side shows up as a disagreement.
type hunk struct{ oldStart, oldLines, newStart, newLines int }

var hunkHeaderRE = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)

func scanPatch(patch string) (hs []hunk, lines, adds, deletes int, err error) {
	for _, l := range strings.Split(strings.TrimSuffix(patch, "\n"), "\n") {
		if l == "" {
			continue
		}
		lines++
		switch l[0] {
		case '+':
			adds++
		case '-':
			deletes++
		case '@':
			m := hunkHeaderRE.FindStringSubmatch(l)
			if m == nil {
				return nil, 0, 0, 0, fmt.Errorf("bad hunk header %q", l)
			}
			hs = append(hs, hunk{atoi(m[1]), count(m[2]), atoi(m[3]), count(m[4])})
		}
	}
	return hs, lines, adds, deletes, nil
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func count(s string) int {
	if s == "" {
		return 1
	}
	return atoi(s)
}

// hunkOf returns the index of the hunk showing line on side, or -1.
func hunkOf(hs []hunk, side string, line int) int {
	for i, h := range hs {
		start, n := h.newStart, h.newLines
		if side == "LEFT" {
			start, n = h.oldStart, h.oldLines
		}
		if n > 0 && start <= line && line < start+n {
			return i
		}
	}
	return -1
}

// rawDiff renders the pull request as the diff media type does.
func (p *pullRequest) rawDiff() (string, int) {
	var sb strings.Builder
	total := 0
	for i := range p.Files {
		f := &p.Files[i]
		old := f.Filename
		if f.PreviousFilename != "" {
			old = f.PreviousFilename
		}
		fmt.Fprintf(&sb, "diff --git a/%s b/%s\n", old, f.Filename)
		switch f.Status {
		case "added":
			sb.WriteString("new file mode 100644\n")
		case "removed":
			sb.WriteString("deleted file mode 100644\n")
		case "renamed":
			fmt.Fprintf(&sb, "similarity index 90%%\nrename from %s\nrename to %s\n", old, f.Filename)
		}
		sb.WriteString("index 1111111..2222222\n")
		a, b := "a/"+old, "b/"+f.Filename
		if f.Status == "added" {
			a = "/dev/null"
		}
		if f.Status == "removed" {
			b = "/dev/null"
		}
		switch {
		case f.Binary:
			fmt.Fprintf(&sb, "Binary files %s and %s differ\n", a, b)
		case f.Patch != "":
			fmt.Fprintf(&sb, "--- %s\n+++ %s\n%s", a, b, f.Patch)
			if !strings.HasSuffix(f.Patch, "\n") {
				sb.WriteByte('\n')
			}
			total += p.files[f.Filename].lines
		}
	}
	return sb.String(), total
}
