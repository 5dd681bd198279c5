// prettier's output, except lines 5, 12, 23 (re-indented on purpose)
const message =
  i % 3 === 0 && i % 5 === 0
    ? "fizzbuzz"
      : i % 3 === 0
      ? "fizz"
      : i % 5 === 0
        ? "buzz"
        : String(i) + suffixValue;
const x = cond
  ? {
    aaaaaaaaaaaaaaaa: 1,
      bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb: 2,
      cccccccccccccccccccccccc: 3,
    }
  : b;
const z = cond
  ? aaaaaaaaaaaaaaaaaaa
    ? bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
    : cccccccccccccccccccccccccccccc
  : d;
type A<T> = T extends string
    ? "sssssssssssssssssssssssss"
  : T extends number
    ? "nnnnnnnnnnnnnnnnnnnnnnnnn"
    : never;
