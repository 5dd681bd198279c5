#!/bin/sh
# Issue 19's mutation harness on real repositories, one table row per
# language family (see main.go). The repositories are checkouts under
# REPOS_DIR, read where they are; nothing of theirs is copied here:
#
#   git clone <cJSON> REPOS_DIR/cJSON; git clone <zserge/jsmn> REPOS_DIR/jsmn
#   git clone <h2o/picohttpparser> REPOS_DIR/picohttpparser
#   git clone <nlohmann/json> REPOS_DIR/json; git clone <fmtlib/fmt> REPOS_DIR/fmt
#   git clone <clap> REPOS_DIR/clap
#   benchmark/mutation/run.sh REPOS_DIR [FAMILY]
#
# FAMILY (C, C++ or Rust) runs that family's rows only. Each C and C++
# repository is formatted with its own .clang-format (jsmn,
# picohttpparser, nlohmann/json, fmt), which the rule reads as the
# configuration passes it; cJSON has none, so it is formatted with the
# style given by -clang-style, and the rule reads that one. Needs
# clang-format and rustfmt on PATH.
set -eu
cd "$(dirname "$0")/../.."
repos=${1:?usage: benchmark/mutation/run.sh REPOS_DIR}
go build -o "${TMPDIR:-/tmp}/iflint-mutation" ./benchmark/mutation
m="${TMPDIR:-/tmp}/iflint-mutation"
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
  "$m" -max-files 30 -spec "rust;spaces:4" -label "Rust, rustfmt (clap)" \
    -format "rustfmt --edition 2021 --emit stdout -q" "$repos/clap"
fi
