#!/usr/bin/env python3
"""Independent reference renderer for one frame of the notch-wave animation.

Written only from the specification `shared/spec/notch-waves.md` (sections 1 geometry,
2 timeline and stop, 3 frames, 4 colours and compositing, 5 details) and the preset JSON
files' data (screen points and pixels, cutout numbers); `--style smooth` draws the
smooth-gradient waves of `shared/spec/seed-systems.md` sections 2.2 (the wave and its rim
gradients) and 2.3 (the loop clock, superEaseIn, z-order, the wrap-around duplicate) in
each half of the bar (W = hw, H = h, the preset's rt and rb, gradient length 8 pt, middle
stop 0.2, a 1 s cycle), steady state only: no curtains (2.4), notch and no-cutout presets.  It does not use, and must not be
derived from, the Swift implementation under test.  Python 3 + numpy only.

Usage:
    python3 notch_waves_reference.py --preset PRESET.json --time T [--stop S]
        [--period P] [--waves N] [--colors HEX,HEX,...] [--background HEX]
        [--start S] [--region bar|screen] [--mask] [--subrows N] [--style sharp|smooth] -o OUT.rgba
    python3 notch_waves_reference.py --selftest

Output: raw straight RGBA8, rows top to bottom, no header.  Prints `WIDTHxHEIGHT` on
stdout.  Exit 64 on bad arguments.

Frame: `W * scale` by `H * scale` pixels (`scale` = screen pixels / screen points), or
with `--region bar` only the rows down to the bottom of the bar band, rounded up.

Rendering model (bottom first): the background everywhere; the waves in order of k; the
closing wave; the cutout in opaque black; with `--mask` the outside of the rounded screen
made transparent.  Source-over on sRGB-encoded numbers: out = src*c + dst*(1 - c) for
opaque colours with coverage c.  Coverage = area of the pixel inside the shape: for each
pixel row the shape is, per sub-row (N midpoint samples of y), one or two x-intervals
whose overlap with each pixel column is exact; the mean over the sub-rows is the area
(midpoint rule in y, exact in x).  Colours stay in float until one rounding at the end.
"""

import argparse
import json
import math
import sys

import numpy as np

# Spec section 4: iOS system colours, light appearance.
NAMED = {
    "red": "FF3B30", "orange": "FF9500", "yellow": "FFCC00", "green": "34C759",
    "mint": "00C7BE", "teal": "30B0C7", "cyan": "32ADE6", "blue": "007AFF",
    "indigo": "5856D6", "purple": "AF52DE", "pink": "FF2D55", "brown": "A2845E",
    "white": "FFFFFF", "black": "000000",
}

TIME_TOLERANCE = 1e-9  # spec section 5


def parse_color(text):
    """`#RRGGBB`, `#RRGGBBAA` or a name -> (r, g, b, a) floats 0..255."""
    t = text.strip().lower()
    t = NAMED.get(t, t).lstrip("#")
    if len(t) not in (6, 8) or any(ch not in "0123456789abcdefABCDEF" for ch in t):
        raise ValueError("bad colour %r" % text)
    vals = [int(t[i:i + 2], 16) for i in range(0, len(t), 2)]
    if len(vals) == 3:
        vals.append(255)
    return tuple(float(v) for v in vals)


# ---------------------------------------------------------------- timeline (section 2)

def ease_in(tau):
    """SwiftUI easeIn: cubic Bezier (0,0) (0.42,0) (1,1) (1,1); solve x(s) = tau to 1e-6."""
    if tau <= 0.0:
        return 0.0
    if tau >= 1.0:
        return 1.0  # exactly: a finished wave has p = 1 (section 2)
    x1, y1, x2, y2 = 0.42, 0.0, 1.0, 1.0

    def bez(s, a, b):
        u = 1.0 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s

    lo, hi = 0.0, 1.0
    for _ in range(60):  # bisection: x(s) is increasing
        mid = 0.5 * (lo + hi)
        if bez(mid, x1, x2) < tau:
            lo = mid
        else:
            hi = mid
    s = 0.5 * (lo + hi)
    return bez(s, y1, y2)


