#ifndef HOLDER_CLIBGIT2_SHIM_H
#define HOLDER_CLIBGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/transport.h>
#endif
