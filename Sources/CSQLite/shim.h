#ifndef HOLDER_CSQLITE_SHIM_H
#define HOLDER_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
