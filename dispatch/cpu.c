/* SPDX-License-Identifier: ISC */
/*
 * CPU feature probe.
 *
 * x86_64: libcpuid reads CPUID (vendor, brand string, raw leaves); the
 * feature bits are decoded from its raw leaves, see below. A CPU flag alone is not enough for vector code: the OS must save
 * the wider registers on context switch, which XCR0 tells (XGETBV). AVX and
 * AVX2 need XCR0 bits 1-2 (SSE, YMM), AVX-512 additionally bits 5-7 (opmask,
 * ZMM_Hi256, Hi16_ZMM). XGETBV may only run when CPUID.1:ECX.OSXSAVE is set.
 *
 * aarch64: the kernel's HWCAP words (getauxval); on macOS, sysctlbyname.
 * Elsewhere: no features, generic code only.
 *
 * The identity (vendor, family, model: dispatch.h) only steers the choice
 * among implementations that the features already allow; an identity that
 * cannot be read is 0, which no selection rule names.
 */
#include <stdio.h>
#include <string.h>

#include "dispatch.h"

typedef struct {
  uint32_t bit;
  const char *name;
} feature_name;

#if defined(__x86_64__)
#include <libcpuid.h>

#include "src/common/msan.h"

static const feature_name names[] = {
    {HWC_CPU_SSSE3, "ssse3"},       {HWC_CPU_SSE41, "sse4_1"},
    {HWC_CPU_AESNI, "aes"},         {HWC_CPU_PCLMUL, "pclmulqdq"},
    {HWC_CPU_AVX, "avx"},           {HWC_CPU_AVX2, "avx2"},
    {HWC_CPU_BMI2, "bmi2"},         {HWC_CPU_ADX, "adx"},
    {HWC_CPU_SHANI, "sha_ni"},      {HWC_CPU_AVX512F, "avx512f"},
    {HWC_CPU_AVX512BW, "avx512bw"}, {HWC_CPU_AVX512VL, "avx512vl"},
    {HWC_CPU_AVX512IFMA, "avx512ifma"}, {HWC_CPU_VAES, "vaes"},
    {HWC_CPU_VPCLMUL, "vpclmulqdq"},
};

/* libcpuid must stay silent inside a library. */
static void quiet(const char *msg) { (void)msg; }

/* XGETBV by inline asm: the _xgetbv intrinsic needs -mxsave, and this file is
 * built for baseline x86-64 (it is reachable on every CPU). It is only run
 * once OSXSAVE says the instruction exists. */
static uint64_t xgetbv0(void) {
  uint32_t lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (uint64_t)hi << 32 | lo;
}

