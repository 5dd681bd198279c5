// prettier's output, except lines 7 and 12 (re-indented on purpose)
const child =
  children && children.length
    ? findNonCommentChild(children)
    : // keep the default-slot conditionals on the same path
      // as regular branches
        instance.subTree
      ? createCommentVNode()
      : undefined;
type Defaults<T, D> = {
  readonly [
  K in keyof DefaultsWithAVeryLongName as K extends keyof T ? K : never
  ]-?: K extends keyof T ? D[K] : never;
};
