#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# TLS 1.2 and 1.3 between openssl s_server and s_client, each with and
# without the provider (OPENSSL_CONF=prefer-all.cnf, as an unmodified
# program gets it): for every certificate type (Ed25519, RSA with RSA-PSS
# signatures in TLS 1.3, an RSA-PSS key) and cipher suite (AES-128/256-GCM,
# ChaCha20-Poly1305), a payload sent both ways and compared byte for byte,
# resumption with a ticket, and (TLS 1.3) a key update mid-stream. The
# provider's side records its use counts (HWCRYPTO_PROVIDER_STATS): a case
# passes only if the module served the algorithms it has that the case
# needs.
#   tls.sh BUILD_DIR [--quick]
set -euo pipefail
build=$(cd "$1" && pwd)
quick=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
export OPENSSL_MODULES=$build/provider
conf=$here/prefer-all.cnf
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
cd "$work"
# The servers' stdin: a FIFO this script holds open, so a server neither
# reads EOF (s_server closes the connection then) nor needs a writer.
mkfifo hold
exec 7<>hold

# shellcheck source=tls_common.sh
. "$here/tls_common.sh"

openssl req -x509 -newkey ed25519 -keyout ed25519.key -out ed25519.crt -subj /CN=localhost -days 2 -nodes 2>/dev/null
openssl req -x509 -newkey rsa:2048 -keyout rsa.key -out rsa.crt -subj /CN=localhost -days 2 -nodes 2>/dev/null
openssl req -x509 -newkey rsa-pss -pkeyopt rsa_keygen_bits:2048 -keyout rsapss.key -out rsapss.crt -subj /CN=localhost \
  -days 2 -nodes 2>/dev/null
head -c $((1 << 20)) /dev/urandom > payload

# Ports from a random start in 20000-25999: below Linux's ephemeral range
# (32768 up by default), where another test's client sockets take their
# local ports and a server could find its port taken ("Address already in
# use"), and away from apps.sh's range.
port=$((20000 + RANDOM % 6000))

