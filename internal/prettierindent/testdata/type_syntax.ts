// prettier's output, except lines 5, 15, 20, 26 (re-indented on purpose)
export type ElementNode =
  PlainElementNode | ComponentNode | SlotOutletNode | TemplateNode | Other;
type Opts = {
    kind?:
    | "aaaaaaaaaaaaa"
    | "bbbbbbbbbbbbbbbbbb"
    | "ccccccccccccccccccccccc"
    | "ddddddddddddd";
};
export type Merged = Omit<Required<ParserOptions>, OptionalOptionsThatAreLong> &
  Pick<ParserOptions, OptionalOptions>;
export interface TransformOptions
  extends
  SharedTransformCodegenOptions,
    ErrorHandlingOptions,
    CompilerCompatOptions {
  a: number;
}
  function defineIt<
  Props,
  RawBindings = object,
  D = {},
  C extends ComputedOptions = {},
  M extends MethodOptions = {},
>(p: Props): void {}
enum Color {
  Red = 1,
  Green,
  Blue,
}
