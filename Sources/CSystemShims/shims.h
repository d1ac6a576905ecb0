#ifndef HOLDER_CSYSTEMSHIMS_H
#define HOLDER_CSYSTEMSHIMS_H
/* glibc declares syncfs only under _GNU_SOURCE, which Swift's Glibc module does not set. */
#define _GNU_SOURCE
#include <unistd.h>
#include <malloc.h>
#include <string.h>
#include <spawn.h>

static inline int holder_syncfs(int fd) { return syncfs(fd); }
/* Gives the heap's free pages back to the system (the web app, after replacing its index). */
static inline int holder_malloc_trim(void) { return malloc_trim(0); }
/* memmem (also _GNU_SOURCE): a search's one pass over every bookmark's folded text. */
static inline void *holder_memmem(const void *haystack, size_t haystack_length,
                                  const void *needle, size_t needle_length) {
  return memmem(haystack, haystack_length, needle, needle_length);
}
/* Closes every descriptor from `from` up in a spawned child (glibc 2.34, _GNU_SOURCE). */
static inline int holder_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
  return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
#endif
