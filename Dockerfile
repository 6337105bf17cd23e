# syntax=docker/dockerfile:1
# notchwave as a CI job image: a build stage on the official Swift image for Debian
# bookworm (so that the FFmpeg 5.1 libraries match Debian's), and a small runtime stage
# on debian:bookworm-slim with only the runtime libraries the binary links.
#
#   docker build -t notchwave .
#   docker run --rm -u "$(id -u):$(id -g)" -v "$PWD:/work" notchwave render --preset iphone-15-pro -o out.mp4
#
# `-u "$(id -u):$(id -g)"` makes the container write the bind-mounted folder as you: the
# image's own user (uid 10001) cannot write a host folder that you own. See docs/docker.md
# for named volumes, Docker Desktop and Podman.
#
# Base images are pinned by digest (the tag stays for readers). To refresh both digests:
#   scripts/pin-base-images.sh            (needs `docker buildx imagetools`, `crane` or `skopeo`)
# which rewrites the *_DIGEST lines below; `scripts/check-image.sh` assembles the runtime
# stage from this file without a Docker engine and checks the result.
ARG SWIFT_BASE=swift:6.3.2-bookworm
ARG SWIFT_DIGEST=sha256:de037fec606b26cee2bf7f93dba8eab7a617f067f94cf78669f929e5a0c6146a
ARG RUNTIME_BASE=debian:bookworm-slim
ARG RUNTIME_DIGEST=sha256:b4aa902587c2e61ce789849cb54c332b0400fe27b1ee33af4669e1f7e7c3e22f

FROM ${SWIFT_BASE}@${SWIFT_DIGEST} AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libavcodec-dev libavformat-dev libswscale-dev libavutil-dev libavfilter-dev pkg-config \
      libfreetype-dev libharfbuzz-dev libfontconfig-dev libfribidi-dev libmicrohttpd-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY presets ./presets
COPY scripts/stage-install.sh scripts/install.sh ./scripts/
# The static, stripped binary, the presets, the manual page and the completions, laid out
# under /out as the runtime's root.
RUN scripts/stage-install.sh /out

FROM ${RUNTIME_BASE}@${RUNTIME_DIGEST}
ARG VERSION=0.1.0
ARG RUNTIME_BASE
ARG RUNTIME_DIGEST
LABEL org.opencontainers.image.title="notchwave" \
      org.opencontainers.image.description="Renders the rainbow notch loading animation into video files, one preset per device" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.source="https://github.com/notchwave/notchwave" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.base.name="docker.io/library/${RUNTIME_BASE}" \
      org.opencontainers.image.base.digest="${RUNTIME_DIGEST}"
# The FFmpeg 5.1 runtime libraries; their codec libraries (x264, x265, libvpx, SVT-AV1,
# libaom, ...) come in as their dependencies. FreeType, HarfBuzz, fontconfig and FriBidi
# lay out and draw text (libavfilter needs some of them too), with the Inter font, and the
# Noto fonts for the scripts Inter lacks; libmicrohttpd serves `notchwave studio`. scripts/check-docker.sh checks this line against
# what the binary links; scripts/check-image.sh runs it to assemble the stage.
# dpkg leaves out the faces notchwave never reads: of fonts-inter's 36 only the regular,
# semibold and bold Inter; of the Noto fonts only Noto Sans's regular and bold faces of
# each script (not the serif, mono, display, looped or UI families): 59.5 MiB of their 131.
# The user and its group both get id 10001, so that USER 10001:10001 has names.
RUN printf '%s\n' 'path-exclude=/usr/share/fonts/opentype/inter/*' \
      'path-include=/usr/share/fonts/opentype/inter/Inter-Regular.otf' \
      'path-include=/usr/share/fonts/opentype/inter/Inter-SemiBold.otf' \
      'path-include=/usr/share/fonts/opentype/inter/Inter-Bold.otf' \
      'path-exclude=/usr/share/fonts/truetype/noto/*' \
      'path-include=/usr/share/fonts/truetype/noto/NotoSans*-Regular.ttf' \
      'path-include=/usr/share/fonts/truetype/noto/NotoSans*-Bold.ttf' \
      'path-exclude=/usr/share/fonts/opentype/noto/NotoSerif*' > /etc/dpkg/dpkg.cfg.d/notchwave-fonts \
 && apt-get update \
 && apt-get install -y --no-install-recommends \
      libavcodec59 libavfilter8 libavformat59 libavutil57 libswscale6 \
      libfreetype6 libharfbuzz0b libfontconfig1 libfribidi0 libmicrohttpd12 fonts-inter fonts-noto-core fonts-noto-cjk \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 notchwave \
 && useradd --system --uid 10001 --gid notchwave --create-home --home-dir /home/notchwave --shell /usr/sbin/nologin notchwave \
 && mkdir -p /work \
 && chown notchwave:notchwave /work
COPY --from=build /out/ /
USER 10001:10001
WORKDIR /work
ENTRYPOINT ["notchwave"]
CMD ["--help"]
