#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# Installs the build into a scratch prefix and links a consumer three ways:
# pkg-config (shared), pkg-config --static, and CMake's find_package. Also
# checks that both libraries define no global symbol without the hwc_ prefix.
set -euo pipefail
build=${1:-build}
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
lib=$(find "$prefix" -name "libhwcrypto.so.*" -type f | head -n1)
bad=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -v '^hwc_' || true)
if [ -n "$bad" ]; then echo "install-check: exported non-hwc symbols: $bad" >&2; exit 1; fi
# The static library has no visibility to hide behind: every global it
# defines, internal ones included, must carry the prefix, or a program that
# defines a function of the same name fails to link ("multiple definition").
archive=$(find "$prefix" -name "libhwcrypto.a" -type f | head -n1)
bad=$(nm -g --defined-only "$archive" 2>/dev/null | awk 'NF == 3 {print $3}' | grep -v '^hwc_' | sort -u || true)
if [ -n "$bad" ]; then echo "install-check: libhwcrypto.a defines non-hwc globals: $bad" >&2; exit 1; fi
cat > "$prefix/consumer.c" <<'C'
#include <hwcrypto.h>
#include <stdio.h>
int main(void) {
  uint8_t d[32];
  hwc_sha256(d, (const uint8_t *)"abc", 3);
  printf("%02x%02x sha256=%s\n", d[0], d[1], hwc_impl_selected(HWC_PRIM_SHA256));
  return d[0] == 0xba && d[1] == 0x78 ? 0 : 1;
}
C
pcdir=$(dirname "$(find "$prefix" -name hwcrypto.pc | head -n1)")
export PKG_CONFIG_PATH="$pcdir"
cc -o "$prefix/c-shared" "$prefix/consumer.c" $(pkg-config --cflags --libs hwcrypto) -Wl,-rpath,"$(dirname "$lib")"
"$prefix/c-shared"
cc -o "$prefix/c-static" "$prefix/consumer.c" $(pkg-config --cflags hwcrypto) -Wl,-Bstatic $(pkg-config --libs-only-l --static hwcrypto | sed 's/-lpthread//') -Wl,-Bdynamic -L"$(dirname "$lib")" -lpthread
"$prefix/c-static"
mkdir -p "$prefix/cm"
cat > "$prefix/cm/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.16)
project(consumer C)
find_package(hwcrypto REQUIRED)
add_executable(consumer ../consumer.c)
target_link_libraries(consumer PRIVATE hwcrypto::hwcrypto)
CM
cmake -S "$prefix/cm" -B "$prefix/cm/b" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$prefix/cm/b" >/dev/null
"$prefix/cm/b/consumer"
# hwcrypto-selftest from the installed tree alone: a clean environment, a
# scratch working directory, the vector files found beside the program in
# share/hwcrypto/vectors (not in the source tree it was built from), and a
# short run that must pass and write its JSON.
st=$(find "$prefix" -name hwcrypto-selftest -type f | head -n1)
[ -n "$st" ] || { echo "install-check: hwcrypto-selftest not installed" >&2; exit 1; }
( cd "$prefix" && env -i PATH=/usr/bin:/bin "$st" --seconds 0 --quiet --filter sha2/ --json "$prefix/st.json" \
    >"$prefix/st.out" 2>&1 ) || { cat "$prefix/st.out" >&2; echo "install-check: installed self-test failed" >&2; exit 1; }
grep -q "^vectors: $prefix/.*/share/hwcrypto/vectors\$" "$prefix/st.out" ||
  { grep '^vectors' "$prefix/st.out" >&2; echo "install-check: the self-test did not use the installed vectors" >&2; exit 1; }
grep -q '"passed": true' "$prefix/st.json" || { echo "install-check: self-test JSON does not say passed" >&2; exit 1; }
# The libsodium drop-in, when built: installed, exporting libsodium names
# only, and taking over a libsodium program's call when preloaded (the
# symbol resolves into the installed drop-in and gives SHA-256("abc")).
if [ -f "$build/sodium/libhwcrypto-sodium.so" ]; then
  dropin=$(find "$prefix" -name libhwcrypto-sodium.so -type f | head -n1)
  [ -n "$dropin" ] || { echo "install-check: libhwcrypto-sodium.so not installed" >&2; exit 1; }
  bad=$(nm -D --defined-only "$dropin" | awk '{print $3}' | grep -v '^crypto_' || true)
  [ -z "$bad" ] || { echo "install-check: the drop-in exports non-libsodium names: $bad" >&2; exit 1; }
  cat > "$prefix/sodium_user.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
