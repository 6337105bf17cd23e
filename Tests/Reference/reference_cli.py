"""Command-line plumbing shared by the reference renderers (argument errors exit 64 with
one line on stderr; a screen of width x height points at a scale; raw RGBA output).
Nothing here renders: each renderer stays independent of notchwave's Swift code."""

import argparse
import math
import sys


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 64."""

    def __init__(self, description):
        super().__init__(description=description)
        self.add_argument("--selftest", action="store_true")
        self.add_argument("--width", type=float)
        self.add_argument("--height", type=float)
        self.add_argument("--scale", type=float)
        self.add_argument("-o", dest="out")

    def error(self, message):
        sys.stderr.write("error: %s\n" % message.replace("\n", " "))
        sys.exit(64)


def bad(msg):
    sys.stderr.write("error: %s\n" % msg)
    sys.exit(64)


def check_screen(a, required=()):
    """`--width`, `--height`, `--scale`, `-o` and `required` given; the three numbers positive
    and the image at least one pixel."""
    for name in ("width", "height", "scale", "out") + tuple(required):
        if getattr(a, name) is None:
            bad("missing --%s" % ("o" if name == "out" else name))
    for name in ("width", "height", "scale"):
        v = getattr(a, name)
        if not (math.isfinite(v) and v > 0):
            bad("--%s must be a positive number" % name)
    if math.floor(a.width * a.scale + 0.5) < 1 or math.floor(a.height * a.scale + 0.5) < 1:
        bad("image size rounds to zero pixels")


def write_rgba(path, img):
    """Writes the image's bytes and prints its size as WIDTHxHEIGHT."""
    with open(path, "wb") as f:
        f.write(img.tobytes())
    print("%dx%d" % (img.shape[1], img.shape[0]))
