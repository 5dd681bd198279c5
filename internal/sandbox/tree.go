package sandbox

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// copyTree copies the repository at src into dst, which must not exist.
// It copies directories, regular files (with their permission bits) and
// symbolic links that stay inside the tree; it skips .git (the command
// tests the tree, not the history, and .git is often the largest part),
// links that leave the tree (they would let the candidate read or write
// outside its copy), and sockets, pipes and devices (reading a named pipe
// would block forever).
//
// Directories are created writable so that files and changes can be
// written into them; their real modes are returned, keyed by path relative
// to dst, for restoreDirModes. A large repository takes a while: the copy
// stops, with ctx's error, when ctx ends.
func copyTree(ctx context.Context, src, dst string) (map[string]fs.FileMode, error) {
	// Resolved, so that a repository reached through a link is walked
	// rather than copied as one link, and absolute link targets compare.
	root, err := filepath.EvalSymlinks(src)
	if err == nil {
		root, err = filepath.Abs(root)
	}
	if err != nil {
		return nil, fmt.Errorf("verify: repository path %q: %w", src, err)
	}
	if fi, err := os.Stat(root); err != nil {
		return nil, fmt.Errorf("verify: repository: %w", err)
	} else if !fi.IsDir() {
		return nil, fmt.Errorf("verify: repository %s: expected a directory", src)
	}
	dirModes := map[string]fs.FileMode{}
	var links []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		if d.Name() == ".git" && rel != "." {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil // a submodule's .git file
		}
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch mode := info.Mode(); {
		case mode.IsDir():
			dirModes[rel] = mode.Perm()
			return os.Mkdir(target, 0o700)
		case mode.IsRegular():
			return copyFile(p, target, mode.Perm())
		case mode&fs.ModeSymlink != 0:
			dest, err := os.Readlink(p)
			if err != nil {
				return err
			}
			dest, ok := linkInside(root, rel, dest)
			if !ok {
				return nil
			}
			links = append(links, target)
			return os.Symlink(dest, target)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("verify: copying repository %s: %w", src, err)
	}
	if err := dropEscapingLinks(dst, links); err != nil {
		return nil, err
	}
	return dirModes, nil
}

// linkInside reports whether the link at rel (relative to root) with
// target dest points inside root by its spelling, and returns the target
// to use in the copy: an absolute target inside the original repository
// must become relative, or the copy's link would reach the original.
func linkInside(root, rel, dest string) (string, bool) {
	if filepath.IsAbs(dest) {
		r, err := filepath.Rel(root, dest)
		if err != nil || escapes(r) {
			return "", false
		}
		d, err := filepath.Rel(filepath.Dir(filepath.Join(root, rel)), dest)
		return d, err == nil
	}
	return dest, !escapes(filepath.Join(filepath.Dir(rel), dest))
}

// escapes reports whether a cleaned relative path climbs above its base.
func escapes(rel string) bool {
	return rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// dropEscapingLinks removes links whose resolved target is outside dst or
// does not exist. The spelling check in linkInside is not enough on its
// own: "a/.." through a link a pointing elsewhere in the tree is not where
// it looks, and only resolving the links in the finished copy, as the
// kernel will, settles it. Dangling links go too, since a later file at
// their target could lie outside the tree.
func dropEscapingLinks(dst string, links []string) error {
	root, err := filepath.EvalSymlinks(dst)
	if err != nil {
		return fmt.Errorf("verify: resolving temporary copy: %w", err)
	}
	for _, l := range links {
		if inside(root, l) {
			continue
		}
		if err := os.Remove(l); err != nil {
			return fmt.Errorf("verify: removing link that leaves the tree: %w", err)
		}
	}
	return nil
}

// inside reports whether p resolves to root or below it.
func inside(root, p string) bool {
	resolved, err := filepath.EvalSymlinks(p)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(root, resolved)
	return err == nil && !escapes(rel) && !filepath.IsAbs(rel)
}

func copyFile(src, dst string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	// Chmod rather than the OpenFile mode, which the umask would reduce.
	return os.Chmod(dst, perm)
}

// restoreDirModes gives the copied directories their original modes.
func restoreDirModes(tree string, modes map[string]fs.FileMode) error {
	for rel, mode := range modes {
		if err := os.Chmod(filepath.Join(tree, rel), mode); err != nil {
			return fmt.Errorf("verify: restoring directory mode: %w", err)
		}
	}
	return nil
}

// removeTree removes dir even when it holds read-only directories (copied
// from the repository or made by the tests), which os.RemoveAll alone
// cannot empty.
func removeTree(dir string) error {
	if err := os.RemoveAll(dir); err == nil {
		return nil
	}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			_ = os.Chmod(p, 0o700)
		}
		return nil
	})
	return os.RemoveAll(dir)
}

// CopyTree copies the tree at src into dst (which must not exist) as Run
// copies a repository: .git, links leaving the tree and special files
// are left out, and directories get their modes back.
func CopyTree(ctx context.Context, src, dst string) error {
	modes, err := copyTree(ctx, src, dst)
	if err != nil {
		return err
	}
	return restoreDirModes(dst, modes)
}
