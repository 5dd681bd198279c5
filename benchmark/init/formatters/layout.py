#!/usr/bin/env python3
import json, sys, collections
# layout.py DIR NAME: the layout findings (indentation, braces) of NAME.check.json by constraint, with files
d, name = sys.argv[1], sys.argv[2]
r = json.load(open(f"{d}/{name}.check.json"))
c = collections.Counter(); files = collections.defaultdict(set)
for x in r["diagnostics"]:
    if x["type"] in ("indentation_spacing", "brace_block_formatting"):
        c[x["constraint"]] += 1; files[x["constraint"]].add(x["path"])
for k, v in c.items():
    print(f"{name}\t{k}\t{v}\t{len(files[k])} files")
if len(sys.argv) > 3:
    for x in r["diagnostics"]:
        if x["type"] in ("indentation_spacing", "brace_block_formatting"):
            print(f'{x["path"]}:{x["line"]}: {x["message"]} [{x["constraint"]}]')
