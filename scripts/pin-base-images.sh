#!/usr/bin/env bash
# Pins the Dockerfile's base images by digest: for each `ARG NAME_BASE=IMAGE:TAG` line it
# looks up the digest the tag points to now (the multi-platform index, so every
# architecture stays pinned) and rewrites the matching `ARG NAME_DIGEST=sha256:...` line.
#
#   scripts/pin-base-images.sh           refresh the digests in place
#   scripts/pin-base-images.sh --check   fail unless every pinned digest still resolves
#
# Needs one of `docker buildx imagetools`, `crane` or `skopeo`, and the registry; nothing
# here is run by `make test` (the build machines reach no container registry).
set -euo pipefail
cd "$(dirname "$0")/.."
dockerfile=${DOCKERFILE:-Dockerfile}
mode=${1:-refresh}

digest_of() {  # IMAGE[:TAG|@DIGEST] -> sha256:...
  if docker buildx version >/dev/null 2>&1; then
    docker buildx imagetools inspect "$1" --format '{{.Manifest.Digest}}'
  elif command -v crane >/dev/null 2>&1; then
    crane digest "$1"
  elif command -v skopeo >/dev/null 2>&1; then
    echo "sha256:$(skopeo inspect --raw "docker://$1" | sha256sum | cut -d' ' -f1)"
  else
    echo "pin-base-images: needs docker buildx, crane or skopeo" >&2
    exit 1
  fi
}

status=0
while IFS='=' read -r key image; do
  name=${key#ARG }; name=${name%_BASE}
  pinned=$(sed -n "s/^ARG ${name}_DIGEST=//p" "$dockerfile")
  [ -n "$pinned" ] || { echo "pin-base-images: no ARG ${name}_DIGEST line for $image" >&2; exit 1; }
  if [ "$mode" = "--check" ]; then
    if resolved=$(digest_of "$image@$pinned") && [ "$resolved" = "$pinned" ]; then
      current=$(digest_of "$image")
      [ "$current" = "$pinned" ] && echo "ok: $image@$pinned" \
        || echo "ok: $image@$pinned resolves (the tag has moved on to $current; refresh when convenient)"
    else
      echo "FAIL: $image@$pinned does not resolve" >&2
      status=1
    fi
  else
    current=$(digest_of "$image")
    sed -i "s|^ARG ${name}_DIGEST=.*|ARG ${name}_DIGEST=${current}|" "$dockerfile"
    echo "$image -> $current"
  fi
done < <(grep -E '^ARG [A-Z_]+_BASE=' "$dockerfile")
exit "$status"
