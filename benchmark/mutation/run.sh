#!/bin/sh
# Issue 19's mutation harness on real repositories, one table row per
# language family (see main.go). The repositories are checkouts under
# REPOS_DIR, read where they are; nothing of theirs is copied here:
#
#   git clone <cJSON> REPOS_DIR/cJSON; git clone <zserge/jsmn> REPOS_DIR/jsmn
#   git clone <h2o/picohttpparser> REPOS_DIR/picohttpparser
#   git clone <nlohmann/json> REPOS_DIR/json; git clone <fmtlib/fmt> REPOS_DIR/fmt
#   git clone <clap> REPOS_DIR/clap; git clone <ripgrep> REPOS_DIR/ripgrep
#   git clone <rust-lang/cargo> REPOS_DIR/cargo
#   (likewise jsoup, gson, commons-lang, hugo, gin, flask, requests,
#   express, koa)
#   benchmark/mutation/run.sh REPOS_DIR [FAMILY]
#
# FAMILY (C, C++, Rust, Java, Go, Python or JavaScript) runs that
# family's rows only. Each C and C++
# repository is formatted with its own .clang-format (jsmn,
# picohttpparser, nlohmann/json, fmt), which the rule reads as the
# configuration passes it; cJSON has none, so it is formatted with the
# style given by -clang-style, and the rule reads that one. Needs
# clang-format, rustfmt, gofmt, eslint (ESLINT names it), checkstyle
# (Debian's package) and Debian's pycodestyle (/usr/bin/python3 -m
# pycodestyle) on PATH. Java, Python and eslint's indent are judged by
# checkers rather than formatters (-checker): see checker.go for what
# counts as clean and as a reverted mutation.
set -eu
cd "$(dirname "$0")/../.."
repos=${1:?usage: benchmark/mutation/run.sh REPOS_DIR}
# A directory of its own: two runs at once must not build over each other.
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
m="$bin/iflint-mutation"
go build -o "$m" ./benchmark/mutation
fam=${2:-all}
cjson="{BasedOnStyle: llvm, IndentWidth: 4, BreakBeforeBraces: Allman, ColumnLimit: 0}"
if [ "$fam" = all ] || [ "$fam" = C ]; then
  "$m" -spec "c;spaces:4" -label "C, clang-format (cJSON; LLVM, 4 spaces, Allman)" -clang-style "$cjson" \
    -format "clang-format --assume-filename={path} --style='$cjson'" "$repos/cJSON"
  "$m" -spec "c;spaces:2" -mutations 30 -label "C, clang-format with the repository's .clang-format (jsmn)" \
    -format "cd '$repos/jsmn' && clang-format --assume-filename={path} --style=file" "$repos/jsmn"
  "$m" -spec "c;spaces:4" -mutations 30 -label "C, clang-format with the repository's .clang-format (picohttpparser)" \
    -format "cd '$repos/picohttpparser' && clang-format --assume-filename={path} --style=file" "$repos/picohttpparser"
fi
if [ "$fam" = all ] || [ "$fam" = C++ ]; then
  "$m" -max-files 25 -spec "cpp;spaces:4" -label "C++, clang-format with the repository's .clang-format (nlohmann/json)" \
    -format "cd '$repos/json' && clang-format --assume-filename={path} --style=file" "$repos/json"
  # fmt's .clang-format sets AlignConsecutiveShortCaseStatements, which
  # clang-format 14 does not know (it came with 17) and which aligns what
  # follows a case label's colon, not a line's indentation: the file's
  # other options, as --style, format it; the rule reads the file itself.
  fmtstyle="{BasedOnStyle: Google, IndentPPDirectives: AfterHash, IndentCaseLabels: false, AlwaysBreakTemplateDeclarations: false, DerivePointerAlignment: false, AllowShortCaseLabelsOnASingleLine: true, QualifierAlignment: Left}"
  "$m" -max-files 25 -spec "cpp;spaces:2" -label "C++, clang-format with the repository's .clang-format (fmt)" \
    -format "clang-format --assume-filename={path} --style='$fmtstyle'" "$repos/fmt"
fi
if [ "$fam" = all ] || [ "$fam" = Rust ]; then
  "$m" -max-files 60 -spec "rust;spaces:4" -label "Rust, rustfmt (clap)" \
    -format "rustfmt --edition 2021 --emit stdout -q" "$repos/clap"
  "$m" -max-files 60 -spec "rust;spaces:4" -label "Rust, rustfmt (ripgrep)" \
    -format "rustfmt --edition 2021 --emit stdout -q" "$repos/ripgrep"
  "$m" -max-files 60 -spec "rust;spaces:4" -label "Rust, rustfmt (cargo)" \
    -format "rustfmt --edition 2021 --emit stdout -q" "$repos/cargo"
fi
if [ "$fam" = all ] || [ "$fam" = Java ]; then
  for r in "4 jsoup" "2 gson" "4 commons-lang"; do
    set -- $r
    "$m" -mutations 10 -spec "java;spaces:$1" -label "Java, checkstyle Indentation and FileTabCharacter ($2)" \
      -checker "benchmark/mutation/checkstyle.sh benchmark/mutation/checkstyle-indent$1.xml \"\$@\"" "$repos/$2"
  done
fi
if [ "$fam" = all ] || [ "$fam" = Go ]; then
  for r in hugo gin; do
    "$m" -mutations 6 -spec "go;tabs" -label "Go, gofmt ($r)" -format gofmt "$repos/$r"
  done
fi
if [ "$fam" = all ] || [ "$fam" = Python ]; then
  # pycodestyle's E1 and W1 codes, less E123 and E126, which its default
  # configuration leaves out and so does the rule
  # (docs/agreement/layout.md), and E9 (a dedent Python rejects).
  for r in flask requests sqlalchemy; do
    "$m" -mutations 12 -spec "python;spaces:4" -label "Python, pycodestyle ($r)" \
      -checker '/usr/bin/python3 -m pycodestyle --select=E1,W1,E9 "$@" | grep -v " E12[36] "' "$repos/$r"
  done
fi
if [ "$fam" = all ] || [ "$fam" = JavaScript ]; then
  # eslint's indent with each repository's own options (express's
  # .eslintrc.yml; koa's standard style).
  for r in "express [2, {\"MemberExpression\": \"off\", \"SwitchCase\": 1}]" "koa [2, {\"SwitchCase\": 1}]"; do
    name=${r%% *}
    "$m" -mutations 8 -spec "javascript;spaces:2" -label "JavaScript, eslint indent ($name)" \
      -checker "$PWD/benchmark/mutation/eslint.sh '${r#* }' \"\$@\"" "$repos/$name"
  done
fi
if [ "$fam" = all ] || [ "$fam" = TypeScript ] || [ "$fam" = JavaScript ]; then
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
fi
