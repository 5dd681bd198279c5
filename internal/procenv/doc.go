// Package procenv keeps iflint's environment (its GitHub token, its
// model's API key, whatever else its caller exported) out of
// /proc/<pid>/environ, which shows the environment block a process was
// started with for as long as it lives, whatever it unsets later: a test
// command running as root, or any process of the same user while iflint
// is dumpable, reads it there.
//
// Hide re-executes the program (execve replaces the process, its pid and
// its descriptors stay) with an environment block holding only what the
// Go runtime reads at startup, and hands the real environment over
// through an anonymous memory file; the new image reads it back into
// its own memory (os.Setenv: the heap, not the block), closes the file
// and makes itself undumpable, so that a process of the same user can
// read neither its environment nor its memory. Everything that reads the
// environment afterwards (os.Getenv, os.Environ, exec's default) works
// as before.
//
// What it cannot do: root outside a user namespace may read any
// process's memory (/proc/<pid>/mem), the heap included. Only a PID
// namespace that hides iflint (the sandbox's bubblewrap) or a user
// namespace without privileges over it keeps such a command away.
package procenv
