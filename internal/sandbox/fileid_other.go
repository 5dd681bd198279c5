//go:build !linux

package sandbox

import "io/fs"

// fileID is empty where the status-change time is not portable; size,
// mode and modification time still tell most changes.
type fileID struct{}

func idOf(fs.FileInfo) fileID { return fileID{} }
