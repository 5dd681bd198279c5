// prettier's output, except lines 3 and 11 (re-indented on purpose) and 7 and 14, which prettier leaves as written
/**
   * A JSDoc block: its inner lines one blank past the comment.
 */
function f() {
  /*
          a block comment whose lines do not start with a star
        is printed as written
  */
  const a = 1; // trailing
    // a comment before the closing brace stays with the statements
}
const s = `template
        lines ${foo(a)} are left
  alone`;
