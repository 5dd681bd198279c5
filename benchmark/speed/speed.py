#!/usr/bin/env python3
"""speed.py TREE... -- iflint against the fastest linters, side by side.

Runs, on each tree and alternating between tools round by round, iflint
(cold: -no-cache; warm: its result cache filled by an untimed run) and
every peer that is installed and has files of its language in the tree:
oxlint and Biome (JavaScript/TypeScript), eslint (camelcase), Ruff's
WebAssembly build from npm (pep8-naming rules; slower than native Ruff,
which is not installable here), flake8 with pep8-naming, revive and
checkstyle (naming checks). When the tree has its own .iflint.yml (what
`iflint init` writes) iflint also runs cold under it. The order of the
tools rotates from round to round, so that no tool always runs right
after another's caches were warmed. Prints, per tree, each tool's median
wall time, CPU time (user+sys) and peak RSS (/usr/bin/time) over the
rounds, and each one's wall and CPU time over iflint's cold and warm
runs (above 1: iflint is faster). Nothing here runs under go test and
nothing is asserted: it is a measurement to read.

Whole processes are timed, as a user or CI runs them; every tool may use
every core (flake8 is given -j 2, eslint and Ruff's WebAssembly build use
one thread). A run whose exit code says the tool failed (not "findings")
is marked with ! and its exit code.

  IFLINT        the binary (default: built from this checkout)
  ROUNDS        rounds per tree (default 5)
  NODE_TOOLS    a directory with node_modules holding the npm peers
                (default /work/tools/node)
  REVIVE        revive binary (default: revive on PATH)
  CHECKSTYLE    checkstyle command (default: checkstyle on PATH)
"""
import json, os, shutil, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NODE = os.environ.get("NODE_TOOLS", "/work/tools/node")
ROUNDS = int(os.environ.get("ROUNDS", "5"))

# The constraints the peers check too: naming everywhere, nothing else,
# so that every tool does comparable work.
CONFIG = """version: 1
exclude: [vendor, node_modules, third_party, thirdparty, testdata, dist, "*.min.js"]
constraints:
  - {type: naming_convention, spec: "python;class:PascalCase,function:snake_case,variable:snake_case"}
  - {type: naming_convention, spec: "java;class:PascalCase,function:camelCase,variable:camelCase,constant:UPPER_CASE"}
  - {type: naming_convention, spec: "javascript;class:PascalCase,function:camelCase,variable:camelCase"}
  - {type: naming_convention, spec: "typescript;class:PascalCase,function:camelCase,variable:camelCase"}
  - {type: naming_convention, spec: "go;class:go,function:go,variable:go,constant:go"}
"""

SKIP_DIRS = {".git", "vendor", "node_modules", "third_party", "thirdparty", "testdata", "dist"}


def files(tree, exts):
    out = []
    for d, dirs, names in os.walk(tree):
        dirs[:] = [x for x in dirs if x not in SKIP_DIRS and not x.startswith(".")]
        for n in names:
            if n.endswith(exts) and not n.endswith(".min.js"):
                out.append(os.path.join(d, n))
    return sorted(out)


# Exit codes that mean "ran and reported findings" rather than failed.
FINDINGS = {0, 1}


