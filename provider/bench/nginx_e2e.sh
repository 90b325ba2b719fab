#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# End to end: what Debian's nginx, unmodified, gains from the provider, in
# the worker's own CPU time (utime + stime from /proc/<pid>/stat), not in
# wall time, so that the client's speed does not enter the figures.
#  - bulk: a 1 MiB file downloaded over keep-alive connections, TLS 1.3
#    with TLS_AES_128_GCM_SHA256: worker CPU seconds per GiB of bodies;
#  - handshakes: a new connection per request for a 16-byte file, no
#    session resumption (no tickets, no cache on either side), X25519 with
#    an Ed25519 and with an RSA-2048 certificate: handshakes per worker
#    CPU-second.
# One worker, pinned (worker_cpu_affinity) to the last CPU this script may
# use, the client (e2e_client.c, default provider only, no configuration
# file) on the others; 127.0.0.1 only; fixed counts. Each round runs nginx
# once per configuration, one after the other: default (OPENSSL_CONF=
# /dev/null: the default provider alone), provider (prefer-all.cnf: hwcrypto
# preferred, offer = all) and auto (openssl-hwcrypto.cnf, the documented
# configuration: what offer = auto offers on this CPU). Each ratio is taken
# within a round, and the report gives medians over the rounds.
# Checked on every run (the script stops otherwise): the worker's CPU
# affinity; the module mapped into the worker exactly when configured; one
# download's SHA-256; the negotiated version, suite, group and signature
# and that no handshake was resumed (the client reports them); and, from
# HWCRYPTO_PROVIDER_STATS, that hwcrypto served the worker every algorithm
# of the connection it offers (counts above the master's, as apps.sh).
# The last section runs hwcrypto-provider-speed and sets its per-call
# figures (default, provider, hwcrypto's own API) against the end-to-end
# ones: how much of hwcrypto's direct ratio survives EVP and the provider,
# and then the rest of the worker's work.
#   nginx_e2e.sh BUILD_DIR [--quick] [--rounds N] [--out FILE]
# --quick: tiny counts, 2 rounds unless --rounds (a smoke test: the
# figures mean nothing). Exit 77:
# nginx, openssl or a C compiler with OpenSSL's headers is missing.
set -euo pipefail
usage() { echo "usage: $0 BUILD_DIR [--quick] [--rounds N] [--out FILE]" >&2; exit 2; }
[ $# -ge 1 ] && [ -d "$1" ] || usage
build=$(cd "$1" && pwd)
shift
quick='' out='' rounds=''
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --rounds) [ $# -ge 2 ] || usage; rounds=$2; shift ;;
    --out) [ $# -ge 2 ] || usage; out=$2; shift ;;
    *) usage ;;
  esac
  shift
