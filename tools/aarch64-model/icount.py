#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""Emulated instruction counts of whole operations under qemu-aarch64.

Runs hwc-opcount (tools/aarch64-model/opcount.c) under
`qemu-aarch64 -cpu MODEL -d in_asm,exec,nochain` and counts the guest
instructions executed between its two markers (opcount_mark_begin,
opcount_mark_end), divided by the number of operations N.

How the count is made (README.md in this folder has the limits):
  - in_asm prints every translation block (TB) when it is translated: an
    "IN: symbol" line, then one "0x<addr>:  <word>  <insn>" line per guest
    instruction, then a blank line. Its size is the number of those lines.
  - exec with nochain prints one "Trace 0: <host> [<cs>/<pc>/<flags>/<cflags>]
    symbol" line before every execution of a TB (nochain stops qemu from
    jumping from TB to TB without passing through the logging code).
  - A TB is translated just before it first runs, so the first Trace line
    after an IN block whose pc is the block's first address names the host
    code of that translation: TBs are keyed by that host address, so two
    translations of the same guest pc (other flags, after a code-buffer
    flush) each keep their own size. Every instruction of a TB runs when the
    TB runs: an aarch64 TB ends at the first branch, and these programs take
    no faults or signals inside a TB.
  - The count is the sum, over TB executions after the begin marker's TB and
    before the end marker's TB, of the TB's size.

Usage:
  icount.py [--qemu Q] [--cpu MODEL] [--bin hwc-opcount] OP [N] [PRIM=IMPL]...
  icount.py --table [--cpu MODEL] [--ops a,b] [--markdown]   every impl of every op
  icount.py --selftest                                        the calibration check
