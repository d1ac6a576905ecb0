#ifndef HOLDER_CLIBGIT2_SHIM_H
#define HOLDER_CLIBGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/transport.h>
/* git_repository_set_index: an index written beside git's while holder-git holds index.lock. */
#include <git2/sys/repository.h>
/* zlib, which libgit2 links too: PackWriter deflates objects itself. */
#include <zlib.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one fixed-arity wrapper per option. */
static inline int holder_git_set_search_path(int level, const char *path) {
  return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}

/* Whether libgit2 fsyncs every object, ref and index it writes. */
static inline int holder_git_set_fsync_gitdir(int enabled) {
  return git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, enabled);
}

/* HTTP pushes to git-http-backend with authentication need "Expect: 100-continue". */
static inline int holder_git_enable_http_expect_continue(void) {
  return git_libgit2_opts(GIT_OPT_ENABLE_HTTP_EXPECT_CONTINUE, 1);
}
/* Whether libgit2 re-hashes every object it reads to check it; off while a cache reads
   thousands of trees and blobs of its own repository. */
static inline int holder_git_set_strict_hash_verification(int enabled) {
  return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

/* The largest object of `type` libgit2 keeps in its object cache once read (4,096 bytes
   for trees by default, so a large store's folder trees were inflated again on every read). */
static inline int holder_git_set_cache_object_limit(git_object_t type, size_t size) {
  return git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, type, size);
}

/* Where TLS looks for trusted CA certificates (GIT_SSL_CAINFO, http.sslCAInfo): either may be NULL. */
static inline int holder_git_set_ssl_cert_locations(const char *file, const char *path) {
  return git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, path);
}

/* The ssh subtransport's C objects: libgit2 hands back the embedded parent, which is the first
   member, so a pointer to it is a pointer to the whole; `owner` is the Swift object behind it. */
typedef struct {
  git_smart_subtransport_stream parent;
  void *owner;
} holder_ssh_stream;

typedef struct {
  git_smart_subtransport parent;
  git_transport *transport;
  void *owner;
} holder_ssh_subtransport;
#endif