void hwc_cpu_probe(hwc_cpu_info *out) {
  memset(out, 0, sizeof *out);
  cpuid_set_warn_function(quiet);
  cpuid_set_verbosiness_level(0);
  struct cpu_raw_data_t raw;
  struct cpu_id_t id;
  if (!cpuid_present() || cpuid_get_raw_data(&raw) != 0 || cpu_identify(&raw, &id) != 0) {
    strcpy(out->vendor, "unknown");
    strcpy(out->model, "unknown x86_64");
    return;
  }
  /* libcpuid is not built with MemorySanitizer: what it wrote still looks
   * uninitialised to an MSan build (the constant-time check, tests/CT.md). */
  hwc_msan_clean(&raw, sizeof raw);
  hwc_msan_clean(&id, sizeof id);
  snprintf(out->vendor, sizeof out->vendor, "%s", id.vendor_str);
  snprintf(out->model, sizeof out->model, "%s", id.brand_str);
  for (size_t n = strlen(out->model); n && out->model[n - 1] == ' '; n--) out->model[n - 1] = 0;

  /* Displayed family and model from leaf 1 EAX, computed as Linux does
   * (arch/x86/lib/cpu.c): the extended family counts only when the base
   * family is 15, the extended model when the family is 6 or more. */
  uint32_t sig = raw.basic_cpuid[1][0];
  out->family = sig >> 8 & 0xf;
  if (out->family == 0xf) out->family += sig >> 20 & 0xff;
  out->model_id = sig >> 4 & 0xf;
  if (out->family >= 6) out->model_id |= (sig >> 16 & 0xf) << 4;

  /* Feature bits straight from the raw leaves libcpuid read: its decoded
   * flags in 0.6.2 miss AVX-512 on AMD CPUs and have no VAES, VPCLMULQDQ or
   * IFMA at all. Leaf 1 ECX and leaf 7 (sub-leaf 0) EBX/ECX, per the Intel
   * SDM / AMD APM bit assignments. */
  static const struct { uint8_t leaf, reg, bit; uint32_t feature; } bits[] = {
      {1, 2, 9, HWC_CPU_SSSE3},  {1, 2, 19, HWC_CPU_SSE41},  {1, 2, 25, HWC_CPU_AESNI},
      {1, 2, 1, HWC_CPU_PCLMUL}, {1, 2, 28, HWC_CPU_AVX},    {7, 1, 5, HWC_CPU_AVX2},
      {7, 1, 8, HWC_CPU_BMI2},   {7, 1, 19, HWC_CPU_ADX},    {7, 1, 29, HWC_CPU_SHANI},
      {7, 1, 16, HWC_CPU_AVX512F}, {7, 1, 30, HWC_CPU_AVX512BW}, {7, 1, 31, HWC_CPU_AVX512VL},
      {7, 1, 21, HWC_CPU_AVX512IFMA}, {7, 2, 9, HWC_CPU_VAES}, {7, 2, 10, HWC_CPU_VPCLMUL},
  };
  uint32_t max_leaf = raw.basic_cpuid[0][0], f = 0;
  for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++)
    if (bits[i].leaf <= max_leaf && (raw.basic_cpuid[bits[i].leaf][bits[i].reg] >> bits[i].bit & 1))
      f |= bits[i].feature;

  /* OS support for the register files. Without YMM state no AVX-family
   * feature may be used (VAES and VPCLMULQDQ are VEX/EVEX encoded too). */
  uint32_t avx_family = HWC_CPU_AVX | HWC_CPU_AVX2 | HWC_CPU_VAES | HWC_CPU_VPCLMUL;
  uint32_t avx512_family = HWC_CPU_AVX512F | HWC_CPU_AVX512BW | HWC_CPU_AVX512VL | HWC_CPU_AVX512IFMA;
  uint64_t xcr0 = (raw.basic_cpuid[1][2] >> 27 & 1) ? xgetbv0() : 0;
  if ((xcr0 & 0x6) != 0x6) f &= ~(avx_family | avx512_family);
  if ((xcr0 & 0xe6) != 0xe6) f &= ~avx512_family;
  out->features = f;
}

#elif defined(__aarch64__) && defined(__APPLE__)
#include <sys/sysctl.h>

static const feature_name names[] = {
    {HWC_CPU_ASIMD, "asimd"}, {HWC_CPU_ARM_AES, "aes"}, {HWC_CPU_ARM_PMULL, "pmull"},
    {HWC_CPU_ARM_SHA1, "sha1"}, {HWC_CPU_ARM_SHA2, "sha2"}, {HWC_CPU_ARM_SHA512, "sha512"},
    {HWC_CPU_ARM_SHA3, "sha3"},
};

static int sysctl_flag(const char *name) {
  int v = 0;
  size_t len = sizeof v;
  return sysctlbyname(name, &v, &len, NULL, 0) == 0 && v != 0;
}

void hwc_cpu_probe(hwc_cpu_info *out) {
  memset(out, 0, sizeof *out);
  strcpy(out->vendor, "Apple");
  size_t len = sizeof out->model - 1;
  if (sysctlbyname("machdep.cpu.brand_string", out->model, &len, NULL, 0) != 0)
    strcpy(out->model, "unknown arm64");
  uint32_t f = HWC_CPU_ASIMD; /* mandatory on arm64 macOS */
  if (sysctl_flag("hw.optional.arm.FEAT_AES")) f |= HWC_CPU_ARM_AES;
  if (sysctl_flag("hw.optional.arm.FEAT_PMULL")) f |= HWC_CPU_ARM_PMULL;
  if (sysctl_flag("hw.optional.arm.FEAT_SHA1")) f |= HWC_CPU_ARM_SHA1;
  if (sysctl_flag("hw.optional.arm.FEAT_SHA256")) f |= HWC_CPU_ARM_SHA2;
  if (sysctl_flag("hw.optional.arm.FEAT_SHA512")) f |= HWC_CPU_ARM_SHA512;
  if (sysctl_flag("hw.optional.arm.FEAT_SHA3")) f |= HWC_CPU_ARM_SHA3;
  out->features = f;
}

#elif defined(__aarch64__)
#include <sys/auxv.h>

static const feature_name names[] = {
    {HWC_CPU_ASIMD, "asimd"}, {HWC_CPU_ARM_AES, "aes"}, {HWC_CPU_ARM_PMULL, "pmull"},
    {HWC_CPU_ARM_SHA1, "sha1"}, {HWC_CPU_ARM_SHA2, "sha2"}, {HWC_CPU_ARM_SHA512, "sha512"},
    {HWC_CPU_ARM_SHA3, "sha3"}, {HWC_CPU_ARM_DIT, "dit"},
};

