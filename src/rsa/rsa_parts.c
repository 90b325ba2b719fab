/* SPDX-License-Identifier: ISC */
/* Placeholder: filled by the 0.3 work (issue 43). */
typedef int hwc_placeholder_rsa_parts;