"""
import argparse
import os
import signal
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BIN = os.path.join(HERE, "..", "..", "build-aarch64", "tools", "aarch64-model", "hwc-opcount")
SYSROOT = "/usr/aarch64-linux-gnu"
CALIB_EXPECTED = 2001  # opcount_calib minus opcount_nop: a mov and 1000 subs/b.ne pairs

# Operations per run (3 unless listed): each operation is counted apart and
# the figure is the median of all but the first (steady()); generic RSA-2048
# private takes about 30 s per operation under the exec log.
DEFAULT_N = {"rsa2048-private": 2}


class CountError(Exception):
    pass


def run_counted(binary, cpu, op, n, pairs, qemu="qemu-aarch64", profile=False, trace=None, trace_max=0,
                trace_op=None):
    """Runs one hwc-opcount invocation under qemu with the exec log on stderr.

    Returns a dict: insns (total in the region), tbs (TB executions), n,
    iters (the instructions of each operation, the driver's loop included),
    impls ({prim: name}), prog (the program's key=value output), by_sym
    ({symbol: insns}, when profile). With a list as trace, appends
    (guest pc, instructions) of the region's TB executions to it until they
    hold trace_max instructions (mca.py --trace), only those of operation
    trace_op (0-based) when given. Raises CountError (with
    .code 3 when an implementation is not available on this CPU model)."""
    cmd = [qemu, "-L", SYSROOT, "-cpu", cpu, "-d", "in_asm,exec,nochain", binary, op, str(n)] + list(pairs)
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=1 << 20)
    sizes = {}        # host address of a translation -> guest instructions
    translations = {}  # guest pc -> how many times it was translated
    pending = None    # (first pc, size) of the last IN block, awaiting its first Trace
    block_pc = None
    block_n = 0
    in_block = False
    counting = False
    begin_pc = end_pc = None
    insns = tbs = traced = 0
    iters, iter_start = [], 0  # instructions of each operation (up to its opcount_mark_iter)
    by_sym = {}
    other = []
    begins = ends = 0
    for raw in p.stderr:
        if raw.startswith(b"Trace "):
            if in_block:  # an IN block without its blank line
                pending, in_block = (block_pc, block_n), False
            # b"Trace 0: 0x7f.. [cs/pc/flags/cflags] sym\n"
            parts = raw.split(b" ", 4)
            host = parts[2]
            fields = parts[3][1:-1].split(b"/")
            pc = int(fields[1], 16)
            sym = parts[4].rstrip(b"\n") if len(parts) > 4 else b""
            if pending is not None and pending[0] == pc:
                sizes[host] = pending[1]
                translations[pc] = translations.get(pc, 0) + 1
                pending = None
            if sym == b"opcount_mark_end":
                end_pc = pc
                ends += 1
                counting = False
                continue
            if sym == b"opcount_mark_iter" and counting:
                iters.append(insns - iter_start)
                iter_start = insns
                continue
            if counting:
                size = sizes.get(host)
                if size is None:
                    raise CountError("a TB at %#x ran before its translation was seen" % pc)
                insns += size
                tbs += 1
                if profile:
                    by_sym[sym] = by_sym.get(sym, 0) + size
                if trace is not None and traced < trace_max and (trace_op is None or trace_op == len(iters)):
                    trace.append((pc, size))
                    traced += size
            if sym == b"opcount_mark_begin":
                begin_pc = pc
                begins += 1
                counting = True
        elif raw.startswith(b"IN:"):
            in_block, block_pc, block_n = True, None, 0
        elif in_block:
            if raw.startswith(b"0x"):
                if block_pc is None:
                    block_pc = int(raw.split(b":", 1)[0], 16)
                block_n += 1
            elif raw.strip() == b"":
                pending, in_block = (block_pc, block_n), False
        elif raw.startswith(b"----------------"):
            pass
        else:
            other.append(raw.decode(errors="replace"))
    out = p.stdout.read().decode()
    rc = p.wait()
    if rc != 0:
        e = CountError("%s exited %d: %s" % (" ".join(cmd), rc, "".join(other[-5:]).strip()))
        e.code = rc
        raise e
    prog = dict(l.split("=", 1) for l in out.splitlines() if "=" in l)
    if begins != 1 or ends != 1:
        raise CountError("expected one begin and one end marker, saw %d and %d "
                         "(is hwc-opcount stripped?)" % (begins, ends))
    # The symbol names that started and stopped the count must be the
    # addresses the program itself printed.
    if int(prog["mark_begin"], 16) != begin_pc or int(prog["mark_end"], 16) != end_pc:
        raise CountError("marker addresses differ from the program's own")
    if len(iters) != n:
        raise CountError("expected %d operation markers, saw %d" % (n, len(iters)))
    impls = {k[5:]: v for k, v in prog.items() if k.startswith("impl.")}
    retrans = sum(1 for v in translations.values() if v > 1)
    return {"insns": insns, "tbs": tbs, "n": n, "iters": iters, "impls": impls, "prog": prog,
            "retranslated": retrans, "translated": len(translations),
            "by_sym": {k.decode(errors="replace"): v for k, v in by_sym.items()}}


def steady(r):
    """The operations' counts that share one code path of the driver: all
    but the first when N > 1 (the first starts after the begin marker's
    return, outside the loop's control instructions)."""
    return r["iters"][1:] if len(r["iters"]) > 1 else r["iters"]


def per_op(r, overhead=0.0):
    """The median operation's instructions, less the driver's overhead."""
    it = sorted(steady(r))
    mid = len(it) // 2
    med = it[mid] if len(it) % 2 else (it[mid - 1] + it[mid]) / 2
    return med - overhead


def spread(r):
    """Largest minus smallest operation: 0 when every operation ran the
    same instructions (the operations are constant time; the C library's
    malloc is not)."""
    return max(steady(r)) - min(steady(r))


def list_ops(binary, qemu):
    out = subprocess.run([qemu, "-L", SYSROOT, binary, "--list"], check=True, capture_output=True, text=True).stdout
    ops = []
    for line in out.splitlines():
        name, _, prims = line.partition(" ")
        ops.append((name, [p for p in prims.split(",") if p]))
    return ops


def list_impls(binary, qemu, cpu):
    """{prim: [(name, supported, selected)]} on this CPU model."""
    out = subprocess.run([qemu, "-L", SYSROOT, "-cpu", cpu, binary, "--impls"], check=True,
                         capture_output=True, text=True).stdout
    impls = {}
    for line in out.splitlines():
        prim, _, name, sup, sel = line.split()
        impls.setdefault(prim, []).append((name, sup == "1", sel == "1"))
    return impls


def selftest(binary, qemu, cpu, out=print):
    """The counter against code of known size: per operation, calib must
    count exactly 2001 more than nop (N = 1 and N = 5), every steady nop
    operation the same, and the totals must agree with the operations.
    Returns whether all held; out receives one line per check."""
    ok = True
    for n in (1, 5):
        nop = run_counted(binary, cpu, "nop", n, [], qemu)
        cal = run_counted(binary, cpu, "calib", n, [], qemu)
        diffs = [c - o for c, o in zip(cal["iters"], nop["iters"])]
        good = (all(d == CALIB_EXPECTED for d in diffs) and spread(nop) == 0
                and cal["insns"] - nop["insns"] == CALIB_EXPECTED * n)
        ok &= good
        out("N=%d: nop %s, calib %s per operation: calib - nop = %s (expected %d each), totals %d - %d %s"
            % (n, nop["iters"], cal["iters"], diffs, CALIB_EXPECTED, cal["insns"], nop["insns"],
               "ok" if good else "WRONG"))
    out("driver overhead per operation (nop's operation less its ret): %d instructions" % (per_op(nop) - 1))
    return ok


def smoke(binary, qemu, cpu):
    """One short real operation: SHA-256 of 16 KiB, generic (about 1900
    instructions per 64-byte block when this was written) and the library's
    own choice, each within a wide plausible range."""
    ok = True
    for pairs, lo, hi in ((["sha256=generic"], 256 * 1000, 256 * 4000), ([], 256 * 50, 256 * 4000)):
        r = run_counted(binary, cpu, "sha256-16k", 1, pairs, qemu)
        good = lo < r["insns"] < hi and "sha256" in r["impls"]
        ok &= good
        print("sha256-16k, sha256=%s: %d instructions (plausible: %d..%d) %s"
              % (r["impls"].get("sha256"), r["insns"], lo, hi, "ok" if good else "WRONG"))
    return ok


def driver_overhead(binary, qemu, cpu):
    """Instructions the driver adds per operation (its loop, the indirect
    call, the wrapper, the operation marker): nop's operation, whose own
    work is one ret."""
    return per_op(run_counted(binary, cpu, "nop", 3, [], qemu)) - 1


def table_rows(binary, qemu, cpu, only_ops=None, progress=True):
    """Every implementation of every primitive of each operation: the
    all-generic row, one row per other implementation (its primitive forced,
    the op's other primitives generic), and the library's own choice on this
    model (auto; counted again only when it differs from a row above).
    Returns (overhead, rows); a row is a dict: op, label, impls ({prim:
    name}), insns per operation with the driver's overhead subtracted (None:
    not available on this model), ratio to the generic row."""
    impls = list_impls(binary, qemu, cpu)
    overhead = driver_overhead(binary, qemu, cpu)
    rows = []
    for op, prims in list_ops(binary, qemu):
        if not prims or (only_ops and op not in only_ops):
            continue
        n = DEFAULT_N.get(op, 3)
        done = {}  # the effective selection -> per-operation count

        def count(sel):
            key = tuple(sorted(sel.items()))
            if key not in done:
                r = run_counted(binary, cpu, op, n, ["%s=%s" % kv for kv in key], qemu)
                if r["impls"] != dict(key):
                    raise CountError("%s: asked for %s, ran %s" % (op, dict(key), r["impls"]))
                done[key] = (per_op(r, overhead), spread(r))
            return done[key]

        gen = {p: "generic" for p in prims}
        g, sp = count(gen)
        rows.append({"op": op, "label": "generic", "impls": gen, "insns": g, "ratio": 1.0, "spread": sp})
        for p in prims:
            for name, sup, _ in impls.get(p, []):
                if name == "generic":
                    continue
                sel = dict(gen, **{p: name})
                label = "%s=%s" % (p, name) + ("" if len(prims) == 1 else " (others generic)")
                v, sp = count(sel) if sup else (None, None)
                rows.append({"op": op, "label": label, "impls": sel, "insns": v, "spread": sp,
                             "ratio": None if v is None else v / g})
        auto = {p: next((nm for nm, _, selected in impls.get(p, []) if selected), "generic") for p in prims}
        if len(prims) > 1 and auto != gen and all(auto != dict(gen, **{p: auto[p]}) for p in prims):
            v, sp = count(auto)
            rows.append({"op": op, "label": "auto: " + ", ".join("%s=%s" % kv for kv in sorted(auto.items())),
                         "impls": auto, "insns": v, "ratio": v / g, "spread": sp})
        if progress:
            sys.stderr.write("icount.py: counted %s on -cpu %s\n" % (op, cpu))
    return overhead, rows


def format_rows(rows, cpu, markdown):
    lab = "emulated instruction count (qemu-aarch64 7.2, -cpu %s)" % cpu
    out = []
    if markdown:
        out.append("| operation | implementation | %s per operation | ratio to generic | spread |" % lab)
        out.append("|---|---|---:|---:|---:|")
        for r in rows:
            if r["insns"] is None:
                out.append("| %s | %s | not available on %s | | |" % (r["op"], r["label"], cpu))
            else:
                out.append("| %s | %s | %.0f | %.3f | %d |" % (r["op"], r["label"], r["insns"], r["ratio"],
                                                             r["spread"]))
    else:
        out.append("# %s per operation (median; spread: largest - smallest operation)" % lab)
        out.append("%-22s %-46s %14s %8s %7s" % ("operation", "implementation", "insns/op", "ratio", "spread"))
        for r in rows:
            if r["insns"] is None:
                out.append("%-22s %-46s %14s" % (r["op"], r["label"], "n/a on " + cpu))
            else:
                out.append("%-22s %-46s %14.0f %8.3f %7d" % (r["op"], r["label"], r["insns"], r["ratio"],
                                                             r["spread"]))
    return "\n".join(out)


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--qemu", default="qemu-aarch64")
    ap.add_argument("--cpu", default="max", help="qemu -cpu model (max, max,sve=off, cortex-a72, ...)")
    ap.add_argument("--bin", default=DEFAULT_BIN, help="hwc-opcount of the aarch64 build")
    ap.add_argument("--table", action="store_true", help="every implementation of every operation")
    ap.add_argument("--ops", help="comma-separated operations for --table")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--selftest", action="store_true", help="check the counter against known code")
    ap.add_argument("--smoke", action="store_true", help="selftest, then one short count (the ctest)")
    ap.add_argument("--profile", action="store_true", help="also the instructions per TB-start symbol")
    ap.add_argument("op", nargs="?")
    ap.add_argument("n", nargs="?", type=int)
    ap.add_argument("pairs", nargs="*", help="PRIM=IMPL")
    a = ap.parse_args()
    if not os.path.exists(a.bin):
        sys.stderr.write("icount.py: %s not found (cmake --build build-aarch64 --target hwc-opcount)\n" % a.bin)
        sys.exit(77 if a.smoke else 1)  # 77: the ctest reports itself skipped, not passed
    try:
        if a.selftest or a.smoke:
            ok = selftest(a.bin, a.qemu, a.cpu)
            if a.smoke:
                ok &= smoke(a.bin, a.qemu, a.cpu)
            sys.exit(0 if ok else 1)
        if a.table:
            overhead, rows = table_rows(a.bin, a.qemu, a.cpu, a.ops.split(",") if a.ops else None)
            print(format_rows(rows, a.cpu, a.markdown))
            print("(driver overhead of %.0f instructions per operation subtracted)" % overhead)
            return
        if not a.op:
            ap.error("an operation, --table or --selftest")
        n = a.n or DEFAULT_N.get(a.op, 3)
        r = run_counted(a.bin, a.cpu, a.op, n, a.pairs, a.qemu, a.profile)
        print("%s on -cpu %s, %s: %.0f emulated instructions per operation (median of %s, spread %d; "
              "the driver's overhead, --selftest, not subtracted; %d instructions in %d TB runs in all; "
              "%d guest addresses translated, %d of them more than once)"
              % (a.op, a.cpu, ", ".join("%s=%s" % kv for kv in sorted(r["impls"].items())), per_op(r),
                 steady(r), spread(r), r["insns"], r["tbs"], r["translated"], r["retranslated"]))
        if a.profile:
            for sym, v in sorted(r["by_sym"].items(), key=lambda kv: -kv[1])[:15]:
                print("  %12.0f  %5.1f%%  %s" % (v / n, 100.0 * v / max(r["insns"], 1), sym))
    except CountError as e:
        if getattr(e, "code", 0) == 3:
            sys.exit("icount.py: not available on -cpu %s: %s" % (a.cpu, e))
        sys.exit("icount.py: %s" % e)


if __name__ == "__main__":
    main()
