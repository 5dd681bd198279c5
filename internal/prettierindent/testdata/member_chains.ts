// prettier's output, except lines 4, 6, 14 (re-indented on purpose)
const result = items
  .filter((item) => item.enabled)
    .map((item) => {
    return item.value * 2;
})
  .reduce((a, b) => a + b, 0);
expect(
  wrapper.find("SomeSelector").prop("children")(defaultValue),
).toMatchInlineSnapshot(`"x"`);
const directive = (ast.children[0] as ElementNode).props[0]
  .someLongPropertyName as DirectiveNode;
promise.then((r) => r.json());
  const last = dynamicSlots[
  dynamicSlots.length - 1 - someOffsetThatIsQuiteLongToBreakTheLine
] as Cond;
