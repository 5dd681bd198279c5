"""Format a small table. Keyword arguments and defaults are written as
PEP 8 wants them, without spaces around "=", and an annotated default
with them: none of that is a spacing finding. Only format_row's body is
indented by two spaces."""


def format_row(cells, width=8, sep=" | ", align="<"):
  text = sep.join(f"{c:{align}{width}}" for c in cells)
  return text.rstrip()


def format_table(rows, *, width: int = 8, header=None, sep=" | "):
    out = []
    if header is not None:
        out.append(format_row(header, width=width, sep=sep))
        out.append("-" * len(out[0]))
    for row in rows:
        out.append(format_row(row, width=width, sep=sep, align=">"))
    return "\n".join(out)


def totals(rows, key=lambda r: r[-1], start=0):
    return sum((key(r) for r in rows), start=start)
