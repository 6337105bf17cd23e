#!/bin/sh
# Writes the two screen recordings examples/previews-from-recordings.json reads into DIR
# (default examples/recordings): synthetic stand-ins for `xcrun simctl io booted
# recordVideo` output, made with the ffmpeg tool.
#
#   onboarding.mp4  590x1278 (an iPhone 15 Pro's screen at half size), 60 fps, 10 s, a
#                   440 Hz tone as its sound
#   checkout.mov    the same screen stored turned (1278x590) with a 90-degree rotation
#                   tag, 60 fps, 10 s, no sound
#
# Each frame's number n is written in its top 160 rows as 12 bars, black or white by the
# bits of n (bar k, from the left, is bit k), the checkout's numbers counting from 2048,
# above ffmpeg's moving test pattern.
set -eu
dir=${1:-examples/recordings}
mkdir -p "$dir"
bars="geq=lum='255*mod(floor((N+OFFSET)/pow(2\,floor(X*12/W)))\,2)':cb=128:cr=128"
ffmpeg -v error -y \
  -f lavfi -i "nullsrc=s=590x160:r=60:d=10,$(echo "$bars" | sed 's/OFFSET/0/'),format=yuv420p" \
  -f lavfi -i "testsrc2=s=590x1118:r=60:d=10,format=yuv420p" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=10" \
  -filter_complex "[0:v][1:v]vstack,format=yuv420p[v]" -map "[v]" -map 2:a \
  -c:v libx264 -preset veryfast -crf 18 -c:a aac -b:a 128k "$dir/onboarding.mp4"
ffmpeg -v error -y \
  -f lavfi -i "nullsrc=s=590x160:r=60:d=10,$(echo "$bars" | sed 's/OFFSET/2048/'),format=yuv420p" \
  -f lavfi -i "testsrc2=s=590x1118:r=60:d=10,format=yuv420p" \
  -filter_complex "[0:v][1:v]vstack,transpose=1,format=yuv420p[v]" -map "[v]" \
  -c:v libx264 -preset veryfast -crf 18 "$dir/checkout-stored.mov"
# The display matrix is written when the stream is copied (as the phone's tag is).
ffmpeg -v error -y -i "$dir/checkout-stored.mov" -c copy -metadata:s:v:0 rotate=90 "$dir/checkout.mov"
rm -f "$dir/checkout-stored.mov"
echo "wrote $dir/onboarding.mp4 and $dir/checkout.mov"
