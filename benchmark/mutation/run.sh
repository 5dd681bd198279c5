#!/bin/sh
# Issue 19's mutation harness on real repositories, one table row per
# language family (see main.go). The repositories are checkouts under
# REPOS_DIR, read where they are; nothing of theirs is copied here:
#
#   git clone <cJSON> REPOS_DIR/cJSON; git clone <nlohmann/json> REPOS_DIR/json
#   git clone <clap> REPOS_DIR/clap; git clone <ripgrep> REPOS_DIR/ripgrep
#   benchmark/mutation/run.sh REPOS_DIR
#
# Needs clang-format and rustfmt on PATH.
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
"$m" -max-files 60 -spec "rust;spaces:4" -label "Rust, rustfmt (clap)" \
  -format "rustfmt --edition 2021 --emit stdout -q" "$repos/clap"
"$m" -max-files 60 -spec "rust;spaces:4" -label "Rust, rustfmt (ripgrep)" \
  -format "rustfmt --edition 2021 --emit stdout -q" "$repos/ripgrep"
