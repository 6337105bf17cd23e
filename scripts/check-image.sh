#!/usr/bin/env bash
# Assembles the Docker image's runtime stage without a Docker engine and runs it:
#
#  1. reads the Dockerfile's last stage (scripts/dockerfile_stage.py): its base, RUN lines,
#     ENV, USER, WORKDIR, ENTRYPOINT and COPY lines, and what the build stage installs with
#     scripts/stage-install.sh;
#  2. makes the base root file system from Debian's mirror with mmdebstrap, trimmed the way
#     debian:bookworm-slim is (minbase, merged /usr, no documentation, manual pages or
#     locales), and runs the stage's RUN lines in it, exactly as written; the result is
#     cached under .build/image/, keyed by the base and the RUN lines;
#  3. builds the build stage's output with scripts/stage-install.sh and copies it in as the
#     COPY lines say;
#  4. runs the image as `docker run` would (the stage's user, environment, working directory
#     and entry point, with /proc, /dev and /tmp) through scripts/image-smoke.sh, the same
#     smoke renders the image workflow runs with Docker: --version, presets, renders to MP4,
#     transparent WebM, ProRes and GIF and a small batch into a bind-mounted host folder
#     owned by another uid, run as that uid as docs/docker.md says (`docker run -u "$(id -u):$(id
#     -g)" -v "$PWD:/work" ...`), each output checked with ffprobe; the image's own user on
#     that folder (one line, exit 1, as documented) and on the image's /work (what a named
#     volume starts as);
#  5. builds the Debian package (scripts/make-deb.sh), installs it with dpkg into the same
#     bookworm root (the runtime packages it depends on installed by the stage's RUN lines)
#     and runs presets, a render, a batch and a popup frame from / as an ordinary user;
#  6. reports the image's size with its largest contributors and fails past the budget.
#
# It needs root (chroot, mounts) on Debian bookworm, the runtime stage's release; elsewhere
# it says why and skips. `make test` runs it; `make image-check` runs it alone.
#   IMAGE_BUDGET_MIB   the size budget in MiB (default below)
#   KEEP_IMAGE=1       leave the assembled root in .build/image/root for a look
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
dockerfile=${DOCKERFILE:-Dockerfile}
# Measured: 458.0 MiB for the stage as assembled here (see docs/docker.md); the budget
# leaves room for Debian's point releases, not for a new dependency.
budget_mib=${IMAGE_BUDGET_MIB:-470}

skip() { echo "check-image: skipped: $*"; exit 0; }
fail() { echo "check-image: FAIL: $*" >&2; exit 1; }
step() { echo "check-image: $*"; }

codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
[ "$codename" = bookworm ] || skip "this host is ${codename:-not Debian}; the image is Debian bookworm (run it on bookworm)"
[ "$(id -u)" = 0 ] || skip "it needs root for chroot and bind mounts (run: sudo make image-check)"
for tool in mmdebstrap ffprobe unshare; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    package=$tool; [ "$tool" = ffprobe ] && package=ffmpeg; [ "$tool" = unshare ] && package=util-linux
    step "installing $package"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >/dev/null 2>&1 \
      || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >/dev/null; }
  fi
done

started=$(date +%s)
cache=.build/image
mkdir -p "$cache"
stage_file="$cache/stage.sh"
python3 scripts/dockerfile_stage.py stage "$dockerfile" > "$stage_file"
# shellcheck source=/dev/null
source "$stage_file"
case "$stage_from" in
  debian:bookworm-slim@sha256:*) ;;
  *) fail "the runtime stage is FROM $stage_from; this check assembles debian:bookworm-slim (pinned by digest)" ;;
esac

