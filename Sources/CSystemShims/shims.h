#ifndef HOLDER_CSYSTEMSHIMS_H
#define HOLDER_CSYSTEMSHIMS_H
/* glibc declares syncfs only under _GNU_SOURCE, which Swift's Glibc module does not set. */
#define _GNU_SOURCE
#include <unistd.h>

static inline int holder_syncfs(int fd) { return syncfs(fd); }
#endif
