#!/usr/bin/env bash
# measure.sh REPO... — `iflint init` on real repositories, measured as a
# user would: each repository is copied to a scratch directory (the
# checkout is never written), `iflint init` writes its configuration
# there, and `iflint check -format json` with that configuration says
# how many units it judged and how many findings it reports. Prints the
# markdown table of README's "iflint init" section.
#
#   IFLINT   the binary (default: go run ./cmd/iflint, built once)
#   INIT     extra flags for init (e.g. "-min 0.9")
#
# Units: declarations (naming_convention, comment_formatting) and braces
# (brace_block_formatting) are the rules' own counts (the outcomes'
# "checked"); lines (indentation_spacing) are the non-blank lines that
# are not line comments in the files the rule decided, as init counts
# them when the rule does not count for itself.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${IFLINT:-}
if [ -z "$bin" ]; then
	bin=$(mktemp -d)/iflint
	(cd "$here" && go build -o "$bin" ./cmd/iflint)
fi
echo "| repository | languages written | files | declarations: checked / findings | braces: checked / findings | lines: checked / findings | findings / units |"
echo "|---|---|---:|---:|---:|---:|---:|"
for repo in "$@"; do
	name=$(basename "$repo")
	work=$(mktemp -d)
	cp -r "$repo" "$work/$name"
	rm -f "$work/$name/.iflint.yml"
	(cd "$work/$name" && "$bin" init ${INIT:-} 2>"$work/init.err") || { cat "$work/init.err" >&2; exit 1; }
	(cd "$work/$name" && "$bin" check -format json -fail-on none >"$work/check.json" 2>"$work/check.err")
	python3 - "$work/$name" "$work/check.json" "$work/init.err" <<'PY'
import json, os, sys
root, report, initerr = sys.argv[1], sys.argv[2], sys.argv[3]
r = json.load(open(report))
comment = {"python": "#", "shell": "#", "ruby": "#", "perl": "#", "julia": "#", "coffeescript": "#",
           "haskell": "--", "lua": "--", "prolog": "%", "erlang": "%"}
units = {"decl": 0, "brace": 0, "line": 0}
bad = {"decl": 0, "brace": 0, "line": 0}
group = {"naming_convention": "decl", "comment_formatting": "decl", "brace_block_formatting": "brace", "indentation_spacing": "line"}
langs = set()
files = set()
for o in r["outcomes"]:
    files.add(o["path"])
    g = group.get(o["type"])
    lang = o["constraint"].split(";")[0]
    langs.add(lang)
    if g is None or o["verdict"] == "unverified":
        continue
    if g == "line" and not o.get("checked"):
        lc = comment.get(lang, "//")
        n = 0
        for line in open(os.path.join(root, o["path"]), encoding="utf-8", errors="replace"):
            t = line.strip()
            if t and not t.startswith(lc):
                n += 1
        units[g] += n
    else:
        units[g] += o.get("checked", 0)
lines = set()
for d in r["diagnostics"]:
    g = group.get(d["type"])
    if g == "line":
        lines.add((d["path"], d["line"]))
    elif g:
        bad[g] += 1
bad["line"] = len(lines)
def cell(g):
    u, b = units[g], bad[g]
    return f"{u:,} / {b:,} ({100*b/u:.1f}%)" if u else "-"
tu, tb = sum(units.values()), sum(bad.values())
# init's own summary must say the same: its counts are check's.
import re
said = open(initerr).read()
m = re.search(r"reports (no|[\d,]+) findings? on ([\d,]+) units", said)
if not m:
    sys.exit(f"{root}: no summary from init: {said}")
ib = 0 if m.group(1) == "no" else int(m.group(1).replace(",", ""))
iu = int(m.group(2).replace(",", ""))
if (ib, iu) != (tb, tu):
    print(f"{os.path.basename(root)}: init counted {ib} findings on {iu} units, check {tb} on {tu}", file=sys.stderr)
print(f"| {os.path.basename(root)} | {', '.join(sorted(langs))} | {len(files):,} | {cell('decl')} | {cell('brace')} | {cell('line')} | {tb:,} / {tu:,} ({100*tb/tu:.2f}%) |")
PY
	rm -rf "$work"
done