# --- 2. the base and the RUN lines, cached --------------------------------------------
# debian:bookworm-slim is debuerreotype's minbase with merged /usr and these paths left
# out of every package (its "slimify" step); apt is set up as in that image.
slim_options=(
  --variant=minbase --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright'
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/groff/*'
  --dpkgopt='path-exclude=/usr/share/info/*' --dpkgopt='path-exclude=/usr/share/lintian/*'
  --dpkgopt='path-exclude=/usr/share/linda/*' --dpkgopt='path-exclude=/usr/share/locale/*'
  --aptopt='Acquire::Languages "none"'
  --aptopt='APT::AutoRemove::SuggestsImportant "false"'
  # The image's apt deletes downloaded packages and its caches after each run.
  --customize-hook='cat > "$1/etc/apt/apt.conf.d/docker-clean" <<"CONF"
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
CONF'
)
sources=(
  "deb http://deb.debian.org/debian bookworm main"
  "deb http://deb.debian.org/debian bookworm-updates main"
  "deb http://deb.debian.org/debian-security bookworm-security main"
)
# The runner every step uses: `chrooted ROOT HOSTDIR|- USER:GROUP WORKDIR NENV ENV... CMD...`
# runs CMD in ROOT as a container would, in a mount namespace of its own: /proc, the host's
# /dev, a fresh /tmp, HOSTDIR bind-mounted on WORKDIR, an empty environment but ENV.
chrooted() {
  unshare --mount --propagation private -- /bin/bash -c '
    set -e
    root=$1 host=$2 userspec=$3 workdir=$4 nenv=$5; shift 5
    env=("${@:1:$nenv}"); shift "$nenv"
    mount -t proc proc "$root/proc"
    mount --bind /dev "$root/dev"
    mount -t tmpfs tmpfs "$root/tmp"
    [ "$host" = - ] || mount --bind "$host" "$root$workdir"
    exec chroot --userspec="$userspec" "$root" /usr/bin/env -i "${env[@]}" \
      /bin/sh -c "cd \"\$0\" && exec \"\$@\"" "$workdir" "$@"
  ' chrooted "$@"
}
docker_path=PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# The base, cached by its recipe. (The RUN lines run below, not in mmdebstrap's hooks:
# mmdebstrap's own apt settings, such as no recommended packages, would apply to them.)
base_key=$(printf '%s\n' "${slim_options[@]}" "${sources[@]}" | sha256sum | cut -c1-16)
base_tar="$cache/base-$base_key.tar"
if [ ! -f "$base_tar" ]; then
  step "making the debian:bookworm-slim base from Debian's mirror (mmdebstrap; cached in $cache)"
  rm -f "$cache"/base-*.tar*
  log="$cache/mmdebstrap.log"
  if ! mmdebstrap --mode=root --format=tar "${slim_options[@]}" bookworm "$base_tar.partial" "${sources[@]}" > "$log" 2>&1; then
    tail -n 20 "$log" >&2
    fail "mmdebstrap could not make the base (log: $log)"
  fi
  mv "$base_tar.partial" "$base_tar"
fi

# The stage: the base plus the RUN lines, cached by the base and the lines.
key=$(printf '%s\n' "$base_key" "$stage_from" "${stage_args[@]}" "${stage_runs[@]}" | sha256sum | cut -c1-16)
rootfs_tar="$cache/rootfs-$key.tar"
root="$cache/root"
scratch=$(mktemp -d)
cleanup() {
  rm -rf "$scratch"
  [ "${KEEP_IMAGE:-0}" = 1 ] || rm -rf "${repo:?}/${root:?}"
}
trap cleanup EXIT
rm -rf "$root"
mkdir -p "$root"
if [ -f "$rootfs_tar" ]; then
  step "runtime stage from the cache ($rootfs_tar)"
  tar -C "$root" -xf "$rootfs_tar"
else
  step "running the runtime stage's RUN lines on the base (cached afterwards)"
  tar -C "$root" -xf "$base_tar"
  # Each RUN line as Docker runs it: /bin/sh -c as root in /, Docker's PATH and the
  # stage's ARGs in the environment, the host's name servers.
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  log="$cache/run.log"
  : > "$log"
  for run in "${stage_runs[@]}"; do
    echo "RUN $run" >> "$log"
    chrooted "$root" - 0:0 / $((1 + ${#stage_args[@]})) "$docker_path" "${stage_args[@]}" /bin/sh -c "$run" >> "$log" 2>&1 \
      || { tail -n 20 "$log" >&2; fail "a RUN line failed (log: $log)"; }
  done
  rm -f "$root/etc/resolv.conf"
  rm -f "$cache"/rootfs-*.tar*
  tar -C "$root" -cf "$rootfs_tar.partial" .
  mv "$rootfs_tar.partial" "$rootfs_tar"
fi

# --- 3. the build stage's output, copied as the COPY lines say ---------------------------
# The build stage runs in a copy of only what its COPY lines take from the context (a
# file its RUN lines need and no COPY line brings fails here as it fails `docker build`),
# at a fixed path so that SwiftPM's build folder there stays warm between runs.
build_root="$cache/build-root"
for output in "${build_outputs[@]}"; do
  stage_name=${output%%|*}; dest=${output#*|}
  context="$cache/context-$stage_name"
  find "$context" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} + 2>/dev/null || true
  mkdir -p "$context"
  for copy in "${build_context[@]}"; do
    IFS='|' read -r from rest <<< "$copy"
    [ "$from" = "$stage_name" ] || continue
    read -r -a words <<< "${rest//|/ }"
    target=${words[${#words[@]}-1]}
    for src in "${words[@]:0:${#words[@]}-1}"; do
      [ -e "$src" ] || fail "the build stage copies $src, which is not in the checkout"
      case "$target" in
        */) mkdir -p "$context/$target"; cp -R "$src" "$context/$target" ;;
        *) mkdir -p "$(dirname "$context/$target")"; rm -rf "${context:?}/$target"; cp -R "$src" "$context/$target" ;;
      esac
    done
  done
  step "build stage '$stage_name': scripts/stage-install.sh $dest, in a copy of what its COPY lines bring"
  (cd "$context" && SWIFT="${SWIFT:-swift}" scripts/stage-install.sh "$repo/$build_root/$stage_name$dest") > "$cache/build.log" 2>&1 \
    || { tail -n 30 "$cache/build.log" >&2; fail "the build stage failed (log: $cache/build.log)"; }
