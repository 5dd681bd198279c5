#!/usr/bin/env python3
import json, sys, subprocess, collections, os, re
HERE = os.path.dirname(os.path.abspath(__file__))
NPM = os.environ.get("NPMTOOLS", "/work/npmtools/node_modules")
# compare_lines.py DIR NAME KIND: per layout finding, whether the line checker flags that line.
# KIND: checkstyle (checkstyle-indent4.xml), pycodestyle, eslint-tab / eslint-2 / stylistic-tab ...
d, name, kind = sys.argv[1], sys.argv[2], sys.argv[3]
root = os.path.abspath(f"{d}/{name}")
r = json.load(open(f"{d}/{name}.check.json"))
by = collections.defaultdict(list)
for x in r["diagnostics"]:
    if x["type"] in ("indentation_spacing", "brace_block_formatting"):
        if len(sys.argv) > 4 and not x["constraint"].startswith(sys.argv[4]):
            continue
        by[x["path"]].append(x)
flagged = set(); unjudged = set()
files = sorted(by)
if files:
    if kind == "checkstyle":
        out = subprocess.run(["sh", os.path.join(HERE, "../../mutation/checkstyle.sh"), os.path.join(HERE, "../../mutation/checkstyle-indent4.xml")] + files, capture_output=True, text=True, cwd=root).stdout
        out += subprocess.run(["sh", os.path.join(HERE, "../../mutation/checkstyle.sh"), os.path.join(HERE, "checkstyle-braces.xml")] + files, capture_output=True, text=True, cwd=root).stdout
        for l in out.splitlines():
            if l.startswith("UNJUDGED "):
                unjudged.add(os.path.relpath(l[9:], root)); continue
            m = re.match(r"(.*?):(\d+)(?::\d+)?$", l)
            if m:
                flagged.add((os.path.relpath(m.group(1), root), int(m.group(2))))
    elif kind == "pycodestyle":
        out = subprocess.run(["/usr/bin/python3", "-m", "pycodestyle", "--max-line-length=10000"] + files, capture_output=True, text=True, cwd=root).stdout
        for l in out.splitlines():
            m = re.match(r"(.*?):(\d+):\d+: ([EW]\d+)", l)
            if m and m.group(3)[:2] in ("E1", "W1"):
                flagged.add((m.group(1), int(m.group(2))))
    elif kind.startswith("eslint") or kind.startswith("stylistic"):
        cfg = os.path.join(HERE, "stylistic.config.mjs" if kind.startswith("stylistic") else "eslint.config.cjs")
        env = dict(os.environ, IND=kind.split("-")[1])
        out = subprocess.run([os.path.join(NPM, ".bin/eslint"), "-c", cfg, "--no-ignore", "-f", "json"] + files, capture_output=True, text=True, cwd=root, env=env).stdout
        for f in json.loads(out):
            for m in f["messages"]:
                if m.get("ruleId") and m["ruleId"].endswith("indent"):
                    flagged.add((os.path.relpath(f["filePath"], root), m["line"]))
                elif m.get("fatal"):
                    unjudged.add(os.path.relpath(f["filePath"], root))
tot = agree = un = 0; bad = []
for p, xs in by.items():
    for x in xs:
        tot += 1
        if p in unjudged: un += 1
        elif (p, x["line"]) in flagged or x["type"] == "brace_block_formatting" and (p, x["line"] - 1) in flagged: agree += 1
        else: bad.append(f'{p}:{x["line"]}: {x["message"]} [{x["constraint"]}]')
print(f"{name}: {tot} layout findings; {kind} flags the line: {agree}; accepts it: {len(bad)}; could not judge: {un}")
for b in bad[:int(os.environ.get("SHOW", "15"))]:
    print("  " + b)
