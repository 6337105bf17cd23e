#!/usr/bin/env python3
"""An independent Catmull-Rom resize, to check the framed screens of notchwave's canvases.

    resample_reference.py IN.rgba WIDTH HEIGHT OUT_WIDTH OUT_HEIGHT OUT.rgba

IN.rgba is straight RGBA8 (rows top to bottom). The picture is premultiplied, resized
with the Keys cubic (a = -0.5) widened by the reduction when shrinking (a source pixel s,
its centre at s + 0.5, weighs w((s + 0.5 - c) / f) in the output pixel whose centre maps
to c, f = max(1, 1 / scale), each output pixel's weights normalised to sum to 1), in
float64 as two matrix products, rounded to the nearest level, clamped (alpha to 0..255,
colours to 0..alpha) and written out premultiplied. Written from the filter's definition
with NumPy, not from notchwave's code.
"""
import sys

import numpy as np


def keys(x):
    t = np.abs(x)
    return np.where(t < 1, (1.5 * t - 2.5) * t * t + 1,
                    np.where(t < 2, ((-0.5 * t + 2.5) * t - 4) * t + 2, 0.0))


def weights(source, target):
    """The target x source matrix of one axis's normalised weights."""
    scale = target / source
    widen = max(1.0, 1.0 / scale)
    centres = (np.arange(target) + 0.5) / scale
    s = np.arange(source) + 0.5
    w = keys((s[None, :] - centres[:, None]) / widen)
    sums = w.sum(axis=1, keepdims=True)
    return np.divide(w, sums, out=np.zeros_like(w), where=sums != 0)


def main():
    path, width, height, out_width, out_height, out = sys.argv[1:7]
    width, height, out_width, out_height = int(width), int(height), int(out_width), int(out_height)
    straight = np.fromfile(path, dtype=np.uint8).reshape(height, width, 4).astype(np.float64)
    alpha = straight[:, :, 3:4]
    premultiplied = np.concatenate([np.round(straight[:, :, :3] * alpha / 255), alpha], axis=2)
    across = weights(width, out_width)
    down = weights(height, out_height)
    resized = np.einsum("yh,hwc->ywc", down, np.einsum("xw,hwc->hxc", across, premultiplied))
    resized = np.floor(resized + 0.5)
    a = np.clip(resized[:, :, 3:4], 0, 255)
    rgb = np.clip(resized[:, :, :3], 0, a)
    np.concatenate([rgb, a], axis=2).astype(np.uint8).tofile(out)


if __name__ == "__main__":
    main()
