#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# Installs what building and testing hwcrypto needs on Debian 12, when run as
# root and something is missing; otherwise says what is missing. Idempotent.
#   tools/install-deps.sh            build + test dependencies
#   (openssl: its CLI checks interoperability in the suite; clang and its
#   sanitizer runtimes: make test-ct-msan, make fuzz; libssl3 and libsodium23:
#   the peer libraries hwcrypto-bench loads with dlopen and measures beside us;
#   the suite's secret-stream interop test loads libsodium23 too, and says
#   SKIP without it; libssl-dev: the OpenSSL 3 headers the provider module,
#   provider/, is built against, with its tests; nginx and curl: the
#   provider-apps test runs them, unmodified, through the provider -- Debian's
#   nginx core package has the WebDAV PUT the uploads use; python3 is listed
#   above for the suite's scripts and is the third program that test runs;
#   libsodium-dev: the headers and libsodium.so the libsodium drop-in,
#   sodium/, is built and tested against; php8.2-cli and python3-nacl: PHP's
#   ext/sodium and PyNaCl, the unmodified libsodium programs its tests run
#   with and without it -- they say SKIP without them)
set -u
pkgs=(cmake gcc make pkg-config python3 libcpuid-dev libcriterion-dev qemu-user
      gcc-aarch64-linux-gnu libc6-dev-arm64-cross valgrind openssl clang libclang-rt-14-dev
      libssl3 libssl-dev libsodium23 nginx curl libsodium-dev php8.2-cli python3-nacl)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})" >&2
  exit 1
fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
