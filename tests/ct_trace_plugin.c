/* SPDX-License-Identifier: ISC */
/*
 * The qemu TCG plugin of the qemu-trace constant-time method (tests/CT.md,
 * tests/ct_trace.py). Built for the host, loaded by qemu-aarch64 (7.2,
 * plugin API version 1) with `-plugin ct_trace_plugin.so,out=FILE`.
 *
 * The guest brackets each piece of work with two marker instructions,
 * `movz xzr, #0xc7b0` (begin a segment) and `movz xzr, #0xc7b1` (end it),
 * which write the zero register and so do nothing on any CPU
 * (tests/ct.h). Segments nest. While a segment is open, every executed
 * translation block (its start address and its instruction count: a TB ends
 * at the first branch, so the sequence of TB starts is the sequence of
 * branch outcomes) and every data memory access (virtual address, size,
 * load or store) are hashed into it and into every segment around it;
 * control flow and memory addresses have hashes of their own. At its end a
 * segment writes one line to FILE:
 *
 *   seg <number> depth <d> tbs <n> insns <n> mem <n> cf <hash> addr <hash> paused <n> div <n> <addr,...>
 *
 * numbered in the order segments begin. Between `movz xzr, #0xc7b2` and
 * `movz xzr, #0xc7b3` (they nest too) nothing is recorded: the bodies put
 * there the code that works on values they have declassified, such as a
 * variable-time signature verification of a signature made with a
 * secret key; `paused` counts those regions. `div` counts the integer
 * divisions (UDIV, SDIV) executed, with the first 8 distinct addresses: their
 * time may depend on their operands, which a plugin of this API cannot
 * read, so the driver shows them rather than judging them. The driver runs the guest several
 * times with different secrets and compares these lines. With dump=N the
 * plugin also writes every event of segment N to FILE.dump ("T addr n" for
 * a block, "L/S addr size" for an access), so that the driver can show
 * where two runs part.
 *
 * The declarations below are the part of qemu's plugin API (qemu 7.2,
 * include/qemu/qemu-plugin.h, API version 1) this plugin calls, written out
 * here so that no qemu development package is needed.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))
typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef struct {
  const char *target_name;
  struct {
    int min, cur;
  } version;
  bool system_emulation;
  union {
    struct {
      int smp_vcpus, max_vcpus;
    } system;
  };
} qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_mem_rw { QEMU_PLUGIN_MEM_R = 1, QEMU_PLUGIN_MEM_W, QEMU_PLUGIN_MEM_RW };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index, qemu_plugin_meminfo_t info, uint64_t vaddr,
                                          void *userdata);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_mem_cb_t cb,
                                      enum qemu_plugin_cb_flags flags, enum qemu_plugin_mem_rw rw, void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);

EXPORT int qemu_plugin_version = 1;

#define MARK_BEGIN 0xd298f61fu /* movz xzr, #0xc7b0 */
#define MARK_END 0xd298f63fu   /* movz xzr, #0xc7b1 */
#define MARK_PAUSE 0xd298f65fu /* movz xzr, #0xc7b2 */
#define MARK_RESUME 0xd298f67fu /* movz xzr, #0xc7b3 */
#define MAX_DEPTH 8

typedef struct {
  uint64_t number, tbs, insns, mem, cf, addr, paused, div, div_at[8];
} segment;

static segment open_seg[MAX_DEPTH];
static int depth, paused;
static uint64_t next_number;
static FILE *out, *dump;
static uint64_t dump_number = UINT64_MAX;
static int dumping;   /* the segment being dumped is open */
static int overflow;  /* nesting deeper than MAX_DEPTH: reported, never hidden */

static inline uint64_t mix(uint64_t h, uint64_t x) {
  h = (h ^ x) * 0x9e3779b97f4a7c15u;
  return h ^ (h >> 29);
}

static void on_tb(unsigned int vcpu, void *udata) {
  (void)vcpu;
  if (!depth || paused) return;
  uint64_t packed = (uint64_t)(uintptr_t)udata; /* vaddr << 12 | insns */
  for (int i = 0; i < depth; i++) {
    open_seg[i].tbs++;
    open_seg[i].insns += packed & 0xfff;
    open_seg[i].cf = mix(open_seg[i].cf, packed);
  }
  if (dumping) fprintf(dump, "T %" PRIx64 " %" PRIu64 "\n", packed >> 12, packed & 0xfff);
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata) {
  (void)vcpu, (void)udata;
  if (!depth || paused) return;
  int store = qemu_plugin_mem_is_store(info);
  unsigned shift = qemu_plugin_mem_size_shift(info);
  uint64_t x = vaddr ^ ((uint64_t)store << 63) ^ ((uint64_t)shift << 58);
  for (int i = 0; i < depth; i++) {
    open_seg[i].mem++;
    open_seg[i].addr = mix(open_seg[i].addr, x);
  }
  if (dumping) fprintf(dump, "%c %" PRIx64 " %u\n", store ? 'S' : 'L', vaddr, 1u << shift);
}

