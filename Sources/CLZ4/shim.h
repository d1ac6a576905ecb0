#ifndef HOLDER_CLZ4_SHIM_H
#define HOLDER_CLZ4_SHIM_H
/* Debian's liblz4 (liblz4-dev): only its block format, which Firefox's mozLz4 files hold. */
#include <lz4.h>
#endif
