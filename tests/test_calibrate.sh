#!/bin/sh
# SPDX-License-Identifier: ISC
# hwcrypto-info --calibrate end to end (behaviour only, never which
# implementation won): it writes a well-formed profile for this CPU with an
# entry for every primitive that has more than one supported implementation,
# and the figures behind each; hwcrypto-info run with HWCRYPTO_PROFILE naming
# it reports every entry's implementation as selected "(profile)" and the
# summary names the file, with nothing on stderr; the same profile edited to
# another CPU model is reported and ignored; HWCRYPTO_IMPL still wins over
# it; a profile that cannot be written fails cleanly and leaves nothing.
# usage: test_calibrate.sh path/to/hwcrypto-info
set -u
info=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# The selection report as "prim impl why" lines, one per primitive; a
# tuning record other than the default as "impl:record".
selections() {
  awk '/^[a-z0-9-]+ +[a-z0-9-]+ +(yes|no)/ { prim = $1 }
       /<- selected/ { impl = (NF >= 5 && $1 == prim) ? $2 : $1; why = $NF; gsub(/[()]/, "", why)
                       if (match($0, /tuning: [a-z0-9-]+,/)) {
                         t = substr($0, RSTART + 8, RLENGTH - 9); if (t != "default") impl = impl ":" t
                       }
                       print prim, impl, why }' "$1"
}

# --- calibrate into a file: figures on stdout, the profile in the file
"$info" --calibrate "$tmp/profile" >"$tmp/figures" 2>"$tmp/cal.err" || bad "--calibrate exited $?: $(cat "$tmp/cal.err")"
[ -s "$tmp/cal.err" ] && bad "--calibrate wrote to stderr: $(cat "$tmp/cal.err")"
[ -e "$tmp/profile.tmp" ] && bad "temporary file left behind"
[ "$(sed -n 1p "$tmp/profile")" = "hwcrypto-profile 1" ] || bad "no version line: $(sed -n 1p "$tmp/profile")"
grep -q '^cpu [^ ]* [0-9]* [0-9]*$' "$tmp/profile" || bad "no cpu line"
grep -q '^features' "$tmp/profile" || bad "no features line"
grep -v '^#' "$tmp/profile" | sed -n '4,$p' >"$tmp/entries"
n=$(wc -l <"$tmp/entries")
[ "$n" -ge 1 ] || bad "no entry: this CPU has no primitive with two supported implementations?"
# one entry per calibrated primitive: every group in the figures chose one
groups=$(grep -c '^[a-z0-9+-]*: median ns per operation' "$tmp/figures")
chosen=$(grep -c ' chosen$\| chosen ' "$tmp/figures")
[ "$groups" -ge 1 ] && [ "$groups" = "$chosen" ] || bad "$groups groups measured, $chosen chosen"
grep -q "^profile written to $tmp/profile" "$tmp/figures" || bad "no closing line"

# --- the library applies it, and says so
HWCRYPTO_PROFILE="$tmp/profile" "$info" >"$tmp/report" 2>"$tmp/report.err" || bad "hwcrypto-info exited $?"
[ -s "$tmp/report.err" ] && bad "stderr with a fresh profile: $(cat "$tmp/report.err")"
grep -q "^cpu: .*; profile: $tmp/profile\$" "$tmp/report" || bad "summary does not name the profile: $(sed -n 1p "$tmp/report")"
selections "$tmp/report" >"$tmp/selected"
while read -r prim impl; do
  grep -q "^$prim $impl profile\$" "$tmp/selected" || bad "$prim: profile says $impl, report says $(grep "^$prim " "$tmp/selected")"
done <"$tmp/entries"
[ "$(grep -c ' profile$' "$tmp/selected")" = "$n" ] || bad "primitives chosen by profile: $(grep -c ' profile$' "$tmp/selected"), entries: $n"

# --- HWCRYPTO_IMPL wins over the profile
# (the portable entry: "generic", or "separate" for an AEAD pair)
first=$(sed -n 1p "$tmp/entries" | cut -d' ' -f1)
portable=generic
case $first in aes-gcm | chacha20-poly1305) portable=separate ;; esac
HWCRYPTO_PROFILE="$tmp/profile" HWCRYPTO_IMPL="$first=$portable" "$info" >"$tmp/forced" 2>&1
selections "$tmp/forced" | grep -q "^$first $portable HWCRYPTO_IMPL\$" || bad "HWCRYPTO_IMPL did not win over the profile for $first"

# --- another CPU model: reported once, ignored
sed 's/^cpu \([^ ]*\) \([0-9]*\) [0-9]*$/cpu \1 \2 4095/' "$tmp/profile" >"$tmp/other"
HWCRYPTO_PROFILE="$tmp/other" "$info" >"$tmp/other.out" 2>"$tmp/other.err" || bad "hwcrypto-info exited $? on a foreign profile"
[ "$(grep -c 'profile ignored' "$tmp/other.err")" = 1 ] || bad "foreign profile not reported once: $(cat "$tmp/other.err")"
selections "$tmp/other.out" | grep -q ' profile$' && bad "foreign profile applied"
grep -q '; profile:' "$tmp/other.out" && bad "summary names a foreign profile"

# --- to standard output, figures on stderr
"$info" --calibrate >"$tmp/stdout.profile" 2>"$tmp/stdout.err" || bad "--calibrate to stdout exited $?"
[ "$(sed -n 1p "$tmp/stdout.profile")" = "hwcrypto-profile 1" ] || bad "stdout profile has no version line"
grep -q 'median ns per operation' "$tmp/stdout.err" || bad "figures not on stderr"

# --- an unwritable destination fails and leaves nothing
if "$info" --calibrate "$tmp/no/such/dir/p" >/dev/null 2>&1; then bad "unwritable destination accepted"; fi
"$info" --calibrate a b >/dev/null 2>&1; [ $? = 2 ] || bad "extra argument not a usage error"

[ $fail = 0 ] && echo "calibrate: $n entries, applied from the profile, foreign profile ignored"
exit $fail
