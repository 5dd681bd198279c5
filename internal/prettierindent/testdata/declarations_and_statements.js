// prettier's output, except lines 3, 8, 14, 20 (re-indented on purpose)
let aaaaaaaaaaaaaaa = 1,
    bbbbbbbbbbbbbbbbbbbbbbbb = 2,
  cccccccccccccccccccccccccc = 3,
  ddddd = 4;
keyExp =
  keyProp.exp =
    keyProperty.value =
    processExpression(keyProperty.value, context, moreArgs);
switch (kind) {
  case 1:
    doOne();
    break;
    case 2: {
    doTwo();
  }
  default:
    doDefault();
}
  if (shouldWarn) expect(spy).toHaveBeenCalledWith(message);
else expect(spy).not.toHaveBeenCalled();
class A extends B {
  static x = 1;
  method() {
    return this.x;
  }
}
