/* SPDX-License-Identifier: ISC */
/*
 * Running a provider test once per hwcrypto backend of the SHA primitives
 * (sha256, sha512, sha1) this CPU can run. The module reads HWCRYPTO_IMPL
 * when it loads, so each backend set needs a process of its own: the
 * program runs its body under the selection it was started with, then
 * starts itself again with HWCRYPTO_IMPL=sha256=A,sha512=B,sha1=C for
 * every index up to the longest list of supported implementations (a
 * shorter list repeats its last), and in each such run first checks,
 * through the provider parameter "hwcrypto-selected", that the module
 * selected what was forced.
 */
#ifndef HWCRYPTO_PROVIDER_PT_IMPLS_H
#define HWCRYPTO_PROVIDER_PT_IMPLS_H

/* Sets up (pt_setup), runs body, finishes (pt_finish), then the runs
 * under each forced backend set; the exit status of the whole: 0 only
 * when every run passed. */
int pt_impls_main(char **argv, void (*body)(void));

#endif
