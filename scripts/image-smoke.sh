#!/usr/bin/env bash
# The image's smoke renders, one list for both places that run the image:
#
#   scripts/image-smoke.sh --docker IMAGE   with a Docker engine (.github/workflows/image.yml)
#   source scripts/image-smoke.sh           from scripts/check-image.sh, which assembles the
#                                           image without an engine and runs it with chroot
#
# A runner provides:
#   in_image USER:GROUP|image HOSTDIR|volume ARGS...
#       `docker run --rm [-u USER:GROUP] -v HOSTDIR:/work IMAGE ARGS...`; "image" runs as the
#       image's own USER; "volume" mounts a fresh named volume (the image's /work copied)
#   volume_file NAME DEST   copies NAME from that volume to the host file DEST
#   host_user               USER:GROUP of the host folder's owner (docs/docker.md's -u)
# and smoke_checks HOSTDIR runs the checks: --version, presets, renders to MP4,
# transparent WebM, ProRes and GIF and a small batch into the bind-mounted folder as the
# host user, each checked with ffprobe; the image's user refused on that folder with one
# line and exit 1; the image's user writing a named volume without -u.

smoke_fail() { echo "image-smoke: FAIL: $*" >&2; exit 1; }
smoke_step() { echo "image-smoke: $*"; }
smoke_probe() {  # FILE FIELD: one ffprobe field of the first video stream
  ffprobe -v error -select_streams v:0 -show_entries "stream=$2" -of default=nw=1:nk=1 "$1" | sed -n 1p
}
smoke_expect() { [ "$2" = "$3" ] || smoke_fail "$1: expected '$3', got '$2'"; }

