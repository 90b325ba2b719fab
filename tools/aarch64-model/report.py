#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""Writes report/aarch64-model.md (make model-aarch64): emulated
instruction counts of every implementation of every operation (icount.py)
on the qemu models given, and llvm-mca figures of the hot functions listed
in hot-functions.txt (mca.py). Every figure is labelled with the tool that
produced it; none is a measured speed (README.md in this folder).

  report.py [--build build-aarch64] [--out report/aarch64-model.md]
            [--cpus max,cortex-a72] [--mca-cpus cortex-a55,cortex-a72]
            [--ops a,b] [--no-mca] [--no-icount]
"""
import argparse
import datetime
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import icount  # noqa: E402
import mca  # noqa: E402


def git_head(root):
    try:
        return subprocess.run(["git", "-C", root, "log", "-1", "--format=%h %s"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def qemu_version(qemu):
    out = subprocess.run([qemu, "--version"], capture_output=True, text=True).stdout
    return out.splitlines()[0] if out else qemu


def mca_section(hot, build, cpus, lines):
    lines.append("## Modeled throughput of hot loops (llvm-mca 14)")
    lines.append("")
    lines.append("Static model of the code GCC produced (`%s`), one steady-state iteration of the "
                 "region named, caches warm, branches predicted: not a measurement. The model column "
                 "is the scheduling model LLVM 14 really used for the -mcpu name (read from its "
                 "resource names). List: `tools/aarch64-model/hot-functions.txt`." % mca.OBJDUMP)
    lines.append("")
    lines.append("| function (region) | unit of work | -mcpu (model) | modeled (llvm-mca 14) cycles/iteration "
                 "| instructions/iteration | IPC | busiest resource (cycles/iteration) | bottleneck analysis |")
    lines.append("|---|---|---|---:|---:|---:|---|---|")
    ap = mca.parser()
    for argv, note in mca.batch_entries(hot):
        b = ap.parse_args(argv)
        path = os.path.join(mca.ROOT, b.file)
        if not os.path.exists(path):
            continue
        try:
            results = mca.analyse(path, b.symbol, b.loop, b.trips, cpus, b.iterations, build, quiet=True)
        except SystemExit as e:
            lines.append("| %s %s | %s | | failed: %s | | | | |" % (b.file, b.symbol, note, e))
            continue
        for what, cpu, r in results:
            if "error" in r:
                lines.append("| `%s` | %s | %s | llvm-mca failed: %s | | | | |"
                             % (what, note, cpu, " ".join(r["error"])[:120]))
                continue
            if r["pressure"].get("none") is not None:
                bn = "none found"
            elif r["pressure"]:
                bn = "backpressure %.0f%% (resources %.0f%%, data deps %.0f%%)" % (
                    r["backpressure"] or 0.0, r["pressure"].get("resource pressure", 0.0),
                    r["pressure"].get("data dependencies", 0.0))
            else:
                bn = "not reported for this model"
            top = "%s %.1f" % r["top"] if r["top"] else ""
            lines.append("| `%s` | %s | %s (%s) | %.1f | %d | %.2f | %s | %s |" % (
                what, note, cpu, r["model"], r["cycles"] / r["iterations"], r["insns"] / r["iterations"],
                r["ipc"], top, bn))
        sys.stderr.write("report.py: modeled %s %s\n" % (b.file, b.symbol))
    lines.append("")


def trace_section(binary, qemu_cpu, rows, cpus, max_insns, lines):
    """Trace-driven llvm-mca figures for every counted row of the icount
    table (mca.trace)."""
    lines.append("## Modeled cycles per whole operation (trace-driven llvm-mca 14)")
    lines.append("")
    lines.append("The instructions one operation executed under `qemu-aarch64 -cpu %s` (the second of two, "
                 "in order, callees and loop trips as run) given to llvm-mca as straight-line code in chunks "
                 "of %d instructions, cycles summed (`mca.py --trace`). Branches count as predicted, loads "
                 "as L1 hits, calls as plain branches: a model of the executed instruction mix and its "
                 "dependencies, not a measurement. Operations longer than %d instructions are sampled "
                 "(evenly spaced chunks, cycles scaled by instructions) and marked so."
                 % (qemu_cpu, mca.TRACE_CHUNK, max_insns))
    lines.append("")
    head = "| operation | implementation |"
    for cpu in cpus:
        head += " modeled (llvm-mca 14, %s, %s model) cycles/op | ratio to generic |" % (cpu, mca.model_of(cpu))
    head += " cycles/byte (%s) | note |" % ", ".join(cpus)
    lines.append(head)
    lines.append("|---|---|" + "---:|---:|" * len(cpus) + "---:|---|")
    gen = {}
    for r in rows:
        if r["insns"] is None:
            continue
        pairs = ["%s=%s" % kv for kv in sorted(r["impls"].items())]
        try:
            info, res = mca.trace(r["op"], pairs, cpus, qemu_cpu, binary, max_insns, None, quiet=True)
        except icount.CountError as e:
            lines.append("| %s | %s | failed: %s |" % (r["op"], r["label"], e))
            continue
        cells, cpb = [], []
        for cpu in cpus:
            m = res[cpu]
            if "error" in m:
                cells.append("llvm-mca failed | ")
                continue
            if r["label"] == "generic":
                gen[(r["op"], cpu)] = m["cycles"]
            g = gen.get((r["op"], cpu))
            cells.append("%.0f | %s" % (m["cycles"], "%.3f" % (m["cycles"] / g) if g else ""))
            if r["op"].endswith("-16k"):
                cpb.append("%.2f" % (m["cycles"] / 16384))
        note = "" if info["modeled"] == info["traced"] else "sampled %d of %d" % (info["modeled"], info["traced"])
        lines.append("| %s | %s | %s | %s | %s |" % (r["op"], r["label"], " | ".join(cells), " / ".join(cpb), note))
        sys.stderr.write("report.py: traced %s %s\n" % (r["op"], r["label"]))
    lines.append("")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=mca.DEFAULT_BUILD)
    ap.add_argument("--out", default=os.path.join(mca.ROOT, "report", "aarch64-model.md"))
    ap.add_argument("--cpus", default="max,cortex-a72", help="qemu -cpu models for the instruction counts")
    ap.add_argument("--mca-cpus", default=",".join(mca.DEFAULT_CPUS))
    ap.add_argument("--ops", help="only these operations (comma-separated)")
    ap.add_argument("--qemu", default="qemu-aarch64")
    ap.add_argument("--no-mca", action="store_true")
    ap.add_argument("--no-icount", action="store_true")
    ap.add_argument("--no-trace", action="store_true", help="skip the trace-driven models")
    ap.add_argument("--trace-max", type=int, default=2000000, help="instructions modeled per operation")
    a = ap.parse_args()
    binary = os.path.join(a.build, "tools", "aarch64-model", "hwc-opcount")
    if not a.no_mca and shutil.which(mca.MCA) is None:
        sys.exit("report.py: %s not found (Debian package llvm-14), or pass --no-mca" % mca.MCA)
    hot = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hot-functions.txt")
    lines = ["# aarch64: emulated instruction counts and modeled throughput", ""]
    lines.append("Generated by `make model-aarch64` (tools/aarch64-model/report.py) on %s UTC from `%s`. "
                 "There is no ARM hardware here: nothing below is a measured speed. "
                 "See tools/aarch64-model/README.md for what each figure means and its limits."
                 % (datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M"), git_head(mca.ROOT)))
    lines.append("")
    if not a.no_icount:
        if not os.path.exists(binary):
            sys.exit("report.py: %s not built (cmake --build %s --target hwc-opcount)" % (binary, a.build))
        lines.append("## Emulated instruction counts per operation (%s)" % qemu_version(a.qemu))
        lines.append("")
        lines.append("Guest instructions executed per operation, counted exactly from qemu's "
                     "translation-block log (`-d in_asm,exec,nochain`) between the driver's markers, "
                     "the driver's own loop subtracted. An instruction count is not a cycle count: "
                     "a NEON or crypto instruction can cost several cycles, a load can miss. Rows "
                     "force one primitive's implementation with the operation's other primitives "
                     "generic; *auto* is the library's own choice on that model. Inputs: 16 KiB "
                     "messages (`-16k`), a 64-byte message for Ed25519, the vendored RSA-2048 test "
                     "key (private: CRT with blinding and the check with e, as bench/bench_rsa.c). "
                     "Each operation is counted apart; the figure is the median, *spread* the largest "
                     "minus the smallest (non-zero only where the C library, e.g. malloc, varies).")
        lines.append("")
        lines.append("Counter self-check on -cpu %s (`icount.py --selftest`: an asm function of exactly 2002 "
                     "instructions against one of 1, per operation):" % a.cpus.split(",")[0])
        lines.append("")
        checks = []
        ok = icount.selftest(binary, a.qemu, a.cpus.split(",")[0], checks.append)
        lines.extend("    " + c for c in checks)
        lines.append("")
        if not ok:
            lines.append("**The counter failed its self-check: the counts below are not exact.**")
            lines.append("")
        first_rows = None
        for cpu in a.cpus.split(","):
            overhead, rows = icount.table_rows(binary, a.qemu, cpu, a.ops.split(",") if a.ops else None)
            if first_rows is None:
                first_rows = rows
            lines.append("### -cpu %s" % cpu)
            lines.append("")
            lines.append(icount.format_rows(rows, cpu, True))
            lines.append("")
            lines.append("(driver overhead of %.0f instructions per operation subtracted)" % overhead)
            lines.append("")
    if not a.no_icount and not a.no_mca and not a.no_trace:
        trace_section(binary, a.cpus.split(",")[0], first_rows, a.mca_cpus.split(","), a.trace_max, lines)
    if not a.no_mca:
        mca_section(hot, a.build, a.mca_cpus.split(","), lines)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("report.py: wrote %s" % a.out)


if __name__ == "__main__":
    main()
