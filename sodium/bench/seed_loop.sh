#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# PHP's seed loop (seed_loop.php) with and without the libsodium drop-in
# preloaded, alternated ROUNDS times (default 5), then the median time of
# each and their ratio (libsodium / drop-in: above 1 means the drop-in is
# faster), with the CPU model. The two runs must digest the same results.
# Refuses to measure on a busy machine (1-minute load >= 0.5) unless
# --force: the figure would say more about the neighbours than the code.
#   seed_loop.sh DROPIN [ITERATIONS] [ROUNDS] [--force]
set -eu
dropin=$1 iters=${2:-1000} rounds=${3:-5} force=${4:-}
here=$(dirname "$0")
load=$(cut -d' ' -f1 /proc/loadavg)
if [ "$force" != --force ] && awk -v l="$load" 'BEGIN { exit !(l >= 0.5) }'; then
  echo "seed_loop: load average $load >= 0.5: not measuring (--force to override)" >&2
  exit 3
fi
plain=() pre=()
for ((i = 0; i < rounds; i++)); do
  read -r t d1 < <(php "$here/seed_loop.php" "$iters"); plain+=("$t")
  read -r u d2 < <(LD_PRELOAD=$dropin php "$here/seed_loop.php" "$iters"); pre+=("$u")
  [ "$d1" = "$d2" ] || { echo "seed_loop: results differ with the drop-in" >&2; exit 1; }
done
# median of the arguments
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mp=$(median "${plain[@]}") md=$(median "${pre[@]}")
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
echo "load before: $load; $iters iterations, $rounds alternated rounds"
echo "libsodium: ${mp}s  drop-in: ${md}s  ratio (libsodium / drop-in): $(awk -v a="$mp" -v b="$md" 'BEGIN { printf "%.2f", a / b }')"