int main(void) {
  unsigned char h[32];
  Dl_info info;
  if (sodium_init() < 0 || crypto_hash_sha256(h, (const unsigned char *)"abc", 3) != 0) return 1;
  if (!dladdr((void *)crypto_hash_sha256, &info) || !strstr(info.dli_fname, "libhwcrypto-sodium")) {
    printf("crypto_hash_sha256 resolved into %s\n", info.dli_fname ? info.dli_fname : "?");
    return 1;
  }
  return h[0] == 0xba && h[31] == 0xad ? 0 : 1;
}
C
  cc -o "$prefix/sodium_user" "$prefix/sodium_user.c" -lsodium -ldl
  LD_PRELOAD="$dropin" "$prefix/sodium_user" ||
    { echo "install-check: a libsodium program did not run on the preloaded drop-in" >&2; exit 1; }
  sodium_msg="; the libsodium drop-in installs, exports crypto_* only and takes over when preloaded"
fi
# The OpenSSL provider module, when built: exports OSSL_provider_init alone
# (hwcrypto inside it stays hidden), and loads from the installed tree by
# the name hwcrypto.
msg="install-check: headers, libraries, pkg-config and CMake package work; only hwc_* globals in the .so and the .a; the installed self-test finds its vectors and passes"
module=$(find "$prefix" -name libhwcrypto-provider.so -type f | head -n1)
if [ -f "$build/provider/libhwcrypto-provider.so" ]; then
  [ -n "$module" ] && [ -e "$(dirname "$module")/hwcrypto.so" ] || { echo "install-check: provider module not installed" >&2; exit 1; }
  exports=$(nm -D --defined-only "$module" | awk '{print $3}')
  if [ "$exports" != "OSSL_provider_init" ]; then echo "install-check: provider exports: $exports" >&2; exit 1; fi
  # offer = all: what auto offers depends on this CPU (SHA-256 is not
  # offered where OpenSSL has the same SHA-NI instructions)
  printf 'openssl_conf = init\n[init]\nproviders = p\n[p]\ndefault = d\nhwcrypto = h\n[d]\nactivate = 1\n[h]\nactivate = 1\noffer = all\n' \
    > "$prefix/all.cnf"
  got=$(printf abc | OPENSSL_CONF="$prefix/all.cnf" OPENSSL_MODULES=$(dirname "$module") openssl dgst -sha256 \
        -propquery provider=hwcrypto | awk '{print $2}')
  [ "$got" = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad ] ||
    { echo "install-check: the installed provider gave SHA-256 '$got'" >&2; exit 1; }
  msg="$msg; the provider module loads from the install and exports OSSL_provider_init alone"