# one CERT PROTO CIPHER SERVER_PROV CLIENT_PROV NEEDED...
one() {
  local cert=$1 proto=$2 cipher=$3 sp=$4 cp=$5
  shift 5
  local name="$cert $proto $cipher server-provider=$sp client-provider=$cp"
  local ss=$work/s.stats cs=$work/c.stats copt=(-cipher "$cipher")
  [ "$proto" = tls1_3 ] && copt=(-ciphersuites "$cipher")
  rm -f "$ss" "$cs" recv got sess s.err s2.err s3.err
  next_port
  # client -> server: the server writes what it receives to stdout; its
  # stdin stays open (sleep) so it does not close the connection early
  env $(side "$sp" "$ss") timeout 60 openssl s_server -quiet -naccept 2 -accept "$port" -cert "$cert.crt" \
     -key "$cert.key" "-$proto" "${copt[@]}" < hold > recv 2> s.err &
  pids=($!)
  wait_port "$port" s.err s2.err s3.err || { check "$name: server up" false; return; }
  # (stdin held open briefly after the payload: a TLS 1.3 ticket arrives
  # after the handshake, and a client gone at EOF would not store it)
  (cat payload; sleep 0.5) | env $(side "$cp" "$cs") timeout 30 openssl s_client -nocommands \
    -connect "127.0.0.1:$port" "-$proto" "${copt[@]}" -sess_out sess > c1.out 2>&1 || true
  # resumption: a second connection with the ticket, a short message
  echo resumed-data | env $(side "$cp" "$cs") timeout 30 openssl s_client -nocommands -connect "127.0.0.1:$port" "-$proto" \
    "${copt[@]}" -sess_in sess > c2.out 2>&1 || true
  for _ in $(seq 50); do [ "$(head -c $((1 << 20)) recv 2>/dev/null | wc -c)" -ge $((1 << 20)) ] && grep -q resumed-data recv && break; sleep 0.1; done
  check "$name: client to server, 1 MiB" "cmp -s -n $((1 << 20)) payload recv"
  check "$name: resumed" "grep -q '^Reused' c2.out"
  wait "${pids[@]}" || true
  # server -> client: s_server -WWW serves ./payload
  next_port
  env $(side "$sp" "$ss") timeout 60 openssl s_server -quiet -naccept 1 -WWW -accept "$port" -cert "$cert.crt" \
     -key "$cert.key" "-$proto" "${copt[@]}" < hold > /dev/null 2> s2.err &
  pids=($!)
  wait_port "$port" s.err s2.err s3.err || { check "$name: server up" false; return; }
  printf 'GET /payload HTTP/1.0\r\n\r\n' | env $(side "$cp" "$cs") timeout 30 openssl s_client -quiet -connect "127.0.0.1:$port" \
    "-$proto" "${copt[@]}" > got 2> c3.err || true
  # the body follows the header's blank line
  check "$name: server to client, 1 MiB" "python3 -c 'import sys; d=open(\"got\",\"rb\").read(); b=d[d.index(b\"\\r\\n\\r\\n\")+4:]; sys.exit(b != open(\"payload\",\"rb\").read())'"
  wait "${pids[@]}" || true
  if [ "$proto" = tls1_3 ]; then
    next_port
    env $(side "$sp" "$ss") timeout 60 openssl s_server -quiet -naccept 1 -accept "$port" -cert "$cert.crt" \
       -key "$cert.key" -tls1_3 -ciphersuites "$cipher" < hold > ku.recv 2> s3.err &
    pids=($!)
    wait_port "$port" s.err s2.err s3.err || { check "$name: server up" false; return; }
    # s_client takes "K" as its key-update command only when the line comes
    # alone from one read, so each line waits for the previous one to have
    # arrived (a loaded machine made fixed sleeps too short).
    (until_seen() { for _ in $(seq 100); do grep -q "$1" "$2" 2>/dev/null && return; sleep 0.1; done; }
     until_seen 'Verify return code' ku.out; printf 'before\n'
     until_seen before ku.recv; printf 'K\n'
     until_seen KEYUPDATE ku.out; sleep 0.2; printf 'after\n'
     until_seen after ku.recv) |
      env $(side "$cp" "$cs") timeout 30 openssl s_client -connect "127.0.0.1:$port" -tls1_3 -ciphersuites "$cipher" > ku.out 2>&1 || true
    wait "${pids[@]}" || true
    check "$name: key update" "grep -q KEYUPDATE ku.out && grep -q before ku.recv && grep -q after ku.recv"
  fi
  [ "$sp" = 1 ] && check "$name: the server's provider served $*" "served $ss $*"
  [ "$cp" = 1 ] && check "$name: the client's provider served $*" "served $cs $*"
  return 0
}

tls13=(TLS_AES_128_GCM_SHA256:AES-128-GCM TLS_AES_256_GCM_SHA384:AES-256-GCM
       TLS_CHACHA20_POLY1305_SHA256:ChaCha20-Poly1305)
for cert in ed25519 rsa rsapss; do
  # the algorithm that signs: an RSA-PSS key is its own key type
  case $cert in ed25519) sig=ED25519 ;; rsa) sig=RSA ;; *) sig=RSA-PSS ;; esac
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
# TLS 1.2: ECDHE with X25519, RSA or Ed25519 certificates (Ed25519 signs
# the ECDSA suites' key exchange in TLS 1.2)
for c in "rsa ECDHE-RSA-AES128-GCM-SHA256 AES-128-GCM SHA2-256 RSA" \
         "rsa ECDHE-RSA-AES256-GCM-SHA384 AES-256-GCM SHA2-384 RSA" \
         "rsa ECDHE-RSA-CHACHA20-POLY1305 ChaCha20-Poly1305 SHA2-256 RSA" \
         "ed25519 ECDHE-ECDSA-AES128-GCM-SHA256 AES-128-GCM SHA2-256 ED25519" \
         "ed25519 ECDHE-ECDSA-CHACHA20-POLY1305 ChaCha20-Poly1305 SHA2-256 ED25519"; do
  set -- $c
  for sides in "1 0" "0 1" "1 1"; do
    [ -n "$quick" ] && [ "$sides" != "1 1" ] && continue
    one "$1" tls1_2 "$2" $sides "$3" "$4" X25519 "$5"
  done
done
echo "tls: $pass checks passed, $fail failed (module offers:$module)"
[ "$fail" = 0 ] && [ "$pass" -gt 0 ]
