#!/usr/bin/env python3
"""An independent reference for laid-out text: runs given in visual order, each in the
font fontconfig's `fc-match` names for its family, shaped by HarfBuzz (PyPI's uharfbuzz,
its own build) and drawn by FreeType's own anti-aliasing rasterizer (PyPI's freetype-py,
its own build), glyph by glyph, composited "over" in float.

It shares nothing with notchwave's Swift code: not its fallback (each run names its
family, and the test says which it must be), not its bidi (the test gives the visual
order, worked out by hand from the Unicode bidirectional algorithm), not its shaping
library's build, not its rasterizer.

Input (a JSON file): {"size": PX, "width": W, "height": H, "x": X, "baseline": Y,
"runs": [{"text": ..., "family": ... or "file": ..., "weight": 400, "rtl": bool,
"script": "Arab", "language": "ar"}]}. Output: the coverage as W*H bytes (-o FILE) and
on stdout a JSON list of the glyphs placed: [{"run": i, "file": ..., "index": n,
"glyph": id, "x": px, "y": px}] (x from the left end, y up, in pixels).
"""

import argparse
import json
import math
import subprocess
import sys

import freetype
import numpy
import uharfbuzz as hb


def bad(message):
    sys.stderr.write("error: %s\n" % message)
    sys.exit(64)


def font_file(run):
    """The run's font: its file, or fontconfig's match for its family and weight."""
    if "file" in run:
        return run["file"], int(run.get("index", 0))
    # fontconfig's weights: 80 regular, 180 semibold, 200 bold.
    weight = {400: 80, 600: 180, 700: 200}.get(int(run.get("weight", 400)), 80)
    pattern = "%s:weight=%d" % (run["family"], weight)
    found = subprocess.run(["fc-match", "-f", "%{file}\n%{index}\n%{family[0]}", pattern], capture_output=True, text=True)
    if found.returncode != 0:
        bad("fc-match %s failed: %s" % (pattern, found.stderr.strip()))
    path, index, family = found.stdout.split("\n")[:3]
    if family != run["family"]:
        bad("%s is not installed (fc-match gives %s)" % (run["family"], family))
    return path, int(index)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("job")
    parser.add_argument("-o", dest="out", required=True)
    a = parser.parse_args()
    with open(a.job) as f:
        job = json.load(f)
    size, width, height = float(job["size"]), int(job["width"]), int(job["height"])
    coverage = numpy.zeros((height, width), dtype=numpy.float64)
    placed = []
    pen = float(job["x"])
    baseline = float(job["baseline"])
    for number, run in enumerate(job["runs"]):
        path, index = font_file(run)
        blob = hb.Blob.from_file_path(path)
        face = hb.Face(blob, index)
        font = hb.Font(face)
        upem = face.upem
        font.scale = (upem, upem)
        buffer = hb.Buffer()
        buffer.add_str(run["text"])
        buffer.direction = "rtl" if run["rtl"] else "ltr"
        buffer.script = run["script"]
        buffer.language = run.get("language") or "und"
        hb.shape(font, buffer, {})
        ft = freetype.Face(path, index)
        ft.set_char_size(int(round(size * 64)))
        unit = size / upem
        for info, position in zip(buffer.glyph_infos, buffer.glyph_positions):
            x = pen + position.x_offset * unit
            y = position.y_offset * unit
            placed.append({"run": number, "file": path, "index": index, "glyph": info.codepoint, "x": x - float(job["x"]), "y": y})
            # The glyph at a whole pixel plus FreeType's own subpixel shift (26.6).
            whole_x, whole_y = math.floor(x), math.floor(baseline - y)
            shift_x = int(round((x - whole_x) * 64))
            shift_y = int(round(((baseline - y) - whole_y) * 64))
            matrix = freetype.Matrix(0x10000, 0, 0, 0x10000)
            ft.set_transform(matrix, freetype.Vector(shift_x, -shift_y))
            ft.load_glyph(info.codepoint, freetype.FT_LOAD_NO_HINTING | freetype.FT_LOAD_NO_BITMAP | freetype.FT_LOAD_RENDER)
            bitmap = ft.glyph.bitmap
            if bitmap.width == 0 or bitmap.rows == 0:
                pen += position.x_advance * unit
                continue
            pixels = numpy.array(bitmap.buffer, dtype=numpy.float64).reshape(bitmap.rows, bitmap.pitch)[:, :bitmap.width] / 255.0
            left = whole_x + ft.glyph.bitmap_left
            top = whole_y - ft.glyph.bitmap_top
            y0, y1 = max(0, top), min(height, top + bitmap.rows)
            x0, x1 = max(0, left), min(width, left + bitmap.width)
            if y0 < y1 and x0 < x1:
                part = pixels[y0 - top:y1 - top, x0 - left:x1 - left]
                region = coverage[y0:y1, x0:x1]
                coverage[y0:y1, x0:x1] = region + part - region * part
            pen += position.x_advance * unit
    with open(a.out, "wb") as f:
        f.write(numpy.clip(numpy.rint(coverage * 255), 0, 255).astype(numpy.uint8).tobytes())
    json.dump(placed, sys.stdout)


if __name__ == "__main__":
    main()
