#ifndef HOLDER_CLIBGIT2_SHIM_H
#define HOLDER_CLIBGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/transport.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one fixed-arity wrapper per option. */
static inline int holder_git_set_search_path(int level, const char *path) {
  return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}
#endif
