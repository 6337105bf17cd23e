#!/bin/sh
# Fuzzes notchwave's parsers with the Swift toolchain's libFuzzer and address sanitizer.
#
#   scripts/fuzz.sh TARGET [SECONDS] [libFuzzer options...]
#   scripts/fuzz.sh all [SECONDS]
#
# Targets: json, preset, job, colors, easing, output, args, script, scene-options, popup-script,
# controls-script, strings, captions, studio-request (the studio's router). The seed corpus is
# Fuzz/Corpus/TARGET (in the repository); inputs libFuzzer finds go to
# .build/fuzz-corpus/TARGET, findings (crash-*, leak-*, timeout-*) to .build/fuzz-findings/TARGET.
# The fuzzing binary is notchwave built with -sanitize=fuzzer,address and
# -D NOTCHWAVE_LIBFUZZER into .build/fuzz (a normal build never contains it);
# FUZZ_NO_BUILD=1 runs the binary already there.
set -eu
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
TARGETS="json preset job colors easing output args script scene-options popup-script controls-script strings captions studio-request"
target="${1:?usage: scripts/fuzz.sh TARGET|all [SECONDS] [libFuzzer options]}"
seconds="${2:-20}"
[ $# -ge 2 ] && shift 2 || shift $#

# -sanitize=fuzzer would link libFuzzer's own main, which collides with the main SwiftPM
# gives executables (--defsym main=notchwave_main): instrument as -sanitize=fuzzer does
# (address sanitizer plus libFuzzer's coverage) and link libFuzzer without its main; the
# fuzzing build's main calls LLVMFuzzerRunDriver.
resources=$("$SWIFT" -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p' | sed -n 1p)
libfuzzer=$(ls "$resources"/clang/lib/*/libclang_rt.fuzzer_no_main-x86_64.a "$resources"/clang/lib/*/libclang_rt.fuzzer_no_main.a \
    "$resources"/../clang/*/lib/*/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | sed -n 1p || true)
if [ -z "$libfuzzer" ]; then
    echo "fuzz: this Swift toolchain has no libFuzzer (libclang_rt.fuzzer_no_main) under $resources" >&2
    exit 1
fi
[ -n "${FUZZ_NO_BUILD:-}" ] || "$SWIFT" build -c release --product notchwave --build-path .build/fuzz \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,pc-table,inline-8bit-counters,trace-cmp \
    -Xswiftc -DNOTCHWAVE_LIBFUZZER -Xlinker "$libfuzzer" -Xlinker -lstdc++ >&2
binary=.build/fuzz/release/notchwave

run() {
    name="$1"
    shift
    mkdir -p ".build/fuzz-corpus/$name" ".build/fuzz-findings/$name"
    log=".build/fuzz-findings/$name/last-run.log"
    echo "fuzz $name: ${seconds} s" >&2
    status=0
    NOTCHWAVE_FUZZ_TARGET="$name" NOTCHWAVE_PRESETS="$PWD/presets" ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" \
        "$binary" ".build/fuzz-corpus/$name" "Fuzz/Corpus/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
        -max_len=4096 -print_final_stats=1 -artifact_prefix=".build/fuzz-findings/$name/" "$@" >"$log" 2>&1 || status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz $name: ${execs:-?} executions in ${seconds} s, exit status $status" >&2
    if [ "$status" -ne 0 ]; then
        tail -n 40 "$log" >&2
        return 1
    fi
}

if [ "$target" = all ]; then
    failed=""
    for name in $TARGETS; do run "$name" "$@" || failed="$failed $name"; done
    if [ -n "$failed" ]; then echo "fuzz: findings in:$failed (see .build/fuzz-findings)" >&2; exit 1; fi
else
    run "$target" "$@"
fi
