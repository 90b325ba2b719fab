#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# Unmodified programs through the provider, as a user turns it on
# (OPENSSL_CONF=prefer-all.cnf, OPENSSL_MODULES=the build's module):
#  - curl against nginx (Debian's packages), TLS 1.3 and 1.2 with
#    AES-128-GCM, AES-256-GCM and ChaCha20-Poly1305 suites, X25519, Ed25519
#    and RSA certificates made here; the provider in nginx only, in curl
#    only, in both. Payloads of 0, 1, 16 KiB + 1 and 1 MiB downloaded
#    (compared byte for byte) and uploaded with PUT to nginx's WebDAV
#    module, which stores the body as a file (compared by SHA-256); the
#    suite and group are checked on both ends (curl -v, nginx's log).
#  - Python: hashlib's digests and HMAC against known answers, and a
#    client and a server in Python's ssl, both through the provider.
# Each side with the provider records its use counts
# (HWCRYPTO_PROVIDER_STATS, written as OpenSSL unloads the provider at
# exit): a case passes only if the module served the algorithms it has
# that the case needs. nginx's master loads the provider and forks the
# worker, which inherits the master's counts: the worker's counts must
# exceed the master's, so that the connections themselves were served.
#   apps.sh BUILD_DIR [--quick]      (exit 77: a program is missing)
set -euo pipefail
build=$(cd "$1" && pwd)
quick=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
PATH=$PATH:/usr/sbin:/sbin # nginx, for a user without sbin in PATH
missing=()
for p in nginx curl python3 openssl; do command -v "$p" > /dev/null || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "SKIP: ${missing[*]} not installed (tools/install-deps.sh installs them)"
  exit 77
fi
export OPENSSL_MODULES=$build/provider
conf=$here/prefer-all.cnf
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
cd "$work"

# shellcheck source=tls_common.sh
. "$here/tls_common.sh"
[ -n "$module" ] || { echo "the module does not load: OPENSSL_MODULES=$OPENSSL_MODULES" >&2; exit 1; }
# The programs must use the OpenSSL 3 the module is built for.
for p in "$(command -v nginx)" "$(command -v curl)"; do
  [[ $(ldd "$p") == *libssl.so.3* ]] || { echo "$p is not linked with OpenSSL 3" >&2; exit 1; }
done

openssl req -x509 -newkey ed25519 -keyout ed25519.key -out ed25519.crt -subj /CN=localhost -days 2 -nodes 2>/dev/null
openssl req -x509 -newkey rsa:2048 -keyout rsa.key -out rsa.crt -subj /CN=localhost -days 2 -nodes 2>/dev/null
mkdir www
sizes=(0 1 16385 1048576)
for n in "${sizes[@]}"; do head -c "$n" /dev/urandom > "www/p$n"; done

# served_worker STATS MASTER NAMES...: as served, for a forked server: some
# process other than MASTER counted more uses of each name than MASTER did
# (the master's own counts, inherited by the worker, do not count).
served_worker() {
  local stats=$1 master=$2 n
  shift 2
  for n in "$@"; do
    has "$n" || continue
    awk -v n="$n" -v m="$master" '$2 == n { if ($1 == m) mc = $3; else if ($3 > wc) wc = $3 }
      END { exit !(wc > mc + 0) }' "$stats" 2>/dev/null ||
      { echo "  $n not served by an nginx worker (master $master; stats: $(tr '\n' ' ' < "$stats" 2>/dev/null))" >&2; return 1; }
  done
}

# Ports from a random start in 26000-31999: away from tls.sh's range and
# below Linux's ephemeral range (32768 up by default), where other tests'
# client sockets take their local ports.
port=$((26000 + RANDOM % 6000))

# stop PID: QUIT (nginx's graceful shutdown: the worker finishes and exits,
# and both processes unload OpenSSL's providers on the way out) or, for
# anything else, a wait; 0 only if it ended by itself within 10 s with 0.
stop() {
  local pid=$1 sig=${2:-}
  [ -n "$sig" ] && kill "-$sig" "$pid"
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; wait "$pid" 2>/dev/null; return 1; fi
  wait "$pid"
}

