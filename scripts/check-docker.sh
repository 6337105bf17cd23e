#!/usr/bin/env bash
# Checks the Docker image's runtime stage without a Docker engine:
#  1. builds the release binary the way the Dockerfile does (scripts/stage-install.sh:
#     --static-swift-stdlib, stripped);
#  2. lists the shared libraries it needs (ldd) and maps each to its Debian package
#     (dpkg -S);
#  3. fails if a library the binary links directly comes from a package that is not on
#     the runtime stage's apt-get install line (or in debian:bookworm-slim itself), or if
#     any library is not covered by that line's packages and their dependencies; warns
#     about packages on the line that nothing needs;
#  4. checks that the fonts the binary reads (the default fonts by path, the fallback
#     fonts through fontconfig) come from packages on the line;
#  5. runs the binary with an empty environment, no Swift toolchain on any path.
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"

# The mapping is to Debian bookworm's packages, the runtime stage's base: elsewhere the
# same libraries come from other packages (libavcodec60 on Ubuntu 24.04), and there is
# nothing to compare.
codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
if [ "$codename" != "bookworm" ]; then
  echo "docker-check: skipped: this host is ${codename:-not Debian}, the runtime stage is Debian bookworm (run it on bookworm or in the build stage's image)"
  exit 0
fi

# The binary as the build stage ships it (static Swift runtime, stripped).
stage=.build/docker/stage
SWIFT="$swift" scripts/stage-install.sh "$stage" .build/docker >/dev/null 2>&1 \
  || SWIFT="$swift" scripts/stage-install.sh "$stage" .build/docker
bin="$stage/usr/local/bin/notchwave"
echo "built $bin ($(( $(stat -c %s "$bin") / 1048576 )) MiB, stripped)"

# The runtime stage's install line: the packages between 'apt-get install ...' and '&&'
# in its RUN lines, as scripts/dockerfile_stage.py reads the last stage (the list
# `make deb` depends on, too).
runtime_packages=$(python3 scripts/dockerfile_stage.py packages "${DOCKERFILE:-Dockerfile}" | sort -u) \
  || { echo "FAIL: no apt-get install line in the runtime stage" >&2; exit 1; }
echo "runtime stage installs: $(echo $runtime_packages)"

# What debian:bookworm-slim has already: the packages of priority 'required' (apt among
# them) and everything they depend on.
required=$(dpkg-query -W -f='${Package} ${Priority}\n' | awk '$2 == "required" {print $1}')
base_packages=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances \
  $required 2>/dev/null | grep -v '^ ' | tr -d '<>' | sort -u)
# Everything the install line brings in: the packages and their dependencies.
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances \
  $runtime_packages 2>/dev/null | grep -v '^ ' | tr -d '<>' | sort -u)

# Whether a newline-separated list holds an exact line, without a pipe: under pipefail,
# `echo "$list" | grep -q` fails when grep exits at its match while echo is still writing
# (bash writes a list line by line, so echo then dies of SIGPIPE), which made packages on
# the install line read as MISSING on a loaded machine.
member() {
  case $'\n'"$1"$'\n' in
    *$'\n'"$2"$'\n'*) return 0 ;;
  esac
  return 1
}

package_of() {
  local path="$1" real
  real=$(readlink -f "$path")
  for candidate in "$path" "$real" "${real#/usr}" "/usr$real"; do
    if out=$(dpkg -S "$candidate" 2>/dev/null); then
      out=${out%%$'\n'*}
      echo "${out%%:*}"
      return 0
    fi
  done
  return 1
}

direct=$(readelf -d "$bin" | awk -F'[][]' '/NEEDED/ {print $2}')
failures=0
needed_packages=""
while read -r name path; do
  [ -n "$path" ] || continue
  package=$(package_of "$path") || { echo "FAIL: $name ($path) belongs to no package" >&2; failures=1; continue; }
  needed_packages="$needed_packages $package"
  is_direct=0
  member "$direct" "$name" && is_direct=1
  if member "$runtime_packages" "$package"; then
    status="on the install line"
  elif member "$base_packages" "$package"; then
    status="in debian:bookworm-slim"
  elif [ "$is_direct" = 0 ] && member "$closure" "$package"; then
    status="a dependency of the install line"
  else
    status="MISSING"
    failures=1
  fi
  if [ "$is_direct" = 1 ] || [ "$status" = "MISSING" ] || [ "${VERBOSE:-0}" = 1 ]; then
    printf '  %-28s %-24s %s%s\n' "$name" "$package" "$status" "$([ "$is_direct" = 1 ] && echo " (linked directly)")"
  fi
done < <(ldd "$bin" | awk '/=>/ && $3 ~ /^\// {print $1, $3}')
echo "  ... and $(ldd "$bin" | grep -c '=> /') libraries in all (VERBOSE=1 lists each)"

# Data the binary reads: the default fonts by path (NotchwaveText's Font.defaultPaths and
# its weights), and through fontconfig the fallback fonts of the scripts Inter lacks
# (FontFallback.preferredFamily: one Noto family of each package stands for it).
fonts=(/usr/share/fonts/opentype/inter/Inter-Regular.otf /usr/share/fonts/opentype/inter/Inter-SemiBold.otf
       /usr/share/fonts/opentype/inter/Inter-Bold.otf)
for family in "Noto Sans Arabic" "Noto Sans CJK JP"; do
  file=$(fc-match -f '%{file}' "$family" 2>/dev/null)
  [ "$(fc-match -f '%{family[0]}' "$family" 2>/dev/null)" = "$family" ] || { echo "FAIL: $family (a fallback font) is not installed here" >&2; failures=1; continue; }
  fonts+=("$file")
done
for file in "${fonts[@]}"; do
  package=$(package_of "$file") || { echo "FAIL: $file (a font notchwave reads) belongs to no installed package" >&2; failures=1; continue; }
  needed_packages="$needed_packages $package"
  if member "$runtime_packages" "$package"; then
    printf '  %-28s %-24s %s\n' "$(basename "$file")" "$package" "on the install line (a font it reads)"
  else
    printf '  %-28s %-24s %s\n' "$(basename "$file")" "$package" "MISSING"
    failures=1
  fi
done

for package in $runtime_packages; do
  member "${needed_packages// /$'\n'}" "$package" || echo "WARNING: $package is installed in the runtime stage but nothing needs it" >&2
done
libraries=$(ldd "$bin")
if grep -qiE 'libswift|libFoundation|libdispatch|/opt/swift' <<<"$libraries"; then
  echo "FAIL: the binary still links Swift runtime libraries" >&2
  failures=1
fi
[ "$failures" = 0 ] || { echo "FAIL: the runtime stage misses packages the binary needs" >&2; exit 1; }

# Without the toolchain: an empty environment, no Swift on any path.
env -i PATH=/usr/bin:/bin "$bin" --version
smoke=$(mktemp -d)
trap 'rm -rf "$smoke"' EXIT
env -i PATH=/usr/bin:/bin NOTCHWAVE_PRESETS="$PWD/presets" HOME="$smoke" "$bin" render --preset iphone-15-pro \
  --duration 0.2 --quiet -o "$smoke/smoke.mp4"
[ -s "$smoke/smoke.mp4" ] || { echo "FAIL: the smoke render wrote nothing" >&2; exit 1; }
echo "ok: the runtime stage covers every library, and the static binary runs without the Swift toolchain"
