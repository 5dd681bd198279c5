#!/bin/sh
# The lint profile's prettier reading side by side with prettier itself,
# per line, on real TypeScript repositories (issue 19). See
# benchmark/peers/prettier/main.go for what "where both judge" means.
# The repositories are checkouts under REPOS_DIR, read where they are:
#
#   git clone <vuejs/core> REPOS_DIR/core; git clone <pmndrs/zustand> REPOS_DIR/zustand
#   git clone <sindresorhus/ky> REPOS_DIR/ky; git clone <sindresorhus/got> REPOS_DIR/got
#   benchmark/peers/prettier.sh REPOS_DIR [-v]
#
# Needs prettier (PRETTIER, default /work/npmtools/node_modules/.bin/prettier).
# ky and got are formatted by xo, not prettier; prettier reads their
# .editorconfig (tabs), so the comparison there is on code prettier
# would re-indent.
set -eu
cd "$(dirname "$0")/../.."
repos=${1:?usage: benchmark/peers/prettier.sh REPOS_DIR [-v]}
shift
prettier=${PRETTIER:-/work/npmtools/node_modules/.bin/prettier}
go build -o "${TMPDIR:-/tmp}/iflint-peers-prettier" ./benchmark/peers/prettier
p="${TMPDIR:-/tmp}/iflint-peers-prettier"
echo "| repository (spec) | files (unformattable) | lines both judge | agree | flagged by both | iflint only | prettier only | excluded (rewritten by prettier) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
"$p" "$@" -prettier "$prettier" -spec "typescript;spaces:2;prettier" -label "vuejs/core (typescript;spaces:2;prettier)" "$repos/core/packages"
"$p" "$@" -prettier "$prettier" -spec "typescript;spaces:2;prettier" -label "zustand (typescript;spaces:2;prettier)" "$repos/zustand/src" "$repos/zustand/tests"
"$p" "$@" -prettier "$prettier" -spec "typescript;tabs;prettier" -label "ky (typescript;tabs;prettier)" "$repos/ky/source" "$repos/ky/test"
"$p" "$@" -prettier "$prettier" -spec "typescript;tabs;prettier" -label "got (typescript;tabs;prettier)" "$repos/got/source" "$repos/got/test"
