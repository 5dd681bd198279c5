#!/bin/sh
# Agreement of iflint's brace rule (lint profile) with the established
# linters' own labelled inputs: checkstyle's LeftCurly test inputs
# (`// violation` markers; eol ↔ K&R, nl ↔ Allman) and eslint's
# brace-style cases (1tbs ↔ 1TBS, allman ↔ Allman). Prints one table
# row per family, each exclusion with its count; -v lists disagreements.
# The peers' files are read in place and never copied into the repository.
#
# usage: benchmark/peers/braces.sh PEERS_DIR [-v]
#   PEERS_DIR holds checkouts named checkstyle/ and eslint/.
#   ESLINT_MODULES: a node_modules directory with eslint installed (used
#     to tell which cases depend on allowSingleLine; default
#     /work/tools/node_modules).
#   CHECKSTYLE: an installed checkstyle to run on the inputs as well
#     (default: `checkstyle` when on PATH; empty to skip).
set -eu
peers=${1:?usage: benchmark/peers/braces.sh PEERS_DIR [-v]}
shift
peers=$(cd "$peers" && pwd)
cd "$(dirname "$0")/../.."
modules=${ESLINT_MODULES:-/work/tools/node_modules}
checkstyle=${CHECKSTYLE-$(command -v checkstyle || true)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
node benchmark/peers/braces/eslint_cases.js "$peers/eslint" "$modules" >"$tmp/eslint.json"
exec go run ./benchmark/peers/braces \
	-checkstyle "$peers/checkstyle/src/test/resources/com/puppycrawl/tools/checkstyle/checks/blocks/leftcurly" \
	-eslint "$tmp/eslint.json" ${checkstyle:+-checkstyle-cmd "$checkstyle"} "$@"
