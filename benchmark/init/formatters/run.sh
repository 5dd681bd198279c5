#!/usr/bin/env bash
# run.sh BIN OUT REPO... — `iflint init` then `iflint check -format json`
# on a copy of each checkout (REPOS, default /work/repos; never written):
# OUT/NAME is the copy with the .iflint.yml init wrote, OUT/NAME.init.err
# init's summary, OUT/NAME.check.json the check's report.
bin=$1; out=$2; shift 2
repos=${REPOS:-/work/repos}
mkdir -p "$out"
for name in "$@"; do
  rm -rf "$out/$name"
  mkdir -p "$out/$name" && tar -C "$repos/$name" --exclude=./.git -cf - . | tar -C "$out/$name" -xf -
  mkdir -p "$out/$name/.git" # the repository root, as check finds it
  rm -f "$out/$name/.iflint.yml"
  (cd "$out/$name" && timeout 900 "$bin" init >"$out/$name.init.out" 2>"$out/$name.init.err"; echo "init rc=$?" >>"$out/$name.init.err")
  (cd "$out/$name" && timeout 900 "$bin" check -format json -fail-on none >"$out/$name.check.json" 2>"$out/$name.check.err")
  echo "$name done"
done
