#!/usr/bin/env bash
# Installs tteok like any other program, or removes it again.
#
#   scripts/install.sh [--prefix DIR]               build in release and install (default /usr/local)
#   scripts/install.sh --uninstall [--prefix DIR]   remove exactly what the install wrote
#
# Installs PREFIX/bin/tteok (release, Swift runtime linked in, stripped), the themes in
# PREFIX/share/tteok/themes, the man page tteok(1), completions for bash, zsh and fish, and
# systemd units (system and user) for the community service. The man page and completions are
# written by the new binary itself (`tteok --generate …`) from its command definitions. Every
# file and every folder the install made is listed in PREFIX/share/tteok/install-manifest, which
# --uninstall reads. Installing again first removes the previous install.
# Environment: TTEOK_SCRATCH_PATH, SwiftPM's build folder (default .build; see build-release.sh).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log() { echo "install.sh: $*" >&2; }
fail() { log "$*"; exit 2; }

PREFIX=/usr/local
ACTION=install
while (($#)); do
    case "$1" in
        --prefix) (($# >= 2)) || fail "--prefix needs a folder"; PREFIX="$2"; shift 2 ;;
        --prefix=*) PREFIX="${1#--prefix=}"; shift ;;
        --uninstall) ACTION=uninstall; shift ;;
        -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) fail "unknown argument '$1' (usage: scripts/install.sh [--uninstall] [--prefix DIR])" ;;
    esac
done
[[ -n "$PREFIX" ]] || fail "--prefix must not be empty"
mkdir -p "$PREFIX"
PREFIX="$(cd "$PREFIX" && pwd -P)"
SHARE="$PREFIX/share"
MANIFEST="$SHARE/tteok/install-manifest"

# --- uninstall ------------------------------------------------------------------------------

# Removes what the manifest lists: the files, then the folders the install made, deepest first
# and only when empty. A manifest naming anything outside PREFIX is refused as a whole.
uninstall() {
    [[ -f "$MANIFEST" ]] || { log "nothing to remove: no $MANIFEST"; return 0; }
    local kind path dirs=()
    while read -r kind path; do
        [[ "$kind" == f || "$kind" == d ]] || fail "$MANIFEST: unreadable line '$kind $path'; nothing removed"
        case "$path" in "$PREFIX"/*) ;; *) fail "$MANIFEST names $path, outside $PREFIX; nothing removed" ;; esac
        case "/$path/" in */../*|*/./*) fail "$MANIFEST names $path; nothing removed" ;; esac
    done <"$MANIFEST"
    while read -r kind path; do
        if [[ "$kind" == f ]]; then rm -f -- "$path"; else dirs=("$path" "${dirs[@]}"); fi
    done <"$MANIFEST"
    rm -f -- "$MANIFEST"
    for path in "${dirs[@]}"; do rmdir -- "$path" 2>/dev/null || true; done
    log "removed tteok from $PREFIX"
}

# --- install --------------------------------------------------------------------------------

build() {
    bash "$ROOT/scripts/install-packages.sh"
    log "building the release binary (a few minutes the first time)"
    BUILT="$(bash "$ROOT/scripts/build-release.sh")"
}

# mkdir -p that records each folder it makes, parents first.
make_dir() {
    local dir="$1" missing=() made
    while [[ ! -d "$dir" ]]; do missing=("$dir" "${missing[@]}"); dir="$(dirname "$dir")"; done
    for made in "${missing[@]}"; do
        mkdir -m 0755 "$made"
        echo "d $made" >>"$RECORD"
    done
}

# put MODE SOURCE DEST: installs one file and records it.
put() {
    make_dir "$(dirname "$3")"
    install -m "$1" "$2" "$3"
    echo "f $3" >>"$RECORD"
}

install_all() {
    STAGING="$(mktemp -d)"
    trap 'rm -rf "$STAGING"' EXIT
    RECORD="$STAGING/manifest"
    : >"$RECORD"
    local generated
    for generated in man bash zsh fish; do
        "$BUILT" --generate "$generated" >"$STAGING/$generated"
    done
    put 0755 "$BUILT" "$PREFIX/bin/tteok"
    local theme unit
    for theme in "$ROOT"/Themes/*.json; do
        put 0644 "$theme" "$SHARE/tteok/themes/$(basename "$theme")"
    done
    put 0644 "$STAGING/man" "$SHARE/man/man1/tteok.1"
    put 0644 "$STAGING/bash" "$SHARE/bash-completion/completions/tteok"
    put 0644 "$STAGING/zsh" "$SHARE/zsh/site-functions/_tteok"
    put 0644 "$STAGING/fish" "$SHARE/fish/vendor_completions.d/tteok.fish"
    for unit in system user; do
        sed "s|@BINDIR@|$PREFIX/bin|g" "$ROOT/dist/systemd/$unit/tteok-community.service" >"$STAGING/$unit.service"
        put 0644 "$STAGING/$unit.service" "$PREFIX/lib/systemd/$unit/tteok-community.service"
    done
    install -m 0644 "$RECORD" "$MANIFEST"
    log "installed $("$PREFIX/bin/tteok" --version) in $PREFIX ($(du -h "$PREFIX/bin/tteok" | cut -f1) binary)"
    case ":$PATH:" in *":$PREFIX/bin:"*) ;; *) log "note: $PREFIX/bin is not on your PATH" ;; esac
}

case "$ACTION" in
    uninstall) uninstall ;;
    install)
        build
        uninstall
        install_all
        ;;
esac