done
[ -n "$out" ] && [ "${out#/}" = "$out" ] && out=$PWD/$out
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
PATH=$PATH:/usr/sbin:/sbin
cc=${CC:-cc}
missing=()
for p in nginx openssl "$cc"; do command -v "$p" > /dev/null || missing+=("$p"); done
if [ ${#missing[@]} -eq 0 ] && ! echo '#include <openssl/ssl.h>' | "$cc" -E -x c - > /dev/null 2>&1; then
  missing+=("OpenSSL's headers (libssl-dev)")
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "SKIP: ${missing[*]} not installed (tools/install-deps.sh installs them)"
  exit 77
fi
[ -e "$build/provider/hwcrypto.so" ] || { echo "no module in $build/provider (build hwcrypto-provider)" >&2; exit 1; }
export OPENSSL_MODULES=$build/provider
die() { echo "nginx_e2e: $*" >&2; exit 1; }

if [ -n "$quick" ]; then
  rounds=${rounds:-2} bulk=(2 2) hs_ed=(2 3) hs_rsa=(2 3)
else
  rounds=${rounds:-5} bulk=(8 128) hs_ed=(4 2000) hs_rsa=(4 500) # (connections, per connection): 1 GiB
fi
[ "$rounds" -ge 1 ] 2>/dev/null || usage
configs=("default:/dev/null" "provider:$src/provider/tests/prefer-all.cnf" "auto:$src/provider/openssl-hwcrypto.cnf")

work=$(mktemp -d)
master=
cleanup() { [ -n "$master" ] && kill "$master" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
cd "$work"

# The client, built here against the system's libssl with the project's warnings.
"$cc" -O2 -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
  -o client "$here/e2e_client.c" -lssl -lcrypto -pthread || die "cannot build the client"
[[ $(ldd "$(command -v nginx)") == *libssl.so.3* ]] || die "nginx is not linked with OpenSSL 3"

# CPUs: the worker on the last one allowed, the client on the others.
cpus=()
for r in $(sed -n 's/^Cpus_allowed_list:\s*//p' /proc/self/status | tr , ' '); do
  mapfile -t -O ${#cpus[@]} cpus < <(seq "${r%-*}" "${r#*-}")
done
wcpu=${cpus[-1]}
mask=1$(printf '%*s' "$wcpu" '' | tr ' ' 0) # worker_cpu_affinity: CPU n is bit n
client=(./client) where="the client on the same CPU"
if [ ${#cpus[@]} -gt 1 ] && command -v taskset > /dev/null; then
  client=(taskset -c "$(echo "${cpus[@]:0:${#cpus[@]}-1}" | tr ' ' ,)" ./client)
  where="the client on the others"
fi
hz=$(getconf CLK_TCK)

openssl req -x509 -newkey ed25519 -keyout ed25519.key -out ed25519.crt -subj /CN=localhost -days 2 -nodes 2>/dev/null
openssl req -x509 -newkey rsa:2048 -keyout rsa.key -out rsa.crt -subj /CN=localhost -days 2 -nodes 2>/dev/null
mkdir www
head -c 1048576 /dev/urandom > www/big
head -c 16 /dev/urandom > www/tiny
big_sha=$(sha256sum < www/big)

# offered CONF: the names the module offers under CONF (its build info).
offered() {
  OPENSSL_CONF=$1 openssl list -providers -verbose | grep -A4 '^  hwcrypto' | sed -n 's/.*offers//p' | tr -d ';'
}
declare -A offers
for c in "${configs[@]:1}"; do offers[${c%%:*}]=$(offered "${c#*:}"); done
[ -n "${offers[provider]}" ] || die "the module does not load (OPENSSL_MODULES=$OPENSSL_MODULES)"
# The algorithms a connection uses that the module may serve.
needed=(AES-128-GCM SHA2-256 HMAC TLS13-KDF X25519 ED25519 RSA)

# free_port: a port nothing listens on, from a random start in 50000-59999
# (away from apps.sh's and tls.sh's ranges).
port=$((50000 + RANDOM % 10000))
free_port() {
  while port=$((port + 1)); grep -qi "$(printf ':%04X [0-9A-F]*:0000 0A' "$port")" /proc/net/tcp /proc/net/tcp6 2>/dev/null; do :; done
}
# wait_port PORT: until a server listens (at most 5 s).
wait_port() {
  for _ in $(seq 50); do
    grep -qi "$(printf ':%04X [0-9A-F]*:0000 0A' "$1")" /proc/net/tcp /proc/net/tcp6 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}
# stat_field PID N: field N (as proc(5) counts them) of /proc/PID/stat.
stat_field() {
  local l a
  l=$(< "/proc/$1/stat") || return 1
  read -r -a a <<< "${l##*) }" # the fields after the command name: field 3 on
  echo "${a[$(($2 - 3))]}"
}
# cpu PID: utime + stime, in clock ticks.
cpu() { echo $(($(stat_field "$1" 14) + $(stat_field "$1" 15))); }
# worker_of PID: nginx's worker, the one child of PID (at most 5 s).
worker_of() {
  local f
  for _ in $(seq 50); do
    for f in /proc/[0-9]*/stat; do
      f=${f#/proc/}
      f=${f%/stat}
      [ "$(stat_field "$f" 4 2>/dev/null)" = "$1" ] && { echo "$f"; return 0; }
    done
    sleep 0.1
  done
  return 1
}

# nginx_conf DIR PORT_ED PORT_RSA: one worker pinned to wcpu, everything
# inside DIR, the Ed25519 certificate on one port and RSA on the other.
# Every handshake a full one: no tickets (NumTickets 0 stops TLS 1.3's
# as well), no session cache.
nginx_conf() {
  local d=$1
  cat > "$d/nginx.conf" << EOF
$([ "$(id -u)" = 0 ] && echo "user $(id -un) $(id -gn);")
daemon off;
worker_processes 1;
worker_cpu_affinity $mask;
pid $d/nginx.pid;
error_log $d/error.log notice;
env OPENSSL_CONF; env OPENSSL_MODULES; env HWCRYPTO_PROVIDER_STATS;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile off;
  keepalive_requests 1000000;
  client_body_temp_path $d/body; proxy_temp_path $d/proxy; fastcgi_temp_path $d/fastcgi;
  uwsgi_temp_path $d/uwsgi; scgi_temp_path $d/scgi;
  ssl_protocols TLSv1.3;
  ssl_conf_command Ciphersuites TLS_AES_128_GCM_SHA256;
  ssl_conf_command NumTickets 0;
  ssl_ecdh_curve X25519;
  ssl_session_tickets off;
  ssl_session_cache off;
  root $work/www;
  server { listen 127.0.0.1:$2 ssl; ssl_certificate $work/ed25519.crt; ssl_certificate_key $work/ed25519.key; }
  server { listen 127.0.0.1:$3 ssl; ssl_certificate $work/rsa.crt; ssl_certificate_key $work/rsa.key; }
}
EOF
}

# measure WORKER NAME CLIENT_ARGS...: runs the client, checks its line,
# prints "ticks count" (worker CPU ticks spent, and bytes or handshakes).
measure() {
  local w=$1 name=$2 t0 t1 line
  shift 2
  t0=$(cpu "$w")
  line=$(OPENSSL_CONF=/dev/null OPENSSL_MODULES='' "${client[@]}" "$@") || die "$name: the client failed: $line"
  sleep 0.1 # the worker's side of the last close
  t1=$(cpu "$w")
  echo "$line" | tee -a client.log >> "$log"
  set -- $line # negotiated V SUITE GROUP SIG requests R bytes B handshakes H resumed 0
  [ "$2 $3 $4" = "TLSv1.3 TLS_AES_128_GCM_SHA256 X25519" ] || die "$name: negotiated $2 $3 $4"
  case $name in *rsa*) [ "$5" = RSASSA-PSS ] ;; *) [ "$5" = ED25519 ] ;; esac || die "$name: signature $5"
  [ "${13}" = 0 ] || die "$name: ${13} handshakes resumed"
  case $name in bulk*) echo "$((t1 - t0)) $9" ;; *) echo "$((t1 - t0)) ${11}" ;; esac
}

# round R CONFIG CONF: nginx under CONF, the three workloads, the checks;
# appends "R CONFIG bulk_ticks bytes ed_ticks ed_handshakes rsa_ticks rsa_handshakes" to results.
round() {
  local r=$1 name=$2 conf=$3 d=$work/$2.$1 p1 p2 w b e s
  mkdir -p "$d"
  log=$d/client.log
  free_port; p1=$port
  free_port; p2=$port
  nginx_conf "$d" "$p1" "$p2"
  local envs=(OPENSSL_CONF="$conf")
  [ "$name" != default ] && envs+=(HWCRYPTO_PROVIDER_STATS="$d/stats")
  env "${envs[@]}" nginx -e "$d/error.log" -p "$d" -c "$d/nginx.conf" 2> "$d/nginx.err" &
  master=$!
  wait_port "$p1" && wait_port "$p2" || die "$name: nginx did not start: $(cat "$d/nginx.err" "$d/error.log")"
  w=$(worker_of "$master") || die "$name: no nginx worker"
  [ "$(sed -n 's/^Cpus_allowed_list:\s*//p' "/proc/$w/status")" = "$wcpu" ] || die "$name: worker not pinned to CPU $wcpu"
  if grep -q "$build/provider/" "/proc/$w/maps"; then [ "$name" != default ]; else [ "$name" = default ]; fi ||
    die "$name: the module is $([ "$name" = default ] && echo "" || echo "not ")mapped into the worker"
  # warm-up (the first connections fault in code and data), not measured
  measure "$w" bulk-warm bulk "$p1" ed25519.crt /big 1 2 > /dev/null
  measure "$w" ed-warm hs "$p1" ed25519.crt /tiny 1 2 > /dev/null
  measure "$w" rsa-warm hs "$p2" rsa.crt /tiny 1 2 > /dev/null
  rm -f got
  b=$(measure "$w" bulk bulk "$p1" ed25519.crt /big "${bulk[@]}" "$work/got")
  [ "$(sha256sum < got)" = "$big_sha" ] || die "$name: a download differs from the file"
  [ "${b#* }" = $((bulk[0] * bulk[1] * 1048576)) ] || die "$name: downloaded ${b#* } bytes"
  e=$(measure "$w" ed25519 hs "$p1" ed25519.crt /tiny "${hs_ed[@]}")
  s=$(measure "$w" rsa hs "$p2" rsa.crt /tiny "${hs_rsa[@]}")
  kill -QUIT "$master"
  wait "$master" || die "$name: nginx exited with $?"
  if [ "$name" != default ]; then # the worker's use counts above the master's
    local n served=
    for n in "${needed[@]}"; do
      [[ " ${offers[$name]} " == *" $n "* ]] || continue
      served+=" $(awk -v n="$n" -v m="$master" '$2 == n { if ($1 == m) mc = $3; else if ($3 > wc) wc = $3 }
        END { if (wc > mc + 0) print n "=" wc - mc }' "$d/stats")" || true
      [[ $served == *" $n="* ]] || die "$name: $n not served by the worker (stats: $(tr '\n' ' ' < "$d/stats"))"
    done
    echo "$name:$served" > "served.$name"
    # TLS13-KDF derivations per handshake (libssl makes a context for each)
    awk '{ h += $11 } END { print h }' "$log" > "handshakes.$name"
  fi
  master=
  echo "$r $name $b $e $s" >> results
}

cpu_name=$("$build/hwcrypto-info" 2>/dev/null | sed -n 's/^cpu: vendor: [^;]*; model: \([^;]*\);.*/\1/p' || true)
[ -n "$cpu_name" ] || cpu_name=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)
echo "nginx_e2e: $rounds rounds on $cpu_name, worker on CPU $wcpu" >&2
for r in $(seq "$rounds"); do
  for c in "${configs[@]}"; do
    round "$r" "${c%%:*}" "${c#*:}"
    echo "  round $r ${c%%:*}: $(tail -1 results)" >&2
  done
done

# The per-call figures for the section on fetch and lock overhead.
speed=$build/provider/hwcrypto-provider-speed
if [ -x "$speed" ]; then
  HWCP_SPEED_CONF=$src/provider/tests/offer-all.cnf HWCP_SPEED_RSA_PEM=$src/tests/vectors/rsa/key2048.pkcs8.pem \
    "$speed" ${quick:+--quick} > speed.md || die "hwcrypto-provider-speed failed"
fi

# ---- the report
{
  echo "# nginx end to end: the hwcrypto provider against the default provider"
  echo
  [ -n "$quick" ] && echo "**--quick: a smoke run with tiny counts; these figures are not measurements.**" && echo
  echo "- CPU: $cpu_name ($(nproc) CPUs allowed; nginx's worker pinned to CPU $wcpu, $where)"
  echo "- $(openssl version); nginx $(nginx -v 2>&1 | sed 's,.*/,,'); the client: e2e_client.c, libssl with the default provider alone"
  echo "- configurations: **default** \`OPENSSL_CONF=/dev/null\`; **provider** \`provider/tests/prefer-all.cnf\` (offer = all:${offers[provider]}); **auto** \`provider/openssl-hwcrypto.cnf\` (offer = auto:${offers[auto]})"
  echo "- TLS 1.3, TLS_AES_128_GCM_SHA256, X25519, no resumption; bulk: ${bulk[0]} keep-alive connections x ${bulk[1]} downloads of 1 MiB; handshakes: ${hs_ed[0]} x ${hs_ed[1]} (Ed25519), ${hs_rsa[0]} x ${hs_rsa[1]} (RSA-2048, RSA-PSS signatures) connections with one 16-byte GET each"
  echo "- $rounds rounds, in each: default, provider, auto, one nginx each; worker CPU = utime + stime from /proc (1/$hz s ticks)"
  echo
  awk -v hz="$hz" -f - results << 'EOF'
function med(list,   a, n, i, j, t) {
  n = split(list, a, " ")
  if (n == 0) return "-"
  for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
  return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function range(list,   a, n, i, lo, hi) {
  n = split(list, a, " ")
  if (n == 0) return ""
  lo = hi = a[1]
  for (i = 2; i <= n; i++) { if (a[i] + 0 < lo + 0) lo = a[i]; if (a[i] + 0 > hi + 0) hi = a[i] }
  return sprintf(" [%.2f-%.2f]", lo, hi)
}
function fmt(x, f) { return x == "-" ? "-" : sprintf(f, x) }
function cell(c, k) { return fmt(med(fig[c, k]), k == 1 ? "%.3f" : "%.0f") }
function ratio(c, k) { return rat[c, k] == "" ? "-" : sprintf("%.2f", med(rat[c, k])) range(rat[c, k]) }
function met(c, k, target,   m) { m = med(rat[c, k]); return rat[c, k] == "" ? "-" : (m >= target ? "yes" : "no") }
{
  r = $1; c = $2
  # per GiB: seconds of worker CPU / GiB of bodies; handshakes / CPU-second
  v[r, c, 1] = $3 > 0 ? ($3 / hz) / ($4 / 1073741824) : "-"
  v[r, c, 2] = $5 > 0 ? $6 / ($5 / hz) : "-"
  v[r, c, 3] = $7 > 0 ? $8 / ($7 / hz) : "-"
  for (k = 1; k <= 3; k++) if (v[r, c, k] != "-") fig[c, k] = fig[c, k] " " v[r, c, k]
  row[r] = row[r] sprintf(" %s / %s / %s |", fmt(v[r, c, 1], "%.3f"), fmt(v[r, c, 2], "%.0f"), fmt(v[r, c, 3], "%.0f"))
  rounds[r] = 1
}
END {
  for (r in rounds) for (ci = 1; ci <= 2; ci++) {
    c = ci == 1 ? "provider" : "auto"
    for (k = 1; k <= 3; k++) {
      a = v[r, "default", k]; b = v[r, c, k]
      if (a == "-" || b == "-" || a == 0 || b == 0) continue
      rat[c, k] = rat[c, k] " " (k == 1 ? a / b : b / a)
    }
  }
  print "| figure | default | provider | ratio | auto | ratio | target | met (provider / auto) |"
  print "|---|---|---|---|---|---|---|---|"
  name[1] = "bulk: worker CPU seconds per GiB (lower is better)"
  name[2] = "handshakes per worker CPU-second, X25519 + Ed25519"
  name[3] = "handshakes per worker CPU-second, X25519 + RSA-2048"
  tg[1] = 1.5; tg[2] = 1.2; tg[3] = 1.2
  for (k = 1; k <= 3; k++)
    printf "| %s | %s | %s | %s | %s | %s | >= %.1f | %s / %s |\n", name[k], cell("default", k), cell("provider", k),
      ratio("provider", k), cell("auto", k), ratio("auto", k), tg[k], met("provider", k, tg[k]), met("auto", k, tg[k])
  print ""
  print "Figures are medians over the rounds. ratio: within each round, default CPU / provider CPU per GiB (bulk) or"
  print "provider handshakes / default handshakes per CPU-second; the median over the rounds [lowest-highest]."
  print "\"-\": too few clock ticks to measure (--quick)."
  print ""
  print "Per round (CPU s/GiB / Ed25519 handshakes per CPU-s / RSA handshakes per CPU-s):"
  print ""
  print "| round | default | provider | auto |"
  print "|---|---|---|---|"
  for (r = 1; r in rounds; r++) print "| " r " |" row[r]
  # the medians the next section uses
  printf "%s %s %s %s %s %s\n", med(fig["default", 1]), med(fig["provider", 1]), med(fig["default", 2]),
    med(fig["provider", 2]), med(fig["default", 3]), med(fig["provider", 3]) > "medians"
}
EOF
  echo
  echo "## Checks"
  echo
  echo "Every run: the worker pinned; the module mapped into the worker with provider and auto, not with default;"
  echo "one download per run equal to the file (SHA-256); every connection TLSv1.3 TLS_AES_128_GCM_SHA256 X25519"
  echo "with an ED25519 or RSASSA-PSS signature, none resumed ($(awk '{ h += $11 } END { print h }' client.log) handshakes in all)."
  echo "hwcrypto served the worker (its use counts above the master's, last round):"
  echo
  for c in provider auto; do echo "- $(cat "served.$c")"; done
  echo
  echo "## Fetch and lock overhead: how much of the direct ratio survives"
  echo
  if [ ! -s speed.md ]; then
    echo "hwcrypto-provider-speed was not built (HWC_BUILD_BENCH=OFF): no per-call figures."
  else
    read -r bd bp ed ep rd rp < medians
    kdf=$(awk -v h="$(cat handshakes.provider)" '{ for (i = 2; i <= NF; i++) if ($i ~ /^TLS13-KDF=/) print substr($i, 11) / h }' served.provider)
    awk -F'|' -v kdf="$kdf" -v bd="$bd" -v bp="$bp" -v ed="$ed" -v ep="$ep" -v rd="$rd" -v rp="$rp" -f - speed.md << 'EOF'
function trim(s) { gsub(/^ +| +$/, "", s); return s }
function pct(x) { return sprintf("%.0f%%", 100 * x) }
NF > 9 && trim($3) ~ /^[0-9]+$/ {
  k = trim($2) "/" trim($3)
  dn[k] = trim($5); pn[k] = trim($6); xn[k] = trim($8)
}
function line(label, k) {
  if (!(k in dn) || pn[k] + 0 == 0 || xn[k] + 0 == 0) { printf "| %s | - | - | - | - | - | - | - |\n", label; return }
  printf "| %s | %s | %s | %s | %.2f | %.2f | %.2f | %s |\n", label, dn[k], pn[k], xn[k], dn[k] / xn[k], dn[k] / pn[k],
    pn[k] / xn[k], pct(xn[k] / pn[k])
}
# e2e LABEL T_DEFAULT T_PROVIDER OPS: a row of the model below (times in
# microseconds per unit of work; OPS "count:row ..." the crypto calls in it).
function e2e(label, td, tp, ops,   a, n, i, c, k, sp, sx, ok) {
  if (td == "-" || tp == "-" || td + 0 == 0 || tp + 0 == 0) { printf "| %s | - | - | - | - | - | - | - |\n", label; return }
  n = split(ops, a, " "); sp = sx = 0; ok = 1
  for (i = 1; i <= n; i++) {
    c = substr(a[i], 1, index(a[i], ":") - 1); k = substr(a[i], index(a[i], ":") + 1)
    if (!(k in dn) || pn[k] + 0 == 0 || xn[k] + 0 == 0) ok = 0
    sx += c * (dn[k] - xn[k]) / 1000; sp += c * (dn[k] - pn[k]) / 1000
  }
  if (!ok) { printf "| %s | - | - | - | - | - | - | - |\n", label; return }
  printf "| %s | %.1f | %.1f | %.1f | %.2f | %.2f | %.2f | %+.1f |\n", label, td, sx, sp, td / (td - sx), td / (td - sp),
    td / tp, (td - tp) - sp
}
END {
  print "Per call, from `hwcrypto-provider-speed` run after the rounds (ns, medians; EVP fetches done once, contexts reused):"
  print ""
  print "| operation | default | provider | hwcrypto direct | direct ratio (default / direct) | provider ratio (default / provider) | provider / direct | direct ratio kept |"
  print "|---|---|---|---|---|---|---|---|"
  line("AES-128-GCM seal, 16 KiB record", "aes-128-gcm/16384")
  line("AES-128-GCM seal, 1 KiB", "aes-128-gcm/1024")
  line("X25519", "x25519/0")
  line("Ed25519 sign", "ed25519-sign/0")
  line("RSA-2048 sign", "rsa2048-sign-pkcs1/0")
  line("HKDF-SHA256 (extract + expand)", "hkdf-sha256/0")
  line("HMAC-SHA256, 1 KiB", "hmac-sha256/1024")
  line("SHA-256, 1 KiB", "sha256/1024")
  print ""
  print "Then in the worker (provider configuration against default; microseconds per unit of work):"
  print ""
  print "| work | default worker CPU | crypto saving, direct | crypto saving, provider | e2e ratio if direct | e2e ratio predicted | e2e ratio measured | unexplained (measured - predicted saving) |"
  print "|---|---|---|---|---|---|---|---|"
  e2e("1 MiB of bulk (64 records of 16 KiB)", bd == "-" ? "-" : bd * 1e6 / 1024, bp == "-" ? "-" : bp * 1e6 / 1024,
      "64:aes-128-gcm/16384")
  hs = sprintf(" (2 X25519, 1 sign, %.1f HKDF)", kdf / 2)
  e2e("an Ed25519 handshake" hs, ed == "-" ? "-" : 1e6 / ed, ep == "-" ? "-" : 1e6 / ep,
      "2:x25519/0 1:ed25519-sign/0 " (kdf / 2) ":hkdf-sha256/0")
  e2e("an RSA-2048 handshake" hs, rd == "-" ? "-" : 1e6 / rd, rp == "-" ? "-" : 1e6 / rp,
      "2:x25519/0 1:rsa2048-sign-pkcs1/0 " (kdf / 2) ":hkdf-sha256/0")
}
EOF
    cat << 'EOF'

How to read it. *provider / direct* is what OpenSSL's EVP layer and the
provider's glue add to each call of hwcrypto's own API (parameter
passing, the dispatch through the provider's function tables, context
set-up per message); *direct ratio kept* is the share of hwcrypto's own
speed-up over the default provider that a program still gets through
EVP. The algorithms are fetched once there, so the cost of fetching
itself (OpenSSL 3.0 looks each fetch up in a method store under a
lock, and evaluates the property query against every provider's
candidates) is not in those columns; libssl fetches per connection and
per handshake, for both configurations, with one more provider's
candidates to consider in the provider configuration.

The second table applies the per-call figures to the worker: per unit
of work, the crypto calls the worker makes (the AEAD per record; per
handshake a key generation and a derivation counted as two X25519
operations, one signature, and the key schedule: the worker's TLS13-KDF
use count per handshake, each derivation one HMAC step where the HKDF
row does two, so half an HKDF row each; the transcript hashes, Finished
HMACs and handshake records are left out: a few microseconds) and
the CPU time they save through hwcrypto's own API (*direct*) and
through the provider (per-call figures above), set against the worker's
measured CPU time under the default provider. *e2e ratio if direct* is
the end-to-end ratio hwcrypto's kernels would give if nothing but the
calls above changed and they cost what the direct API costs;
*predicted* is the same through the provider; *measured* is the
end-to-end figure of the first table (median CPU figures, so it can
differ slightly from the median of the per-round ratios). The last
column is the measured saving minus the predicted one: what the
per-call figures do not explain -- OpenSSL's per-connection fetches and
locks with two providers loaded, the provider's key import (libssl
hands each new key between the providers), cache effects of a real
server, and the operations left out. Negative: the provider costs the
worker more than its kernels save there; positive: it saves more (the
omitted HKDF and hash calls are faster through hwcrypto).

So of hwcrypto's direct ratio, a program keeps the *provider ratio*
per call (fetch excluded), and the worker keeps the *measured e2e
ratio*: the rest of its work (TCP over loopback, reading the file, HTTP,
libssl's record and handshake logic, fetches and locks) is the same in
both configurations and dilutes it.
EOF
  fi
} > report.md

# The report must have its figures and checks; then it is written out.
grep -q '^| bulk: worker CPU seconds per GiB' report.md && grep -q '^- provider: AES-128-GCM=' report.md ||
  die "the report is incomplete"
if [ -n "$out" ]; then
  mkdir -p "$(dirname "$out")"
  cp report.md "$out"
  echo "nginx_e2e: report in $out" >&2
fi
cat report.md
