#!/usr/bin/env bash
# Builds the Debian package: dist/notchwave_VERSION_ARCH.deb, with dpkg-deb.
#
#   scripts/make-deb.sh [SCRATCH_PATH]      (make deb)
#
# The binary is built as the Docker image ships it (static Swift runtime, stripped) and
# installed under /usr by scripts/install.sh (presets, manual page, completions). The
# package depends on the runtime packages of the Dockerfile's last stage, read from its
# apt-get install line (scripts/dockerfile_stage.py packages): one list for both, which
# scripts/check-docker.sh checks against what the binary links. Those are Debian 12
# (bookworm) packages. SCRATCH_PATH: SwiftPM's build folder (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"
flags=(-c release --static-swift-stdlib --product notchwave)
[ $# -lt 1 ] || flags+=(--scratch-path "$1")
python3 scripts/embed_presets.py >&2
"$swift" build "${flags[@]}" >&2
bin="$("$swift" build "${flags[@]}" --show-bin-path)/notchwave"

version=$("$bin" --version | sed -n 's/^notchwave \([0-9][0-9A-Za-z.+~-]*\).*/\1/p')
[ -n "$version" ] || { echo "make-deb: cannot read the version from $bin --version" >&2; exit 1; }
arch=$(dpkg --print-architecture)
# The runtime packages are Debian 12's names (libavcodec59, ...): elsewhere they differ.
codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
if [ "$codename" != bookworm ] && [ -z "${DEB_ANY_RELEASE:-}" ]; then
  echo "make-deb: the package depends on Debian 12 (bookworm) packages; this is ${codename:-not Debian} (DEB_ANY_RELEASE=1 builds it anyway)" >&2
  exit 1
fi
# The binary itself needs the C and C++ runtimes (the Swift runtime is linked in).
depends=$( (echo libc6; echo libstdc++6; echo libgcc-s1; python3 scripts/dockerfile_stage.py packages "${DOCKERFILE:-Dockerfile}") | paste -sd, | sed 's/,/, /g')

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
root="$staging/root"
scripts/install.sh "$bin" "$root" /usr --strip --gzip-man >&2
mkdir -p "$root/usr/share/doc/notchwave"
cat > "$root/usr/share/doc/notchwave/copyright" <<'COPYRIGHT'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: notchwave
Source: https://github.com/notchwave/notchwave

Files: *
Copyright: the notchwave developers
License: MIT
COPYRIGHT
mkdir -p "$root/DEBIAN"
installed_kib=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: notchwave
Version: $version
Architecture: $arch
Maintainer: notchwave developers <notchwave@users.noreply.github.com>
Installed-Size: $installed_kib
Depends: $depends
Section: video
Priority: optional
Homepage: https://github.com/notchwave/notchwave
Description: render SwiftUI-style animations into video files
 notchwave renders the rainbow notch (coloured waves from both sides of an iPhone
 notch or Dynamic Island), exyte's LiquidSwipe and PopupView, one preset per device,
 into MP4, MOV, WebM, GIF, APNG, PNG sequences or raw frames, and App Store preview
 files: headless, deterministic and faster than real time.
CONTROL
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 0755 {} +
mkdir -p dist
deb="dist/notchwave_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb.partial" >&2
mv "$deb.partial" "$deb"
echo "$deb"
