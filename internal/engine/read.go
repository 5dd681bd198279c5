package engine

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// ReadSource reads the file at p for checking, or says why it is not
// read (skip), or fails (err: the file cannot be read).
//
// Only regular files are read. p is stat'ed before it is opened, so a
// FIFO, socket or device is never opened: opening a FIFO waits for a
// writer, and opening some devices has effects of its own. The file is
// then opened without blocking and checked again on the descriptor, so
// one swapped for a FIFO in between cannot block the run either. At most
// MaxFileSize bytes are read whatever stat said: files under /proc report
// a size of 0, and a file may grow while it is read.
func ReadSource(p string) (src []byte, skip string, err error) {
	return readSource(p, MaxFileSize)
}

func readSource(p string, limit int64) (src []byte, skip string, err error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, "", err
	}
	if why := NotRegular(st.Mode()); why != "" {
		return nil, why, nil
	}
	if st.Size() > limit {
		return nil, TooLarge, nil
	}
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, "", err
	}
	if why := NotRegular(st.Mode()); why != "" {
		return nil, why, nil
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, "", err
	}
	if int64(len(b)) > limit {
		return nil, TooLarge, nil
	}
	return b, "", nil
}

// NotRegular says what kind of special file m is ("" for a regular file).
func NotRegular(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return "a directory, not a regular file"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO), not a regular file"
	case m&fs.ModeSocket != 0:
		return "a socket, not a regular file"
	case m&fs.ModeDevice != 0:
		return "a device, not a regular file"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file"
}

// unlisted is the skip record of a directory that could not be listed.
func unlisted(rel string, err error) Skipped {
	s := unreadable(rel, err)
	s.Reason = "directory c" + s.Reason[1:] + "; nothing under it was checked"
	return s
}

// unreadable is the skip record of a path that could not be read. The
// reason is the system's without the path, which the record names.
func unreadable(rel string, err error) Skipped {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return Skipped{Path: rel, Reason: "cannot be read: " + err.Error(), Unreadable: true}
}
