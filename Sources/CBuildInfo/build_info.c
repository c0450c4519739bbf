// The commit is a string define from Package.swift (Swift has no string-valued compile-time
// defines, a C target has): baked in by every build, with no generated file to keep or restore.
#include "build_info.h"

#ifndef TTEOK_COMMIT
#define TTEOK_COMMIT "unknown"
#endif

const char *tteok_build_commit(void) { return TTEOK_COMMIT; }
