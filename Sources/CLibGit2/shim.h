#ifndef HOLDER_CLIBGIT2_SHIM_H
#define HOLDER_CLIBGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/transport.h>
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
#endif