static void on_div(unsigned int vcpu, void *udata) {
  (void)vcpu;
  if (!depth || paused) return;
  uint64_t at = (uint64_t)(uintptr_t)udata;
  for (int i = 0; i < depth; i++) {
    segment *s = &open_seg[i];
    s->div++;
    for (int j = 0; j < 8; j++) {
      if (s->div_at[j] == at) break;
      if (!s->div_at[j]) {
        s->div_at[j] = at;
        break;
      }
    }
  }
}

static void on_begin(unsigned int vcpu, void *udata) {
  (void)vcpu, (void)udata;
  if (depth == MAX_DEPTH) {
    overflow = 1;
    return;
  }
  segment *s = &open_seg[depth++];
  memset(s, 0, sizeof *s);
  s->number = next_number++;
  s->cf = s->addr = 0x6374747261636531u;
  if (dump && s->number == dump_number) dumping = 1;
}

static void on_end(unsigned int vcpu, void *udata) {
  (void)vcpu, (void)udata;
  if (!depth) {
    fprintf(out, "error: end marker outside a segment\n");
    return;
  }
  if (paused) fprintf(out, "error: segment ends inside a paused region\n");
  segment *s = &open_seg[--depth];
  fprintf(out, "seg %" PRIu64 " depth %d tbs %" PRIu64 " insns %" PRIu64 " mem %" PRIu64 " cf %016" PRIx64
               " addr %016" PRIx64 " paused %" PRIu64 " div %" PRIu64 " ",
          s->number, depth, s->tbs, s->insns, s->mem, s->cf, s->addr, s->paused, s->div);
  for (int j = 0; j < 8 && s->div_at[j]; j++) fprintf(out, "%s%" PRIx64, j ? "," : "", s->div_at[j]);
  fprintf(out, "%s\n", s->div_at[0] ? "" : "-");
  if (s->number == dump_number) dumping = 0;
}

static void on_pause(unsigned int vcpu, void *udata) {
  (void)vcpu, (void)udata;
  if (!paused++)
    for (int i = 0; i < depth; i++) open_seg[i].paused++;
}

static void on_resume(unsigned int vcpu, void *udata) {
  (void)vcpu, (void)udata;
  if (paused) paused--;
  else fprintf(out, "error: resume marker outside a paused region\n");
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  (void)id;
  size_t n = qemu_plugin_tb_n_insns(tb);
  uint64_t vaddr = qemu_plugin_tb_vaddr(tb);
  qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb, QEMU_PLUGIN_CB_NO_REGS,
                                       (void *)(uintptr_t)(vaddr << 12 | (n & 0xfff)));
  for (size_t i = 0; i < n; i++) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    uint32_t word = 0;
    if (qemu_plugin_insn_size(insn) == 4) memcpy(&word, qemu_plugin_insn_data(insn), 4);
    if (word == MARK_BEGIN)
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_begin, QEMU_PLUGIN_CB_NO_REGS, NULL);
    else if (word == MARK_END)
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_end, QEMU_PLUGIN_CB_NO_REGS, NULL);
    else if (word == MARK_PAUSE)
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_pause, QEMU_PLUGIN_CB_NO_REGS, NULL);
    else if (word == MARK_RESUME)
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_resume, QEMU_PLUGIN_CB_NO_REGS, NULL);
    else if ((word & 0x7fe0f800u) == 0x1ac00800u) /* UDIV, SDIV (32 and 64 bits) */
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_div, QEMU_PLUGIN_CB_NO_REGS,
                                             (void *)(uintptr_t)qemu_plugin_insn_vaddr(insn));
    qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW, NULL);
  }
}

static void at_exit(qemu_plugin_id_t id, void *udata) {
  (void)id, (void)udata;
  if (depth) fprintf(out, "error: %d segment(s) still open at exit\n", depth);
  if (paused) fprintf(out, "error: a paused region still open at exit\n");
  if (overflow) fprintf(out, "error: segments nested deeper than %d\n", MAX_DEPTH);
  fprintf(out, "end %" PRIu64 " segments\n", next_number);
  fclose(out);
  if (dump) fclose(dump);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv) {
  const char *path = NULL;
  for (int i = 0; i < argc; i++) {
    if (strncmp(argv[i], "out=", 4) == 0) path = argv[i] + 4;
    else if (strncmp(argv[i], "dump=", 5) == 0) dump_number = strtoull(argv[i] + 5, NULL, 10);
    else {
      fprintf(stderr, "ct_trace_plugin: unknown argument %s\n", argv[i]);
      return 1;
    }
  }
  if (!path || info->system_emulation || strcmp(info->target_name, "aarch64") != 0) {
    fprintf(stderr, "ct_trace_plugin: needs out=FILE and qemu-aarch64 user mode\n");
    return 1;
  }
  out = fopen(path, "w");
  if (!out) return 1;
  if (dump_number != UINT64_MAX) {
    char dpath[4096];
    snprintf(dpath, sizeof dpath, "%s.dump", path);
    dump = fopen(dpath, "w");
    if (!dump) return 1;
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
  qemu_plugin_register_atexit_cb(id, at_exit, NULL);
  return 0;
}
