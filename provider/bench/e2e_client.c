/* SPDX-License-Identifier: ISC */
/*
 * e2e_client: the load generator of nginx_e2e.sh. HTTPS over TLS 1.3
 * (TLS_AES_128_GCM_SHA256, X25519 only) to 127.0.0.1, with OpenSSL's
 * default provider alone: no configuration file is read, and it refuses
 * to run if a hwcrypto provider is loaded anyway, so the client's side of
 * the figures never changes between the runs being compared.
 *
 *   e2e_client bulk PORT CAFILE PATH CONNS COUNT [OUT]
 *     CONNS threads, one keep-alive connection each, COUNT GETs of PATH
 *     each; the first body of thread 0 is written to OUT (the script
 *     checks its SHA-256).
 *   e2e_client hs PORT CAFILE PATH CONNS COUNT
 *     CONNS threads, COUNT connections each: a full handshake (session
 *     cache and tickets off, a resumed session is an error), one GET with
 *     "Connection: close", close_notify, close.
 *
 * Prints one line: what the first connection negotiated, then the totals.
 * Exit 0 only if every response was a 200 of the expected length.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>

typedef struct job {
  SSL_CTX *ctx;
  int id, hs, count;
  long long bytes, requests, handshakes, resumed;
  const char *out;
  int failed;
} job;

static int port;
static const char *path;
static char negotiated[160];
static pthread_mutex_t neg_lock = PTHREAD_MUTEX_INITIALIZER;

/* A TCP connection to 127.0.0.1:port, Nagle off as nginx has it. */
static int dial(void) {
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((unsigned short)port)};
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
  if (fd < 0) return -1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

/* The TLS session on fd, handshake done and the peer's certificate checked
 * against the CA file for "localhost"; records what the first one got. */
static SSL *tls_open(job *j, int fd) {
  SSL *s = SSL_new(j->ctx);
  if (!s || !SSL_set_fd(s, fd) || !SSL_set1_host(s, "localhost") || SSL_connect(s) != 1) {
    SSL_free(s);
    return NULL;
  }
  j->handshakes++;
  j->resumed += SSL_session_reused(s);
  pthread_mutex_lock(&neg_lock);
  if (!negotiated[0]) {
    int sig = 0, grp = SSL_get_negotiated_group(s);
    SSL_get_peer_signature_type_nid(s, &sig);
    snprintf(negotiated, sizeof negotiated, "%s %s %s %s", SSL_get_version(s), SSL_get_cipher_name(s),
             OBJ_nid2sn(grp), OBJ_nid2sn(sig));
  }
  pthread_mutex_unlock(&neg_lock);
  return s;
}

/* One GET of path on s: reads the head, then exactly Content-Length bytes
 * of body (written to f when given). The body length, or -1. */
static long long get(SSL *s, int close_after, FILE *f) {
  static _Thread_local char buf[1 << 16];
  char req[256];
  int n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: localhost\r\n%s\r\n", path,
                   close_after ? "Connection: close\r\n" : "");
  if (SSL_write(s, req, n) != n) return -1;
  size_t have = 0;
  char *end = NULL;
  while (!end) { /* the head: up to the blank line */
    if (have == sizeof buf - 1) return -1;
    int r = SSL_read(s, buf + have, (int)(sizeof buf - 1 - have));
    if (r <= 0) return -1;
    have += (size_t)r;
    buf[have] = 0;
    end = strstr(buf, "\r\n\r\n");
  }
  long long len = -1;
  if (strncmp(buf, "HTTP/1.1 200 ", 13) != 0) return -1;
  for (char *line = strstr(buf, "\r\n") + 2; line < end; line = strstr(line, "\r\n") + 2)
    if (strncasecmp(line, "Content-Length:", 15) == 0) len = atoll(line + 15);
  if (len < 0) return -1;
  size_t off = (size_t)(end + 4 - buf);
  long long got = (long long)(have - off);
  if (got > len) return -1; /* nothing may follow the body */
  if (f && got) fwrite(buf + off, 1, (size_t)got, f);
  while (got < len) {
    long long want = len - got;
    int r = SSL_read(s, buf, want < (long long)sizeof buf ? (int)want : (int)sizeof buf);
    if (r <= 0) return -1;
    if (f) fwrite(buf, 1, (size_t)r, f);
    got += r;
  }
  return len;
}

