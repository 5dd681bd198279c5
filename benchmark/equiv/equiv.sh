#!/usr/bin/env bash
# equiv.sh BASE TREE... — proves a refactor changed no output: builds
# iflint at git revision BASE and at the working tree, runs both on the
# same inputs and compares the outputs byte for byte:
#   - bench replay -rules-only, profiles multicodeif and lint, all models
#     of the LintEval single- and multi-level generations (samples.jsonl,
#     levels.jsonl, summary.json);
#   - bench fix on the fix track (its report.json, without durations);
#   - for each TREE (a real repository or a mixed tree, never committed):
#     iflint init's .iflint.yml, and iflint check -format json and
#     -format sarif under that configuration and under broad.iflint.yml
#     (every rule family on every language), both profiles.
# Exits 1 on the first difference, with the files' diff head.
#
#   LINTEVAL_DATA  MultiCodeIF data (default ../shared/linteval)
#   KEEP=1         keep the scratch directory
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 BASE [TREE...]" >&2; exit 2; }
here=$(cd "$(dirname "$0")/../.." && pwd)
base=$1; shift
data=${LINTEVAL_DATA:-$(cd "$here/.." && pwd)/shared/linteval}
work=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'git -C "$here" worktree remove --force "$work/src" 2>/dev/null || true; rm -rf "$work"' EXIT
echo "scratch: $work" >&2

git -C "$here" worktree add -q --detach "$work/src" "$base"
(cd "$work/src" && go build -o "$work/bin-old" ./cmd/iflint)
(cd "$here" && go build -o "$work/bin-new" ./cmd/iflint)

fail=0
same() { # same LABEL FILE_OLD FILE_NEW
	if cmp -s "$2" "$3"; then
		echo "same: $1"
	else
		echo "DIFFERENT: $1" >&2
		diff "$2" "$3" | head -20 >&2 || true
		fail=1
	fi
}

for side in old new; do
	mkdir -p "$work/$side"
	for profile in multicodeif lint; do
		out=$work/$side/replay-$profile
		"$work/bin-$side" bench replay -data "$data" -generations "$data/multicodeif/results/single_level" \
			-levels "$data/multicodeif/results/multi_level" -out "$out" -rules-only -toolchains=false \
			-profile "$profile" -cache "$work/cache-$side" >/dev/null 2>"$out.err" || { cat "$out.err" >&2; exit 3; }
	done
	(cd "$here" && "$work/bin-$side" bench fix -tasks benchmark/fix -out "$work/$side/fix" >/dev/null 2>"$work/$side/fix.err") || true
done
for profile in multicodeif lint; do
	for f in samples.jsonl levels.jsonl summary.json; do
		same "replay $profile $f" "$work/old/replay-$profile/$f" "$work/new/replay-$profile/$f"
	done
done
for side in old new; do
	python3 - "$work/$side/fix" <<'PY'
import json, os, re, sys
d = sys.argv[1]
dur = re.compile(r"\b\d+(\.\d+)?(ns|µs|us|ms|s|m)\b")
def strip(v):
    if isinstance(v, str):
        return dur.sub("<duration>", v)
    if isinstance(v, dict):
        # Times vary run to run; "sandbox" names the isolation mechanism a
        # test run used, a field issue 22 added on purpose (absent before).
        return {k: strip(x) for k, x in v.items() if k not in ("duration", "duration_ms", "duration_ns", "elapsed", "seconds", "output_tail", "sandbox")}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
for name in sorted(os.listdir(d)):
    if name.endswith(".json"):
        p = os.path.join(d, name)
        json.dump(strip(json.load(open(p))), open(p + ".stable", "w"), indent=1, sort_keys=True)
PY
done
for f in "$work/old/fix/"*.stable; do
	same "bench fix $(basename "$f" .stable)" "$f" "$work/new/fix/$(basename "$f")"
done

for tree in "$@"; do
	name=$(basename "$tree")
	for side in old new; do
		t=$work/$side/tree-$name
		mkdir -p "$t"
		cp -r "$tree/." "$t/src"
		rm -f "$t/src/.iflint.yml"
		(cd "$t/src" && "$work/bin-$side" init -baseline .iflint-baseline.json >/dev/null 2>"$t/init.err") || true
		cp "$t/src/.iflint.yml" "$t/init.yml" 2>/dev/null || echo missing >"$t/init.yml"
		for fmt in json sarif; do
			(cd "$t/src" && "$work/bin-$side" check -format $fmt -fail-on none . >"$t/init.$fmt" 2>"$t/init.$fmt.err") || true
			for profile in lint multicodeif; do
				(cd "$t/src" && "$work/bin-$side" check -config "$here/benchmark/equiv/broad.iflint.yml" -profile $profile \
					-format $fmt -fail-on none . >"$t/broad-$profile.$fmt" 2>"$t/broad-$profile.$fmt.err") || true
			done
		done
	done
	for f in init.yml init.err init.json init.sarif init.json.err broad-lint.json broad-lint.sarif broad-multicodeif.json broad-multicodeif.sarif broad-lint.json.err; do
		same "$name $f" "$work/old/tree-$name/$f" "$work/new/tree-$name/$f"
	done
done
exit $fail