def wave_states(t, period, waves, ncolors, start, stop):
    """[(k, colour index, phase)] of the waves shown at t (bottom first), and the closing
    wave's (phase, front colour index) or None."""
    D = period * waves
    limit = t if stop is None else min(t, stop)
    states = []
    k = 0
    while start + k * period <= limit + TIME_TOLERANCE:
        tk = start + k * period
        p = ease_in((t - tk) / D)
        states.append((k, k % ncolors, p))
        k += 1
    # A finished wave stays until a later wave has finished too (then it is covered).
    finished = [i for i, s in enumerate(states) if s[2] >= 1.0]
    if len(finished) > 1:
        last = finished[-1]
        states = [s for i, s in enumerate(states) if s[2] < 1.0 or i == last]
    closing = None
    if stop is not None and t >= stop + D - TIME_TOLERANCE:
        return [], None  # section 5: from stop + D on, only the background remains
    if stop is not None and t >= stop - TIME_TOLERANCE:
        p = ease_in((t - stop) / D)
        front = int(math.floor((stop - start) / period + 1e-9)) % ncolors
        closing = (p, front)
    return states, closing


# ---------------------------------------------------------------- geometry (section 1)

def notch_edge(vv, cw, h, rt, rb):
    """edge(v) of section 1 for leading width cw at rows vv (points from the band's top,
    array); NaN outside [0, h]."""
    e = np.full(vv.shape, np.nan)
    inside = (vv >= 0) & (vv <= h)
    upper = inside & (vv <= rt)
    middle = inside & (vv > rt) & (vv < h - rb)
    lower = inside & (vv >= h - rb)
    e[upper] = cw - np.sqrt(np.maximum(rt * rt - (vv[upper] - rt) ** 2, 0.0))
    e[middle] = cw - rt
    e[lower] = (cw - rt - rb) + np.sqrt(np.maximum(rb * rb - (vv[lower] - (h - rb)) ** 2, 0.0))
    return e


class Geometry:
    def __init__(self, preset):
        W, H = preset["screenPoints"]["value"]
        PW, _ = preset["screenPixels"]["value"]
        self.W, self.H = float(W), float(H)
        self.scale = float(PW) / float(W)
        self.width = int(PW)
        self.height = int(preset["screenPixels"]["value"][1])
        self.corner = float(preset.get("cornerRadius", {}).get("value", 0.0))
        cut = preset.get("cutout", {"kind": "none"})
        self.kind = cut["kind"]
        self.top = 0.0
        if self.kind == "notch":
            rt, rb = cut["topRadius"]["value"], cut["bottomRadius"]["value"]
            self.h, self.rt, self.rb = cut["height"]["value"], rt, rb
            # The notch is cs + 2 (rt + 2 rb) wide (section 1).
            self.cs = cut["width"]["value"] - 2 * (rt + 2 * rb)
        elif self.kind == "island":
            self.iw, self.ih, self.top = cut["width"]["value"], cut["height"]["value"], cut["topInset"]["value"]
            self.h = self.ih
            self.cs = self.iw - self.ih
            self.rt = self.rb = 0.0
        else:
            bar = preset.get("bar")
            if bar is not None:
                self.h, self.cs, self.rt, self.rb = bar["h"], bar["cs"], bar["rt"], bar["rb"]
            else:  # the seed's sizes for screens without a cutout
                self.h, self.cs, self.rt, self.rb = 20.0, 0.0, 10.0, 10.0
        self.hw = (self.W - self.cs) / 2.0
        self.right_start = (self.W + self.cs) / 2.0
        self.left_end = (self.W - self.cs) / 2.0

    def band(self):
        return self.top, self.top + self.h

    def wave_edge(self, v, p):
        """The wave's outer edge u(v) (points) at rows v (array, points, y from the top of
        the screen); NaN outside the band."""
        top, bottom = self.band()
        e = np.full(v.shape, np.nan)
        inside = (v >= top) & (v <= bottom)
        if self.kind == "island":
            r = self.ih / 2.0
            cw = self.hw * p
            dv = v - top - r
            e[inside] = cw + np.sqrt(np.maximum(r * r - dv[inside] ** 2, 0.0))
            return e
        return notch_edge(v - top, 2 * (self.rt + self.rb) + self.hw * p, self.h, self.rt, self.rb)

    def halves(self, v, extent):
        """The two halves' x-intervals (points) for outer extents `extent` (u, NaN = none):
        right [(W+cs)/2, (W+cs)/2 + u], left [(W-cs)/2 - u, (W-cs)/2]."""
        return [(self.right_start + 0 * extent, self.right_start + extent),
                (self.left_end - extent, self.left_end + 0 * extent)]

    def cutout_intervals(self, v):
        if self.kind == "none":
            return None
        if self.kind == "island":
            r = self.ih / 2.0
            dv = v - self.top - r
            half = self.cs / 2.0 + np.sqrt(np.maximum(r * r - dv * dv, 0.0))
            inside = np.abs(dv) <= r
            half = np.where(inside, half, np.nan)
            return [(self.W / 2.0 - half, self.W / 2.0 + half)]
        e = self.wave_edge(v, 0.0)
        return [(self.left_end - e, self.right_start + e)]