/* A thread's work (bulk: one connection, count requests; hs: count
 * connections of one request each); failures counted in j->failed. */
static void *run(void *arg) {
  job *j = arg;
  for (int c = 0; c < (j->hs ? j->count : 1) && !j->failed; c++) {
    int fd = dial();
    SSL *s = fd >= 0 ? tls_open(j, fd) : NULL;
    for (int r = 0; s && r < (j->hs ? 1 : j->count); r++) {
      FILE *f = j->out && j->id == 0 && r == 0 ? fopen(j->out, "wb") : NULL;
      long long len = get(s, j->hs, f);
      if (f) fclose(f);
      if (len < 0) break;
      j->bytes += len;
      j->requests++;
    }
    if (s) SSL_shutdown(s); /* close_notify; the server's is not awaited */
    if (!s || j->requests != (j->hs ? c + 1 : j->count)) j->failed = 1;
    SSL_free(s);
    if (fd >= 0) close(fd);
  }
  ERR_clear_error();
  return NULL;
}

/* The client's TLS configuration: TLS 1.3, the one suite and group, the CA
 * file, no session cache and no tickets (every handshake a full one). */
static SSL_CTX *context(const char *cafile) {
  SSL_CTX *c = SSL_CTX_new(TLS_client_method());
  if (!c) return NULL;
  SSL_CTX_set_verify(c, SSL_VERIFY_PEER, NULL);
  SSL_CTX_set_session_cache_mode(c, SSL_SESS_CACHE_OFF);
  SSL_CTX_set_options(c, SSL_OP_NO_TICKET);
  if (!SSL_CTX_set_min_proto_version(c, TLS1_3_VERSION) || !SSL_CTX_set_max_proto_version(c, TLS1_3_VERSION) ||
      !SSL_CTX_set_ciphersuites(c, "TLS_AES_128_GCM_SHA256") || !SSL_CTX_set1_groups_list(c, "X25519") ||
      !SSL_CTX_load_verify_locations(c, cafile, NULL)) {
    SSL_CTX_free(c);
    return NULL;
  }
  return c;
}

int main(int argc, char **argv) {
  if (argc < 7 || (strcmp(argv[1], "bulk") && strcmp(argv[1], "hs"))) {
    fprintf(stderr, "usage: e2e_client bulk|hs PORT CAFILE PATH CONNS COUNT [OUT]\n");
    return 2;
  }
  /* no openssl.cnf, so no provider but the default one */
  if (!OPENSSL_init_ssl(OPENSSL_INIT_NO_LOAD_CONFIG, NULL) || OSSL_PROVIDER_available(NULL, "hwcrypto")) {
    fprintf(stderr, "e2e_client: OpenSSL did not start with the default provider alone\n");
    return 1;
  }
  signal(SIGPIPE, SIG_IGN); /* a write after the server closed: an error, not death */
  port = atoi(argv[2]);
  path = argv[4];
  int conns = atoi(argv[5]), count = atoi(argv[6]);
  SSL_CTX *ctx = context(argv[3]);
  if (!ctx || conns < 1 || conns > 256 || count < 1) {
    fprintf(stderr, "e2e_client: bad arguments or TLS configuration\n");
    ERR_print_errors_fp(stderr);
    return 2;
  }
  job jobs[256];
  pthread_t t[256];
  for (int i = 0; i < conns; i++) {
    jobs[i] = (job){.ctx = ctx, .id = i, .hs = argv[1][0] == 'h', .count = count, .out = argc > 7 ? argv[7] : NULL};
    if (pthread_create(&t[i], NULL, run, &jobs[i]) != 0) return 1;
  }
  long long bytes = 0, requests = 0, handshakes = 0, resumed = 0;
  int failed = 0;
  for (int i = 0; i < conns; i++) {
    pthread_join(t[i], NULL);
    bytes += jobs[i].bytes;
    requests += jobs[i].requests;
    handshakes += jobs[i].handshakes;
    resumed += jobs[i].resumed;
    failed |= jobs[i].failed;
  }
  printf("negotiated %s requests %lld bytes %lld handshakes %lld resumed %lld\n", negotiated[0] ? negotiated : "-",
         requests, bytes, handshakes, resumed);
  SSL_CTX_free(ctx);
  if (failed) fprintf(stderr, "e2e_client: a connection or request failed\n");
  return failed || resumed ? 1 : 0;
}
