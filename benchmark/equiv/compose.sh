#!/usr/bin/env bash
# compose.sh BASE TYPE [TREE CONFIG] — proves a fixer's move changed no
# fix: builds benchmark/equiv/composeprobe (this tree's copy) at git
# revision BASE and at the working tree, runs both over the same inputs
# (this tree's goldens and fix track, and TREE's files under CONFIG's
# constraints of TYPE) and compares their output byte for byte: the
# findings of both profiles, and what TYPE's composer makes of all of
# them, each alone, the odd, the even and the first half. BASE must have
# fixloop.ComposerFor (f1be12c or later).
#
#   KEEP=1  keep the scratch directory
set -euo pipefail
[ $# -eq 2 ] || [ $# -eq 4 ] || { echo "usage: $0 BASE TYPE [TREE CONFIG]" >&2; exit 2; }
here=$(cd "$(dirname "$0")/../.." && pwd)
base=$1 typ=$2
extra=()
if [ $# -eq 4 ]; then
	extra=(-tree "$(cd "$3" && pwd)" -config "$(cd "$(dirname "$4")" && pwd)/$(basename "$4")")
fi
work=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'git -C "$here" worktree remove --force "$work/src" 2>/dev/null || true; rm -rf "$work"' EXIT
echo "scratch: $work" >&2
git -C "$here" worktree add -q --detach "$work/src" "$base"
mkdir -p "$work/src/benchmark/equiv/composeprobe"
cp "$here/benchmark/equiv/composeprobe/main.go" "$work/src/benchmark/equiv/composeprobe/"
(cd "$work/src" && go build -o "$work/probe-old" ./benchmark/equiv/composeprobe)
(cd "$here" && go build -o "$work/probe-new" ./benchmark/equiv/composeprobe)
for side in old new; do
	"$work/probe-$side" -type "$typ" -root "$here" "${extra[@]}" >"$work/$side.jsonl"
done
lines=$(wc -l <"$work/new.jsonl")
if cmp -s "$work/old.jsonl" "$work/new.jsonl"; then
	echo "same: $typ composed on $lines input/profile/subset records"
else
	echo "DIFFERENT: $typ" >&2
	diff "$work/old.jsonl" "$work/new.jsonl" | head -20 >&2 || true
	exit 1
fi
