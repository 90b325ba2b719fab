/* SPDX-License-Identifier: ISC */
/*
 * The switch of the kernels' call counters (HWC_COUNT_CALL in
 * src/kernels.h). Off in every program; the test suite turns it on through
 * hwc_testing_count_calls (dispatch/dispatch.c) to prove which backend ran,
 * in the same objects that ship, and on an aarch64 CPU with FEAT_DIT also
 * counts the kernel calls that ran without PSTATE.DIT. Written only while
 * no kernel runs on another thread (the tests select and count from one
 * thread).
 */
#include "src/kernels.h"

int hwc_counting_calls;
int hwc_dit_expected;
unsigned long hwc_calls_without_dit;
