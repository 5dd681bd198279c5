#!/bin/sh
# Doc comments: how often the lint profile's GoDoc, Javadoc, Rustdoc and
# Python docstring rules agree with revive's `exported`, checkstyle's
# MissingJavadocType/MissingJavadocMethod/JavadocMethod and pydocstyle's
# D1xx, declaration by declaration.
#
#   benchmark/peers/doc.sh PEERS_DIR [REPO...]
#
# PEERS_DIR holds checkouts of revive (github.com/mgechev/revive) and
# checkstyle (github.com/checkstyle/checkstyle): their labelled test
# inputs are read from there, never copied into this repository. Each
# REPO (a checkout of real code) is compared with the peers run on it.
# The peers come from PATH or REVIVE/CHECKSTYLE/PYDOCSTYLE: revive
# (go install github.com/mgechev/revive@v1.17.0), checkstyle (Debian's
# 8.36 package, `checkstyle -c cfg.xml`) and pydocstyle (Debian's
# package); a missing one makes its rows "unverified". Add -v to
# DOCPEERS_FLAGS to list every disagreement.
set -eu
if [ $# -lt 1 ]; then
	echo "usage: $0 PEERS_DIR [REPO...]" >&2
	exit 2
fi
cd "$(dirname "$0")/../.."
peers=$1
shift
flags="-revive ${REVIVE:-revive} -checkstyle ${CHECKSTYLE:-checkstyle} -pydocstyle ${PYDOCSTYLE:-pydocstyle} ${DOCPEERS_FLAGS:-}"
go build -o "${TMPDIR:-/tmp}/docpeers.$$" ./benchmark/peers/docpeers
trap 'rm -f "${TMPDIR:-/tmp}/docpeers.$$"' EXIT
# shellcheck disable=SC2086
"${TMPDIR:-/tmp}/docpeers.$$" $flags labelled "$peers"
if [ $# -gt 0 ]; then
	echo
	# shellcheck disable=SC2086
	"${TMPDIR:-/tmp}/docpeers.$$" $flags repos "$@"
fi