# ---------------------------------------------------------------- coverage

def coverage_of_edge(e, width):
    """F[x] = mean over sub-rows of clip(e - x, 0, 1): the area left of the edges e (pixels)."""
    F = np.zeros(width)
    e = np.clip(e, -1.0, width + 1.0)
    lo = max(int(math.floor(e.min())) - 1, 0)
    hi = min(int(math.ceil(e.max())) + 1, width)
    F[:lo] = 1.0
    if hi > lo:
        xs = np.arange(lo, hi, dtype=np.float64)
        F[lo:hi] = np.clip(e[:, None] - xs[None, :], 0.0, 1.0).mean(axis=0)
    return F


def row_coverage(intervals, width):
    """Coverage of one pixel row by the union of x-intervals given per sub-row (pixels;
    NaN where a sub-row has none).  Touching or overlapping intervals are merged first, so
    a shape made of two halves that meet counts once (section 5)."""
    ivs = [(np.array(a, dtype=np.float64), np.array(b, dtype=np.float64)) for a, b in intervals]
    ivs = [(np.where(np.isnan(a) | np.isnan(b), 0.0, a), np.where(np.isnan(a) | np.isnan(b), 0.0, np.maximum(a, b)))
           for a, b in ivs]
    if len(ivs) == 2:
        (a0, b0), (a1, b1) = ivs
        # Sort by start per sub-row and merge where they overlap.
        first_a, first_b = np.where(a0 <= a1, a0, a1), np.where(a0 <= a1, b0, b1)
        second_a, second_b = np.where(a0 <= a1, a1, a0), np.where(a0 <= a1, b1, b0)
        overlap = (second_a <= first_b) & (second_b > second_a) & (first_b > first_a)
        merged_b = np.where(overlap, np.maximum(first_b, second_b), first_b)
        second_a = np.where(overlap, 0.0, second_a)
        second_b = np.where(overlap, 0.0, second_b)
        ivs = [(first_a, merged_b), (second_a, second_b)]
    cov = np.zeros(width)
    for a, b in ivs:
        cov += coverage_of_edge(b, width) - coverage_of_edge(a, width)
    return np.clip(cov, 0.0, 1.0)


# ---------------------------------------------------------------- frame

