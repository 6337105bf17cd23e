#!/usr/bin/env bash
# `make bench-instructions`: instructions per frame, counted by callgrind, for notchwave's
# rasterizer and its peers on the same frames (`notchwave bench --peer-scenes`). Unlike
# frames per second, the counts do not move with other load on a shared machine.
#   notchwave: inside Rasterizer.render (`notchwave bench --profile bar|liquid-swipe`:
#              the bar rows, LiquidSwipe's prebuilt draw lists);
#   Cairo, Blend2D with its JIT and without: inside the peers' render_frame
#              (bench/peers/cairo_peer.c, bench/peers/blend2d_peer.c).
# Each is counted over a long and a short run and the difference divided by the frames
# between them (80 less 16 for the bar's 64 frames, 36 less 4 for LiquidSwipe's 32 poses:
# each frame once), so that one-time costs (Blend2D compiling its pipelines, first-frame
# allocations) drop out. Valgrind shows the programs a CPU without AVX-512, so Blend2D's
# JIT compiles its AVX2 pipelines here.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${BIN:-.build/release/notchwave}
out=.build/peers
render='$s15NotchwaveRaster10RasterizerC6render_4into4rows7originY4overyAA8DrawListV_AA6CanvasCSnySiGSiSbtF'
if ! command -v valgrind >/dev/null 2>&1; then
  echo "bench-instructions needs valgrind (scripts/ensure-deps.sh peers installs it)" >&2
  exit 1
fi
bench/peers/build.sh
# Instructions collected inside function $1 by the command after it (the run's
# valgrind output is printed, and the script stops, if it fails).
count() {
  local function=$1 log
  shift
  log=$(mktemp)
  if ! valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect="$function" "$@" >/dev/null 2>"$log"; then
    cat "$log" >&2
    rm -f "$log"
    echo "failed under callgrind: $*" >&2
    return 1
  fi
  awk '/Collected/ { print $NF }' "$log"
  rm -f "$log"
}
# Instructions per frame: (count over $2 frames - count over $1 frames) / ($2 - $1).
per_frame() {
  local short=$1 long=$2 function=$3
  shift 3
  local a b
  a=$(count "$function" "$@" "$short") || exit 1
  b=$(count "$function" "$@" "$long") || exit 1
  if [ -z "$a" ] || [ -z "$b" ] || [ "$b" -eq 0 ]; then
    echo "callgrind counted nothing inside $function for: $*" >&2
    exit 1
  fi
  python3 -c "print(round(($b - $a) / ($long - $short)))"
}
"$bin" bench --peer-scenes "$out" >/dev/null
# Counted on a copy without debug information (symbols kept, which --toggle-collect
# needs): valgrind 3.19 cannot read the DWARF 5 that clang writes for the C targets.
counted="$out/notchwave-counted"
objcopy --strip-debug "$bin" "$counted"
measure() {
  local name=$1 profile=$2 file=$3 short=$4 long=$5
  local n c j r
  n=$(per_frame "$short" "$long" "$render" "$counted" bench --profile "$profile" --frames) || exit 1
  c=$(per_frame "$short" "$long" render_frame "$out/cairo_peer" "$out/$file" --frames) || exit 1
  j=$(per_frame "$short" "$long" render_frame "$out/blend2d_peer" "$out/$file" --frames) || exit 1
  r=$(per_frame "$short" "$long" render_frame "$out/blend2d_peer" --no-jit "$out/$file" --frames) || exit 1
  printf '  %-38s %11s %11s %11s %11s\n' "$name" "$n" "$c" "$j" "$r"
}
echo "instructions per frame (callgrind; blend2d $("$out/blend2d_peer" --version) with its JIT and without):"
printf '  %-38s %11s %11s %11s %11s\n' "" notchwave cairo blend2d "b2d -jit"
measure "notch bar rows (iphone-x, clipped)" bar bar.txt 16 80
measure "LiquidSwipe, whole screen (iphone-x)" liquid-swipe liquid-swipe.txt 4 36
