// NOLINTBEGIN
class bad_class {};
int Bad_Var = 1;
// NOLINTEND
int After_End = 2;  // NOLINT(*)
