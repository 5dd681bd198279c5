#!/bin/sh
# Issue 19's mutation harness on real repositories, one table row per
# language family (see main.go). The repositories are checkouts under
# REPOS_DIR, read where they are; nothing of theirs is copied here:
#
#   git clone <cJSON> REPOS_DIR/cJSON; git clone <nlohmann/json> REPOS_DIR/json
#   git clone <clap> REPOS_DIR/clap
#   (likewise jsoup, gson, commons-lang, hugo, gin, flask, requests)
#   benchmark/mutation/run.sh REPOS_DIR
#
# Needs clang-format, rustfmt, gofmt, checkstyle (Debian's package) and
# Debian's pycodestyle (/usr/bin/python3 -m pycodestyle) on PATH. Java and
# Python are judged by checkers rather than formatters (-checker): see
# checker.go for what counts as clean and as a reverted mutation.
set -eu
cd "$(dirname "$0")/../.."
repos=${1:?usage: benchmark/mutation/run.sh REPOS_DIR}
go build -o "${TMPDIR:-/tmp}/iflint-mutation" ./benchmark/mutation
m="${TMPDIR:-/tmp}/iflint-mutation"
"$m" -spec "c;spaces:4" -label "C, clang-format (cJSON; LLVM, 4 spaces, Allman)" \
  -format "clang-format --assume-filename={path} --style='{BasedOnStyle: llvm, IndentWidth: 4, BreakBeforeBraces: Allman, ColumnLimit: 0}'" \
  "$repos/cJSON"
"$m" -max-files 25 -spec "cpp;spaces:4" -label "C++, clang-format with the repository's .clang-format (nlohmann/json)" \
  -format "cd '$repos/json' && clang-format --assume-filename={path} --style=file" "$repos/json"
"$m" -max-files 30 -spec "rust;spaces:4" -label "Rust, rustfmt (clap)" \
  -format "rustfmt --edition 2021 --emit stdout -q" "$repos/clap"
for r in "4 jsoup" "2 gson" "4 commons-lang"; do
  set -- $r
  "$m" -mutations 10 -spec "java;spaces:$1" -label "Java, checkstyle Indentation and FileTabCharacter ($2)" \
    -checker "benchmark/mutation/checkstyle.sh benchmark/mutation/checkstyle-indent$1.xml \"\$@\"" "$repos/$2"
done
for r in hugo gin; do
  "$m" -mutations 6 -spec "go;tabs" -label "Go, gofmt ($r)" -format gofmt "$repos/$r"
done
# pycodestyle's E1 and W1 codes, less E123 and E126, which its default
# configuration leaves out and so does the rule (docs/agreement/layout.md),
# and E9 (a dedent Python rejects).
for r in flask requests sqlalchemy; do
  "$m" -mutations 6 -spec "python;spaces:4" -label "Python, pycodestyle ($r)" \
    -checker '/usr/bin/python3 -m pycodestyle --select=E1,W1,E9 "$@" | grep -v " E12[36] "' "$repos/$r"
done
# TypeScript and JavaScript under the prettier reading, prettier being
# the formatter with each repository's own configuration (found from
# the file's path). Needs prettier (PRETTIER, default
# /work/npmtools/node_modules/.bin/prettier). Repositories:
#   git clone <vuejs/core> REPOS_DIR/core; git clone <pmndrs/zustand> REPOS_DIR/zustand
#   git clone <webpack/webpack> REPOS_DIR/webpack; git clone <webpack/webpack-dev-server> REPOS_DIR/webpack-dev-server
prettier=${PRETTIER:-/work/npmtools/node_modules/.bin/prettier}
"$m" -spec "typescript;spaces:2;prettier" -label "TypeScript, prettier (vuejs/core)" \
  -format "$prettier --stdin-filepath {path}" "$repos/core/packages"
"$m" -spec "typescript;spaces:2;prettier" -label "TypeScript, prettier (zustand)" \
  -format "$prettier --stdin-filepath {path}" "$repos/zustand/src" "$repos/zustand/tests"
"$m" -spec "javascript;tabs;prettier" -label "JavaScript, prettier with useTabs (webpack lib/)" \
  -format "$prettier --stdin-filepath {path}" "$repos/webpack/lib"
"$m" -spec "javascript;spaces:2;prettier" -label "JavaScript, prettier (webpack-dev-server)" \
  -format "$prettier --stdin-filepath {path}" "$repos/webpack-dev-server/lib" "$repos/webpack-dev-server/client-src" "$repos/webpack-dev-server/test/e2e"