# nginx_conf DIR CERT PROTO CIPHER: a configuration that touches nothing
# outside DIR: its own pid file, logs and temporary directories, 127.0.0.1
# only; the environment directives keep the variables for the worker. Run
# by root, nginx would switch its worker to nobody: user names the caller.
nginx_conf() {
  local d=$1 cert=$2 proto=$3 cipher=$4 tls
  if [ "$proto" = tls1_3 ]; then
    tls="ssl_protocols TLSv1.3; ssl_conf_command Ciphersuites $cipher;"
  else
    tls="ssl_protocols TLSv1.2; ssl_ciphers $cipher;"
  fi
  cat > "$d/nginx.conf" << EOF
$([ "$(id -u)" = 0 ] && echo "user $(id -un) $(id -gn);")
daemon off;
worker_processes 1;
pid $d/nginx.pid;
error_log $d/error.log notice;
env OPENSSL_CONF; env OPENSSL_MODULES; env HWCRYPTO_PROVIDER_STATS;
events { worker_connections 64; }
http {
  log_format tls '\$request_method \$uri \$status \$ssl_protocol \$ssl_cipher \$ssl_curve';
  access_log $d/access.log tls;
  client_body_temp_path $d/body; proxy_temp_path $d/proxy; fastcgi_temp_path $d/fastcgi;
  uwsgi_temp_path $d/uwsgi; scgi_temp_path $d/scgi;
  server {
    listen 127.0.0.1:$port ssl;
    ssl_certificate $work/$cert.crt; ssl_certificate_key $work/$cert.key;
    $tls
    ssl_ecdh_curve X25519;
    root $work/www;
    location /up/ { root $d; dav_methods PUT; client_max_body_size 2m; }
  }
}
EOF
}