fi
# ------------------------------------------------------------- hwcrypto-bench
# The installed bench, from the installed tree alone: an empty environment
# (no LD_LIBRARY_PATH: the library comes through the bench's $ORIGIN rpath),
# a scratch working directory, its report in a directory outside the prefix.
# --quick (three rows, one short run each) keeps this to a few seconds; the
# point is that it runs, writes its report and compares it, not the figures.
if [ -f "$build/bench/hwcrypto-bench" ]; then
  ibench=$(find "$prefix" -name hwcrypto-bench -type f | head -n1)
  [ -n "$ibench" ] && [ -x "$ibench" ] || { echo "install-check: hwcrypto-bench not installed" >&2; exit 1; }
  bout=$(mktemp -d)
  trap 'rm -rf "$prefix" "$bout"' EXIT
  real_prefix=$(cd "$prefix" && pwd -P)
  src=$(cd "$(dirname "$0")/.." && pwd -P)
  bld=$(cd "$build" && pwd -P)
  before=$(cd "$prefix" && find . | sort)
  ienv() { (cd "$bout" && env -i PATH=/usr/bin:/bin "$@"); }
  loaded=$(ienv env LD_TRACE_LOADED_OBJECTS=1 "$ibench" | awk '/libhwcrypto\.so/ {print $3}')
  case "$loaded" in "$real_prefix"/*|"$prefix"/*) ;; *)
    echo "install-check: the installed bench loads libhwcrypto from '$loaded', not the prefix" >&2; exit 1;; esac
  # strace, where it works, records every file a run touches: none may be
  # in the source or build tree (the installed bench must not need them).
  trace=0
  if command -v strace >/dev/null && strace -o /dev/null true 2>/dev/null; then trace=1; fi
  traced() { # NAME COMMAND...: COMMAND under ienv, traced into $bout/trace.NAME
    local name=$1; shift
    if [ $trace = 1 ]; then ienv strace -f -e trace=file -o "$bout/trace.$name" "$@"; else ienv "$@"; fi
  }
  traced quick "$ibench" --quick --out report >"$bout/bench.log" 2>&1 ||
    { echo "install-check: the installed hwcrypto-bench --quick failed:" >&2; cat "$bout/bench.log" >&2; exit 1; }
  rjson=$(find "$bout/report" -name '*.json' | head -n1)
  rmd=${rjson%.json}.md
  [ -s "$rjson" ] && [ -s "$rmd" ] || { echo "install-check: the bench wrote no JSON or Markdown report: $(ls "$bout/report")" >&2; exit 1; }
  # The report names this CPU as the installed hwcrypto-info sees it (not
  # /proc/cpuinfo: under a hypervisor its "model name" may differ from the
  # CPUID brand string both read), and its file is named after it.
  info=$(LD_LIBRARY_PATH=$(dirname "$lib") "$(dirname "$ibench")/hwcrypto-info")
  python3 - "$rjson" "$info" <<'PY' ||
import json, re, sys
rep, info = json.load(open(sys.argv[1])), sys.argv[2]
model = rep["cpu"]["model"]
want = re.search(r"model: ([^;\n]*)", info)
slug = re.sub(r"[^a-z0-9]+", "-", model.lower()).strip("-")
ok = model and want and model == want.group(1) and sys.argv[1].endswith("/" + slug + ".json") and rep["results"]
sys.exit(0 if ok else f"report names CPU {model!r} in {sys.argv[1]}, hwcrypto-info: {info.splitlines()[0]!r}")
PY
    { echo "install-check: the bench's JSON does not name this CPU" >&2; exit 1; }
  # --quick runs the PHP loop (sodium-loop-php) where it can: with php
  # (ext/sodium) and the libsodium peer here, it must have found the
  # installed drop-in beside the library and the installed seed_loop.php,
  # and stood its figure beside libsodium's.
  if [ -f "$build/sodium/libhwcrypto-sodium.so" ] && grep -q '^peer libsodium: loaded' "$bout/bench.log" &&
     ienv php -r 'exit(extension_loaded("sodium") ? 0 : 1);' >/dev/null 2>&1; then
    grep -q "^sodium-loop-php: PHP .* with and without $real_prefix/.*/libhwcrypto-sodium\.so preloaded, .*($real_prefix/.*/seed_loop\.php)\$" "$bout/bench.log" ||
      { echo "install-check: the installed bench's PHP loop did not use the installed files:" >&2; grep sodium-loop-php "$bout/bench.log" >&2; exit 1; }
    python3 -c 'import json, sys; sys.exit({r["source"] for r in json.load(open(sys.argv[1]))["results"] if r["name"] == "sodium-loop-php"} != {"hwcrypto", "libsodium"})' "$rjson" ||
      { echo "install-check: the report has no sodium-loop-php figures of ours and libsodium's" >&2; exit 1; }
    php_msg=", the PHP loop with the installed drop-in"
  fi
  traced compare "$ibench" --compare "$rjson" "$rjson" >"$bout/cmp.md" 2>&1 ||
    { echo "install-check: the installed hwcrypto-bench --compare failed:" >&2; cat "$bout/cmp.md" >&2; exit 1; }
  grep -q ' 0 regressions' "$bout/cmp.md" || { echo "install-check: --compare of a report with itself:" >&2; cat "$bout/cmp.md" >&2; exit 1; }
  # --tiers runs the bench again per CPU tier: found through PATH (argv[0]
  # a bare name), it must still re-execute itself. One row keeps it short.
  traced tiers env PATH="$(dirname "$ibench"):/usr/bin:/bin" hwcrypto-bench --tiers --quick --filter '^sha256$' \
    >"$bout/tiers.log" 2>&1 || { echo "install-check: the installed hwcrypto-bench --tiers failed:" >&2; cat "$bout/tiers.log" >&2; exit 1; }
  # --help names the companion files it found from its own place: the
  # installed copies, not the source tree's.
  traced help "$ibench" --help >"$bout/help.txt"
  grep -q "^Documentation: $real_prefix/.*/bench/README.md (installed)" "$bout/help.txt" ||
    { echo "install-check: the installed bench does not find its README in the prefix" >&2; exit 1; }
  if [ $trace = 1 ]; then
    leak=$(grep -h -e "\"$src/" -e "\"$bld/" "$bout"/trace.* | head -n3 || true)
    [ -z "$leak" ] || { echo "install-check: the installed bench opened the source or build tree: $leak" >&2; exit 1; }
  fi
  [ "$(cd "$prefix" && find . | sort)" = "$before" ] || { echo "install-check: the bench wrote into the prefix" >&2; exit 1; }
  msg="$msg; hwcrypto-bench runs from the install alone (--quick report${php_msg:-}, --compare, --tiers)"
fi
echo "$msg${sodium_msg:-}"
