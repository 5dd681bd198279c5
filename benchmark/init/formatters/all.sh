#!/usr/bin/env bash
# all.sh OUT — each repository's layout findings (run.sh's OUT) against
# its formatter or checker: clang-format (the repository's .clang-format;
# fmt's holds options clang-format 14 cannot read, so the ones it can;
# cJSON has none, so the style init wrote), rustfmt, checkstyle
# (Indentation at 4, LeftCurly, RightCurly), @stylistic/indent (xo's, ky
# and got), prettier, gofmt and pycodestyle. SHOW=N lists N of the
# findings the tool accepts.
d=$1; here=$(cd "$(dirname "$0")" && pwd)
export SHOW=${SHOW:-0} TMO=${TMO:-120}
c() { python3 "$here/compare.py" "$d" "$@"; }
l() { python3 "$here/compare_lines.py" "$d" "$@"; }
c cJSON clang "{BasedOnStyle: LLVM, IndentWidth: 4, BreakBeforeBraces: Allman}"
c jsmn clang
c picohttpparser clang
c json clang
c fmt clang "{BasedOnStyle: Google, IndentPPDirectives: AfterHash, IndentCaseLabels: false, AlwaysBreakTemplateDeclarations: false, DerivePointerAlignment: false, AllowShortCaseLabelsOnASingleLine: true}"
c spdlog clang
for r in clap ripgrep cargo; do c $r rustfmt 2024; done
for r in jsoup gson commons-lang; do l $r checkstyle; done
for r in ky got; do l $r stylistic-tab; done
for r in zustand core; do c $r prettier; done
c hugo clang "{BasedOnStyle: LLVM, IndentWidth: 4}"
c gin gofmt
for r in flask requests; do l $r pycodestyle; done
