#!/usr/bin/env bash
# Runs tteok from this checkout on a fresh machine: installs missing Debian packages, builds the
# release binary that scripts/install.sh installs (so newcomers see what users run), and starts
# it with your arguments (none: the interactive client on the embedded community).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$ROOT/scripts/install-packages.sh"
BINARY="$(bash "$ROOT/scripts/build-release.sh")"
exec "$BINARY" "$@"
