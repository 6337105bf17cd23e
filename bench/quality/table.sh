#!/usr/bin/env bash
# `make bench-quality`: each codec's settings measured on the demo clip (iphone-x, 3 s at
# 60 fps, the sharp style): render time (best of RUNS), file size, and the luma PSNR of
# the bar rows against notchwave's own frames (the exact RGBA the encoder was given, turned
# into BT.709 limited-range luma by ffmpeg as the encoder's input was). Luma, because 4:2:0
# chroma bounds RGB PSNR near 33 dB on saturated edges for any codec; the bar rows, because
# everything below them is a still white screen that any encoder codes perfectly. The
# columns under the screen's rounded corners are left out: formats with alpha (VP9 in
# WebM) leave them transparent, and a decoder without alpha shows another colour there.
# Frames are paired by their index (WebM keeps milliseconds, which at 60 fps do not
# fall on the raw frames' times).
#
#   bench/quality/table.sh [CODEC:SPEED:CRF ...]    (SPEED: x264's preset names, mapped per codec,
#                                                    or `standard`: --quality standard's own speed)
#
# Without arguments it measures the candidates the standard quality was chosen from.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${BIN:-.build/release/notchwave}
runs=${RUNS:-3}
out=.build/quality
mkdir -p "$out"
common=(--preset iphone-x --duration 3 --fps 60)
# The exact frames, and the bar rows' height (the bar strip's own height).
"$bin" render "${common[@]}" -o "$out/reference.rgba" -q
"$bin" frame --preset iphone-x --region bar --time 0 -o "$out/bar.png" >/dev/null
bar=$(ffprobe -v error -select_streams v:0 -show_entries stream=height -of csv=p=0 "$out/bar.png")
bar=$((bar - bar % 2))
candidates=("$@")
if [ ${#candidates[@]} -eq 0 ]; then
  candidates=(h264:standard:19 h264:superfast:21 h264:medium:20 h264:fast:20 h264:faster:20 h264:veryfast:20 h264:veryfast:18 h264:superfast:18
              hevc:medium:24 hevc:fast:24 hevc:veryfast:24 vp9:medium:32 vp9:faster:32 vp9:veryfast:32)
fi
printf '%-22s %9s %9s %9s %10s\n' "codec:speed:crf" "seconds" "x real" "KB" "bar Y dB"
for c in "${candidates[@]}"; do
  IFS=: read -r codec speed crf <<<"$c"
  ext=mp4; [ "$codec" = vp9 ] && ext=webm
  args=(--codec "$codec" --crf "$crf")
  [ "$speed" = standard ] || args+=(--speed "$speed")
  best=""
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    "$bin" render "${common[@]}" "${args[@]}" -o "$out/clip.$ext" -q
    t=$(python3 -c "import time; print(time.time() - $start)")
    best=$(python3 -c "print(min(x for x in [$t, ${best:-1e9}]))")
  done
  kb=$(( $(stat -c %s "$out/clip.$ext") / 1024 ))
  psnr=$(ffmpeg -hide_banner -nostats -i "$out/clip.$ext" \
      -f rawvideo -pix_fmt rgba -s 1125x2436 -r 60 -i "$out/reference.rgba" \
      -filter_complex "[0:v]settb=1/60,setpts=N,crop=885:$bar:120:0,format=yuv420p,extractplanes=y[a];[1:v]settb=1/60,setpts=N,scale=out_color_matrix=bt709:out_range=tv,crop=885:$bar:120:0,format=yuv420p,extractplanes=y[b];[a][b]psnr" \
      -f null - 2>&1 | sed -n 's/.*PSNR y:\([0-9.inf]*\).*/\1/p; s/.*average:\([0-9.inf]*\).*/\1/p' | tail -n 1)
  printf '%-22s %9.2f %9.2f %9d %10s\n' "$c" "$best" "$(python3 -c "print(3 / $best)")" "$kb" "$psnr"
done
