// prettier's output, except lines 4, 10, 17 (re-indented on purpose)
const f =
  (aaaaaaaaaaaaaaa) =>
    (bbbbbbbbbbbbbbbbbbbbbbbbbb) =>
  (cccccccccccccccccccccccccccc) => {
    return 1;
  };
foo(
  (aaaaaaaaaaaaaaa) =>
  (bbbbbbbbbbbbbbbbbbbbbbbbbb) =>
    (cccccccccccccccccccccccccccc) => {
      return 1;
    },
  2,
);
const g = (someArgument: string, another: number) =>
    someFunction(someArgument, another, more1);
