// prettier's output (semi: false), except line 6 (re-indented on purpose): the second call signature is not read as the first one's return type
type Watchable<T> = {
  watch: {
    (onChange: (next: T, previous: T) => void): () => void
    <V>(
        pick: (value: T) => V,
      onChange: (nextPicked: V, previousPicked: V) => void,
      settings?: { compare?: (a: V, b: V) => boolean },
    ): () => void
  }
}
