#!/bin/sh
# SPDX-License-Identifier: ISC
# Runs the libFuzzer harnesses one after another, each for SECONDS, starting
# from the structured seeds (make_seeds) plus whatever corpus earlier runs
# kept, with the harness's dictionary when fuzz/dict/ has one. One harness at
# a time: each is single-threaded and the point is depth, not a busy machine.
#   fuzz/run.sh BUILD_DIR SECONDS [harness...]   (default: every harness)
# FUZZ_TIERS picks the CPU tiers each harness runs under, each for SECONDS:
# "native" (the default), "all" (every tier this CPU can stand in for, as
# `hwcrypto-info --tiers` lists them: x86-64-v2, v3, v3+vaes, v4, native),
# or tier names separated by spaces. A tier hides features from the
# library (HWCRYPTO_CPU_DISABLE), so the harness's "every supported
# implementation" and the default selection are that tier's: the same
# corpus then drives the code paths a v2 or v3 CPU takes.
# Per harness it leaves BUILD_DIR/fuzz/run/<h>/{corpus,seeds,<tier>.log}
# and any crash artifact as BUILD_DIR/fuzz/run/<h>/crash-*, and prints a
# summary line per harness and tier: executions, execs/s, files in the
# corpus directory, and libFuzzer's final coverage (cov:), features (ft:)
# and in-memory corpus size (corp:), and the exit status. The lines are
# also appended to BUILD_DIR/fuzz/run/campaign.tsv with the date, for the
# campaign table.
set -u
build=${1:?usage: run.sh BUILD_DIR SECONDS [harness...]}
seconds=${2:?usage: run.sh BUILD_DIR SECONDS [harness...]}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
bin=$build/fuzz
[ $# -gt 0 ] || set -- sha2 rsa_der rsa_verify chacha bignum aes x25519 ed25519 secretstream aead_stream batch differential sodium

# The tiers: name and HWCRYPTO_CPU_DISABLE value, one per line.
tiers=$("$build/hwcrypto-info" --tiers 2>/dev/null) || { echo "run.sh: $build/hwcrypto-info --tiers failed" >&2; exit 1; }
want=${FUZZ_TIERS:-native}
plan=
for t in $(printf '%s\n' "$tiers" | cut -f1); do
  if [ "$want" = all ] || printf ' %s ' "$want" | grep -q " $t "; then plan="$plan $t"; fi
done
for t in $want; do
  [ "$t" = all ] || printf '%s\n' "$tiers" | cut -f1 | grep -qx "$t" ||
    { echo "run.sh: tier $t is not reachable on this CPU (hwcrypto-info --tiers)" >&2; exit 1; }
done

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
  for t in $plan; do
    mask=$(printf '%s\n' "$tiers" | awk -F '\t' -v t="$t" '$1 == t {print $2}')
    log=$out/$t.log
    HWCRYPTO_CPU_DISABLE=$mask "$out/fuzz_$h.bin" -max_total_time="$seconds" -print_final_stats=1 \
      -artifact_prefix="$out/" $dict "$out/corpus" "$out/seeds" >"$log" 2>&1
    rc=$?
    [ $rc -eq 0 ] || status=1
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    corp=$(ls "$out/corpus" | wc -l)
    cov=$(printf '%s\n' "$last" | grep -oE '(cov|ft|corp): [0-9]+' | tr '\n' ' ')
    echo "fuzz_$h [$t]: ${seconds}s runs=${runs:-?} exec/s=${rate:-?} corpus_files=$corp ${cov}exit=$rc"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$h" "$t" "$seconds" "${runs:-?}" \
      "$(printf '%s' "$cov" | sed 's/ *$//')" "$corp" "$rc" >>"$bin/run/campaign.tsv"
  done
done
exit $status