smoke_checks() {
  local host=$1 out status denied f
  local common=(--preset iphone-15-pro --duration 0.4 --fps 30 --quiet)

  out=$(in_image image volume --version) || smoke_fail "--version failed"
  echo "$out" | sed 's/^/    /'
  grep -q '^notchwave ' <<<"$out" || smoke_fail "--version printed no version line"
  out=$(in_image image volume presets) || smoke_fail "presets failed"
  grep -q 'iphone-15-pro' <<<"$out" || smoke_fail "presets does not list iphone-15-pro"
  smoke_step "--version and presets ($(echo "$out" | grep -c iphone) iPhone presets) as the image's user"

  cat > "$host/job.json" <<'JOB'
{
  "presets": ["iphone-15-pro", "iphone-x"],
  "formats": ["mp4"],
  "defaults": {"duration": 0.3, "fps": 30, "quality": "draft"},
  "output": "{preset}.{ext}"
}
JOB
  smoke_step "as $host_user (-u) on a bind-mounted host folder: MP4, transparent WebM, ProRes, GIF, a batch"
  in_image "$host_user" "$host" render "${common[@]}" -o out.mp4 || smoke_fail "render to MP4"
  in_image "$host_user" "$host" render "${common[@]}" --background transparent -o alpha.webm || smoke_fail "render to transparent WebM"
  in_image "$host_user" "$host" render "${common[@]}" -o clip.mov || smoke_fail "render to ProRes"
  in_image "$host_user" "$host" render "${common[@]}" -o clip.gif || smoke_fail "render to GIF"
  in_image "$host_user" "$host" batch job.json -o batch --quiet >/dev/null || smoke_fail "batch"
  # The popup scene's labels are text: the same pose with and without them must differ.
  in_image "$host_user" "$host" frame --scene popup --scene-option state=shown --preset iphone-se-3 -t 0 -o popup.png || smoke_fail "popup frame"
  in_image "$host_user" "$host" frame --scene popup --scene-option state=shown --scene-option text= --scene-option button= \
    --preset iphone-se-3 -t 0 -o popup-blank.png || smoke_fail "popup frame without labels"
  cmp -s "$host/popup.png" "$host/popup-blank.png" && smoke_fail "the popup's labels drew nothing (text in the image)"
  # Captions in the scripts Inter lacks come from the image's Noto fonts (fontconfig),
  # right to left where they read so; the controls' labels use Inter's semibold and bold.
  in_image "$host_user" "$host" frame --preset iphone-se-3 -t 0.5 \
    --captions '[{"text": "مرحبا بالعالم", "start": 0, "position": "top"}, {"text": "こんにちは世界 สวัสดี नमस्ते", "start": 0}]' \
    -o captions.png || smoke_fail "captions in Arabic, Japanese, Thai and Hindi"
  in_image "$host_user" "$host" frame --scene controls --scene-option component=showcase --preset iphone-se-3 -t 0 -o controls.png \
    || smoke_fail "the controls' showcase (Inter's semibold and bold faces)"

  smoke_expect "out.mp4 codec" "$(smoke_probe "$host/out.mp4" codec_name)" h264
  smoke_expect "out.mp4 pixel format" "$(smoke_probe "$host/out.mp4" pix_fmt)" yuv420p
  smoke_expect "out.mp4 frames" "$(smoke_probe "$host/out.mp4" nb_frames)" 12
  smoke_expect "alpha.webm codec" "$(smoke_probe "$host/alpha.webm" codec_name)" vp9
  smoke_expect "alpha.webm alpha" "$(ffprobe -v error -select_streams v:0 -show_entries stream_tags=alpha_mode -of default=nw=1:nk=1 "$host/alpha.webm")" 1
  smoke_expect "clip.mov codec" "$(smoke_probe "$host/clip.mov" codec_name)" prores
  smoke_expect "clip.mov profile" "$(smoke_probe "$host/clip.mov" profile)" 4444
  smoke_expect "clip.gif codec" "$(smoke_probe "$host/clip.gif" codec_name)" gif
  # The contact sheet is labelled with text (FreeType, HarfBuzz and the Inter font).
  smoke_expect "batch/contact-sheet.png codec" "$(smoke_probe "$host/batch/contact-sheet.png" codec_name)" png
  for f in out.mp4 alpha.webm clip.mov clip.gif batch/manifest.json batch/contact-sheet.png popup.png captions.png controls.png; do
    [ -s "$host/$f" ] || smoke_fail "$f is missing or empty"
    smoke_expect "$f owner" "$(stat -c %u:%g "$host/$f")" "$host_user"
  done
  for f in iphone-15-pro iphone-x; do
    smoke_expect "batch/$f.mp4 codec" "$(smoke_probe "$host/batch/$f.mp4" codec_name)" h264
  done
  smoke_expect "partial files left" "$(find "$host" -name '*.partial*' | wc -l)" 0
  smoke_step "ffprobe: h264 yuv420p 12 frames, vp9 with alpha, prores 4444, gif, 2 batch outputs, a labelled contact sheet, a popup's labels, captions in four scripts and the controls; owned by $host_user"

  # Without -u the image's user (uid 10001) cannot write a folder the host user owns:
  # one clear line, exit 1, nothing left behind. (docs/docker.md says to pass -u.)
  set +e
  denied=$(in_image image "$host" render "${common[@]}" -o denied.mp4 2>&1)
  status=$?
  set -e
  smoke_expect "exit status without -u" "$status" 1
  smoke_expect "lines printed without -u" "$(printf '%s\n' "$denied" | wc -l)" 1
  [ ! -e "$host/denied.mp4" ] || smoke_fail "a refused render left denied.mp4"
  smoke_step "without -u on the host folder: exit 1, \"$denied\""

  # A named volume starts as a copy of the image's /work, which the image's user owns.
  in_image image volume render "${common[@]}" -o volume.mp4 || smoke_fail "render into a named volume"
  volume_file volume.mp4 "$host/volume.mp4"
  smoke_expect "volume.mp4 codec" "$(smoke_probe "$host/volume.mp4" codec_name)" h264
  smoke_step "the image's user on a named volume, without -u: ok"
}

# --- run with a Docker engine --------------------------------------------------------------
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  [ "${1:-}" = --docker ] && [ -n "${2:-}" ] || { echo "usage: $0 --docker IMAGE" >&2; exit 64; }
  image=$2
  volume="notchwave-smoke-$$"
  host_user="$(id -u):$(id -g)"
  host=$(mktemp -d)
  trap 'rm -rf "$host"; docker volume rm -f "$volume" >/dev/null 2>&1 || true' EXIT
  in_image() {
    local user=$1 mount=$2; shift 2
    local flags=(--rm)
    [ "$user" = image ] || flags+=(-u "$user")
    if [ "$mount" = volume ]; then flags+=(-v "$volume:/work"); else flags+=(-v "$mount:/work"); fi
    docker run "${flags[@]}" "$image" "$@"
  }
  volume_file() {
    docker run --rm -u 0 -v "$volume:/work" -v "$(dirname "$2"):/copy" --entrypoint cp "$image" "/work/$1" "/copy/$(basename "$2")"
    docker run --rm -u 0 -v "$(dirname "$2"):/copy" --entrypoint chown "$image" "$host_user" "/copy/$(basename "$2")"
  }
  smoke_checks "$host"
  smoke_step "ok: $image"
fi
