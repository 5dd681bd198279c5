#!/bin/sh
# checkstyle as benchmark/mutation's -checker: prints "path:line" for each
# line checkstyle's Indentation or FileTabCharacter flags in the files
# given, and "UNJUDGED path" for a file checkstyle cannot parse (Debian's
# 8.36 predates module-info and some newer syntax). Checkstyle stops at
# the first such file, so the files after it are checked again without it.
#
#   checkstyle.sh CONFIG.xml FILE...
set -u
cfg=$1
shift
while [ $# -gt 0 ]; do
  err=$(checkstyle -c "$cfg" "$@" 2>&1 >/tmp/checkstyle.$$.out)
  sed -n 's/^\[[A-Z]*\] \(.*\):\([0-9][0-9]*\):.*/\1:\2/p' /tmp/checkstyle.$$.out
  bad=$(printf '%s\n' "$err" | sed -n 's/.*Exception was thrown while processing \(.*\)$/\1/p' | head -n 1)
  rm -f /tmp/checkstyle.$$.out
  [ -n "$bad" ] || exit 0
  echo "UNJUDGED $bad"
  # Drop every file up to and including the one it failed on: those
  # before it were judged, in the order given.
  while [ $# -gt 0 ] && [ "$1" != "$bad" ]; do shift; done
  [ $# -gt 0 ] && shift
done