done
for copy in "${stage_copies[@]}"; do
  IFS='|' read -r from src dest <<< "$copy"
  if [ "$from" = . ]; then origin="$repo/$src"; else origin="$build_root/$from$src"; fi
  [ -e "$origin" ] || fail "COPY --from=$from $src: nothing there ($origin)"
  mkdir -p "$root$dest"
  # As COPY without --chown: the files become root's (this script runs as root), the
  # folders they land in keep their owners.
  if [ -d "$origin" ]; then
    cp -R --no-preserve=ownership --preserve=mode,timestamps "$origin/." "$root$dest"
  else
    cp --no-preserve=ownership --preserve=mode,timestamps "$origin" "$root$dest"
  fi
done

# --- 4. running the image ------------------------------------------------------------------
# The runner that scripts/image-smoke.sh expects, with chroot: `docker run`'s user,
# environment (Docker's PATH, HOME from the image's passwd or /, the stage's ENV), working
# directory and entry point, with /proc, /dev and a /tmp of its own. The image's own /work
# stays between runs, as a named volume would.
home_of() {
  local home
  home=$(awk -F: -v u="$1" '$3 == u {print $6; exit}' "$root/etc/passwd")
  echo "${home:-/}"
}
in_image() {
  local userspec=$1 host=$2; shift 2
  [ "$userspec" != image ] || userspec=$stage_user
  [ "$host" != volume ] || host=-
  local env=("$docker_path" "HOME=$(home_of "${userspec%%:*}")" "${stage_env[@]}")
  chrooted "$root" "$host" "$userspec" "$stage_workdir" "${#env[@]}" "${env[@]}" "${stage_entrypoint[@]}" "$@"
}
volume_file() { cp "$root$stage_workdir/$1" "$2"; }
# The host folder belongs to an ordinary user who is neither root nor the image's user.
host_user=4242:4242
host="$scratch/host"
mkdir -p "$host"
chown "$host_user" "$host"
chmod 0755 "$host"
# shellcheck source=scripts/image-smoke.sh
source scripts/image-smoke.sh
smoke_checks "$host"

