/* SPDX-License-Identifier: ISC */
/*
 * The dispatcher: CPU probe (cpu.c), the list of every compiled kernel table
 * (registry.c) and the selection among them (dispatch.c). Protocol code asks
 * it for the selected table of a primitive; it never looks further down than
 * src/kernels.h.
 */
#ifndef HWC_DISPATCH_H
#define HWC_DISPATCH_H

#include <stddef.h>
#include <stdint.h>

#include "../include/hwcrypto.h"
#include "../src/kernels.h"

/* ---- cpu.c: what this CPU and OS can run, before any masking. */
typedef struct {
  uint32_t features;  /* HWC_CPU_* bits */
  char vendor[16];
  char model[64];
} hwc_cpu_info;

void hwc_cpu_probe(hwc_cpu_info *out);
/* Feature name table of this architecture, /proc/cpuinfo spelling. */
size_t hwc_cpu_feature_count(void);
const char *hwc_cpu_feature_name(size_t i);
uint32_t hwc_cpu_feature_bit(size_t i);

/* ---- registry.c: every compiled implementation per primitive, generic first. */
size_t hwc_registry_count(hwc_prim p);
const hwc_impl_info *hwc_registry_impl(hwc_prim p, size_t i);

/* ---- dispatch.c */
/* The selected kernel table of p (never NULL for a primitive with at least a
 * generic implementation). Initialises the library on first use. */
const void *hwc_dispatch_get(hwc_prim p);
/* Effective features after HWCRYPTO_CPU_DISABLE masking. */
uint32_t hwc_dispatch_features(void);

#define HWC_KERNEL(prim, type) ((const type *)hwc_dispatch_get(prim))

#endif /* HWC_DISPATCH_H */
