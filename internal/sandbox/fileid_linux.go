package sandbox

import (
	"io/fs"
	"syscall"
)

// fileID is what a process cannot set back after changing a file: its
// inode and its status-change time.
type fileID struct {
	ino   uint64
	ctime int64
}

func idOf(info fs.FileInfo) fileID {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}
	}
	return fileID{st.Ino, st.Ctim.Nano()}
}
