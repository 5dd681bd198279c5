// prettier's output, except lines 5, 11, 15 (re-indented on purpose)
function App() {
  return (
    <div
        className="app"
      id="main"
      onClick={() => handle(someArgument)}
      data-x="1"
    >
      <Header title="t" />
    {items.length > 0 && (
        <List items={items} onSelect={(item) => select(item)} />
      )}
      <p>
          Some text that is long enough to wrap over the print width of eighty
      </p>
    </div>
  );
}
