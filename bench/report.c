/* SPDX-License-Identifier: ISC */
/*
 * Helpers the report writers share: throughput of a figure, its generic
 * baseline, the peer figures beside it, its distance from the
 * instruction-throughput bound, the fields of hwc_cpu_summary(),
 * which rows are scenarios.
 */
#include <string.h>

#include "report.h"

double bench_result_rate(const bench_result *r) {
  if (r->row->kind == BENCH_BULK) return (double)r->size / r->fig.median_ns;
  return 1e9 / r->fig.median_ns;
}

double bench_result_x_bound(const bench_result *r) {
  if (r->row->kind != BENCH_BULK || r->st != BENCH_MEASURED || !(r->bound_cpb > 0) || r->size == 0) return 0;
  return r->fig.ticks / (double)r->size / r->bound_cpb;
}

const bench_result *bench_generic_of(const bench_report *rep, const bench_result *r) {
  for (size_t i = 0; i < rep->n_results; i++) {
    const bench_result *g = &rep->results[i];
    if (g->row == r->row && g->size == r->size && g->st == BENCH_MEASURED &&
        strcmp(g->impl, "generic") == 0)
      return g;
  }
  return NULL;
}

int bench_result_is_peer(const bench_result *r) {
  return r->source && strcmp(r->source, BENCH_SOURCE_HWCRYPTO) != 0;
}

const bench_result *bench_peer_result(const bench_report *rep, const bench_result *r, const char *id) {
  if (!r->selected || bench_result_is_peer(r) || r->st != BENCH_MEASURED) return NULL;
  for (size_t i = 0; i < rep->n_results; i++) {
    const bench_result *p = &rep->results[i];
    if (p->row == r->row && p->size == r->size && p->st == BENCH_MEASURED && bench_result_is_peer(p) &&
        strcmp(p->source, id) == 0)
      return p;
  }
  return NULL;
}

double bench_peer_ratio(const bench_result *peer) { return peer->fig.median_ns / peer->pair.median_ns; }

const char *bench_peer_name(const bench_report *rep, const char *id) {
  for (size_t i = 0; i < rep->n_peers; i++)
    if (strcmp(rep->peers[i].id, id) == 0) return rep->peers[i].name;
  return id;
}

const char *bench_summary_field(const char *s, const char *key, size_t *len) {
  static const char *const keys[] = {"vendor: ", "model: ", "features: ", "masked: ", "profile: "};
  const char *p = strstr(s, key);
  if (!p) {
    *len = 0;
    return "";
  }
  p += strlen(key);
  const char *end = p + strlen(p);
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
    char sep[32];
    strcpy(sep, "; ");
    strcat(sep, keys[k]);
    const char *q = strstr(p, sep);
    if (q && q < end) end = q;
  }
  *len = (size_t)(end - p);
  return p;
}

/* Scenarios model what an application does (a loop of calls, a signed
 * request) rather than one primitive: they are read on their own. The
 * loop through PHP (sodium-loop-php) sits with the C loop it mirrors. */
const char *bench_scenario_of(const char *name) {
  if (strcmp(name, "sodium-loop") == 0 || strcmp(name, "sodium-loop-php") == 0) return "Scenario: sodium-loop";
  if (strncmp(name, "request-signing", 15) == 0) return "Scenario: request-signing";
  if (strncmp(name, "handshakes-", 11) == 0) return "Scenario: handshakes";
  return NULL;
}
