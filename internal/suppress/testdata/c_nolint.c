int Bad_Name; // NOLINT
int Other_Name; // NOLINT(readability-identifier-naming)
int Third_Name; // NOLINT(bugprone-*)
// NOLINTNEXTLINE(readability-*)
int Fourth_Name;
/* NOLINTBEGIN(whitespace/indent) */
int f(void) {
      return 1;
}
/* NOLINTEND(whitespace/indent) */
int g(void) { return 2; }
// clang-format off
int m[] = {1,0,
           0,1};
// clang-format on
int NOLINTX = 1; // NOLINTFOO is not a directive
const char *s = "// NOLINT";
