#!/usr/bin/env bash
# tteok's single test command (README's, and what .ci/run calls).
#
# On a fresh Debian 12 machine (as root or with sudo, no terminal needed) it:
#   1. installs the Debian packages the build and tests need, if any is missing;
#   2. installs matrix-nio with encryption (scripts/nio-venv.sh, the tests' other client) and
#      starts a throw-away Synapse on 127.0.0.1 (scripts/synapse.sh) and exports TTEOK_SYNAPSE_URL;
#   3. builds everything (`swift build`: end-to-end tests drive the real .build/debug/tteok);
#   4. runs every test (`swift test`), stops Synapse, and exits with the tests' status;
#   5. fuzzes the key parser, the sanitiser/canvas and the Matrix decoders for 30 s each
#      (scripts/fuzz.sh; TTEOK_FUZZ_SECONDS changes the time, 0 skips it).
# Extra arguments go to `swift test` (e.g. `scripts/test-all.sh --filter CLITests`).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { echo "test-all.sh: $*" >&2; }

start_synapse() {
    [[ -f scripts/synapse.sh ]] || return 0
    trap 'bash scripts/synapse.sh stop || true' EXIT
    bash scripts/synapse.sh start </dev/null >/dev/null
    TTEOK_SYNAPSE_URL="$(cat .build/synapse/url)"
    export TTEOK_SYNAPSE_URL
    log "Synapse at $TTEOK_SYNAPSE_URL"
}

started=$SECONDS
bash scripts/install-packages.sh
bash scripts/nio-venv.sh </dev/null >/dev/null
start_synapse
swift build </dev/null
swift test "$@" </dev/null
if [[ "${TTEOK_FUZZ_SECONDS:-30}" != 0 ]]; then
    bash scripts/fuzz.sh "${TTEOK_FUZZ_SECONDS:-30}" </dev/null
fi
log "all tests passed in $((SECONDS - started)) s"
