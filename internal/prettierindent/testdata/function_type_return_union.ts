// prettier's output, except line 3 (re-indented on purpose): a function type's return type broken onto its own lines
type SlotFunction = () =>
| VNode<
      RendererNodeWithALongName,
      RendererElementWithALongName,
      { [key: string]: any }
    >
  | Slot<any>;