def timed(cmd, cwd):
    """Runs cmd; returns (wall s, cpu s, peak RSS MB, exit code) as /usr/bin/time reports them."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
        full = ["/usr/bin/time", "-f", "%e %U %S %M %x", "-o", tf.name] + cmd
        subprocess.run(full, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        e, u, s, m, x = tf.read().split()[-5:]
        return float(e), float(u) + float(s), int(m) / 1024, int(x)


def peers(tree, work):
    """The installed peers with files of their language in the tree: name -> command."""
    out = {}
    js = files(tree, (".js", ".mjs", ".cjs", ".jsx"))
    ts = files(tree, (".ts", ".tsx", ".mts", ".cts"))
    py = files(tree, (".py",))
    go = files(tree, (".go",))
    java = files(tree, (".java",))
    nm = os.path.join(NODE, "node_modules", ".bin")
    if js or ts:
        if os.path.exists(os.path.join(nm, "oxlint")):
            out["oxlint (default rules)"] = [os.path.join(nm, "oxlint"), "--quiet", tree]
        if os.path.exists(os.path.join(nm, "biome")):
            cfg = os.path.join(work, "biome.json")
            json.dump({"linter": {"rules": {"recommended": False, "style": {"useNamingConvention": "error"}}},
                       "files": {"ignoreUnknown": True}}, open(cfg, "w"))
            out["biome (useNamingConvention)"] = [os.path.join(nm, "biome"), "lint", "--config-path=" + work,
                                                  "--max-diagnostics=0", tree]
        if os.path.exists(os.path.join(nm, "eslint")):
            cfg = os.path.join(work, "eslint.config.mjs")
            parser = os.path.join(NODE, "node_modules", "@typescript-eslint", "parser", "dist", "index.js")
            open(cfg, "w").write(
                "import parser from %r;\nexport default [{files: ['**/*.{js,mjs,cjs,jsx}'], rules: {camelcase: 'error'}},\n"
                " {files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: {parser}, rules: {camelcase: 'error'}},\n"
                " {ignores: ['**/node_modules/**', '**/dist/**', '**/*.min.js', '**/vendor/**']}];\n" % parser)
            out["eslint (camelcase)"] = [os.path.join(nm, "eslint"), "--no-config-lookup", "-c", cfg, "--quiet",
                                         "--no-warn-ignored", "."]
    if py:
        if shutil.which("flake8"):
            out["flake8 + pep8-naming (N8)"] = ["flake8", "--select=N8", "--exit-zero", "-j", "2", tree]
        if os.path.isdir(os.path.join(NODE, "node_modules", "@astral-sh", "ruff-wasm-nodejs")):
            script = os.path.join(HERE, "ruff_wasm.js")
            out["ruff (wasm, N8)"] = ["node", script, os.path.join(NODE, "node_modules"), tree]
    if go:
        revive = os.environ.get("REVIVE") or shutil.which("revive") or shutil.which("revive", path="/work/bin")
        if revive:
            out["revive (var-naming, exported)"] = [revive, "-config", os.path.join(HERE, "revive.toml"), "./..."]
    checkstyle = os.environ.get("CHECKSTYLE") or shutil.which("checkstyle")
    if java and checkstyle:
        out["checkstyle (naming checks)"] = [checkstyle, "-c", os.path.join(HERE, "checkstyle-naming.xml")] + java
    return out


def main(trees):
    iflint = os.environ.get("IFLINT")
    work = tempfile.mkdtemp(prefix="iflint-speed-")
    if not iflint:
        iflint = os.path.join(work, "iflint")
        subprocess.run(["go", "build", "-o", iflint, "./cmd/iflint"], cwd=ROOT, check=True)
    cfg = os.path.join(work, "speed.iflint.yml")
    open(cfg, "w").write(CONFIG)
    for tree in trees:
        tree = os.path.abspath(tree)
        cache = os.path.join(work, "cache-" + os.path.basename(tree))
        check = [iflint, "check", "-format", "json", "-fail-on", "none", "-cache", cache]
        tools = {"iflint cold": check + ["-config", cfg, "-no-cache", tree],
                 "iflint warm": check + ["-config", cfg, tree]}
        own = os.path.join(tree, ".iflint.yml")
        if os.path.exists(own):
            tools["iflint cold (init's constraints)"] = check + ["-config", own, "-no-cache", tree]
        tools.update(peers(tree, work))
        # Fill the result cache, untimed: every warm round reads it.
        subprocess.run(tools["iflint warm"], cwd=tree, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        runs = {t: [] for t in tools}
        names = list(tools)
        for r in range(ROUNDS):
            for t in names[r % len(names):] + names[:r % len(names)]:
                runs[t].append(timed(tools[t], tree))
                print("round %d %-36s %6.2f s wall %6.2f s CPU %5.0f MB exit %d" % ((r + 1, t) + runs[t][-1]),
                      file=sys.stderr, flush=True)
        size = sum(os.path.getsize(f) for f in files(tree, SOURCE))
        print("\n### %s (%.1f MB of source, %d rounds, medians)\n" % (os.path.basename(tree), size / (1 << 20), ROUNDS))
        print("| tool | wall s | CPU s | peak RSS MB | wall / iflint cold | CPU / iflint cold | wall / iflint warm | CPU / iflint warm |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        med = {t: [statistics.median(x[i] for x in runs[t]) for i in range(3)] for t in tools}
        cw, cc = med["iflint cold"][:2]
        ww, wc = med["iflint warm"][:2]
        for t in tools:
            w, c, m = med[t]
            bad = sorted({x[3] for x in runs[t]} - FINDINGS)
            mark = " ! exit %s" % ",".join(map(str, bad)) if bad else ""
            print("| %s%s | %.2f | %.2f | %.0f | %.2f | %.2f | %.2f | %.2f |" % (t, mark, w, c, m, w / cw, c / cc, w / ww, c / wc))
        print("\nCommands (in %s):\n" % tree)
        for t in tools:
            print("- %s: `%s`" % (t, " ".join(tools[t]).replace(work, "$WORK")))
        sys.stdout.flush()
    shutil.rmtree(work, ignore_errors=True)


SOURCE = (".py", ".go", ".java", ".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".mts", ".cts")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
