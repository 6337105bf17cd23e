# syntax=docker/dockerfile:1
# notchwave as a CI job image: a build stage on the official Swift image for Debian
# bookworm (so that the FFmpeg 5.1 libraries match Debian's), and a small runtime stage
# on debian:bookworm-slim with only the runtime libraries the binary needs.
#
#   docker build -t notchwave .
#   docker run --rm -v "$PWD:/work" notchwave render --preset iphone-15-pro -o out.mp4

FROM swift:6.3-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libavcodec-dev libavformat-dev libswscale-dev libavutil-dev libavfilter-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY presets ./presets
RUN swift build -c release --static-swift-stdlib --product notchwave \
 && install -D -m 0755 "$(swift build -c release --static-swift-stdlib --show-bin-path)/notchwave" /out/usr/local/bin/notchwave \
 && mkdir -p /out/usr/local/share/notchwave \
 && cp -r presets /out/usr/local/share/notchwave/presets

FROM debian:bookworm-slim
ARG VERSION=0.1.0
LABEL org.opencontainers.image.title="notchwave" \
      org.opencontainers.image.description="Renders the rainbow notch loading animation into video files, one preset per device" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.source="https://github.com/notchwave/notchwave" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.base.name="docker.io/library/debian:bookworm-slim"
# The FFmpeg 5.1 runtime libraries; their codec libraries (x264, x265, libvpx, SVT-AV1,
# libaom, ...) come in as their dependencies. scripts/check-docker.sh checks this line
# against what the binary actually links.
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libavcodec59 libavfilter8 libavformat59 libavutil57 libswscale6 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --user-group --create-home --home-dir /home/notchwave --shell /usr/sbin/nologin notchwave \
 && mkdir -p /work \
 && chown notchwave:notchwave /work
COPY --from=build /out/ /
ENV NOTCHWAVE_PRESETS=/usr/local/share/notchwave/presets
USER 10001:10001
WORKDIR /work
ENTRYPOINT ["notchwave"]
CMD ["--help"]
