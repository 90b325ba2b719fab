#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""The `isa` test: every kernel's instruction sets are declared once.

For each kernel file (src/x86_64/*.c, src/aarch64/*.c) in the build's
compile_commands.json, preprocess it with its own compile command and list
the compiler's instruction-set macros (__AVX2__, __ARM_FEATURE_AES...) that
a protocol file's command (src/util.c) does not define: the extensions the
file's options enable. Each must map to HWC_CPU_* bits that the file's
HWC_REQUIRED names; an unknown macro fails too (an option we cannot check).
Also fails when a kernel file is missing from the build, when its table
does not take `.required = HWC_REQUIRED`, or when it switches instruction
sets itself (#pragma GCC target, __attribute__((target))).

usage: check-isa.py BUILD_DIR
"""
import json, os, re, shlex, subprocess, sys

# Compiler macro -> the HWC_CPU_* bits code using it needs.
MACROS = {
    "__SSE3__": [], "__SSSE3__": ["SSSE3"], "__SSE4_1__": ["SSE41"],
    # Turned on by -mavx in GCC; every CPU with AVX has them.
    "__SSE4_2__": ["AVX"], "__POPCNT__": ["AVX"], "__XSAVE__": ["AVX"],
    "__AES__": ["AESNI"], "__PCLMUL__": ["PCLMUL"], "__SHA__": ["SHANI"],
    "__AVX__": ["AVX"], "__AVX2__": ["AVX2"], "__BMI2__": ["BMI2"], "__ADX__": ["ADX"],
    "__AVX512F__": ["AVX512F"], "__AVX512BW__": ["AVX512BW"], "__AVX512VL__": ["AVX512VL"],
    "__AVX512IFMA__": ["AVX512IFMA"], "__VAES__": ["VAES"], "__VPCLMULQDQ__": ["VPCLMUL"],
    # Implied by -mavx2/-mavx512f in GCC and clang: FMA and F16C ride along
    # with AVX2 on every x86 CPU that has it; the kernels use neither.
    "__FMA__": ["AVX2"], "__F16C__": ["AVX2"],
    "__ARM_FEATURE_AES": ["ARM_AES", "ARM_PMULL"], "__ARM_FEATURE_CRYPTO": ["ARM_AES", "ARM_SHA2"],
    "__ARM_FEATURE_SHA2": ["ARM_SHA2"], "__ARM_FEATURE_SHA512": ["ARM_SHA512"],
    "__ARM_FEATURE_SHA3": ["ARM_SHA3"],
    # Mandatory in Armv8.1/8.2-A, which -march=armv8.2-a turns on: only the
    # SHA-512 kernel asks for that version, and SHA-512 exists only there.
    "__ARM_FEATURE_ATOMICS": ["ARM_SHA512"], "__ARM_FEATURE_CRC32": ["ARM_SHA512"],
    "__ARM_FEATURE_QRDMX": ["ARM_SHA512"],
}
FEATURE = re.compile(r"#define (__(?:SSE|SSSE|AVX|AES|PCLMUL|SHA|BMI|ADX|VAES|VPCLMUL|FMA|F16C|POPCNT|"
                     r"LZCNT|MOVBE|XSAVE|GFNI)[A-Z0-9_]*__|__ARM_FEATURE_[A-Z0-9_]+)[ \n]")


def feature_macros(entry):
    """The instruction-set macros the entry's options define (an empty
    translation unit, so no header's include guard gets in)."""
    args = shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])
    out = []
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if a in ("-c", entry["file"]) or a.startswith("-fsanitize"):
            continue
        out.append(a)
    res = subprocess.run(out + ["-dM", "-E", "-x", "c", os.devnull], cwd=entry["directory"], capture_output=True, text=True)
    if res.returncode:
        sys.exit(f"isa: preprocessing with the options of {entry['file']} failed:\n{res.stderr}")
    return set(FEATURE.findall(res.stdout))


def main():
    build = sys.argv[1]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    entries = json.load(open(os.path.join(build, "compile_commands.json")))
    by_file = {}
    for e in entries:
        f = os.path.relpath(os.path.join(e["directory"], e["file"]), root)
        if "hwcrypto_obj" in e.get("output", "") or f not in by_file:
            by_file[f] = e
    base = by_file.get("src/util.c")
    if base is None:
        sys.exit("isa: src/util.c not in compile_commands.json")
    baseline = feature_macros(base)
    arch = "aarch64" if any(m.startswith("__ARM") for m in baseline) or \
        any(f.startswith("src/aarch64/") for f in by_file) else "x86_64"
    kernels = sorted(f"src/{arch}/{n}" for n in os.listdir(os.path.join(root, "src", arch)) if n.endswith(".c"))
    bad = 0
    for f in kernels:
        text = open(os.path.join(root, f)).read()
        if re.search(r"#\s*pragma\s+(GCC|clang)\s+(target|attribute)|__attribute__\s*\(\(\s*target", text):
            print(f"isa: {f} switches instruction sets itself; declare them in CMakeLists.txt")
            bad += 1
        req = re.findall(r"\.required\s*=\s*([^,]+),", text)
        if any(r.strip() != "HWC_REQUIRED" for r in req):
            print(f"isa: {f}: a table's .required is not HWC_REQUIRED")
            bad += 1
        e = by_file.get(f)
        if e is None:
            print(f"isa: {f} is not built (no hwc_kernel line in CMakeLists.txt)")
            bad += 1
            continue
        cmd = e.get("command", " ".join(e.get("arguments", [])))
        m = re.search(r"-DHWC_REQUIRED=\"?\(([A-Z0-9_|]*)\)", cmd)
        if not m:
            print(f"isa: {f} is built without HWC_REQUIRED")
            bad += 1
            continue
        required = {b[len("HWC_CPU_"):] for b in m.group(1).split("|") if b}
        enabled = feature_macros(e) - baseline
        for macro in sorted(enabled):
            if macro not in MACROS:
                print(f"isa: {f}: its options enable {macro}, which no HWC_CPU_* bit covers")
                bad += 1
                continue
            missing = [b for b in MACROS[macro] if b not in required]
            if missing:
                print(f"isa: {f}: its options enable {macro} but HWC_REQUIRED lacks {', '.join(missing)}")
                bad += 1
        print(f"{f}: {' '.join(sorted(required)) or '-'} covers {' '.join(sorted(enabled)) or 'nothing'}")
    print(f"isa: {len(kernels)} kernel files, {bad} problems")
    sys.exit(1 if bad else 0)


main()
