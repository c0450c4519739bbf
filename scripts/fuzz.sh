#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (swiftc -sanitize=fuzzer; the runtime ships with the
# Swift toolchain). Builds tteok-fuzz into .build/fuzz and runs each harness for SECONDS
# (default 30): keys (terminal input → KeyParser), text (outside text → InertText, WordFilter,
# DisplayWidth, TextLayout, Canvas), matrix (homeserver answers → DTOs, errors, mapping, cache),
# image (posted bytes → sniffing, pixel budget, libpng/libjpeg-turbo/giflib/libwebp, preview).
# Not built with AddressSanitizer: swiftc accepts -sanitize=address with -sanitize=fuzzer and links,
# but (Swift 6.3.1, ld.gold) the coverage counters are then never registered and libFuzzer runs
# blind ("no interesting inputs… Is the code instrumented"). The Debian C libraries are not
# instrumented either way: a memory error inside them is found when it faults, not before.
#
#   scripts/fuzz.sh [SECONDS] [TARGET…]      e.g. scripts/fuzz.sh 600 text
#
# Memory is capped at 1 GB (-rss_limit_mb): the largest honest decode is the 16 MP budget's
# 64 MiB of pixels, and a tiny input that costs more is a finding (a 194-byte PNG once cost 2 GB).
#
# Seeds come from Fuzz/seeds/TARGET; what the fuzzer learns is kept in .build/fuzz/corpus/TARGET.
# A crash or broken invariant leaves .build/fuzz/crashes/TARGET/crash-*; replay one with
#   TTEOK_FUZZ_TARGET=TARGET .build/fuzz/debug/tteok-fuzz FILE
# Exits non-zero if any harness found something.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SECONDS_EACH="${1:-30}"
shift || true
TARGETS=("$@")
[[ ${#TARGETS[@]} -gt 0 ]] || TARGETS=(keys text matrix image)

log() { echo "fuzz.sh: $*" >&2; }

TTEOK_FUZZ=1 swift build --build-path .build/fuzz --product tteok-fuzz \
    -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library </dev/null
BIN=.build/fuzz/debug/tteok-fuzz

failed=0
for target in "${TARGETS[@]}"; do
    corpus=".build/fuzz/corpus/$target"
    crashes=".build/fuzz/crashes/$target"
    mkdir -p "$corpus" "$crashes"
    seeds=()
    [[ -d "Fuzz/seeds/$target" ]] && seeds=("Fuzz/seeds/$target")
    log "$target for ${SECONDS_EACH}s"
    if ! TTEOK_FUZZ_TARGET="$target" SWIFT_BACKTRACE=enable=no "$BIN" \
        -max_total_time="$SECONDS_EACH" -max_len=65536 -timeout=10 -rss_limit_mb=1024 \
        -artifact_prefix="$crashes/" -print_final_stats=1 "$corpus" "${seeds[@]}" \
        >".build/fuzz/$target.log" 2>&1; then
        log "$target FAILED — see .build/fuzz/$target.log and $crashes/"
        tail -n 30 ".build/fuzz/$target.log" >&2
        failed=1
    else
        log "$target: $(grep -E '^stat::number_of_executed_units' ".build/fuzz/$target.log" | awk '{print $2}') runs, no crash"
    fi
done
exit "$failed"
