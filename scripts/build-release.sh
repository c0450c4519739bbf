#!/usr/bin/env bash
# Builds the release tteok that scripts/install.sh installs and scripts/run.sh runs, and prints
# its path. One place for the flags: the Swift runtime linked in (the binary needs no toolchain),
# symbols stripped, and the commit stamped in for `tteok --version` (TTEOK_STAMP_COMMIT=1 asks
# Package.swift for it; `--manifest-cache none`, as a cached manifest would keep an old one).
# The link is the smallest correct one (issue 20's budget, README "Size"): the toolchain's lld
# (`-use-ld=lld`) for relative relocations packed as RELR (`-z pack-relative-relocs`, 2 MB less
# than gold's `.rela.dyn`; needs glibc 2.36, Debian 12's), and no exported symbol table
# (`--no-export-dynamic` undoes the toolchain's `-export-dynamic`: nothing looks tteok's own
# symbols up at run time; a crash's stack trace shows addresses where it showed exported names).
# Unwind tables stay: debuggers and `perf --call-graph dwarf` on the installed binary need them.
# tteok's own functions each get a section (`-function-sections`) and are no longer kept alive
# just for being public (`-internalize-at-link`: this link is every caller tteok's modules have),
# so `--gc-sections` drops the ones nothing calls (1.0 MB, README "Size"). The code of the
# functions kept is the same; the Swift runtime's and Foundation's libraries keep theirs.
# Functions of identical code and relocations are folded into one (`--icf=all`, 0.9 MB: mostly the
# same generic specialisations and Codable witnesses emitted by several modules). Swift promises
# no function identity, and tteok compares no function pointers or key paths; a stack trace or
# profile names one of the folded functions for all of them.
# `-disable-incremental-llvm-codegen`: the compiler otherwise keeps an object whose LLVM IR is
# unchanged, ignoring that `-function-sections` (not part of the IR) was asked for since.
# No run-time library path (`--disable-local-rpath`): SwiftPM's default `$ORIGIN` had the loader
# look for each of the twenty libraries in the binary's own folder first (seven failed opens
# each, at every start), and a folder beside an installed binary is no place to take code from.
# Environment: TTEOK_SCRATCH_PATH, SwiftPM's build folder (default .build).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRATCH="${TTEOK_SCRATCH_PATH:-$ROOT/.build}"
# The build plan is made again each time: SwiftPM reused the last one (`release.yaml`) even though
# the manifest it re-reads stamps another commit, and `--version` printed an earlier build's
# commit (the code itself was current). Planning anew costs a second or two.
rm -f "$SCRATCH/release.yaml"
TTEOK_STAMP_COMMIT=1 swift build --package-path "$ROOT" --scratch-path "$SCRATCH" -c release --product tteok \
    --static-swift-stdlib --disable-local-rpath --manifest-cache none -Xswiftc -use-ld=lld \
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -Xfrontend -Xswiftc -internalize-at-link \
    -Xswiftc -Xfrontend -Xswiftc -disable-incremental-llvm-codegen \
    -Xlinker --strip-all -Xlinker --icf=all -Xlinker --no-export-dynamic -Xlinker -z -Xlinker pack-relative-relocs </dev/null >&2
echo "$SCRATCH/release/tteok"
