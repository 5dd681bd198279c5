#!/bin/sh
# Agreement of the lint profile's indentation_spacing with clang-format,
# line by line, on real C and C++ repositories as they are (not
# formatted first): clang-format, with each repository's style, flags a
# line when its edits (--output-replacements-xml) change the line's
# leading whitespace; iflint flags it when a finding starts on it or the
# findings' composed fixes change its leading whitespace. The agreement
# is over the lines both judge (see benchmark/peers/clangformat). The
# repositories are checkouts under REPOS_DIR, read where they are;
# nothing of theirs is copied here:
#
#   git clone <cJSON> REPOS_DIR/cJSON; git clone <zserge/jsmn> REPOS_DIR/jsmn
#   git clone <h2o/picohttpparser> REPOS_DIR/picohttpparser
#   git clone <nlohmann/json> REPOS_DIR/json; git clone <fmtlib/fmt> REPOS_DIR/fmt
#   git clone <gabime/spdlog> REPOS_DIR/spdlog; git clone <google/leveldb> REPOS_DIR/leveldb
#   git clone <catchorg/Catch2> REPOS_DIR/Catch2
#   benchmark/peers/clangformat.sh REPOS_DIR [-v]
#
# cJSON has no .clang-format: it is compared with LLVM's style at 4
# spaces with Allman braces and no column limit (the style the mutation
# harness formats it with). fmt's .clang-format sets an option newer
# than clang-format 14 (AlignConsecutiveShortCaseStatements, which
# aligns what follows a case label's colon): clang-format is given the
# file's other options, and the rule reads the file itself.
# nlohmann/json and Catch2 are not formatted with clang-format (json's
# CI formats with astyle; clang-format 11, 14 and 15 alike change
# thousands of their lines), so their rows measure something else than
# the others: see docs/agreement/layout.md. Needs clang-format on PATH.
set -eu
cd "$(dirname "$0")/../.."
repos=${1:?usage: benchmark/peers/clangformat.sh REPOS_DIR [-v]}
shift
go build -o "${TMPDIR:-/tmp}/iflint-peers-clangformat" ./benchmark/peers/clangformat
p="${TMPDIR:-/tmp}/iflint-peers-clangformat"
"$p" "$@" -header -spec "c;spaces:4" -label "cJSON (C; LLVM, 4 spaces, Allman)" \
  -style "{BasedOnStyle: llvm, IndentWidth: 4, BreakBeforeBraces: Allman, ColumnLimit: 0}" "$repos/cJSON"
"$p" "$@" -spec "c;spaces:2" -label "jsmn (C; its .clang-format)" "$repos/jsmn"
"$p" "$@" -spec "c;spaces:4" -label "picohttpparser (C; its .clang-format)" "$repos/picohttpparser"
"$p" "$@" -spec "cpp;spaces:4" -label "nlohmann/json (C++; its .clang-format)" "$repos/json"
"$p" "$@" -spec "cpp;spaces:2" -label "fmt (C++; its .clang-format)" \
  -style "{BasedOnStyle: Google, IndentPPDirectives: AfterHash, IndentCaseLabels: false, AlwaysBreakTemplateDeclarations: false, DerivePointerAlignment: false, AllowShortCaseLabelsOnASingleLine: true, QualifierAlignment: Left}" \
  "$repos/fmt"
"$p" "$@" -spec "cpp;spaces:4" -label "spdlog (C++; its .clang-format)" "$repos/spdlog"
"$p" "$@" -spec "cpp;spaces:2" -label "leveldb (C++; its .clang-format)" "$repos/leveldb"
"$p" "$@" -spec "cpp;spaces:4" -label "Catch2 (C++; its .clang-format)" "$repos/Catch2"
