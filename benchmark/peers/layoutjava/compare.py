#!/usr/bin/env python3
"""Per-line agreement of the lint profile's Java indentation with
checkstyle's Indentation and FileTabCharacter checks, both run on the
same files of a checkout (read where it is; nothing of it is copied).

    benchmark/peers/layoutjava/compare.py ROOT SUBDIR WIDTH [-v]

WIDTH is the indentation unit: 4 runs checkstyle's defaults (jsoup,
commons-lang), 2 the Google-style offsets (basicOffset 2, caseIndent 2,
arrayInitIndent 2; gson). iflint is built from this checkout; checkstyle
must be on PATH (Debian's package). Agreement counts every non-blank
line: both report it, or neither does.
"""
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))

CONFIG = """<?xml version="1.0"?>
<!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN" "https://checkstyle.org/dtds/configuration_1_3.dtd">
<module name="Checker">
  <module name="FileTabCharacter"><property name="eachLine" value="true"/></module>
  <module name="TreeWalker">
    <module name="Indentation">%s</module>
  </module>
</module>
"""
TWO = "".join('<property name="%s" value="%s"/>' % kv for kv in [
    ("basicOffset", "2"), ("braceAdjustment", "0"), ("caseIndent", "2"),
    ("throwsIndent", "4"), ("lineWrappingIndentation", "4"), ("arrayInitIndent", "2")])


def run_checkstyle(root, xml, files):
    """checkstyle's output on files, and the files it could not parse
    (Debian's 8.36 predates module-info and some newer syntax). It stops
    at the first such file, so the files after it are checked again
    without it; the unparsed ones are left out of the comparison."""
    out, unjudged, rest = "", set(), list(files)
    while rest:
        r = subprocess.run(["checkstyle", "-c", xml] + rest, cwd=root, capture_output=True, text=True)
        out += r.stdout
        m = re.search(r"Exception was thrown while processing (\S+)", r.stderr)
        if not m:
            break
        bad = os.path.relpath(os.path.join(root, m.group(1)), root)
        unjudged.add(bad)
        rest = rest[rest.index(bad) + 1:] if bad in rest else []
    if unjudged:
        print("checkstyle could not parse (left out): " + ", ".join(sorted(unjudged)))
    return out, unjudged


def main():
    root, sub, width = sys.argv[1], sys.argv[2], sys.argv[3]
    verbose = "-v" in sys.argv
    tmp = tempfile.mkdtemp()
    xml = os.path.join(tmp, "checkstyle.xml")
    open(xml, "w").write(CONFIG % (TWO if width == "2" else ""))
    cfg = os.path.join(tmp, "iflint.yml")
    open(cfg, "w").write('constraints:\n  - {type: indentation_spacing, spec: "java;spaces:%s"}\n' % width)
    iflint = os.path.join(tmp, "iflint")
    subprocess.run(["go", "build", "-o", iflint, "./cmd/iflint"], cwd=REPO, check=True)
    files = sorted(subprocess.run(["find", sub, "-name", "*.java"], cwd=root, capture_output=True, text=True).stdout.split())
    cs, unjudged = run_checkstyle(root, xml, files)
    files = [f for f in files if f not in unjudged]
    theirs = collections.defaultdict(set)
    for m in re.finditer(r"^\[(?:ERROR|WARN)\] (.*?):(\d+)(?::\d+)?: .*\[\w+\]$", cs, re.M):
        theirs[os.path.relpath(m.group(1), root)].add(int(m.group(2)))
    out = subprocess.run([iflint, "check", "-no-cache", "-config", cfg, "-format", "json"] + files,
                         cwd=root, capture_output=True, text=True).stdout
    ours, msgs = collections.defaultdict(set), {}
    for d in json.loads(out)["diagnostics"]:
        ours[d["path"]].add(d["line"])
        msgs[(d["path"], d["line"])] = d["message"]
    total = sum(1 for f in files for l in open(os.path.join(root, f), errors="replace") if l.strip())
    only_cs = [(f, l) for f in files for l in sorted(theirs[f] - ours[f])]
    only_if = [(f, l) for f in files for l in sorted(ours[f] - theirs[f])]
    both = sum(len(theirs[f] & ours[f]) for f in files)
    print("%s/%s: %d files, %d non-blank lines; checkstyle %d, iflint %d, both %d, only checkstyle %d, only iflint %d; agreement %.3f%%" % (
        os.path.basename(root), sub, len(files), total, sum(map(len, theirs.values())), sum(map(len, ours.values())),
        both, len(only_cs), len(only_if), 100.0 * (total - len(only_cs) - len(only_if)) / total))
    if verbose:
        for f, l in only_cs:
            print("  only checkstyle", f, l)
        for f, l in only_if:
            print("  only iflint", f, l, msgs[(f, l)])


if __name__ == "__main__":
    main()
