/* SPDX-License-Identifier: ISC */
/* Placeholder: filled in by the SHA-1 / HMAC / HKDF work in progress. */
