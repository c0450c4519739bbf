#ifndef TTEOK_BUILD_INFO_H
#define TTEOK_BUILD_INFO_H

/// The git commit this binary was built from ("abc1234", "abc1234-dirty"), or "unknown" when the
/// sources were not a git checkout. Package.swift passes it in as TTEOK_COMMIT.
const char *tteok_build_commit(void);

#endif