def render(preset, t, stop=None, period=0.3, waves=3, colors=None, background=None,
           start=0.0, region="bar", mask=False, subrows=256):
    g = Geometry(preset)
    colors = colors or [parse_color(c) for c in ("red", "green", "blue")]
    background = background or parse_color("white")
    S = g.scale
    width = g.width
    if region == "bar":
        height = min(g.height, max(1, int(math.ceil((g.top + g.h) * S - 1e-9))))
    else:
        height = g.height
    img = np.zeros((height, width, 4))
    img[:, :] = background
    states, closing = wave_states(t, period, waves, len(colors), start, stop)
    band_top, band_bottom = g.band()
    rows = range(max(int(math.floor(band_top * S)), 0), min(int(math.ceil(band_bottom * S)), height))
    xs = np.arange(width) + 0.5
    for py in rows:
        v = (py + (np.arange(subrows) + 0.5) / subrows) / S  # sub-row centres, points
        row = img[py]
        layers = []
        for (_, ci, p) in states:
            e = g.wave_edge(v, p)
            layers.append((g.halves(v, e), np.array(colors[ci])[None, :].repeat(width, 0)))
        if closing is not None:
            p, front = closing
            m = (g.ih / 2.0) if g.kind == "island" else (g.rt + g.rb)
            inside = (v >= band_top) & (v <= band_bottom)
            extent = np.where(inside, (g.hw + m) * p + m, np.nan)
            # Paint at pixel centres: background over [0, (hw+m)p], then a linear
            # gradient to `front` over the next m (u measured outwards on each side).
            u = np.where(xs >= g.W * S / 2.0, xs / S - g.right_start, g.left_end - xs / S)
            f = np.clip((u - (g.hw + m) * p) / m, 0.0, 1.0)[:, None]
            paint = np.array(background)[None, :] * (1 - f) + np.array(colors[front])[None, :] * f
            layers.append((g.halves(v, extent), paint))
        cut = g.cutout_intervals(v)
        if cut is not None:
            layers.append((cut, np.array((0.0, 0.0, 0.0, 255.0))[None, :].repeat(width, 0)))
        for intervals, paint in layers:
            c = row_coverage([(a * S, b * S) for a, b in intervals], width)
            alpha = (paint[:, 3] / 255.0) * c
            row[:, :3] = paint[:, :3] * alpha[:, None] + row[:, :3] * (1 - alpha[:, None])
            row[:, 3] = paint[:, 3] * c + row[:, 3] * (1 - alpha)
    if mask and g.corner > 0:
        img[:, :, 3] *= screen_mask(g, height, width, subrows)
    # The colours are straight already (opaque compositing; the mask only scales alpha).
    out = np.clip(np.floor(img + 0.5), 0, 255).astype(np.uint8)
    out[out[:, :, 3] == 0] = 0
    return out, width, height


def screen_mask(g, height, width, subrows):
    """Coverage of each pixel by the screen rectangle with circular corners of radius
    cornerRadius (points)."""
    S = g.scale
    r = g.corner
    m = np.ones((height, width))
    for py in list(range(0, min(height, int(math.ceil(r * S)) + 1))) + \
            list(range(max(0, int(math.floor((g.H - r) * S)) - 1), height)):
        v = (py + (np.arange(subrows) + 0.5) / subrows) / S
        dy = np.maximum(np.maximum(r - v, v - (g.H - r)), 0.0)
        inset = r - np.sqrt(np.maximum(r * r - dy * dy, 0.0))
        m[py] = row_coverage([(inset * S, (g.W - inset) * S)], width)
    return m


# ---------------------------------------------------------------- style smooth (seed-systems.md 2.2, 2.3)

