#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""Modeled throughput of an aarch64 function or loop with llvm-mca 14.

Takes the code GCC actually produced (an object of the aarch64 cross build,
or a source file of it, whose object is found through build-aarch64's
compile_commands.json), disassembles one function with
`aarch64-linux-gnu-objdump -d --no-show-raw-insn --disassemble=SYM`,
optionally cuts one loop out of it, rewrites the listing into assembly that
llvm-mca accepts (branch and address operands become labels or placeholder
symbols; objdump's comments and data words are dropped) and runs
`llvm-mca -mtriple=aarch64 -mcpu=CPU -iterations=N` for each CPU.

Printed per CPU: the scheduling model LLVM really used (read from the
resource names in its report: LLVM 14 maps several CPU names onto another
CPU's model, README.md lists them), cycles per iteration of the block,
instructions per iteration, IPC, the block reciprocal throughput, the most
used resource, and (out-of-order models) the bottleneck analysis' summary.

A figure is a *model* of a steady-state loop with warm caches, perfect
branch prediction and no memory stalls: it is not a measurement.

Usage:
  mca.py FILE SYMBOL [--loop last|K|START:END] [--trips T] [--cpu a,b] [-n N]
  mca.py FILE SYMBOL --loops          list the backward branches (loops)
  mca.py --batch FILE                 one "FILE SYMBOL [options]" per line
  --asm   print the assembly given to llvm-mca
"""
import argparse
import json
import os
import re
import shlex
import signal
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_BUILD = os.path.join(ROOT, "build-aarch64")
OBJDUMP = "aarch64-linux-gnu-objdump"
MCA = "llvm-mca-14"
# Crypto and SHA-512/SHA-3 instructions, so that every kernel assembles;
# attributes only decide what parses, never the scheduling model.
MATTR = "+aes,+sha2,+sha3,+crc,+rdm,+dotprod"
DEFAULT_CPUS = ["cortex-a55", "cortex-a72"]

# The model behind each CPU name, recognised by the prefix LLVM 14 gives
# the resource names of that model's processor (llvm/lib/Target/AArch64/
# AArch64Sched*.td).
MODEL_PREFIXES = [("CortexA55Unit", "Cortex-A55"), ("A53Unit", "Cortex-A53"), ("A57Unit", "Cortex-A57"),
                  ("CyUnit", "Apple Cyclone (A7)"), ("M3Unit", "Exynos M3"), ("M4Unit", "Exynos M4"),
                  ("M5Unit", "Exynos M5"), ("KryoUnit", "Kryo"), ("FalkorUnit", "Falkor"),
                  ("THX2T99", "ThunderX2"), ("THX3T110", "ThunderX3"), ("TSV110Unit", "TSV110"),
                  ("A64FXIP", "A64FX"), ("N1Unit", "Neoverse N1"), ("N2Unit", "Neoverse N2"),
                  ("V1Unit", "Neoverse V1"), ("THXT8X", "ThunderX")]


def find_object(path, build):
    """An object file for path: path itself, or the object compiled from the
    source path in build (compile_commands.json names it after -o)."""
    if path.endswith(".o") or not path.endswith((".c", ".S", ".s")):
        return path
    src = os.path.realpath(path)
    cc = os.path.join(build, "compile_commands.json")
    with open(cc) as f:
        entries = json.load(f)
    for e in entries:
        if os.path.realpath(os.path.join(e["directory"], e["file"])) != src:
            continue
        args = shlex.split(e["command"])
        if "-o" in args:
            obj = os.path.join(e["directory"], args[args.index("-o") + 1])
            # The library's object (the objects that ship).
            if "hwcrypto_obj.dir" in obj:
                return obj
    sys.exit("mca.py: %s is not compiled in %s" % (path, cc))


LINE = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
TARGET = re.compile(r"\b([0-9a-f]+) <([^>]+)>")


def disassemble(obj, sym):
    """[(offset, mnemonic, operands)] of function sym in obj."""
    out = subprocess.run([OBJDUMP, "-d", "--no-show-raw-insn", "--disassemble=" + sym, obj],
                         check=True, capture_output=True, text=True).stdout
    insns, inside = [], False
    for line in out.splitlines():
        if re.match(r"^[0-9a-f]+ <%s>:$" % re.escape(sym), line):
            inside = True
            continue
        if not inside:
            continue
        if re.match(r"^[0-9a-f]+ <.*>:$", line):
            break
        m = LINE.match(line)
        if not m:
            continue
        ops = m.group(3).split("//")[0].strip()
        insns.append((int(m.group(1), 16), m.group(2), ops))
    if not insns:
        sys.exit("mca.py: no function %s in %s" % (sym, obj))
    return insns


def branch_target(sym, ops):
    """The in-function offset a branch operand names, or None."""
    m = TARGET.search(ops)
    if not m:
        return None
    name = m.group(2)
    if name == sym or name.startswith(sym + "+"):
        return int(m.group(1), 16)
    return None


def loops(sym, insns):
    """Backward branches: [(start offset, branch offset)], in address order."""
    found = []
    for off, mn, ops in insns:
        if mn.startswith(("b", "cb", "tb")) and not mn.startswith(("bl", "bic", "bif", "bit", "bsl", "bfi",
                                                                     "bfm", "bfx", "bfc", "bcax")):
            t = branch_target(sym, ops)
            if t is not None and t <= off:
                found.append((t, off))
    return found


def select(sym, insns, loop, trips):
    """The instructions to model: the whole function, or one loop (its first
    instruction through its backward branch), with every loop nested in it
    repeated `trips` times (the straight-line listing would otherwise count
    an inner loop's body once)."""
    if loop is None:
        return insns
    ls = loops(sym, insns)
    if ":" in str(loop):
        a, b = (int(x, 16) for x in loop.split(":"))
    else:
        if not ls:
            sys.exit("mca.py: %s has no backward branch" % sym)
        k = len(ls) - 1 if loop == "last" else int(loop)
        a, b = ls[k]
    body = [i for i in insns if a <= i[0] <= b]
    if trips > 1:
        for ia, ib in sorted((l for l in ls if a <= l[0] and l[1] < b and (l[0], l[1]) != (a, b)),
                             key=lambda l: l[1] - l[0]):
            inner = [i for i in body if ia <= i[0] <= ib]
            if not inner:
                continue
            pos = body.index(inner[0])
            body = body[:pos] + inner * trips + body[pos + len(inner):]
    return body


def no_call(mn):
    """bl/blr as b/br: llvm-mca 14 gives every call a made-up latency of 100
    cycles ("call instructions are not correctly modeled"); a direct branch
    keeps the branch unit busy without that."""
    return {"bl": "b", "blr": "br"}.get(mn, mn)


def to_asm(sym, body):
    """Assembly llvm-mca 14 parses: branch targets inside the function become
    labels (defined at their instruction, or after the block when outside
    it), other symbol operands (adrp pages, calls, literal loads) become
    placeholder symbols; objdump's data words (.word, .inst) are dropped."""
    targets = set()
    for _, _, ops in body:
        for m in TARGET.finditer(ops):
            name = m.group(2)
            if name == sym or name.startswith(sym + "+"):
                targets.add(int(m.group(1), 16))

    def repl(m):
        name = m.group(2)
        if name == sym or name.startswith(sym + "+"):
            return ".L%x" % int(m.group(1), 16)
        return "ext_" + re.sub(r"[^A-Za-z0-9_]", "_", name)

    lines, defined = [], set()
    for off, mn, ops in body:
        if mn.startswith("."):
            continue
        if off in targets and off not in defined:  # a label once, even when --trips repeats code
            lines.append(".L%x:" % off)
            defined.add(off)
        lines.append("  %s %s" % (no_call(mn), TARGET.sub(repl, ops)))
    for t in sorted(targets - defined):
        lines.append(".L%x:" % t)
    return "\n".join(lines) + "\n"


def run_mca(asm, cpu, iterations, big=False):
    cmd = [MCA, "-mtriple=aarch64", "-mcpu=" + cpu, "-mattr=" + MATTR, "-iterations=%d" % iterations,
           "-bottleneck-analysis", "-all-stats"]
    if big:  # a trace: the summary only (memory, time)
        cmd = [MCA, "-mtriple=aarch64", "-mcpu=" + cpu, "-mattr=" + MATTR, "-iterations=%d" % iterations,
               "-instruction-info=false", "-resource-pressure=false"]
    p = subprocess.run(cmd, input=asm, capture_output=True, text=True)
    if p.returncode != 0:
        return {"error": p.stderr.strip().splitlines()[:3]}
    text = p.stdout
    r = {"text": text}
    for key, pat in (("iterations", r"Iterations:\s+(\d+)"), ("insns", r"Instructions:\s+(\d+)"),
                     ("cycles", r"Total Cycles:\s+(\d+)"), ("ipc", r"IPC:\s+([\d.]+)"),
                     ("rthroughput", r"Block RThroughput:\s+([\d.]+)")):
        m = re.search(pat, text)
        r[key] = float(m.group(1)) if m else None
    # Resource names: "[N] - Name" (or "[N.M] - Name") lines.
    names = {}
    for m in re.finditer(r"^\[([\d.]+)\]\s+- (\S+)", text, re.M):
        names[m.group(1)] = m.group(2)
    model = "unknown"
    for n in names.values():
        for pre, label in MODEL_PREFIXES:
            if n.startswith(pre):
                model = label
                break
        if model != "unknown":
            break
    r["model"] = model
    # Resource pressure per iteration: a header of [i] then one row of values.
    m = re.search(r"Resource pressure per iteration:\n(.*)\n(.*)\n", text)
    top = None
    if m:
        heads = re.findall(r"\[([\d.]+)\]", m.group(1))
        vals = m.group(2).split()
        for h, v in zip(heads, vals):
            try:
                fv = float(v)
            except ValueError:
                continue
            if top is None or fv > top[1]:
                top = (names.get(h, h), fv)
    r["top"] = top
    m = re.search(r"Cycles with back\w* pressure increase \[ ([\d.]+)% \]", text)
    r["backpressure"] = float(m.group(1)) if m else None
    parts = re.findall(r"^\s+(Resource Pressure|Data Dependencies|- Register Dependencies|- Memory Dependencies)"
                       r":?\s+\[ ([\d.]+)% \]", text, re.M)
    r["pressure"] = {k.lstrip("- ").lower(): float(v) for k, v in parts}
    if "No resource or data dependency bottlenecks discovered" in text:
        r["pressure"] = {"none": 0.0}
    return r


_models = {}


def model_of(cpu):
    """The scheduling model LLVM 14 uses for cpu (see MODEL_PREFIXES)."""
    if cpu not in _models:
        _models[cpu] = run_mca("  add x0, x0, x1\n  ldr x2, [x3]\n", cpu, 1).get("model", "unknown")
    return _models[cpu]


def describe(r):
    if "error" in r:
        return "llvm-mca failed: " + " / ".join(r["error"])
    cyc = r["cycles"] / r["iterations"]
    s = "%.2f cycles/iteration, %d insns/iteration, IPC %.2f, block RThroughput %.2f" % (
        cyc, r["insns"] / r["iterations"], r["ipc"], r["rthroughput"])
    if r["top"]:
        s += "; busiest resource %s %.2f cycles/iteration" % r["top"]
    if r["pressure"]:
        if "none" in r["pressure"]:
            s += "; bottleneck analysis: none found"
        else:
            s += "; bottleneck analysis: backpressure %.1f%% of cycles (%s)" % (
                r["backpressure"] or 0.0, ", ".join("%s %.1f%%" % kv for kv in r["pressure"].items()))
    return s


def analyse(path, sym, loop, trips, cpus, iterations, build, show_asm=False, show_loops=False, quiet=False):
    """Models one function or loop on each CPU; returns [(what, cpu, result)]
    (result as run_mca gives it) and prints one line each unless quiet."""
    obj = find_object(path, build)
    insns = disassemble(obj, sym)
    if show_loops:
        for k, (a, b) in enumerate(loops(sym, insns)):
            n = len([i for i in insns if a <= i[0] <= b])
            print("loop %d: %x:%x, %d instructions" % (k, a, b, n))
        return []
    body = select(sym, insns, loop, trips)
    asm = to_asm(sym, body)
    if show_asm:
        sys.stdout.write(asm)
    what = "%s:%s" % (os.path.relpath(path, ROOT) if os.path.isabs(path) else path, sym)
    if loop is not None:
        what += " loop %s" % loop
    if trips > 1:
        what += " (inner loops x%d)" % trips
    results = []
    for cpu in cpus:
        r = run_mca(asm, cpu, iterations)
        if not quiet:
            print("%s: modeled (llvm-mca 14, -mcpu=%s, %s model): %s" % (what, cpu, r.get("model", "?"), describe(r)))
        results.append((what, cpu, r))
    return results


def binary_insns(binary):
    """{address: (symbol, mnemonic, operands)} for every instruction of a
    linked program, and {symbol: address}."""
    out = subprocess.run([OBJDUMP, "-d", "--no-show-raw-insn", binary], check=True, capture_output=True,
                         text=True).stdout
    insns, syms, cur = {}, {}, ""
    for line in out.splitlines():
        h = re.match(r"^([0-9a-f]+) <(.+)>:$", line)
        if h:
            cur = h.group(2)
            syms.setdefault(cur, int(h.group(1), 16))
            continue
        m = LINE.match(line)
        if m:
            insns[int(m.group(1), 16)] = (cur, m.group(2), m.group(3).split("//")[0].strip())
    return insns, syms


TRACE_CHUNK = 100000  # instructions per llvm-mca run of a trace: bounds its memory (about 0.3 GB)


def trace(op, pairs, cpus, qemu_cpu, binary, max_insns, only_syms, show_asm=False, quiet=False):
    """Trace-driven model of one whole operation: the instructions
    hwc-opcount executed for one operation (the second of two, so after the
    warm-up and with the driver's loop as in icount.py), in order, from
    qemu's exec log, given to llvm-mca as straight-line code
    (-iterations=1) in chunks of TRACE_CHUNK instructions whose cycles are
    summed (each chunk starts with an empty pipeline: a few tens of cycles
    too many per chunk). Loops appear with their real trip counts and
    callees inline; control flow itself is not modeled (branches
    predicted). With only_syms, only those functions' own instructions are
    kept. When the operation has more than max_insns instructions, evenly
    spaced chunks totalling about max_insns are modeled and the cycles
    scaled by instructions (labelled sampled). Returns (info, {cpu:
    {cycles, ipc, model}})."""
    import array
    sys.dont_write_bytecode = True  # no __pycache__ in the tree
    import icount  # the counter, in this folder
    pcs, sizes = array.array("Q"), array.array("I")

    class Sink:  # collects the TBs of the second operation only
        def __init__(self):
            self.op = 0

        def append(self, tb):
            pcs.append(tb[0])
            sizes.append(tb[1])

    tbs = Sink()
    r = icount.run_counted(binary, qemu_cpu, op, 2, pairs, trace=tbs, trace_max=1 << 62, trace_op=1)
    insns, syms = binary_insns(binary)
    base = int(r["prog"]["mark_begin"], 16) - syms["opcount_mark_begin"]
    stream, unknown = [], 0
    for pc, size in zip(pcs, sizes):
        for i in range(size):
            ins = insns.get(pc - base + 4 * i)
            if ins is None:
                unknown += 1
            elif (not only_syms or ins[0] in only_syms) and not ins[1].startswith("."):
                stream.append(ins)
    del insns
    total = len(stream)
    nchunks = (total + TRACE_CHUNK - 1) // TRACE_CHUNK
    want = max(1, min(nchunks, max_insns // TRACE_CHUNK))
    picked = sorted({(k * nchunks) // want for k in range(want)})
    modeled = sum(min(TRACE_CHUNK, total - k * TRACE_CHUNK) for k in picked)

    def chunk_asm(k):
        lines = []
        for _, mn, ops in stream[k * TRACE_CHUNK:(k + 1) * TRACE_CHUNK]:
            lines.append("  %s %s" % (no_call(mn), TARGET.sub(
                lambda m: "ext_" + re.sub(r"[^A-Za-z0-9_]", "_", m.group(2)), ops)))
        return "\n".join(lines) + "\n"

    if show_asm:
        for k in picked:
            sys.stdout.write(chunk_asm(k))
    info = {"op": op, "impls": r["impls"], "op_insns": r["iters"][1], "traced": total, "modeled": modeled,
            "unknown": unknown, "scale": total / modeled if modeled else 0.0}
    results = {}
    for cpu in cpus:
        cyc, model, err = 0, "?", None
        for k in picked:
            m = run_mca(chunk_asm(k), cpu, 1, big=True)
            if "error" in m:
                err = m
                break
            cyc += m["cycles"]
            model = model_of(cpu)
        if err:
            results[cpu] = {"error": err["error"]}
            if not quiet:
                print("%s: %s" % (cpu, describe(err)))
            continue
        est = cyc * info["scale"]
        results[cpu] = {"cycles": est, "ipc": total / est if est else 0.0, "model": model}
        if not quiet:
            what = "%s (%s)" % (op, ", ".join("%s=%s" % kv for kv in sorted(r["impls"].items())))
            if only_syms:
                what += ", only " + ",".join(sorted(only_syms))
            note = "" if modeled == total else " (sampled: %d of %d instructions modeled)" % (modeled, total)
            print("%s: modeled (llvm-mca 14, -mcpu=%s, %s model, trace of %d instructions): %.0f cycles "
                  "per operation%s, IPC %.2f" % (what, cpu, model, total, est, note, total / est))
    if unknown and not quiet:
        print("(%d executed instructions outside %s were left out)" % (unknown, binary))
    return info, results


def batch_entries(path):
    """The lines of a hot-function list: [(argv, note)], a note being the
    text after '#' on the line (what the region is)."""
    entries = []
    with open(path) as f:
        for line in f:
            body, _, note = line.partition("#")
            if body.strip():
                entries.append((shlex.split(body), note.strip()))
    return entries


def parser():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?", help="object (.o) or source (.c) of the aarch64 build")
    ap.add_argument("symbol", nargs="?")
    ap.add_argument("extra", nargs="*", help=argparse.SUPPRESS)
    ap.add_argument("--loop", help="'last' (the last backward branch), K (the K-th of --loops) or START:END (hex offsets)")
    ap.add_argument("--trips", type=int, default=1, help="repeat loops nested in the selected one T times")
    ap.add_argument("--cpu", default=",".join(DEFAULT_CPUS), help="comma-separated -mcpu names")
    ap.add_argument("-n", "--iterations", type=int, default=100)
    ap.add_argument("--build", default=DEFAULT_BUILD, help="the aarch64 build directory")
    ap.add_argument("--loops", action="store_true", help="list the loops of the function")
    ap.add_argument("--asm", action="store_true", help="print the assembly given to llvm-mca")
    ap.add_argument("--batch", help="a file of 'FILE SYMBOL [options]' lines (# comments)")
    ap.add_argument("--trace", metavar="OP", help="trace-driven: model one whole operation of hwc-opcount "
                    "as executed under qemu (FILE and SYMBOL then name PRIM=IMPL pairs)")
    ap.add_argument("--qemu-cpu", default="max", help="qemu -cpu model for --trace")
    ap.add_argument("--only", help="--trace: keep only these functions' own instructions (comma-separated)")
    ap.add_argument("--max-insns", type=int, default=1000000, help="--trace: model at most about this many "
                    "(evenly spaced chunks of a longer operation)")
    ap.add_argument("--bin", default=os.path.join(DEFAULT_BUILD, "tools", "aarch64-model", "hwc-opcount"))
    return ap


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head
    ap = parser()
    a = ap.parse_args()
    if a.batch:
        for argv, _ in batch_entries(a.batch):
            b = ap.parse_args(argv)
            path = b.file if os.path.isabs(b.file) else os.path.join(ROOT, b.file)
            if not os.path.exists(path):
                print("%s: not in this tree, skipped" % b.file)
                continue
            cpus = a.cpu if a.cpu != ",".join(DEFAULT_CPUS) else b.cpu
            analyse(path, b.symbol, b.loop, b.trips, cpus.split(","), b.iterations, a.build, a.asm)
        return
    if a.trace:
        pairs = [x for x in (a.file, a.symbol) if x] + list(a.extra)
        trace(a.trace, pairs, a.cpu.split(","), a.qemu_cpu, a.bin, a.max_insns,
              set(a.only.split(",")) if a.only else None, a.asm)
        return
    if not a.file or not a.symbol:
        ap.error("FILE and SYMBOL, or --batch")
    analyse(a.file, a.symbol, a.loop, a.trips, a.cpu.split(","), a.iterations, a.build, a.asm, a.loops)


if __name__ == "__main__":
    main()
