#!/usr/bin/env bash
# `make bench-peers`: notchwave against Cairo and Blend2D on the same frames, one thread each.
#   1. builds the Cairo peer (bench/peers/cairo_peer.c) and the Blend2D peer
#      (bench/peers/blend2d_peer.c, paths built before timing) with bench/peers/build.sh;
#      Blend2D runs twice: with its JIT (fill pipelines compiled for this CPU) and
#      without (its reference pipelines), after checking that both draw every frame
#      with the same bytes;
#   2. writes the benchmark's frames with `notchwave bench --peer-scenes`: the notch bar
#      rows of iphone-x (64 frames of the sharp style, as `notchwave bench` measures them)
#      and LiquidSwipe on the whole iphone-x screen (a swipe of the right slider);
#   3. runs notchwave's own benchmark and the peers, alternating three times, and prints
#      each best figure and the ratios notchwave / Cairo and notchwave / Blend2D, beside
#      two bounds no renderer
#      that writes the frame goes past: a memset of the same bytes (from the same runs of
#      notchwave's benchmark) and the floor (`cairo_peer FILE SECONDS floor`: the
#      finished frames written run by run, runs of equal pixels filled as notchwave fills
#      them, no coverage and no blending computed).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${BIN:-.build/release/notchwave}
out=.build/peers
seconds=${SECONDS_PER_RUN:-1}
bench/peers/build.sh
"$bin" bench --peer-scenes "$out" >/dev/null
# Blend2D's JIT and its reference pipelines must draw the same frames for their figures
# to be compared: every frame's bytes, hashed, from both.
for file in bar liquid-swipe; do
  frames=$(grep -c '^frame' "$out/$file.txt")
  jit=$("$out/blend2d_peer" "$out/$file.txt" --hashes "$frames")
  reference=$("$out/blend2d_peer" --no-jit "$out/$file.txt" --hashes "$frames")
  if [ -z "$jit" ] || [ "$jit" != "$reference" ]; then
    echo "blend2d: the JIT and the reference pipelines draw $file.txt differently" >&2
    exit 1
  fi
done
best() { printf '%s\n' "$@" | sort -g | tail -n 1; }
bar=() liquid=() cbar=() cliquid=() bbar=() bliquid=() nbar=() nliquid=() fbar=() fscreen=() lbar=() lliquid=()
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
for run in 1 2 3; do
  json=$("$bin" bench --json --seconds "$seconds")
  bar+=("$(echo "$json" | field bar_fps)")
  liquid+=("$(echo "$json" | field liquid_swipe_fps)")
  fbar+=("$(echo "$json" | field bar_fill_fps)")
  fscreen+=("$(echo "$json" | field fill_fps)")
  cbar+=("$("$out/cairo_peer" "$out/bar.txt" "$seconds")")
  cliquid+=("$("$out/cairo_peer" "$out/liquid-swipe.txt" "$seconds")")
  bbar+=("$("$out/blend2d_peer" "$out/bar.txt" "$seconds")")
  bliquid+=("$("$out/blend2d_peer" "$out/liquid-swipe.txt" "$seconds")")
  nbar+=("$("$out/blend2d_peer" --no-jit "$out/bar.txt" "$seconds")")
  nliquid+=("$("$out/blend2d_peer" --no-jit "$out/liquid-swipe.txt" "$seconds")")
  lbar+=("$("$out/cairo_peer" "$out/bar.txt" "$seconds" floor)")
  lliquid+=("$("$out/cairo_peer" "$out/liquid-swipe.txt" "$seconds" floor)")
done
nb=$(best "${bar[@]}") nl=$(best "${liquid[@]}") cb=$(best "${cbar[@]}") cl=$(best "${cliquid[@]}")
bb=$(best "${bbar[@]}") bli=$(best "${bliquid[@]}") rb=$(best "${nbar[@]}") rl=$(best "${nliquid[@]}")
mb=$(best "${fbar[@]}") ms=$(best "${fscreen[@]}") lb=$(best "${lbar[@]}") ll=$(best "${lliquid[@]}")
ratio() { python3 -c "print($1 / $2)"; }
echo "frames/s, one thread, best of three (cairo $(pkg-config --modversion cairo), blend2d $("$out/blend2d_peer" --version) with its JIT and without):"
printf '  %-38s %10s %9s %6s %9s %6s %9s %6s %10s %7s %9s %7s\n' "" notchwave cairo "/ cairo" blend2d "/ b2d" "b2d -jit" "/ -jit" floor "/ cairo" memset "/ cairo"
row() { printf '  %-38s %10.1f %9.1f %6.2f %9.1f %6.2f %9.1f %6.2f %10.1f %7.2f %9.1f %7.2f\n' "$1" "$2" "$3" "$(ratio "$2" "$3")" "$4" "$(ratio "$2" "$4")" "$5" "$(ratio "$2" "$5")" "$6" "$(ratio "$6" "$3")" "$7" "$(ratio "$7" "$3")"; }
row "notch bar rows (iphone-x, clipped)" "$nb" "$cb" "$bb" "$rb" "$lb" "$mb"
row "LiquidSwipe, whole screen (iphone-x)" "$nl" "$cl" "$bli" "$rl" "$ll" "$ms"
echo "  floor: the finished frames written run by run (runs as notchwave fills them), nothing computed;"
echo "  memset: the same bytes written at once. No renderer that writes every pixel goes past either."
