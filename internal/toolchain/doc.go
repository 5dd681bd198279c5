// Package toolchain finds the compilers installed on this machine and
// runs one on a single file: the only place on the checking side that
// starts processes (os/exec). The language_version rule
// (internal/rules/langversion) compiles an answer with the requested
// version's toolchain when there is one, as the paper's evaluator did.
//
// find.go locates toolchains (SystemToolchains: Python interpreters from
// pyenv or PATH, JDKs, Rust toolchains from rustup). compile.go runs one
// compile (CompileFile): the file alone in a fresh temporary directory,
// the environment stripped of anything that looks like a credential,
// the whole process group killed at the paper's 10-second limit.
// cache.go keeps each run in the content-addressed verdict cache under
// the toolchain's identity, its arguments and the file's bytes
// (CompileCache), so an identical run later compiles nothing.
package toolchain