/* Linux AT_HWCAP bits (arch/arm64/include/uapi/asm/hwcap.h), spelled out so
 * the file builds against old headers too. */
#define HWCAP_BIT_ASIMD (1ul << 1)
#define HWCAP_BIT_AES (1ul << 3)
#define HWCAP_BIT_PMULL (1ul << 4)
#define HWCAP_BIT_SHA1 (1ul << 5)
#define HWCAP_BIT_SHA2 (1ul << 6)
#define HWCAP_BIT_SHA3 (1ul << 17)
#define HWCAP_BIT_SHA512 (1ul << 21)
#define HWCAP_BIT_CPUID (1ul << 11)
#define HWCAP_BIT_DIT (1ul << 24)

/* FEAT_DIT: HWCAP_DIT, or the DIT field (bits 51:48) of ID_AA64PFR0_EL1,
 * which the kernel lets user space read when it sets HWCAP_CPUID (qemu-user
 * 7.2 implements DIT under -cpu max without the HWCAP bit). */
static int has_dit(unsigned long hw) {
  if (hw & HWCAP_BIT_DIT) return 1;
  if (!(hw & HWCAP_BIT_CPUID)) return 0;
  uint64_t pfr0;
  __asm__ volatile("mrs %0, ID_AA64PFR0_EL1" : "=r"(pfr0));
  return (pfr0 >> 48 & 15) != 0;
}

/* MIDR_EL1 from sysfs ("0x00000000410fd0c1"), or the "CPU implementer" and
 * "CPU part" lines of /proc/cpuinfo; implementer is bits 31:24, part 15:4.
 * Either may be missing (qemu-user shows the host's files, some containers
 * hide sysfs): then both stay 0. */
static void read_midr(unsigned *implementer, unsigned *part) {
  FILE *f = fopen("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1", "r");
  unsigned long long midr;
  if (f) {
    int ok = fscanf(f, "%llx", &midr) == 1;
    fclose(f);
    if (ok) {
      *implementer = (unsigned)(midr >> 24 & 0xff);
      *part = (unsigned)(midr >> 4 & 0xfff);
      return;
    }
  }
  f = fopen("/proc/cpuinfo", "r");
  if (!f) return;
  char line[256];
  unsigned impl = 0, prt = 0;
  int have = 0;
  /* The first processor's lines: stop once both are read. */
  while (have != 3 && fgets(line, sizeof line, f)) {
    char *colon = strchr(line, ':');
    if (!colon) continue;
    if (strncmp(line, "CPU implementer", 15) == 0 && sscanf(colon + 1, "%x", &impl) == 1) have |= 1;
    if (strncmp(line, "CPU part", 8) == 0 && sscanf(colon + 1, "%x", &prt) == 1) have |= 2;
  }
  fclose(f);
  if (have == 3) {
    *implementer = impl & 0xff;
    *part = prt & 0xfff;
  }
}

void hwc_cpu_probe(hwc_cpu_info *out) {
  memset(out, 0, sizeof *out);
  strcpy(out->vendor, "arm");
  strcpy(out->model, "aarch64");
  read_midr(&out->family, &out->model_id);
  unsigned long hw = getauxval(AT_HWCAP);
  uint32_t f = 0;
  if (hw & HWCAP_BIT_ASIMD) f |= HWC_CPU_ASIMD;
  if (hw & HWCAP_BIT_AES) f |= HWC_CPU_ARM_AES;
  if (hw & HWCAP_BIT_PMULL) f |= HWC_CPU_ARM_PMULL;
  if (hw & HWCAP_BIT_SHA1) f |= HWC_CPU_ARM_SHA1;
  if (hw & HWCAP_BIT_SHA2) f |= HWC_CPU_ARM_SHA2;
  if (hw & HWCAP_BIT_SHA512) f |= HWC_CPU_ARM_SHA512;
  if (hw & HWCAP_BIT_SHA3) f |= HWC_CPU_ARM_SHA3;
  if (has_dit(hw)) f |= HWC_CPU_ARM_DIT;
  out->features = f;
}

#else
static const feature_name names[1] = {{0, "none"}};

void hwc_cpu_probe(hwc_cpu_info *out) {
  memset(out, 0, sizeof *out);
  strcpy(out->vendor, "unknown");
  strcpy(out->model, "unknown");
}
#endif

size_t hwc_cpu_feature_count(void) { return names[0].bit ? sizeof names / sizeof names[0] : 0; }
const char *hwc_cpu_feature_name(size_t i) { return names[i].name; }
uint32_t hwc_cpu_feature_bit(size_t i) { return names[i].bit; }
