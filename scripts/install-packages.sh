#!/usr/bin/env bash
# Installs the Debian packages tteok needs to build, run and test, when any is missing.
# Needs root or sudo; runs without a terminal. Does nothing (and needs nothing) when all are there.
set -euo pipefail

# man-db, zsh and fish: the install test renders the man page and checks the completions.
PACKAGES=(libncurses-dev libsqlite3-dev libcrypt-dev libchafa-dev libglib2.0-dev libpng-dev libjpeg62-turbo-dev libgif-dev
          libwebp-dev libolm-dev libssl-dev libsodium-dev python3-venv tmux pkg-config curl man-db zsh fish)

missing=()
for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
((${#missing[@]} == 0)) && exit 0

sudo=()
[[ "$(id -u)" -eq 0 ]] || sudo=(sudo)
echo "install-packages.sh: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y -qq "${missing[@]}" </dev/null
