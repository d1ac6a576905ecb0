#ifndef HOLDER_CSYSTEMSHIMS_H
#define HOLDER_CSYSTEMSHIMS_H
/* glibc declares syncfs only under _GNU_SOURCE, which Swift's Glibc module does not set. */
#define _GNU_SOURCE
#include <unistd.h>
#include <malloc.h>
#include <string.h>

static inline int holder_syncfs(int fd) { return syncfs(fd); }
/* Gives the heap's free pages back to the system (the web app, after replacing its index). */
static inline int holder_malloc_trim(void) { return malloc_trim(0); }
/* memmem (also _GNU_SOURCE): a search's one pass over every bookmark's folded text. */
static inline void *holder_memmem(const void *haystack, size_t haystack_length,
                                  const void *needle, size_t needle_length) {
  return memmem(haystack, haystack_length, needle, needle_length);
}
/* Closes every descriptor from `from` up in a spawned child (glibc 2.34). Declared here by
   its symbol rather than through <spawn.h>: that header under _GNU_SOURCE defines fd_set
   unlike the other modules that include it, and a clean build refuses the two. `actions`
   is a posix_spawn_file_actions_t. */
int holder_spawn_addclosefrom(void *actions, int from)
    __asm__("posix_spawn_file_actions_addclosefrom_np");
static inline int holder_spawn_close_from(void *actions, int from) {
  return holder_spawn_addclosefrom(actions, from);
}
/* Starts a spawned child in `path` (glibc 2.29), declared the same way for the same reason. */
int holder_spawn_addchdir(void *actions, const char *path)
    __asm__("posix_spawn_file_actions_addchdir_np");
static inline int holder_spawn_change_directory(void *actions, const char *path) {
  return holder_spawn_addchdir(actions, path);
}
#endif
