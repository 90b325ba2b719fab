#!/bin/sh
# SPDX-License-Identifier: ISC
# Runs the libFuzzer harnesses one after another, each for SECONDS, starting
# from the structured seeds (make_seeds) plus whatever corpus earlier runs
# kept, with the harness's dictionary when fuzz/dict/ has one. One harness at
# a time: each is single-threaded and the point is depth, not a busy machine.
#   fuzz/run.sh BUILD_DIR SECONDS [harness...]   (default: every harness)
# Per harness it leaves BUILD_DIR/fuzz/run/<h>/{corpus,seeds,log} and any
# crash artifact as BUILD_DIR/fuzz/run/<h>/crash-*, and prints a summary
# line: executions, execs/s, files in the corpus directory, and libFuzzer's
# final coverage (cov:), features (ft:) and in-memory corpus size (corp:),
# and the exit status.
set -u
build=${1:?usage: run.sh BUILD_DIR SECONDS [harness...]}
seconds=${2:?usage: run.sh BUILD_DIR SECONDS [harness...]}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
bin=$build/fuzz
[ $# -gt 0 ] || set -- sha2 rsa_der rsa_verify chacha bignum aes x25519 ed25519 secretstream aead_stream differential
status=0
for h in "$@"; do
  out=$bin/run/$h
  rm -rf "$out/seeds" # make_seeds output only: regenerated each run
  mkdir -p "$out/corpus" "$out/seeds"
  "$bin/make_seeds" "$h" "$out/seeds" || { status=1; continue; }
  # A private copy, so that rebuilding during a long run cannot swap it.
  cp "$bin/fuzz_$h" "$out/fuzz_$h.bin"
  dict=
  [ -f "$here/dict/$h.dict" ] && dict=-dict=$here/dict/$h.dict
  "$out/fuzz_$h.bin" -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$out/" $dict "$out/corpus" "$out/seeds" >"$out/log" 2>&1
  rc=$?
  [ $rc -eq 0 ] || status=1
  last=$(grep -E '^#[0-9]+' "$out/log" | tail -1)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/log")
  corp=$(ls "$out/corpus" | wc -l)
  cov=$(printf '%s\n' "$last" | grep -oE '(cov|ft|corp): [0-9]+' | tr '\n' ' ')
  echo "fuzz_$h: ${seconds}s runs=${runs:-?} exec/s=${rate:-?} corpus_files=$corp ${cov}exit=$rc"
done
exit $status