def super_ease_in(x):
    """superEaseIn: cubic Bezier (0,0) (0.2,0) (1,0.7) (1,1), y at x (bisection in s)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0

    def bez(s, a, b):
        u = 1.0 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s

    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if bez(mid, 0.2, 1.0) < x:
            lo = mid
        else:
            hi = mid
    return bez(0.5 * (lo + hi), 0.0, 0.7)


def loop_position(i, n, T):
    """SharpWavePosition.calculate (2.3)."""
    time = T - math.floor(T)
    pos = i / n + time
    full = math.floor(pos)
    r = pos - full
    if full > 0 and r == 0:
        r = 1.0
    return r


def stops_color(t, stops):
    """Colour of sRGB-encoded stops [(location, rgba)] at t (clamped), interpolated linearly."""
    t = np.clip(t, 0.0, 1.0)
    out = np.zeros(t.shape + (4,))
    out[:] = stops[0][1]
    for (l0, c0), (l1, c1) in zip(stops, stops[1:]):
        f = np.clip((t - l0) / (l1 - l0), 0.0, 1.0)[..., None] if l1 > l0 else (t >= l1)[..., None].astype(float)
        seg = np.array(c0) * (1 - f) + np.array(c1) * f
        out = np.where((t >= l0)[..., None], seg, out)
    return out


def smooth_wave_paint(lx, ly, W, H, rt, rb, gL, m, start, end):
    """The 2.2 wave's colour at local points (lx, ly) (arrays) of a W x H wave."""
    start, end = np.array(start), np.array(end)
    mid = (start + end) / 2.0
    out = np.zeros(lx.shape + (4,))
    out[:] = end
    top = ly < rt
    bottom = ly >= H - rb
    middle = ~top & ~bottom
    # Top row: radial around (W, rt), r0 = rt, r1 = rt + gL, start@0 mid@m end@1.
    d = np.hypot(lx - W, ly - rt)
    out = np.where(top[..., None], stops_color((d - rt) / gL, [(0, start), (m, mid), (1, end)]), out)
    # Middle row: linear over x in [W - rt - gL, W - rt], end@0 mid@(1-m) start@1.
    lin = stops_color((lx - (W - rt - gL)) / gL, [(0, end), (1 - m, mid), (1, start)])
    out = np.where((middle & (lx >= W - rt - gL))[..., None], lin, out)
    # Bottom row: a = (W - rt - rb) / 2; [a, 2a) angular, [2a, 2a + rb] radial.
    a = (W - rt - rb) / 2.0
    if a > 0:
        thetaS = 270.0 + math.degrees(math.atan(a / gL))
        thetaM = 270.0 + math.degrees(math.atan(a / (gL * (1 - m))))
        midLoc = 1 - (thetaM - thetaS) / (360.0 - thetaS)
        dx, dy = lx - a, ly - H  # centre (a, H), y down
        theta = np.degrees(np.arctan2(dy, dx)) % 360.0
        ang = stops_color((theta - thetaS) / (360.0 - thetaS), [(0, end), (midLoc, mid), (1, start)])
        out = np.where((bottom & (lx >= a) & (lx < 2 * a))[..., None], ang, out)
    rad = stops_color((np.hypot(lx - 2 * a, ly - (H - rb)) - (rb - gL)) / gL, [(0, end), (1 - m, mid), (1, start)])
    out = np.where((bottom & (lx >= 2 * a))[..., None], rad, out)
    return out


def render_smooth(preset, t, cycle=1.0, colors=None, background=None, gL=8.0, m=0.2, subrows=256):
    """Style smooth in its steady state (after the opening curtain, no stop): every wave
    of 2.2 on the 2.3 clock in each half of the bar (W = hw, H = h, the preset's rt, rb),
    mirrored on the left; the cutout over them."""
    g = Geometry(preset)
    if g.kind == "island":
        raise ValueError("the smooth reference draws notch and no-cutout presets")
    colors = colors or [parse_color(c) for c in ("red", "green", "blue")]
    background = background or parse_color("white")
    S, width = g.scale, g.width
    height = min(g.height, max(1, int(math.ceil(g.h * S - 1e-9))))
    img = np.zeros((height, width, 4))
    img[:, :] = background
    n = len(colors)
    W, H, rt, rb = g.hw, g.h, g.rt, g.rb
    travel = rt + rb
    layers = []  # (zIndex, offset, start colour, end colour)
    for i in range(n):
        p = loop_position(i, n, t / cycle)
        e = super_ease_in(p)
        start, end = colors[i], colors[(i - 1) % n]
        layers.append((-p, -W + e * (W + travel), start, end))
        if p < 1.0 / n:
            layers.append((-2.0, travel + e * (W + travel), start, end))
    layers.sort(key=lambda l: l[0])  # higher zIndex on top: painted last
    xs = np.arange(width) + 0.5
    right = xs >= g.W * S / 2.0
    u = np.where(right, xs / S - g.right_start, g.left_end - xs / S)  # outwards, points
    for py in range(height):
        v = (py + (np.arange(subrows) + 0.5) / subrows) / S
        row = img[py]
        vc = (py + 0.5) / S
        for _, offset, start, end in layers:
            # The wave clipped by its notch outline (cw = W) and by the frame [0, W].
            rim = notch_edge(v, W, H, rt, rb)  # 2.2's clip: the notch outline with cw = W
            lo = np.clip(offset + 0 * rim, 0.0, W)
            hi = np.clip(offset + rim, 0.0, W)
            hi = np.where(np.isnan(rim), lo, np.maximum(hi, lo))
            ivs = [((g.right_start + lo) * S, (g.right_start + hi) * S), ((g.left_end - hi) * S, (g.left_end - lo) * S)]
            c = row_coverage(ivs, width)
            paint = smooth_wave_paint(u - offset, np.full(width, vc), W, H, rt, rb, gL, m, start, end)
            alpha = c[:, None]
            row[:, :3] = paint[:, :3] * alpha + row[:, :3] * (1 - alpha)
        cut = g.cutout_intervals(v)
        if cut is not None:
            cc = row_coverage([(a * S, b * S) for a, b in cut], width)
            row[:, :3] = row[:, :3] * (1 - cc[:, None])
    out = np.clip(np.floor(img + 0.5), 0, 255).astype(np.uint8)
    return out, width, height


