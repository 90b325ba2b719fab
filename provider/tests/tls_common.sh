# SPDX-License-Identifier: ISC
# What tls.sh and apps.sh share, sourced once they have set $conf (the
# provider configuration the provider's side runs with) and entered their
# work directory: the module's offered names, the checks and their counts,
# the use-count check, and ports read from the kernel's socket table.

# What the module has (its build info lists the offered names under offer = all).
module=$(OPENSSL_CONF=$conf openssl list -providers -verbose | grep -A4 '^  hwcrypto' | sed -n 's/.*offers//p')
has() { [[ " $module " == *" $1 "* ]] || [[ " $module " == *" $1;"* ]]; }

# side PROVIDER STATS: the environment of a process with (1) or without (0) the provider.
side() { if [ "$1" = 1 ]; then echo "OPENSSL_CONF=$conf HWCRYPTO_PROVIDER_STATS=$2"; else echo "OPENSSL_CONF=/dev/null"; fi; }

pass=0
fail=0
# check NAME COND: counts and reports one check.
check() {
  if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1" >&2; fi
}

# served STATS NAMES...: the module served each name it has (a use count in STATS).
served() {
  local stats=$1 n
  shift
  for n in "$@"; do
    has "$n" || continue
    grep -q " $n [1-9]" "$stats" 2>/dev/null || { echo "  $n not served by hwcrypto (stats: $(tr '\n' ' ' < "$stats" 2>/dev/null))" >&2; return 1; }
  done
}

# The listening-socket pattern of a port in /proc/net/tcp{,6}: ports are
# read there, since a probing connection would count against a server's
# -naccept.
listen_pattern() { printf ':%04X [0-9A-F]*:0000 0A' "$1"; }

# The pattern of any socket whose local port is PORT, in any state
# (listening, connected, or in TIME_WAIT after an earlier case).
local_pattern() { printf ': [0-9A-F]*:%04X ' "$1"; }

# next_port: moves $port to the next port no socket uses locally (another
# run, or anything else, may hold the one after it; a port in TIME_WAIT
# would refuse the bind as well).
next_port() {
  port=$((port + 1))
  while grep -q "$(local_pattern "$port")" /proc/net/tcp /proc/net/tcp6 2>/dev/null; do port=$((port + 1)); done
}

# wait_port PORT [ERRFILE...]: until a server listens, at most 30 s (a
# loaded machine runs the rest of the suite beside it); on a timeout the
# server's error files are shown.
wait_port() {
  local hex
  hex=$(listen_pattern "$1")
  for _ in $(seq 300); do
    grep -q "$hex" /proc/net/tcp /proc/net/tcp6 2>/dev/null && return 0
    sleep 0.1
  done
  echo "  no server on port $1; its errors:" >&2
  shift
  [ $# -gt 0 ] && cat "$@" 2>/dev/null | head -20 >&2
  return 1
}
