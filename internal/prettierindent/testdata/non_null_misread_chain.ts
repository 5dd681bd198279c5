// tree-sitter reads `a &&\n  b!.c` as `(a && b)!.c`: the chain after its first
// line is left alone (prettier prints it flat under the assignment); the
// misread chain's first line and the rest are judged (line 15 re-indented).
export function run(resume: boolean, activeBranch: any, pendingBranch: any) {
  let delayEnter: boolean | null = false
  if (!resume) {
    delayEnter =
      activeBranch &&
      pendingBranch!.transition &&
      pendingBranch!.transition.mode === "out-in-out-in-out-in"
  }
  return delayEnter
}
const total =
    "a-long-string-value-number-one-for-width" + "a-long-string-value-two"
