#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""The qemu-trace constant-time check (tests/CT.md): differential tracing.

Runs an HWC_CT_QEMU_TRACE binary (hwc-ct-trace, or its negative controls)
RUNS times under qemu-aarch64 with the trace plugin (tests/ct_trace_plugin.c).
Public inputs are the same in every run; the secrets (what the bodies mark
with ct_secret) come from a per-run stream (HWC_CT_TRACE): run 0 seed A, run 1
seed A complemented (every secret bit flipped), run 2 seed B, run 3 B
complemented, ... The guest numbers its segments (one per test, one per
backend body, nested) on stdout; the plugin writes per segment the counts and
hashes of the executed code addresses (control flow) and of the data
addresses (loads and stores, with their sizes). A segment whose trace differs
between two runs is a leak: some branch or address depended on a secret.

Per backend it prints `ct: <prim>/<impl> covered by qemu-trace (...)` when
every run traced the same and some secret bytes varied, `NOT covered` when no
secret varied (only kept, structured secrets: nothing was tested), and
`LEAK` otherwise, with the first point where two runs part (a dump run and
addr2line). The guest's own `NOT covered` lines (backends the emulated CPU
lacks) are passed through. Exit status 0 only if every run exited 0, every
segment was closed and matched, and no trace differed.

--expect-leak inverts the verdict for the negative controls: exit 0 only if
the runs were otherwise sound and the segment named `selftest ...` differed.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

SEEDS = [0x6374747261636531, 0x0123456789abcdef, 0x5a5a0f0f33cc9669, 0x7e57ab1ec0ffee00]


def run_once(args, run, tmp, dump=None):
    seed = SEEDS[run // 2 % len(SEEDS)]
    env = dict(os.environ)
    # The same length every run: the stack, hence every stack address,
    # sits where it sat in the other runs.
    env["HWC_CT_TRACE"] = "%016x:%d" % (seed, run % 2)
    out = os.path.join(tmp, "trace%d.txt" % run)
    plugin = "%s,out=%s" % (args.plugin, out)
    if dump is not None:
        plugin += ",dump=%d" % dump
    cmd = [args.qemu, "-cpu", args.cpu, "-plugin", plugin, args.binary] + args.args
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=args.timeout)
    segs, errors, ended = {}, [], False
    if os.path.exists(out):
        with open(out) as f:
            for line in f:
                m = re.match(r"seg (\d+) depth (\d+) tbs (\d+) insns (\d+) mem (\d+) cf (\w+) addr (\w+) paused (\d+) "
                             r"div (\d+) ([\w,-]+)", line)
                if m:
                    n = int(m.group(1))
                    segs[n] = dict(depth=int(m.group(2)), tbs=int(m.group(3)), insns=int(m.group(4)),
                                   mem=int(m.group(5)), cf=m.group(6), addr=m.group(7), paused=int(m.group(8)),
                                   div=int(m.group(9)), div_at=m.group(10))
                elif line.startswith("end "):
                    ended = True
                else:
                    errors.append(line.strip())
    else:
        errors.append("the plugin wrote no trace (%s)" % " ".join(cmd))
    if not ended:
        errors.append("the plugin's trace has no end line")
    labels, closed = {}, {}
    for line in p.stdout.splitlines():
        m = re.match(r"ct-trace: segment (\d+) (.*)", line)
        if m:
            labels[int(m.group(1))] = m.group(2)
        m = re.match(r"ct-trace: closed (\d+) varied (\d+) kept (\d+)", line)
        if m:
            closed[int(m.group(1))] = (int(m.group(2)), int(m.group(3)))
    return dict(rc=p.returncode, stdout=p.stdout, stderr=p.stderr, segs=segs, errors=errors, labels=labels,
                closed=closed, dump=out + ".dump")


def first_difference(args, a, b, seg, tmp):
    """Reruns runs a and b dumping segment seg; returns a description of
    the first event where they part."""
    ra = run_once(args, a, tmp, dump=seg)
    rb = run_once(args, b, tmp, dump=seg)
    try:
        fa, fb = open(ra["dump"]), open(rb["dump"])
    except OSError as e:
        return "no dump (%s)" % e
    last_tb = None
    with fa, fb:
        for i, (la, lb) in enumerate(zip(fa, fb)):
            if la != lb:
                where = symbolize(args, last_tb) if last_tb else "?"
                return ("event %d: run %d has `%s`, run %d has `%s`; the last block both executed starts at "
                        "0x%s (%s)" % (i, a, la.strip(), b, lb.strip(), last_tb or "?", where))
            if la.startswith("T "):
                last_tb = la.split()[1]
    return "the dumps agree up to the end of the shorter one (one run executed more)"


