#!/usr/bin/env bash
# Builds the release tteok that scripts/install.sh installs and scripts/run.sh runs, and prints
# its path. One place for the flags: the Swift runtime linked in (the binary needs no toolchain),
# symbols stripped, and the commit stamped in for `tteok --version` (TTEOK_STAMP_COMMIT=1 asks
# Package.swift for it; `--manifest-cache none`, as a cached manifest would keep an old one).
# Environment: TTEOK_SCRATCH_PATH, SwiftPM's build folder (default .build).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRATCH="${TTEOK_SCRATCH_PATH:-$ROOT/.build}"
TTEOK_STAMP_COMMIT=1 swift build --package-path "$ROOT" --scratch-path "$SCRATCH" -c release --product tteok \
    --static-swift-stdlib --manifest-cache none -Xlinker --strip-all </dev/null >&2
echo "$SCRATCH/release/tteok"
