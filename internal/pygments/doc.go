// Package pygments is the token view of source code that MultiCodeIF's
// evaluator sees: it classified names and comments by the token types of
// Pygments' lexers. iflint lexes with chroma (a Go port of Pygments'
// lexers) and corrects it where chroma's lexers and the Pygments
// version the evaluator ran disagree on what is a plain Name or a
// comment (fixups.go); the tokens are placed back on the unit's original
// bytes (stream.go). naming_convention's paper profile
// (internal/rules/naming) and comment_formatting's comment-kind checks
// (internal/rules/comments) read it.
//
// Pygments is Copyright (c) 2006-2022 by the respective authors and is
// distributed under the BSD 2-Clause licence, reproduced in LICENSE in
// this directory; the C and C++ type lists in fixups.go are Pygments'.
// chroma is Copyright (c) 2017 Alec Thomas, MIT licence.
package pygments
