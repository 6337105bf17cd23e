#!/usr/bin/env bash
# Builds the release binary the way the image ships it and installs it under DEST, laid
# out as the image's root file system:
#   DEST/usr/local/bin/notchwave                 static Swift runtime, stripped
#   DEST/usr/local/share/...                     the presets, manual page and completions
#                                                (scripts/install.sh, as `make install`)
# The Dockerfile's build stage runs it (`RUN scripts/stage-install.sh /out`) and copies
# DEST into the runtime stage; scripts/check-docker.sh and scripts/check-image.sh run the
# same script, so what they check is what the image gets.
#
# Usage: scripts/stage-install.sh DEST [SCRATCH_PATH]
#   SCRATCH_PATH: SwiftPM's build folder (default: SwiftPM's own, .build)
# The stripped binary is the one shipped; the symbols stay in SwiftPM's build folder.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 DEST [SCRATCH_PATH]" >&2; exit 64; }
dest=$1
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"
flags=(-c release --static-swift-stdlib --product notchwave)
[ $# -lt 2 ] || flags+=(--scratch-path "$2")

"$swift" build "${flags[@]}" >&2
bin="$("$swift" build "${flags[@]}" --show-bin-path)/notchwave"
scripts/install.sh "$bin" "$dest" /usr/local --strip >&2
