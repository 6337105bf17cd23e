#!/usr/bin/env python3
"""The Blend2D peer of `notchwave bench`: Blend2D (PyPI's blend2d-python, Blend2D 0.8
built without its JIT) drawing the frames notchwave's benchmark draws, from the files
`notchwave bench --peer-scenes DIR` writes (the format cairo_peer.c reads). One thread,
like the figures it is compared with.

    blend2d_peer.py FILE SECONDS    prints frames per second for FILE's frames, rendered
                                    in turn into one PRGB32 image of the canvas size,
                                    clipped to the file's rows.

The paths are built once, before timing (the binding's per-call cost in Python would
otherwise be counted as Blend2D's); each frame then fills the base and fills or strokes
every path, as cairo_peer does. Installed into .build/peers/python by
`scripts/ensure-deps.sh peers`; run by `make bench-peers`, never by notchwave.
"""
import math
import sys
import time

import blend2d as bl


def read(path):
    """(width, height, y0, y1, frames): each frame a base colour and its commands."""
    words = open(path).read().split()
    if words[:1] != ["canvas"] or words[3] != "rows":
        sys.exit(f"{path}: no canvas/rows header")
    width, height, y0, y1 = int(words[1]), int(words[2]), int(words[4]), int(words[5])
    i = 6
    frames, current, command, last = [], None, None, (0.0, 0.0)

    def numbers(n):
        nonlocal i
        values = [float(w) for w in words[i:i + n]]
        i += n
        return values

    while i < len(words):
        word = words[i]
        i += 1
        if word == "frame":
            current = {"base": (255, 255, 255, 255), "commands": []}
            frames.append(current)
        elif word == "base":
            current["base"] = tuple(int(v) for v in numbers(4))
        elif word in ("fill", "stroke"):
            colour = tuple(int(v) for v in numbers(4))
            if word == "fill":
                mode = words[i]
                i += 1
                command = {"kind": "fill", "colour": colour, "mode": mode, "path": bl.BLPath()}
            else:
                command = {"kind": "stroke", "colour": colour, "width": numbers(1)[0], "path": bl.BLPath()}
        elif word == "M":
            x, y = numbers(2)
            command["path"].move_to(x, y)
            last = (x, y)
        elif word == "L":
            x, y = numbers(2)
            command["path"].line_to(x, y)
            last = (x, y)
        elif word == "Q":
            cx, cy, x, y = numbers(4)
            command["path"].quadric_to(cx, cy, x, y)
            last = (x, y)
        elif word == "C":
            a, b, c, d, x, y = numbers(6)
            command["path"].cubic_to(a, b, c, d, x, y)
            last = (x, y)
        elif word == "A":
            cx, cy, r, a1, a2 = numbers(5)
            positive = int(words[i]) != 0
            i += 1
            # Cairo's arc (positive: increasing angles) and arc_negative, as a sweep.
            if positive:
                while a2 < a1:
                    a2 += 2 * math.pi
            else:
                while a2 > a1:
                    a2 -= 2 * math.pi
            command["path"].arc_to(cx, cy, r, r, a1, a2 - a1, False)
            last = (cx + r * math.cos(a2), cy + r * math.sin(a2))
        elif word == "Z":
            command["path"].close()
        elif word == "end":
            current["commands"].append(command)
            command = None
        else:
            sys.exit(f"{path}: cannot read '{word}'")
    if not frames:
        sys.exit(f"{path}: no frames")
    return width, height, y0, y1, frames


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: blend2d_peer.py FILE SECONDS")
    width, height, y0, y1, frames = read(sys.argv[1])
    seconds = float(sys.argv[2])
    image = bl.BLImage()
    image.create(width, height, bl.BLFormat.PRGB32)
    ctx = bl.BLContext(image)
    ctx.clip_to_rect(bl.BLRect(0, y0, width, y1 - y0))
    ctx.fill_rule = bl.BLFillRule.NON_ZERO
    modes = {"over": bl.BLCompOp.SRC_OVER, "source": bl.BLCompOp.SRC_COPY, "dest_out": bl.BLCompOp.DST_OUT}

    def render(frame):
        ctx.comp_op = bl.BLCompOp.SRC_COPY
        r, g, b, a = frame["base"]
        ctx.set_fill_style((r / 255, g / 255, b / 255, a / 255))
        ctx.fill_all()
        for command in frame["commands"]:
            r, g, b, a = command["colour"]
            if command["kind"] == "fill":
                ctx.comp_op = modes.get(command["mode"], bl.BLCompOp.SRC_OVER)
                ctx.set_fill_style((r / 255, g / 255, b / 255, a / 255))
                ctx.fill_path(command["path"])
            else:
                ctx.comp_op = bl.BLCompOp.SRC_OVER
                ctx.set_stroke_style((r / 255, g / 255, b / 255, a / 255))
                ctx.stroke_width = command["width"]
                ctx.stroke_path(command["path"])

    for k in range(3):
        render(frames[k % len(frames)])
    ctx.flush()
    rendered, start, elapsed = 0, time.perf_counter(), 0.0
    while elapsed < seconds:
        for _ in range(4):
            render(frames[rendered % len(frames)])
            rendered += 1
        ctx.flush()
        elapsed = time.perf_counter() - start
    print(f"{rendered / elapsed:.1f}")


if __name__ == "__main__":
    main()
