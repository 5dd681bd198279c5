#!/bin/sh
# eslint's indent rule as benchmark/mutation's -checker: prints
# "path:line" for each line eslint's `indent` flags in the files given,
# and "UNJUDGED path" for a file eslint cannot parse.
#
#   eslint.sh 'INDENT-OPTIONS-JSON' FILE...     e.g. '[2, {"SwitchCase": 1}]'
#
# ESLINT names the eslint binary (default: eslint on PATH).
set -u
opts=$1
shift
# eslint 9 ignores files outside its working directory.
cd /
"${ESLINT:-eslint}" --no-config-lookup --no-ignore --format json \
  --rule "{\"indent\": [\"error\", $(printf '%s' "$opts" | sed 's/^\[//; s/\]$//')]}" "$@" |
  node -e '
let s = "";
process.stdin.on("data", d => s += d).on("end", () => {
  for (const f of JSON.parse(s)) {
    for (const m of f.messages) {
      if (m.fatal) console.log("UNJUDGED " + f.filePath);
      else if (m.ruleId === "indent") console.log(f.filePath + ":" + m.line);
    }
  }
});'
