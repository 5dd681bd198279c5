#!/usr/bin/env bash
# Builds a release binary of iflint on a native runner (cgo: the
# tree-sitter grammars are C), as the release workflow's matrix does:
#
#   install/build.sh VERSION OUTDIR
#
# writes OUTDIR/iflint-GOOS-GOARCH[.exe] for the machine it runs on,
# stamped with VERSION (what `iflint version` names), reproducibly
# (-trimpath, no VCS stamp, no build ID), and checks that the binary runs
# and names VERSION. Cross-compiling cgo is not attempted: each platform
# builds on its own runner.
set -euo pipefail
version="${1:?usage: build.sh VERSION OUTDIR}"
out="${2:?usage: build.sh VERSION OUTDIR}"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
goos="$(go env GOOS)"
goarch="$(go env GOARCH)"
name="iflint-$goos-$goarch"
if [ "$goos" = windows ]; then name="$name.exe"; fi
mkdir -p "$out"
CGO_ENABLED=1 go build -trimpath -buildvcs=false \
	-ldflags "-s -w -buildid= -X github.com/iflint/iflint/internal/cli.Version=$version" \
	-o "$out/$name" ./cmd/iflint
got="$("$out/$name" version)"
case "$got" in
"iflint $version "* | "iflint $version") ;;
*)
	echo "build.sh: $name says \"$got\", not iflint $version" >&2
	exit 1
	;;
esac
echo "$out/$name: $got"