def selftest():
    # easeIn: x(s) = tau solved, y at the ends.
    assert abs(ease_in(0.0)) < 1e-9 and abs(ease_in(1.0) - 1.0) < 1e-9
    assert ease_in(0.5) < 0.5
    # A half-covered column: an interval edge at x = 2.5 in every sub-row.
    c = row_coverage([(np.full(8, 1.0), np.full(8, 2.5))], 4)
    assert np.allclose(c, [0, 1, 0.5, 0]), c
    # Two touching halves count once.
    c = row_coverage([(np.full(8, 1.5), np.full(8, 2.0)), (np.full(8, 2.0), np.full(8, 2.5))], 4)
    assert np.allclose(c, [0, 0.5, 0.5, 0]), c
    print("selftest ok")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset")
    ap.add_argument("--time", type=float)
    ap.add_argument("--stop", type=float)
    ap.add_argument("--period", type=float, default=0.3)
    ap.add_argument("--waves", type=int, default=3)
    ap.add_argument("--colors")
    ap.add_argument("--background")
    ap.add_argument("--start", type=float, default=0.0)
    ap.add_argument("--region", choices=("bar", "screen"), default="bar")
    ap.add_argument("--mask", action="store_true")
    ap.add_argument("--subrows", type=int, default=256)
    ap.add_argument("--style", choices=("sharp", "smooth"), default="sharp")
    ap.add_argument("-o", "--output")
    ap.add_argument("--selftest", action="store_true")
    try:
        args = ap.parse_args(argv)
    except SystemExit:
        return 64
    if args.selftest:
        selftest()
        return 0
    if not args.preset or args.time is None or not args.output:
        sys.stderr.write("--preset, --time and -o are required\n")
        return 64
    try:
        with open(args.preset) as f:
            preset = json.load(f)
        colors = [parse_color(c) for c in args.colors.split(",")] if args.colors else None
        background = parse_color(args.background) if args.background else None
    except (OSError, ValueError, KeyError) as e:
        sys.stderr.write("bad arguments: %s\n" % e)
        return 64
    if args.style == "smooth":
        try:
            img, w, h = render_smooth(preset, args.time, colors=colors, background=background, subrows=args.subrows)
        except ValueError as e:
            sys.stderr.write("bad arguments: %s\n" % e)
            return 64
        with open(args.output, "wb") as f:
            f.write(img.tobytes())
        print("%dx%d" % (w, h))
        return 0
    img, w, h = render(preset, args.time, stop=args.stop, period=args.period, waves=args.waves,
                       colors=colors, background=background, start=args.start, region=args.region,
                       mask=args.mask, subrows=args.subrows)
    with open(args.output, "wb") as f:
        f.write(img.tobytes())
    print("%dx%d" % (w, h))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
