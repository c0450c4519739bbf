#ifndef TTEOK_CSQLITE_SHIM_H
#define TTEOK_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift cannot import: bind copies the bytes.
static inline sqlite3_destructor_type tteok_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
