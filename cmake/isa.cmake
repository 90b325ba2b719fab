# SPDX-License-Identifier: ISC
# Every instruction-set extension a kernel may use, declared once: its name
# (the /proc/cpuinfo flag), the compiler option that enables it, and the
# HWC_CPU_* bits (src/kernels.h) a CPU must have for code built with that
# option to run: the extension itself and everything the option implies in
# GCC or clang (-mavx2 turns on AVX, SSE4.1 and SSSE3 code generation too).
# hwc_kernel() derives a kernel file's compiler options and its table's
# `required` bits (HWC_REQUIRED) from one list of these names, and the `isa`
# test (tools/check-isa.py) checks the result against the compiler's own
# feature macros.

# hwc_isa(NAME OPTION BITS...): OPTION is a -m flag on x86_64 and a
# -march extension ("+aes") on aarch64.
macro(hwc_isa name option)
  set(HWC_ISA_${name}_OPTION "${option}")
  set(HWC_ISA_${name}_BITS ${ARGN})
endmacro()

set(_sse SSE41 SSSE3)
set(_avx AVX ${_sse})
set(_avx2 AVX2 ${_avx})
set(_avx512 AVX512F ${_avx2})
if(HWC_ARCH STREQUAL "x86_64")
  hwc_isa(ssse3 -mssse3 SSSE3)
  hwc_isa(sse4_1 -msse4.1 ${_sse})
  hwc_isa(aes -maes AESNI)
  hwc_isa(pclmulqdq -mpclmul PCLMUL)
  hwc_isa(sha_ni -msha SHANI)
  hwc_isa(avx -mavx ${_avx})
  hwc_isa(avx2 -mavx2 ${_avx2})
  hwc_isa(bmi2 -mbmi2 BMI2)
  hwc_isa(adx -madx ADX)
  hwc_isa(avx512f -mavx512f ${_avx512})
  hwc_isa(avx512bw -mavx512bw AVX512BW ${_avx512})
  hwc_isa(avx512vl -mavx512vl AVX512VL ${_avx512})
  hwc_isa(avx512ifma -mavx512ifma AVX512IFMA ${_avx512})
  # clang's -mvaes and -mvpclmulqdq also enable AES-NI or PCLMULQDQ and AVX.
  hwc_isa(vaes -mvaes VAES AESNI ${_avx})
  hwc_isa(vpclmulqdq -mvpclmulqdq VPCLMUL PCLMUL ${_avx})
elseif(HWC_ARCH STREQUAL "aarch64")
  hwc_isa(asimd "" ASIMD)
  # GCC 12's arm_neon.h declares the AES, PMULL, SHA-1 and SHA-256
  # intrinsics behind +crypto only, which enables all four at once; every
  # core with the crypto extension has the four, and compilers emit them
  # only from intrinsics.
  hwc_isa(aes +crypto ARM_AES ARM_PMULL ARM_SHA1 ARM_SHA2 ASIMD)
  hwc_isa(pmull +crypto ARM_AES ARM_PMULL ARM_SHA1 ARM_SHA2 ASIMD)
  hwc_isa(sha1 +crypto ARM_AES ARM_PMULL ARM_SHA1 ARM_SHA2 ASIMD)
  hwc_isa(sha2 +crypto ARM_AES ARM_PMULL ARM_SHA1 ARM_SHA2 ASIMD)
  # +sha3 enables SHA-512 and SHA-3 (EOR3, BCAX...) together, and SHA-2;
  # GCC 12 declares their intrinsics for Armv8.2-A only. SHA-512 exists
  # only from Armv8.2, so its cores have that version's mandatory features.
  hwc_isa(sha512 +sha3 ARM_SHA512 ARM_SHA3 ARM_SHA1 ARM_SHA2 ASIMD)
  set(HWC_ISA_sha512_ARCH armv8.2-a)
endif()

# The primitives, as the first word(s) of a kernel file's name and of its
# table's type (hwc_<prim>_kernel), in hwc_prim's order. The last two are
# AEAD pairs: their portable entry is "separate" (src/generic/<prim>_separate.c,
# the selected member tables composed by the protocol), not "generic".
set(HWC_PRIMS aes ghash chacha20 poly1305 fe25519 bignum sha256 sha512 sha1 aes_gcm chacha20_poly1305)
set(HWC_PAIRS aes_gcm chacha20_poly1305)

# hwc_prim_of(OUT TABLE): the primitive a table name <prim>_<impl> belongs
# to, the longest of HWC_PRIMS that it starts with ("aes_gcm_aesni" is an
# aes_gcm table, not an aes one); empty when none.
function(hwc_prim_of out table)
  set(best "")
  foreach(p ${HWC_PRIMS})
    string(LENGTH "${p}" n)
    string(LENGTH "${best}" bn)
    if(table MATCHES "^${p}_" AND n GREATER bn)
      set(best ${p})
    endif()
  endforeach()
  set(${out} "${best}" PARENT_SCOPE)
