# notchwave — the two commands of the README: `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/release/notchwave

.PHONY: all build demo test deps test-deps bench bench-peers bench-instructions bench-quality clean presets-readme frames-docs studio-docs readme lint docker-check image-check fuzz fuzz-brief test-asan test-tsan install uninstall deb

all: build

deps:
	@scripts/ensure-deps.sh build

test-deps:
	@scripts/ensure-deps.sh test

# The presets are compiled in: scripts/embed_presets.py writes presets/*.json into a Swift
# file (committed, and checked by make test, so a machine without Python builds as well).
EMBED := if command -v python3 >/dev/null 2>&1; then python3 scripts/embed_presets.py; fi
build: deps
	@$(EMBED)
	$(SWIFT) build -c release

# Installs the binary (with the Swift runtime linked in, as the image and the package ship
# it, so it does not need the toolchain), the presets (for reference: they are built in),
# the manual page and bash, zsh and fish completions under $(DESTDIR)$(PREFIX)
# (scripts/install.sh).
PREFIX ?= /usr/local
STATIC := .build/static
install: deps
	@$(EMBED)
	$(SWIFT) build -c release --static-swift-stdlib --product notchwave --scratch-path $(STATIC)
	scripts/install.sh $(STATIC)/release/notchwave "$(DESTDIR)" "$(PREFIX)" --strip

uninstall:
	scripts/install.sh $(BIN) "$(DESTDIR)" "$(PREFIX)" --uninstall

# The Debian package, dist/notchwave_VERSION_ARCH.deb (scripts/make-deb.sh; Debian 12).
deb: deps
	SWIFT="$(SWIFT)" scripts/make-deb.sh

# Renders out/demo.mp4: the iPhone X preset, 3 s at 60 fps.
demo: build
	@mkdir -p out
	$(BIN) render --preset iphone-x --duration 3 --fps 60 -o out/demo.mp4
	@echo "wrote out/demo.mp4"

# Checks that every target imports only the package modules Package.swift declares for it
# (scripts/module_graph.py; SwiftPM's own check runs in the build too), builds everything
# in release mode (the SIMD kernels are meant to run optimised), checks the docs'
# generated tables, runs the whole test suite, lints the Dockerfile, checks its runtime stage's libraries,
# assembles and runs the image without a Docker engine (on bookworm as root; it says so
# and skips elsewhere), and runs every fuzz target briefly. The tests' Python tools live
# in .build/tools (scripts/ensure-deps.sh), first on the PATH.
TOOLS := $(CURDIR)/.build/tools/bin
test: test-deps
	SWIFT="$(SWIFT)" python3 scripts/module_graph.py check
	python3 scripts/embed_presets.py --check
	$(SWIFT) build -c release --build-tests --explicit-target-dependency-import-check error
	SWIFT="$(SWIFT)" python3 scripts/readme_blocks.py $(BIN) --check
	PATH="$(TOOLS):$$PATH" $(SWIFT) test -c release --skip-build
	$(MAKE) --no-print-directory lint docker-check image-check
	$(MAKE) --no-print-directory fuzz-brief

# Every parser under libFuzzer with address sanitizer (scripts/fuzz.sh), FUZZ_SECONDS each
# (default 600); findings go to .build/fuzz-findings. `make fuzz-brief` (20 s each) is
# part of `make test`, so the fuzz targets keep building and the seed corpus keeps passing.
FUZZ_SECONDS ?= 600
fuzz: deps
	SWIFT="$(SWIFT)" scripts/fuzz.sh all $(FUZZ_SECONDS)

fuzz-brief: deps
	SWIFT="$(SWIFT)" scripts/fuzz.sh all 20

# The whole test suite under address sanitizer, and under thread sanitizer (release
# builds, so that the rendering tests run at a usable speed; each in its own build path).
# Leak detection is off: libx265 and XCTest's runner leak on their own (LeakSanitizer
# reports them at exit, which fails the CLI tests' processes); memory errors still abort.
test-asan: test-deps
	$(SWIFT) build -c release --build-tests --sanitize=address --build-path .build/asan
	ASAN_OPTIONS="detect_leaks=0:$${ASAN_OPTIONS:-}" PATH="$(TOOLS):$$PATH" $(SWIFT) test -c release --skip-build --sanitize=address --build-path .build/asan

test-tsan: test-deps
	$(SWIFT) build -c release --build-tests --sanitize=thread --build-path .build/tsan
	PATH="$(TOOLS):$$PATH" $(SWIFT) test -c release --skip-build --sanitize=thread --build-path .build/tsan

# hadolint on the Dockerfile.
lint: test-deps
	$(TOOLS)/hadolint Dockerfile
	@echo "hadolint: Dockerfile ok"

# The runtime stage's packages against what the static binary links, without Docker.
docker-check:
	SWIFT="$(SWIFT)" scripts/check-docker.sh

# The runtime stage assembled from the Dockerfile with mmdebstrap and run with chroot:
# smoke renders as docs/docker.md's docker lines run them, ffprobe, the size budget.
image-check:
	SWIFT="$(SWIFT)" scripts/check-image.sh

# Rewrites the generated blocks of docs/ and of the scenes' pages: the parameter tables,
# the module graph, check-preview's rules and each scene's options.
readme: build
	SWIFT="$(SWIFT)" python3 scripts/readme_blocks.py $(BIN)

# Renders docs/frames/ (the pictures of docs/frames.md) from examples/frames.json; a test
# renders the job again and fails when a picture differs.
frames-docs: build
	rm -rf docs/frames
	$(BIN) batch examples/frames.json -o docs/frames -q
	rm -f docs/frames/.manifest.json.lock

# Takes docs/studio/studio.png, the picture of docs/studio.md: the studio's page in headless
# Chromium (Tests/Studio/studio_browser_check.py); a test takes it again and fails when the
# page no longer looks like it.
studio-docs: build
	@scripts/ensure-deps.sh test
	$(TOOLS)/python3 Tests/Studio/studio_browser_check.py $(BIN) --screenshot docs/studio/studio.png

# Regenerates presets/README.md from the preset files.
presets-readme: build
	$(BIN) presets --markdown > presets/README.md

bench: build
	$(BIN) bench

# notchwave against Cairo (Debian's libcairo2-dev) and Blend2D (built from source by
# scripts/ensure-deps.sh peers), with and without its JIT, on the same frames: frames per
# second (bench-peers) and instructions per frame under callgrind (bench-instructions).
bench-peers: build
	@scripts/ensure-deps.sh peers
	BIN=$(BIN) bench/peers/run.sh

bench-instructions: build
	@scripts/ensure-deps.sh peers
	BIN=$(BIN) bench/peers/instructions.sh

# Each codec's settings on the demo clip: time, size, luma PSNR of the bar rows against the
# frames (bench/quality/table.sh; CODEC:SPEED:CRF candidates as arguments through ARGS).
bench-quality: build
	@scripts/ensure-deps.sh test
	BIN=$(BIN) bench/quality/table.sh $(ARGS)

clean:
	rm -rf .build out