# one CERT PROTO CIPHER SERVER_PROV CLIENT_PROV NEEDED...: nginx and curl,
# every payload down and up.
one() {
  local cert=$1 proto=$2 cipher=$3 sp=$4 cp=$5
  shift 5
  local name="$cert $proto $cipher nginx-provider=$sp curl-provider=$cp"
  local d=$work/n ss=$work/n/s.stats cs=$work/n/c.stats copt=(--ciphers "$cipher") urls=() ups=() n
  [ "$proto" = tls1_3 ] && copt=(--tls13-ciphers "$cipher")
  rm -rf "$d"
  mkdir -p "$d/up"
  next_port
  nginx_conf "$d" "$cert" "$proto" "$cipher"
  env $(side "$sp" "$ss") nginx -e "$d/error.log" -p "$d" -c "$d/nginx.conf" 2> "$d/nginx.err" &
  local master=$!
  pids=("$master")
  wait_port "$port" || { check "$name: nginx up ($(cat "$d/nginx.err" "$d/error.log"))" false; stop "$master" QUIT || true; return; }
  for n in "${sizes[@]}"; do
    urls+=("https://localhost:$port/p$n" -o "$d/got$n")
    ups+=(-T "www/p$n" "https://localhost:$port/up/p$n")
  done
  local v=TLSv${proto#tls} # tls1_3: TLSv1.3
  v=${v/_/.}
  local curl=(curl -sS -v --fail --max-time 30 --cacert "$cert.crt" "--tlsv${v#TLSv}" --tls-max "${v#TLSv}"
              --curves X25519 "${copt[@]}" -w '%{http_code}\n')
  env $(side "$cp" "$cs") "${curl[@]}" "${urls[@]}" > "$d/down.codes" 2> "$d/down.err" || true
  env $(side "$cp" "$cs") "${curl[@]}" "${ups[@]}" > "$d/up.codes" 2> "$d/up.err" || true
  check "$name: nginx exits cleanly on QUIT" "stop $master QUIT"
  pids=()
  check "$name: curl negotiated $v $cipher" \
    "[ \$(grep -c 'SSL connection using $v / $cipher\$' $d/down.err $d/up.err | awk -F: '{s += \$2} END {print s}') = 2 ]"
  check "$name: nginx logged $v $cipher X25519 for every request" \
    "[ \$(grep -c ' $v $cipher X25519\$' $d/access.log) = 8 ] && [ \$(wc -l < $d/access.log) = 8 ]"
  for n in "${sizes[@]}"; do
    check "$name: download of $n bytes" "cmp -s www/p$n $d/got$n"
    check "$name: upload of $n bytes" \
      "[ \"\$(sha256sum < www/p$n)\" = \"\$(sha256sum < $d/up/p$n 2>/dev/null)\" ]"
  done
  check "$name: HTTP status 200 for downloads, 201 for uploads" \
    "[ \"\$(tr '\n' ' ' < $d/down.codes)\" = '200 200 200 200 ' ] && [ \"\$(tr '\n' ' ' < $d/up.codes)\" = '201 201 201 201 ' ]"
  [ "$sp" = 1 ] && check "$name: nginx's provider served $*" "served_worker $ss $master $*"
  [ "$cp" = 1 ] && check "$name: curl's provider served $*" "served $cs $*"
  if [ "$fail" -gt 0 ] && [ -z "${shown:-}" ]; then # the first failure's evidence, once
    shown=1
    tail -n 20 "$d/down.err" "$d/error.log" "$d/access.log" >&2 || true
  fi
  return 0
}

tls13=(TLS_AES_128_GCM_SHA256:AES-128-GCM TLS_AES_256_GCM_SHA384:AES-256-GCM
       TLS_CHACHA20_POLY1305_SHA256:ChaCha20-Poly1305)
for cert in ed25519 rsa; do
  case $cert in ed25519) sig=ED25519 ;; *) sig=RSA ;; esac
  for sc in "${tls13[@]}"; do
    suite=${sc%%:*}
    alg=${sc##*:}
    md=SHA2-256
    [ "$alg" = AES-256-GCM ] && md=SHA2-384
    for sides in "1 0" "0 1" "1 1"; do
      [ -n "$quick" ] && [ "$sides" != "1 1" ] && continue
      one "$cert" tls1_3 "$suite" $sides "$alg" "$md" X25519 "$sig" TLS13-KDF HMAC
    done
  done
done
# TLS 1.2: ECDHE with X25519; an Ed25519 certificate signs the ECDSA suites'
# key exchange. The PRF (TLS1-PRF) is the default provider's, which takes
# its HMAC from the application's library context: hwcrypto's.
for c in "rsa ECDHE-RSA-AES128-GCM-SHA256 AES-128-GCM SHA2-256 RSA" \
         "rsa ECDHE-RSA-AES256-GCM-SHA384 AES-256-GCM SHA2-384 RSA" \
         "rsa ECDHE-RSA-CHACHA20-POLY1305 ChaCha20-Poly1305 SHA2-256 RSA" \
         "ed25519 ECDHE-ECDSA-AES128-GCM-SHA256 AES-128-GCM SHA2-256 ED25519" \
         "ed25519 ECDHE-ECDSA-AES256-GCM-SHA384 AES-256-GCM SHA2-384 ED25519" \
         "ed25519 ECDHE-ECDSA-CHACHA20-POLY1305 ChaCha20-Poly1305 SHA2-256 ED25519"; do
  set -- $c
  for sides in "1 0" "0 1" "1 1"; do
    [ -n "$quick" ] && [ "$sides" != "1 1" ] && continue
    one "$1" tls1_2 "$2" $sides "$3" "$4" X25519 "$5" HMAC
  done
done

# Python: hashlib, then an ssl server and client, both with the provider.
check "python hashlib through the provider" \
  "OPENSSL_CONF=$conf HWCRYPTO_PROVIDER_STATS=$work/py.stats python3 $here/apps.py hashlib > py.out 2>&1"
cat py.out
check "python hashlib's digests and HMAC served by hwcrypto" "served $work/py.stats SHA1 SHA2-256 SHA2-384 SHA2-512 HMAC"
# Python's ssl cannot choose TLS 1.3 suites (servers pick TLS_AES_256_GCM_SHA384);
# the TLS 1.2 cases cover the other two AEADs.
for c in "ed25519 tls1_3 - TLS_AES_256_GCM_SHA384 AES-256-GCM SHA2-384 ED25519 TLS13-KDF" \
         "rsa tls1_3 - TLS_AES_256_GCM_SHA384 AES-256-GCM SHA2-384 RSA TLS13-KDF" \
         "rsa tls1_2 ECDHE-RSA-AES128-GCM-SHA256 ECDHE-RSA-AES128-GCM-SHA256 AES-128-GCM SHA2-256 RSA" \
         "ed25519 tls1_2 ECDHE-ECDSA-CHACHA20-POLY1305 ECDHE-ECDSA-CHACHA20-POLY1305 ChaCha20-Poly1305 SHA2-256 ED25519"; do
  set -- $c
  [ -n "$quick" ] && [ "$1" = rsa ] && continue
  cert=$1 proto=$2 ciphers=$3 want=$4
  shift 4
  name="python ssl $cert $proto $want"
  before=$fail
  rm -f pys.stats pyc.stats
  next_port
  OPENSSL_CONF=$conf HWCRYPTO_PROVIDER_STATS=$work/pys.stats \
    python3 "$here/apps.py" server "$cert.crt" "$cert.key" "$port" "$proto" "$ciphers" www > pys.out 2>&1 &
  pids=($!)
  wait_port "$port" || { check "$name: server up ($(cat pys.out))" false; continue; }
  check "$name: client" "OPENSSL_CONF=$conf HWCRYPTO_PROVIDER_STATS=$work/pyc.stats \
    python3 $here/apps.py client $cert.crt $port $proto $ciphers www ${sizes[*]/#/p} > pyc.out 2>&1"
  check "$name: server exits cleanly" "stop ${pids[0]}"
  pids=()
  check "$name: negotiated" "grep -q '^negotiated TLSv1.${proto#tls1_} $want\$' pyc.out"
  check "$name: the server's provider served $*" "served $work/pys.stats $* X25519 HMAC"
  check "$name: the client's provider served $*" "served $work/pyc.stats $* X25519 HMAC"
  [ "$fail" = "$before" ] || cat pyc.out pys.out >&2
done
echo "apps: $pass checks passed, $fail failed (nginx $(nginx -v 2>&1 | sed 's,.*/,,'), $(curl --version | head -1 | cut -d' ' -f1-2,5), Python $(python3 -c 'import platform, ssl; print(platform.python_version(), ssl.OPENSSL_VERSION)'); module offers:$module)"
[ "$fail" = 0 ] && [ "$pass" -gt 0 ]
