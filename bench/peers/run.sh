#!/usr/bin/env bash
# `make bench-peers`: notchwave against Cairo on the same frames, one thread each.
#   1. builds the Cairo peer (bench/peers/cairo_peer.c) against Debian's libcairo2-dev;
#   2. writes the benchmark's frames with `notchwave bench --peer-scenes`: the notch bar
#      rows of iphone-x (64 frames of the sharp style, as `notchwave bench` measures them)
#      and LiquidSwipe on the whole iphone-x screen (a swipe of the right slider);
#   3. runs notchwave's own benchmark and the peer, alternating three times, and prints
#      each best figure and the ratios notchwave / Cairo, beside a memset of the same
#      bytes (from the same runs of notchwave's benchmark): writing every pixel once,
#      the bound no renderer that writes the frame goes past.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${BIN:-.build/release/notchwave}
out=.build/peers
seconds=${SECONDS_PER_RUN:-1}
mkdir -p "$out"
cc -O2 -o "$out/cairo_peer" bench/peers/cairo_peer.c $(pkg-config --cflags --libs cairo)
"$bin" bench --peer-scenes "$out" >/dev/null
best() { printf '%s\n' "$@" | sort -g | tail -n 1; }
bar=() liquid=() cbar=() cliquid=() fbar=() fscreen=()
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
for run in 1 2 3; do
  json=$("$bin" bench --json --seconds "$seconds")
  bar+=("$(echo "$json" | field bar_fps)")
  liquid+=("$(echo "$json" | field liquid_swipe_fps)")
  fbar+=("$(echo "$json" | field bar_fill_fps)")
  fscreen+=("$(echo "$json" | field fill_fps)")
  cbar+=("$("$out/cairo_peer" "$out/bar.txt" "$seconds")")
  cliquid+=("$("$out/cairo_peer" "$out/liquid-swipe.txt" "$seconds")")
done
nb=$(best "${bar[@]}") nl=$(best "${liquid[@]}") cb=$(best "${cbar[@]}") cl=$(best "${cliquid[@]}")
mb=$(best "${fbar[@]}") ms=$(best "${fscreen[@]}")
ratio() { python3 -c "print($1 / $2)"; }
echo "frames/s, one thread, best of three (cairo $(pkg-config --modversion cairo)):"
printf '  %-40s %10s %10s %8s %12s %8s\n' "" notchwave cairo ratio "memset" "/ cairo"
printf '  %-40s %10.1f %10.1f %8.2f %12.1f %8.2f\n' "notch bar rows (iphone-x, clipped)" "$nb" "$cb" "$(ratio "$nb" "$cb")" "$mb" "$(ratio "$mb" "$cb")"
printf '  %-40s %10.1f %10.1f %8.2f %12.1f %8.2f\n' "LiquidSwipe, whole screen (iphone-x)" "$nl" "$cl" "$(ratio "$nl" "$cl")" "$ms" "$(ratio "$ms" "$cl")"
echo "  (memset: the same bytes written once, the bound for a renderer that writes every pixel)"
