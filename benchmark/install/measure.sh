#!/usr/bin/env bash
# Measures what the Action's install step costs: installing a release
# binary (install/install.sh against a local release host) against
# building from source with a cold and a warm Go build cache, as a cold
# runner and one with setup-go's cache do.
#
#   benchmark/install/measure.sh BINARY
#
# BINARY is a release binary for this machine (install/build.sh VERSION
# DIR makes one). Prints each method's wall and CPU time. RELEASE_ONLY=1
# skips the source builds (minutes of CPU).
set -euo pipefail
bin="${1:?usage: measure.sh BINARY (from install/build.sh)}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"; kill "${server:-0}" 2>/dev/null || true' EXIT
asset="$(bash "$repo/install/install.sh" asset Linux X64)"

# The action's files at a release: the repository's tracked files, with
# install/release.txt pinning the binary, as the release workflow makes it.
mkdir -p "$work/action" "$work/host/v0.0.0-bench"
git -C "$repo" archive HEAD | tar -x -C "$work/action"
cp "$bin" "$work/host/v0.0.0-bench/$asset"
{
	echo "version v0.0.0-bench"
	echo "source $(IFLINT_ACTION_PATH="$work/action" bash "$work/action/install/install.sh" source-hash)"
	(cd "$work/host/v0.0.0-bench" && sha256sum "$asset")
} >"$work/action/install/release.txt"
port=$((20000 + RANDOM % 10000))
(cd "$work/host" && exec python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
server=$!
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.1; done

measure() { # label command...
	local label="$1"
	shift
	local t0 t1
	t0="$(date +%s.%N)"
	/usr/bin/time -f "%U %S" -o "$work/cpu" "$@" >"$work/log" 2>&1 || { cat "$work/log"; exit 1; }
	t1="$(date +%s.%N)"
	read -r user sys <"$work/cpu"
	printf '%-34s wall %8.2fs  cpu %8.2fs\n' "$label" "$(echo "$t1 - $t0" | bc)" "$(echo "$user + $sys" | bc)"
}

export RUNNER_OS=Linux RUNNER_ARCH=X64 IFLINT_RELEASE_URL="http://127.0.0.1:$port" IFLINT_ACTION_PATH="$work/action"
measure "release binary (install.sh)" bash "$work/action/install/install.sh" "$work/out/iflint-release"
"$work/out/iflint-release" version
if [ -n "${RELEASE_ONLY:-}" ]; then exit 0; fi
export GOCACHE="$work/gocache"
measure "source build, cold build cache" bash -c "cd '$work/action' && go build -trimpath -o '$work/out/iflint-cold' ./cmd/iflint"
measure "source build, warm build cache" bash -c "cd '$work/action' && touch cmd/iflint/main.go && go build -trimpath -o '$work/out/iflint-warm' ./cmd/iflint"
