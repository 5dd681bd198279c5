// prettier's output, except lines 7 and 12 (re-indented on purpose)
const child =
  children && children.length
    ? firstVisibleChildOfList(children)
    : // keep the fallback branches on the same path
      // as the other branches
        component.renderedTree
      ? createPlaceholderNode()
      : undefined;
type Defaults<T, D> = {
  readonly [
  K in keyof DefaultsWithAVeryLongName as K extends keyof T ? K : never
  ]-?: K extends keyof T ? D[K] : never;
};
