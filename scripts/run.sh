#!/usr/bin/env bash
# Runs tteok from this checkout on a fresh machine: installs missing Debian packages, builds,
# and starts it with your arguments (none: the interactive client on the embedded community).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$ROOT/scripts/install-packages.sh"
swift build --package-path "$ROOT" --product tteok >&2
exec "$ROOT/.build/debug/tteok" "$@"
