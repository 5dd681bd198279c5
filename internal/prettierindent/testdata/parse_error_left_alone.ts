// A region the grammar cannot read is left alone; the rest is judged.
if (
  isProp.type === 1 &&
  isProp.value!.content.startsWith("vue:")
) {
    run();
}
function broken( {
      a = ;
}
