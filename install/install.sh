#!/usr/bin/env bash
# Installs iflint for the Action (action.yml) in seconds: the release
# binary for this runner, verified against the checksums pinned in the
# action's own files, when those files are a release's; otherwise it says
# why and leaves the build from source to the next steps.
#
#   install.sh DEST          install the release binary at DEST, or decide
#                            on a source build; writes method=release|source
#                            (and reason) to $GITHUB_OUTPUT
#   install.sh source-hash   print the hash of the action's files that a
#                            release pins (every file but install/release.txt)
#   install.sh asset OS ARCH print the release asset for a runner
#
# install/release.txt exists only in the commits the release workflow
# tags. It names the release, the hash of the action's files, and the
# sha256 of each binary:
#
#   version v1.2.3
#   source 3f5c...   (install.sh source-hash of the tagged commit)
#   9a1b...  iflint-linux-amd64
#
# A branch, a commit of the main line or `uses: ./` has no such file, or
# files that differ from the release's, and is built from source. A
# binary whose sha256 differs from the pinned one is refused, never run.
#
# Environment: IFLINT_ACTION_PATH (default: this script's parent
# directory), RUNNER_OS and RUNNER_ARCH (as the runner sets them),
# IFLINT_RELEASE_URL (default https://github.com/iflint/iflint/releases/download).
set -euo pipefail

action_path="${IFLINT_ACTION_PATH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
release_url="${IFLINT_RELEASE_URL:-https://github.com/iflint/iflint/releases/download}"
pinned="$action_path/install/release.txt"

say() { printf 'iflint: %s\n' "$*"; }
fail() { printf '::error::iflint install: %s\n' "$*"; exit 1; }

# sha256 of a file, or of standard input with "-"; sha256_tool prints
# "HASH  NAME" lines for many files (GNU coreutils, else macOS's shasum).
if command -v sha256sum >/dev/null 2>&1; then
	sha256_tool=(sha256sum)
else
	sha256_tool=(shasum -a 256)
fi
sha256() { "${sha256_tool[@]}" "$1" | cut -d' ' -f1; }

# asset names the release binary for a runner's RUNNER_OS and RUNNER_ARCH.
asset() {
	local os arch
	case "$1" in
	Linux) os=linux ;;
	macOS) os=darwin ;;
	Windows) os=windows ;;
	*) return 1 ;;
	esac
	case "$2" in
	X64) arch=amd64 ;;
	ARM64) arch=arm64 ;;
	*) return 1 ;;
	esac
	case "$os/$arch" in
	linux/amd64 | linux/arm64 | darwin/arm64 | darwin/amd64) echo "iflint-$os-$arch" ;;
	windows/amd64) echo "iflint-$os-$arch.exe" ;;
	*) return 1 ;;
	esac
}

# source_hash hashes every file of the action but the pin itself (and a
# checkout's .git): a release's binaries were built from exactly these.
# One sha256 run over all files (xargs), not one per file: a process per
# file costs seconds on a busy runner.
source_hash() {
	(
		cd "$action_path"
		find . -type f ! -path ./.git ! -path './.git/*' ! -path ./install/release.txt -print0 |
			LC_ALL=C sort -z |
			xargs -0 "${sha256_tool[@]}" |
			sha256 -
	)
}

output() {
	if [ -n "${GITHUB_OUTPUT:-}" ]; then
		printf '%s=%s\n' "$1" "$2" >>"$GITHUB_OUTPUT"
	fi
}

# from_source hands over to the action's build steps, saying why.
from_source() {
	say "building iflint from source: $1"
	output method source
	output reason "$1"
	exit 0
}

install_release() {
	local dest="$1" name version want source got tmp status
	name="$(asset "${RUNNER_OS:-}" "${RUNNER_ARCH:-}")" ||
		from_source "no release binary is built for ${RUNNER_OS:-?}/${RUNNER_ARCH:-?}"
	[ -f "$pinned" ] ||
		from_source "the action's files pin no release (a branch, a commit or uses: ./)"
	version="$(awk '$1 == "version" { print $2 }' "$pinned")"
	source="$(awk '$1 == "source" { print $2 }' "$pinned")"
	want="$(awk -v n="$name" '$2 == n { print $1 }' "$pinned")"
	[ -n "$version" ] && [ -n "$source" ] || fail "$pinned names no version or source hash"
	[ -n "$want" ] || from_source "release $version has no binary $name"
	[ "$(source_hash)" = "$source" ] ||
		from_source "the action's files differ from release $version's"

	tmp="$(mktemp "${TMPDIR:-/tmp}/iflint-download.XXXXXX")"
	trap 'rm -f "$tmp"' EXIT
	status="$(curl -sSL --retry 3 --retry-delay 1 -o "$tmp" -w '%{http_code}' "$release_url/$version/$name" || true)"
	[ "$status" = 200 ] ||
		from_source "downloading $name of release $version from $release_url failed (HTTP ${status:-error})"
	got="$(sha256 "$tmp")"
	[ "$got" = "$want" ] ||
		fail "checksum mismatch for $name of release $version: install/release.txt pins sha256 $want, the download has $got; refusing to install or run it"
	mkdir -p "$(dirname "$dest")"
	case "$name" in *.exe) dest="$dest.exe" ;; esac
	chmod 0755 "$tmp"
	mv -f "$tmp" "$dest"
	trap - EXIT
	say "installed the release binary $name of iflint $version (sha256 $got, as install/release.txt pins it)"
	output method release
	output version "$version"
}

case "${1:-}" in
source-hash) source_hash ;;
asset) asset "$2" "$3" ;;
"" | -*) fail "usage: install.sh DEST | source-hash | asset OS ARCH" ;;
*) install_release "$1" ;;
esac
