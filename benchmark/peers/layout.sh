#!/bin/sh
# Agreement of the lint profile's indentation_spacing with eslint's
# indent rule, pycodestyle (its data-file markers, and the installed
# pycodestyle's own verdicts) and Go's gofmt, on their own labelled test
# inputs. The peers' checkouts are read where they are; nothing of
# theirs is copied into this repository.
#
#   benchmark/peers/layout.sh PEERS_DIR [GOROOT] [-v] [-code] [-family eslint|pycodestyle|gofmt]
#
# PEERS_DIR holds eslint/ and pycodestyle/ checkouts; GOROOT defaults to
# `go env GOROOT` (its src/go/printer/testdata and src/cmd/gofmt/testdata).
# Needs node (eslint's test file is read through a stand-in RuleTester)
# and, for the second pycodestyle comparison, /usr/bin/python3 with
# pycodestyle (-pycodestyle-python "" skips it).
set -eu
cd "$(dirname "$0")/../.."
peers=${1:?usage: benchmark/peers/layout.sh PEERS_DIR [GOROOT] [flags]}
shift
goroot=$(go env GOROOT)
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  goroot=$1
  shift
fi
exec go run ./benchmark/peers/indentation "$@" "$peers" "$goroot"
