// prettier's output, except lines 4, 8, 13, 28 (re-indented on purpose)
if (
  (someCondition && anotherConditionThatIsLong && yetAnotherConditionHere) ||
    fallback
) {
  run();
}
  callSomething(
  firstOperandIsLong && secondOperandIsEvenLonger && thirdOperandHere,
  1,
);
const isOk =
    firstOperandIsLong && secondOperandIsEvenLonger && thirdOperandHereToo;
function g() {
  return firstOperandIsLong && secondOperandIsEvenLonger && thirdOperandHereToo;
}
const opts = enabled && {
  aaaaaaaaaaaaaaaaaaa: 1,
  bbbbbbbbbbbbbbbbbbbbbbb: 2,
  cccccccccccccccc: 3,
};
if (
  __TEST__ &&
  (code.charAt(newlineIndex) !== "\n" ||
    code.slice(0, newlineIndex).includes("\n"))
) {
}
const total =
  someNumberValue + anotherNumberValue * multiplierValue + yetAnotherValue1;
