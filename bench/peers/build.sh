#!/usr/bin/env bash
# Builds the peers into .build/peers (make bench-peers, make bench-instructions): the
# Cairo peer against Debian's libcairo2-dev, the Blend2D peer against the static Blend2D
# that `scripts/ensure-deps.sh peers` built in .build/peers/blend2d.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.build/peers
mkdir -p "$out"
cc -O2 -o "$out/cairo_peer" bench/peers/cairo_peer.c $(pkg-config --cflags --libs cairo)
cc -O2 -DBL_STATIC -I"$out/blend2d/blend2d/src" -c -o "$out/blend2d_peer.o" bench/peers/blend2d_peer.c
c++ -o "$out/blend2d_peer" "$out/blend2d_peer.o" "$out/blend2d/libblend2d.a" -lpthread -lrt -lm
