#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""One backend, one declaration: the hwc_kernel() lines of CMakeLists.txt
(cmake/isa.cmake) are the list of kernel files, and the registry is
generated from them. This checks the sources against that list, for every
architecture at once:
  - each listed file exists; a file src/<dir>/<prim>_<impl>.c defines
    exactly one kernel table, `const hwc_<prim>_kernel hwc_<prim>_<impl>`,
    whose runtime name is <impl> with '_' as '-' ("x86_64" kept), and a
    table's tuning records (if any) are listed in it;
  - a PART file defines no table, and is named after the table it belongs
    to (<prim>_<impl>_<part>.c beside <prim>_<impl>.c);
  - no other file under src/ defines a kernel table (a table compiled but
    not listed would never be selected).
Exit 1 with the offenders listed. usage: check-kernels.py [SOURCE_DIR]"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
os.chdir(root)
cmake = open("CMakeLists.txt").read()
isa = open("cmake/isa.cmake").read()
prims = re.search(r"set\(HWC_PRIMS ([a-z0-9_ ]+)\)", isa).group(1).split()
pairs = re.search(r"set\(HWC_PAIRS ([a-z0-9_ ]+)\)", isa).group(1).split()
bad = []

listed = {}  # path -> is_part
for prim in prims:
    listed["src/generic/%s_%s.c" % (prim, "separate" if prim in pairs else "generic")] = False
for m in re.finditer(r"^\s*hwc_kernel\((src/[^ )]+\.c)([^)]*)\)", cmake, re.M):
    path, rest = m.group(1), m.group(2).split()
    if "${" in path:
        continue  # the generic loop, expanded above
    listed[path] = bool(rest) and rest[0] == "PART"

table_re = re.compile(r"^const (hwc_([a-z0-9_]+)_kernel) (hwc_[a-z0-9_]+) = \{", re.M)
count = 0
for path, part in sorted(listed.items()):
    if not os.path.exists(path):
        bad.append("%s: listed in CMakeLists.txt, missing" % path)
        continue
    text = open(path).read()
    tables = table_re.findall(text)
    base = os.path.basename(path)[:-2]
    if part:
        owner = [t for t in listed if not listed[t] and base.startswith(os.path.basename(t)[:-2] + "_")]
        if tables:
            bad.append("%s: a PART file defines %s" % (path, ", ".join(t[2] for t in tables)))
        if not owner:
            bad.append("%s: a PART file not named after a listed kernel file (<prim>_<impl>_<part>.c)" % path)
        continue
    # the longest primitive the name starts with (aes_gcm_aesni: aes_gcm)
    prim = max((p for p in prims if base.startswith(p + "_")), key=len, default=base.split("_")[0])
    impl = base[len(prim) + 1:]
    want = "hwc_" + base
    if [(t[0], t[2]) for t in tables] != [("hwc_%s_kernel" % prim, want)]:
        bad.append("%s: defines %s, expected exactly const hwc_%s_kernel %s" %
                   (path, ", ".join(t[2] for t in tables) or "no table", prim, want))
        continue
    count += 1
    body = text[text.index("%s = {" % want):]
    body = body[:body.index("\n};")]
    name = re.search(r'\.name = "([^"]*)"', body)
    runtime = impl.replace("x86_64", "X86").replace("_", "-").replace("X86", "x86_64")
    if not name or name.group(1) != runtime:
        bad.append('%s: table %s is named "%s", expected "%s" (the file\'s name)' %
                   (path, want, name.group(1) if name else "?", runtime))
    if ".tunings" in body and ".tuning = " not in body:
        bad.append("%s: tunings without the tuning variable" % path)

for dirpath, _, files in os.walk("src"):
    for f in files:
        path = os.path.join(dirpath, f)
        if f.endswith((".c", ".h")) and path not in listed and table_re.search(open(path).read()):
            bad.append("%s: defines a kernel table but is no hwc_kernel() line of CMakeLists.txt" % path)

for b in bad:
    print("check-kernels: " + b, file=sys.stderr)
if not bad:
    print("check-kernels: %d kernel files, one table each, file = table = runtime name; %d parts" %
          (count, sum(listed.values())))
sys.exit(1 if bad else 0)
