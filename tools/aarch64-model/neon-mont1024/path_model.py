#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""MODEL TOOL (not part of the library): one function's executed path as
straight-line code, modeled by llvm-mca 14 with tools/aarch64-model/mca.py's
pieces, for a whole operation without a qemu trace.
usage: path_model.py FILE SYM 'OFF=SPEC,...' [cpus] [reps]
FILE: an object, or a source of build-aarch64 (its object is found as mca.py
finds it). OFF: the hex offset of a branch in `mca.py FILE SYM --loops` /
objdump; SPEC for a backward branch: T, the body's executions per entry of
the loop; for a forward conditional branch: y (taken) or n. A SPEC of
several values split by / is consumed one per entry (loops) or per pass
(forward branches), the last value then holding. Calls are not followed
(their cost is not in the figure). Offsets belong to one build: re-read
them after any change to the code or the compiler."""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import mca
obj, sym, dec = sys.argv[1], sys.argv[2], sys.argv[3]
if obj.endswith(".c"):
    obj = mca.find_object(obj, os.path.join(mca.ROOT, "build-aarch64"))
cpus = (sys.argv[4] if len(sys.argv) > 4 else "cortex-a57,cortex-a55").split(",")
reps = int(sys.argv[5]) if len(sys.argv) > 5 else 10
d = {}
for kv in dec.split(","):
    k, v = kv.split("=")
    d[int(k, 16)] = v.split("/")
insns = mca.disassemble(obj, sym)
idx = {o: i for i, (o, _, _) in enumerate(insns)}
path, i, cnt, cur = [], 0, {}, {}
while i < len(insns):
    off, mn, ops = insns[i]
    path.append(insns[i])
    if mn == "ret":
        break
    t = mca.branch_target(sym, ops) if (mn.startswith(("b.", "cb", "tb")) or mn == "b") else None
    if t is None:
        i += 1
        continue
    if t <= off:  # loop
        c = cnt.get(off, 1)
        if c == 1 and len(d[off]) > 1:
            cur[off] = int(d[off].pop(0))
        elif c == 1:
            cur[off] = int(d[off][0])
        if c < cur[off]:
            cnt[off] = c + 1
            i = idx[t]
        else:
            cnt[off] = 1
            i += 1
    else:
        v = d.get(off, ["n"])
        taken = (mn == "b") or (v.pop(0) if len(v) > 1 else v[0]) == "y"
        i = idx[t] if taken else i + 1
asm = mca.to_asm(sym, path) * 1
mul = sum(1 for _, mn, _ in path if mn in ("mul", "umulh", "madd", "umull", "umlal", "umlal2", "umull2"))
print("%s %s: %d instructions on the path, %d multiply instructions" % (obj, sym, len(path), mul))
for cpu in cpus:
    r = mca.run_mca(asm, cpu, reps)
    print("  %s (%s model): %s" % (cpu, r.get("model"), mca.describe(r)))
