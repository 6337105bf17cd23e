# notchwave — the two commands of the README: `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/release/notchwave

.PHONY: all build demo test deps test-deps bench clean presets-readme

all: build

deps:
	@scripts/ensure-deps.sh build

test-deps:
	@scripts/ensure-deps.sh test

build: deps
	$(SWIFT) build -c release

# Renders out/demo.mp4: the iPhone X preset, 3 s at 60 fps.
demo: build
	@mkdir -p out
	$(BIN) render --preset iphone-x --duration 3 --fps 60 -o out/demo.mp4
	@echo "wrote out/demo.mp4"

# Builds everything in release mode (the SIMD kernels are meant to run optimised) and
# runs the whole test suite.
test: test-deps
	$(SWIFT) build -c release --build-tests
	$(SWIFT) test -c release --skip-build

# Regenerates presets/README.md from the preset files.
presets-readme: build
	$(BIN) presets --markdown > presets/README.md

bench: build
	$(BIN) bench

clean:
	rm -rf .build out