endfunction()

# hwc_kernel(FILE [PART] ISA...): a kernel file, the one declaration of a
# backend. Its compiler options and HWC_REQUIRED come from the ISA names;
# nothing in such a file may run before the dispatcher has checked that the
# CPU has HWC_REQUIRED. With no ISA names the kernel is the architecture's
# baseline (HWC_REQUIRED = 0), as the generic backend is. FILE
# src/<dir>/<prim>_<impl>.c defines the table hwc_<prim>_<impl>, which the
# registry lists (hwc_write_kernel_tables below) in the order of these
# lines; PART marks a file that holds more of another file's backend and
# defines no table. tools/check-kernels.py checks the files against this.
function(hwc_kernel file)
  set(options "")
  set(march "")
  set(arch armv8-a)
  set(bits "")
  set(isas ${ARGN})
  if(isas AND "${ARGV1}" STREQUAL "PART")
    list(REMOVE_AT isas 0)
  else()
    get_filename_component(table ${file} NAME_WE)
    hwc_prim_of(prim ${table})
    if(NOT prim)
      message(FATAL_ERROR "hwc_kernel(${file}): '${table}' names no primitive (${HWC_PRIMS})")
    endif()
    set_property(GLOBAL APPEND PROPERTY HWC_KERNEL_TABLES ${table})
  endif()
  foreach(isa ${isas})
    if(NOT DEFINED HWC_ISA_${isa}_BITS)
      message(FATAL_ERROR "hwc_kernel(${file}): unknown instruction set '${isa}' (cmake/isa.cmake)")
    endif()
    set(opt "${HWC_ISA_${isa}_OPTION}")
    if(opt MATCHES "^\\+")
      if(NOT march MATCHES "\\${opt}(\\+|$)")
        string(APPEND march "${opt}")
      endif()
    elseif(opt)
      list(APPEND options ${opt})
    endif()
    if(DEFINED HWC_ISA_${isa}_ARCH)
      set(arch ${HWC_ISA_${isa}_ARCH})
    endif()
    list(APPEND bits ${HWC_ISA_${isa}_BITS})
  endforeach()
  if(march)
    list(APPEND options "-march=${arch}${march}")
  endif()
  # GCC inserts VZEROUPPER (so that 256/512-bit code hands the caller clean
  # upper register halves, which Intel cores charge SSE code for otherwise)
  # only with -fexpensive-optimizations, which -O2 turns on and -O1 (the
  # sanitizer builds) and -O0 do not; -Os gets none at all. On here for
  # every x86_64 kernel; tests/test_vector_state.c checks the result.
  if(HWC_ARCH STREQUAL "x86_64" AND CMAKE_C_COMPILER_ID STREQUAL "GNU" AND options)
    list(APPEND options -fexpensive-optimizations)
  endif()
  list(REMOVE_DUPLICATES options)
  list(REMOVE_DUPLICATES bits)
  list(SORT bits)
  list(TRANSFORM bits PREPEND "HWC_CPU_")
  string(REPLACE ";" "|" required "${bits}")
  if(NOT required) # a baseline kernel (no extension): runs on every CPU of the architecture
    set(required 0)
  endif()
  set(HWC_SOURCES ${HWC_SOURCES} ${file} PARENT_SCOPE)
  set_source_files_properties(${file} PROPERTIES COMPILE_OPTIONS "${options}"
    COMPILE_DEFINITIONS "HWC_REQUIRED=(${required})")
endfunction()

# hwc_write_kernel_tables(OUT): writes the header that dispatch/registry.c
# includes: an extern declaration of every table the hwc_kernel() lines
# named, and per primitive the list HWC_TABLES_<prim> of their headers,
# generic first (its lines come first), then in the order of the lines.
function(hwc_write_kernel_tables out)
  get_property(tables GLOBAL PROPERTY HWC_KERNEL_TABLES)
  set(text "/* Generated by cmake/isa.cmake from the hwc_kernel() lines of CMakeLists.txt. */\n")
  foreach(t ${tables})
    hwc_prim_of(prim ${t})
    string(APPEND text "extern const hwc_${prim}_kernel hwc_${t};\n")
    list(APPEND list_${prim} "&hwc_${t}.info")
  endforeach()
  foreach(prim ${HWC_PRIMS})
    string(REPLACE ";" ", " items "${list_${prim}}")
    string(APPEND text "#define HWC_TABLES_${prim} ${items}\n")
  endforeach()
  file(CONFIGURE OUTPUT ${out} CONTENT "${text}")
endfunction()