# --- 5. the Debian package on the same root ---------------------------------------------------
# `make deb`'s package installed with dpkg into the runtime stage's root before the image's
# files were copied in (the packages it depends on are those the stage installs), then run
# from / as an ordinary user without a home: presets, a render and a batch into a host
# folder, checked with ffprobe.
step "the Debian package: scripts/make-deb.sh, installed into the bookworm root with dpkg"
deb=$(SWIFT="${SWIFT:-swift}" scripts/make-deb.sh .build/docker 2> "$cache/deb.log" | tail -n 1) \
  || { tail -n 30 "$cache/deb.log" >&2; fail "make-deb failed (log: $cache/deb.log)"; }
deb_root="$scratch/deb-root"
mkdir -p "$deb_root"
tar -C "$deb_root" -xf "$rootfs_tar"
cp "$deb" "$deb_root/tmp.deb"
chrooted "$deb_root" - 0:0 / 1 "$docker_path" dpkg -i /tmp.deb > "$cache/dpkg.log" 2>&1 \
  || { tail -n 20 "$cache/dpkg.log" >&2; fail "dpkg -i $(basename "$deb") failed (log: $cache/dpkg.log)"; }
rm -f "$deb_root/tmp.deb"
for installed in /usr/bin/notchwave /usr/share/bash-completion/completions/notchwave /usr/share/zsh/vendor-completions/_notchwave \
                 /usr/share/fish/vendor_completions.d/notchwave.fish /usr/share/notchwave/presets/iphone-x.json; do
  [ -e "$deb_root$installed" ] || fail "the package did not install $installed"
done
deb_host="$scratch/deb-host"
mkdir -p "$deb_host" "$deb_root/out"
chown "$host_user" "$deb_host"
cat > "$deb_host/job.json" <<'JOB'
{"presets": ["iphone-15-pro", "iphone-se-3"], "defaults": {"duration": 0.3, "fps": 30, "quality": "draft"}, "output": "{preset}.{ext}"}
JOB
deb_out=$(chrooted "$deb_root" "$deb_host" "$host_user" /out 1 PATH=/usr/bin:/bin /bin/sh -c '
  set -e
  cd /
  notchwave presets | grep -c iphone
  notchwave render --preset iphone-15-pro --duration 0.4 --fps 30 --quiet -o /out/deb.mp4
  notchwave batch /out/job.json -o /out/batch --quiet
  notchwave frame --scene popup --scene-option state=shown -t 0 --quiet -o /out/popup.png
') || fail "the installed package failed to run from / as $host_user: $deb_out"
smoke_expect "iPhone presets listed by the package" "$deb_out" "$(grep -c '"id": "iphone-' presets/*.json | grep -c ':1$')"
smoke_expect "deb.mp4 frames" "$(smoke_probe "$deb_host/deb.mp4" nb_frames)" 12
smoke_expect "batch iphone-se-3.mp4 codec" "$(smoke_probe "$deb_host/batch/iphone-se-3.mp4" codec_name)" h264
[ -s "$deb_host/popup.png" ] || fail "the package's popup frame is missing"
step "the Debian package $(basename "$deb") ($(( $(stat -c %s "$deb") / 1048576 )) MiB) installs and renders from / as $host_user ($deb_out iPhone presets)"

# --- 6. size -------------------------------------------------------------------------------
report=$(python3 scripts/dockerfile_stage.py size "$root")
echo "$report" | sed 's/^/    /'
bytes=$(echo "$report" | sed -n 's/^total [0-9.]* MiB (\([0-9]*\) bytes).*/\1/p')
mib=$(( (bytes + 1048575) / 1048576 ))
[ "$mib" -le "$budget_mib" ] || fail "the image is $mib MiB, over its budget of $budget_mib MiB (IMAGE_BUDGET_MIB)"
step "ok: the runtime stage assembled from $dockerfile passes the smoke renders; $mib MiB of $budget_mib MiB budget; $(( $(date +%s) - started )) s"
