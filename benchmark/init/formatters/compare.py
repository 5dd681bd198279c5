#!/usr/bin/env python3
import json, sys, subprocess, difflib, collections, os
# compare.py DIR NAME KIND [args]: per layout finding, whether the formatter changes that line.
# KIND: clang (clang-format --style=file or STYLE), prettier, rustfmt, gofmt
d, name, kind = sys.argv[1], sys.argv[2], sys.argv[3]
extra = sys.argv[4:]
root = os.path.abspath(f"{d}/{name}")
r = json.load(open(f"{d}/{name}.check.json"))
by = collections.defaultdict(list)
for x in r["diagnostics"]:
    if x["type"] in ("indentation_spacing", "brace_block_formatting"):
        by[x["path"]].append(x)
def fmt(path):
    p = os.path.join(root, path)
    if kind == "clang":
        style = extra[0] if extra else "file"
        cmd = ["clang-format", f"--style={style}", p]
    elif kind == "prettier":
        cmd = [os.path.join(os.environ.get("NPMTOOLS", "/work/npmtools/node_modules"), ".bin/prettier"), p]
    elif kind == "rustfmt":
        cmd = ["rustfmt", "--emit", "stdout", "--edition", extra[0] if extra else "2021", p]
    elif kind == "gofmt":
        cmd = ["gofmt", p]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=root, timeout=int(os.environ.get("TMO", "60")))
    except subprocess.TimeoutExpired:
        return None
    if out.returncode != 0:
        return None
    o = out.stdout
    if kind == "rustfmt":  # strip the "path:\n\n" header rustfmt prints
        lines = o.split("\n")
        if lines and lines[0].endswith(":"):
            o = "\n".join(lines[2:])
    return o
tot = agree = disagree = unknown = 0
bad = []
for path, xs in sorted(by.items()):
    src = open(os.path.join(root, path), encoding="utf-8", errors="replace").read().split("\n")
    f = fmt(path)
    if f is None:
        unknown += len(xs); tot += len(xs); continue
    changed = set()
    sm = difflib.SequenceMatcher(None, src, f.split("\n"), autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag != "equal":
            changed.update(range(i1 + 1, max(i2, i1 + 1) + 1))
    for x in xs:
        tot += 1
        if x["line"] in changed:
            agree += 1
        else:
            disagree += 1; bad.append(f'{path}:{x["line"]}: {x["message"]} [{x["constraint"]}]')
print(f"{name}: {tot} layout findings; formatter changes the line: {agree}; formatter keeps it: {disagree}; formatter failed: {unknown}")
for b in bad[:int(os.environ.get("SHOW", "15"))]:
    print("  " + b)