def symbolize(args, hexaddr):
    if not args.addr2line:
        return "no addr2line"
    p = subprocess.run([args.addr2line, "-f", "-i", "-C", "-e", args.binary, "0x" + hexaddr],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return " <- ".join(" ".join(p.stdout.split("\n")[i:i + 2]) for i in range(0, len(p.stdout.split("\n")) - 1, 2))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--qemu", default="qemu-aarch64")
    ap.add_argument("--cpu", default="max")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=1200)
    ap.add_argument("--addr2line", default="aarch64-linux-gnu-addr2line")
    ap.add_argument("--expect-leak", action="store_true")
    ap.add_argument("binary")
    ap.add_argument("args", nargs="*")
    args = ap.parse_args()
    if args.runs < 2:
        ap.error("--runs must be at least 2")
    if args.addr2line and subprocess.run(["sh", "-c", "command -v " + args.addr2line],
                                         stdout=subprocess.DEVNULL).returncode:
        args.addr2line = None

    bad = []
    with tempfile.TemporaryDirectory(prefix="ct-trace.") as tmp:
        runs = [run_once(args, r, tmp) for r in range(args.runs)]
        for r, res in enumerate(runs):
            if res["rc"] != 0:
                bad.append("run %d exited %d:\n%s%s" % (r, res["rc"], res["stdout"][-3000:], res["stderr"][-3000:]))
            bad += ["run %d: plugin: %s" % (r, e) for e in res["errors"]]
            if set(res["labels"]) != set(res["segs"]) or set(res["closed"]) != set(res["segs"]):
                bad.append("run %d: %d segments announced, %d closed by the guest, %d traced" %
                           (r, len(res["labels"]), len(res["closed"]), len(res["segs"])))
            if res["labels"] != runs[0]["labels"]:
                bad.append("run %d ran other segments than run 0" % r)
        base = runs[0]
        for line in base["stdout"].splitlines():  # the guest's own lines, once
            if "NOT covered" in line or line.startswith("ct/") or re.match(r"\d+ passed", line):
                print(line)
        leaks = []
        for n in sorted(base["segs"]):
            if n not in base["labels"] or n not in base["closed"]:
                continue
            label = base["labels"][n]
            varied, kept = base["closed"][n]
            differ = []
            for r in range(1, args.runs):
                s0, s1 = base["segs"][n], runs[r]["segs"].get(n)
                if s1 is None:
                    continue
                kinds = []
                if (s0["tbs"], s0["insns"], s0["cf"]) != (s1["tbs"], s1["insns"], s1["cf"]):
                    kinds.append("control flow (%d/%d blocks, %d/%d instructions)" %
                                 (s0["tbs"], s1["tbs"], s0["insns"], s1["insns"]))
                if (s0["mem"], s0["addr"]) != (s1["mem"], s1["addr"]):
                    kinds.append("memory addresses (%d/%d accesses)" % (s0["mem"], s1["mem"]))
                if (s0["div"], s0["div_at"]) != (s1["div"], s1["div_at"]):
                    kinds.append("the number of divisions (%d/%d)" % (s0["div"], s1["div"]))
                if s0["paused"] != s1["paused"]:
                    kinds.append("the number of declassified regions (%d/%d)" % (s0["paused"], s1["paused"]))
                if kinds:
                    differ.append((r, kinds))
            what = label[len("test "):] if label.startswith("test ") else label
            name, _, rest = what.partition(" ")
            detail = rest[1:-1] if rest.startswith("(") else rest
            s0 = base["segs"][n]
            if differ:
                leaks.append((n, label, s0["depth"], differ))
            elif varied == 0:
                print("ct: %s NOT covered by qemu-trace (%s): no secret varied between runs (%d secret bytes kept "
                      "fixed); %d runs traced the same" % (name, detail or "whole test", kept, args.runs))
            else:
                notes = ""
                if s0["paused"]:
                    notes += "; %d declassified regions not traced" % s0["paused"]
                if s0["div"]:
                    notes += ("; %d integer divisions, operands not seen, in %s" %
                              (s0["div"], ", ".join(sorted(set(symbolize(args, a).split(" ")[0]
                                                               for a in s0["div_at"].split(","))))))
                print("ct: %s covered by qemu-trace (%s; %d runs: %d instructions, %d memory accesses the same; "
                      "%d secret bytes varied, %d kept fixed%s)" %
                      (name, detail or "whole test", args.runs, s0["insns"], s0["mem"], varied, kept, notes))
        # The innermost differing segments are the leaks' places; the
        # segments around them differ because they contain them.
        inner = [l for l in leaks if not any(o[0] in nested_in(base, l[0]) for o in leaks)]
        for n, label, depth, differ in leaks:
            r, kinds = differ[0]
            print("ct: LEAK under qemu-trace: segment %d %s: run 0 and run %d differ in %s" %
                  (n, label, r, " and ".join(kinds)))
        for n, label, depth, differ in inner[:3]:
            print("ct: where segment %d parts: %s" % (n, first_difference(args, 0, differ[0][0], n, tmp)))
    for b in bad:
        print("ct-trace: error: " + b)
    if args.expect_leak:
        caught = [l for l in leaks if l[1].startswith("selftest ")]
        if bad or not caught:
            print("ct-trace: the negative control was NOT caught" if not bad else "ct-trace: broken run")
            return 1
        print("ct-trace: negative control caught, as it must be")
        return 0
    if bad or leaks:
        return 1
    print("ct-trace: %d segments, %d runs each under -cpu %s: no trace differed" %
          (len(base["segs"]), args.runs, args.cpu))
    return 0


def nested_in(base, n):
    """Segment numbers opened inside segment n (those after it, deeper, up to
    the next segment at n's depth or shallower)."""
    depth = base["segs"][n]["depth"]
    inside = []
    for m in sorted(k for k in base["segs"] if k > n):
        if base["segs"][m]["depth"] <= depth:
            break
        inside.append(m)
    return inside


if __name__ == "__main__":
    sys.exit(main())
