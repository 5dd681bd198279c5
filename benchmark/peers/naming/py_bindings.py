"""Prints every name each Python file binds, per Python's own ast:
"file<TAB>line<TAB>name" for classes, functions, arguments, assignment,
for, with, except and comprehension targets, walrus names, imports and
globals. Reads file paths from standard input. Used by the naming peer
comparison to prove that every iflint finding is at a declaration."""
import ast
import sys


def names(node):
    if isinstance(node, ast.Name):
        yield node.lineno, node.id
    elif isinstance(node, (ast.Tuple, ast.List)):
        for e in node.elts:
            yield from names(e)
    elif isinstance(node, ast.Starred):
        yield from names(node.value)


for path in sys.stdin.read().split("\n"):
    if not path:
        continue
    try:
        with open(path, encoding="utf8") as f:
            tree = ast.parse(f.read())
    except (SyntaxError, UnicodeDecodeError, ValueError):
        continue
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            out.add((n.lineno, n.name))
        elif isinstance(n, ast.arg):
            out.add((n.lineno, n.arg))
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            out.add((n.lineno, n.id))
        elif isinstance(n, ast.ExceptHandler) and n.name:
            # The name is on the except line.
            out.add((n.lineno, n.name))
        elif isinstance(n, ast.alias):
            bound = n.asname or n.name.split(".")[0]
            out.add((n.lineno, bound))
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            for g in n.names:
                out.add((n.lineno, g))
    for line, name in sorted(out):
        print(f"{path}\t{line}\t{name}")
