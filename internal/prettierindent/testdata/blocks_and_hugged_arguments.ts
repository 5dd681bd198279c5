// prettier's output, except lines 4, 14, 27, 36 (re-indented on purpose)
function f(a: number, b: string) {
  if (a > 1) {
      return {
      x: a,
      y: b,
      zzzzzzzzzzzzzzzzzzzzzzzz: [1, 2, 3],
      wwwwwwwwwwwwwwwwwwwwwwwwww: 4,
    };
  }
  foo(a, b, {
    x: 1,
    yyyyyyyyyyyyyyyyyyyyyy: 2,
  zzzzzzzzzzzzzzzzzzzzzzzzzzzz: 3,
    wwwwwwwwwwwwwww: 4,
  });
  setTimeout(() => {
    done();
    again();
  }, 500);
  someFunctionWithALongName(
    firstArgumentIsLong,
    secondArgumentIsLonger,
    thirdArgument,
  );
  const list = [
      aaaaaaaaaaaaaaaaaaaaa,
    bbbbbbbbbbbbbbbbbbbbbbbbbbbbb,
    cccccccccccccccccccccccccccccc,
  ];
  for (const x of list)
    console.log(
      xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx,
      yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy,
    );
    walk(node, (id) =>
    markScopeIdentifierWithAVeryLongName(node, id, knownIdentifiers, more),
  );
}
