/* SPDX-License-Identifier: ISC */
/* Which algorithms the provider offers on this CPU (hwcp_offer.c). */
#ifndef HWCRYPTO_PROVIDER_HWCP_OFFER_H
#define HWCRYPTO_PROVIDER_HWCP_OFFER_H

#include "hwcp.h"

/* Reads the provider's openssl.cnf parameters (offer, enable, disable)
 * and prepares p->offered_text. 0 on a bad parameter value (the provider
 * then does not load, and says why on the error queue) or no memory. */
int hwcp_offer_init(hwcp_prov *p);

/* 1 if the record is offered: the same answer every time for one p. */
int hwcp_offer_decide(const hwcp_prov *p, const hwcp_alg *a);

/* Frees what hwcp_offer_init allocated. */
void hwcp_offer_free(hwcp_prov *p);

#endif
