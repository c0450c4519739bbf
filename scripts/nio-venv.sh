#!/usr/bin/env bash
# The independent Matrix peer of the tests: matrix-nio with end-to-end encryption (python-olm),
# in a venv shared by every checkout on the machine. Prints the venv's python.
#
#   scripts/nio-venv.sh        install once (under a lock; a later call only checks), print the path
#
# python-olm builds against Debian's libolm (scripts/install-packages.sh installs libolm-dev).
# Environment: TTEOK_NIO_VENV overrides the venv location (default ~/.cache/tteok-nio-venv).
set -euo pipefail

VENV="${TTEOK_NIO_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/tteok-nio-venv}"
PY="$VENV/bin/python"

log() { echo "nio-venv.sh: $*" >&2; }

installed() { "$PY" -c 'import nio, olm; from nio.crypto import ENCRYPTION_ENABLED; assert ENCRYPTION_ENABLED' 2>/dev/null; }

mkdir -p "$(dirname "$VENV")"
(
    flock 9
    installed && exit 0
    log "installing matrix-nio[e2e] and python-olm into $VENV (once)"
    if ! pkg-config --exists olm 2>/dev/null; then
        log "libolm-dev is missing: run scripts/install-packages.sh"
        exit 1
    fi
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "matrix-nio[e2e]==0.26.0" "python-olm==3.2.16" >&2
    installed || { log "matrix-nio installed without encryption support"; exit 1; }
) 9>"$VENV.lock"
echo "$PY"
