#!/usr/bin/env python3
"""Independent reference renderer for a static pose of the LiquidSwipe page slider.

Written only from the specification `shared/spec/seed-systems.md`, sections 0.2
(coordinates: points, origin top-left, y down) and 3 (LiquidSwipe: 3.2 constants,
3.3 derived quantities, 3.4 wave path, 3.5 button).  It does not use, and must not
be derived from, the Swift implementation under test.  Python 3 + numpy only.

Usage:
    python3 liquid_swipe_reference.py --width W --height H --scale S \
        --page RRGGBB --previous RRGGBB --next RRGGBB \
        --left P@Y --right P@Y [--top left|right] [--slider-offset PT] \
        [--samples N] -o OUT.rgba
    python3 liquid_swipe_reference.py --selftest

Output: raw straight RGBA8, rows top to bottom, no header, alpha 255 everywhere.
Prints `WIDTHxHEIGHT` (pixel size) on stdout.  Exit 64 on bad arguments.

Rendering model (bottom first): opaque page colour; bottom slider (wave, then button
if its opacity > 0); top slider likewise.  Source-over on 8-bit sRGB numbers treated
linearly: out = src*a + dst*(1-a), a = alpha * coverage.  Coverage = fraction of an
N x N grid of sample points (centres (i+0.5)/N) inside the shape.  Colours are kept
in float during compositing and rounded (half up) to 8 bits once at the end.
"""

import math
import sys

import numpy as np

from reference_cli import Parser, bad, check_screen, write_rgba

# ---------------------------------------------------------------- constants (3.2)
BUTTON_RADIUS = 24.0
BUTTON_MARGIN = 8.0
ARROW_WIDTH = 4.0
ARROW_HEIGHT = 10.0
WAVE_MIN_LEDGE = 15.0
WAVE_MIN_HR = 48.0
WAVE_MIN_VR = 82.0

RING_STROKE = 1.0      # default stroke width of the circle
RING_ALPHA = 0.2       # circle opacity (colour: black = default primary, spec GUESS)
CHEVRON_STROKE = 2.0
MITER_LIMIT = 10.0

CUBIC_FLATTEN_SEGMENTS = 512   # >= 256 per cubic, as required

# normalised bump (3.4): x in [0,1] outward, y in [0,2] upward from curveStartY
DATA = [
    0,       0.13461, 0.05341, 0.24127, 0.15615, 0.33223,
    0.23616, 0.40308, 0.33052, 0.45611, 0.50124, 0.53505,
    0.51587, 0.54182, 0.56641, 0.56503, 0.57493, 0.56896,
    0.72837, 0.63973, 0.80866, 0.68334, 0.87740, 0.73990,
    0.96534, 0.81226, 1,       0.89361, 1,       1,
    1,       1.10014, 0.95957, 1.18879, 0.86084, 1.27048,
    0.78521, 1.33305, 0.70338, 1.37958, 0.52911, 1.46651,
    0.52418, 1.46896, 0.50573, 1.47816, 0.50153, 1.48026,
    0.31874, 1.57142, 0.23320, 1.62041, 0.15411, 1.68740,
    0.05099, 1.77475, 0,       1.87092, 0,       2,
]


# ---------------------------------------------------------------- derived quantities (3.3)
def interpolate(a, b, f, lo=0.0, hi=1.0):
    if f <= lo:
        return a
    if f >= hi:
        return b
    return a + (b - a) * (f - lo) / (hi - lo)


def side_sign(side):
    return 1.0 if side == "left" else -1.0


def wave_ledge_x(side, p, W):
    ledge = interpolate(WAVE_MIN_LEDGE, W, p, 0.2, 0.8)
    return ledge if side == "left" else W - ledge


def wave_horizontal_radius(p, W):
    p1 = 0.4
    to = 0.8 * W
    if p <= p1:
        return interpolate(WAVE_MIN_HR, to, p, 0.0, p1)
    if p >= 1.0:
        return to
    t = (p - p1) / (1.0 - p1)
    m = 9.8
    beta = 40.0 / (2.0 * m)
    omega = math.sqrt(-beta ** 2 + (50.0 / m) ** 2)
    return to * math.exp(-beta * t) * math.cos(omega * t)


def wave_vertical_radius(p, H):
    return interpolate(WAVE_MIN_VR, 0.9 * H, p, 0.0, 0.4)


def button_offset(side, p, center_y, W):
    x = wave_ledge_x(side, p, W) + side_sign(side) * (
        wave_horizontal_radius(p, W) - (BUTTON_RADIUS + BUTTON_MARGIN))
    return x, center_y


def button_opacity(p):
    # spec: max(1 - 5p, 0); additionally clamped to [0, 1] (overshoot below p = 0)
    return min(max(1.0 - 5.0 * p, 0.0), 1.0)


# ---------------------------------------------------------------- wave outline (3.4)
def wave_outline(side, center_y, p, W, H, n_per_cubic=CUBIC_FLATTEN_SEGMENTS):
    """Flattened closed outline, in points, as an (M, 2) array (implicitly closed)."""
    ledge = wave_ledge_x(side, p, W)
    hr = wave_horizontal_radius(p, W)
    vr = wave_vertical_radius(p, H)
    curve_start_y = vr + center_y
    sign = side_sign(side)
    x_out = -50.0 if side == "left" else W + 50.0
    pts = [(ledge, -100.0), (x_out, -100.0), (x_out, H), (ledge, H), (ledge, curve_start_y)]
    t = np.arange(1, n_per_cubic + 1, dtype=np.float64) / n_per_cubic
    u = 1.0 - t
    b0, b1, b2, b3 = u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3
    out = [np.array(pts, dtype=np.float64)]
    cur = np.array([ledge, curve_start_y])
    for k in range(10):
        d = DATA[6 * k: 6 * k + 6]
        c1 = np.array([ledge + sign * hr * d[0], curve_start_y - vr * d[1]])
        c2 = np.array([ledge + sign * hr * d[2], curve_start_y - vr * d[3]])
        e = np.array([ledge + sign * hr * d[4], curve_start_y - vr * d[5]])
        seg = (b0[:, None] * cur + b1[:, None] * c1 + b2[:, None] * c2 + b3[:, None] * e)
        seg[-1] = e
        out.append(seg)
        cur = e
    # the fill closes the path with a straight line back to (ledge, -100)
    return np.concatenate(out, axis=0)


# ---------------------------------------------------------------- coverage: polygons (non-zero)
def polygon_coverage_nonzero(poly_px, img_w, img_h, n, strip_rows=32):
    """Coverage of a closed polygon (pixel coords) with the non-zero rule.

    Returns (x0, y0, cov) where cov is a float array for the pixel bbox
    [x0, x0+cov.shape[1]) x [y0, y0+cov.shape[0]), or None if empty.
    For every sample row, crossings of the polygon edges are sorted, the winding
    number is accumulated, and the spans with non-zero winding are counted onto a
    per-pixel difference array (exact count of sample centres in each span).
    """
    xs = poly_px[:, 0]
    ys = poly_px[:, 1]
    bx0 = max(int(math.floor(xs.min())), 0)
    bx1 = min(int(math.ceil(xs.max())), img_w)
    by0 = max(int(math.floor(ys.min())), 0)
    by1 = min(int(math.ceil(ys.max())), img_h)
    if bx1 <= bx0 or by1 <= by0:
        return None
    wb = bx1 - bx0
    # edges (closed)
    ex0 = xs - bx0
    ey0 = ys
    ex1 = np.roll(xs, -1) - bx0
    ey1 = np.roll(ys, -1)
    keep = ey0 != ey1                     # horizontal edges never cross a half-open row
    ex0, ey0, ex1, ey1 = ex0[keep], ey0[keep], ex1[keep], ey1[keep]
    eymin = np.minimum(ey0, ey1)
    eymax = np.maximum(ey0, ey1)
    ewind = np.where(ey1 > ey0, 1, -1).astype(np.int64)
    eslope = (ex1 - ex0) / (ey1 - ey0)

    counts = np.zeros((by1 - by0, wb), dtype=np.int64)
    sub = (np.arange(n) + 0.5) / n
    kmax = wb * n
    for r0 in range(by0, by1, strip_rows):
        r1 = min(r0 + strip_rows, by1)
        sy = (np.arange(r0, r1)[:, None] + sub[None, :]).ravel()      # sample rows
        sel = (eymax > sy[0]) & (eymin <= sy[-1])
        if not np.any(sel):
            continue
        fy0, fy1 = ey0[sel], ey1[sel]
        fx0, fsl, fw = ex0[sel], eslope[sel], ewind[sel]
        ylo, yhi = np.minimum(fy0, fy1), np.maximum(fy0, fy1)
        Y = sy[:, None]
        hit = (ylo[None, :] <= Y) & (Y < yhi[None, :])                # half-open rule
        ri, ei = np.nonzero(hit)
        if ri.size == 0:
            continue
        cx = fx0[ei] + (sy[ri] - fy0[ei]) * fsl[ei]
        w = fw[ei]
        order = np.lexsort((cx, ri))
        ri, cx, w = ri[order], cx[order], w[order]
        after = np.cumsum(w)              # every sample row's crossings sum to 0
        before = after - w
        start = (before == 0) & (after != 0)
        end = (before != 0) & (after == 0)
        ev = start | end
        evsign = np.where(start[ev], 1, -1)
        evrow = ri[ev] // n + (r0 - by0)  # pixel row (relative to bbox)
        # first sample column whose centre (k+0.5)/n is >= x
        k = np.ceil(cx[ev] * n - 0.5)
        k = np.clip(k, 0, kmax).astype(np.int64)
        c0 = k // n
        rem = k - c0 * n
        # samples of pixel c with index >= k: 0 for c < c0, n - rem at c0, n after
        diff = np.zeros((by1 - by0, wb + 2), dtype=np.int64)
        flat = diff.ravel()
        stride = wb + 2
        np.add.at(flat, evrow * stride + c0, evsign * (n - rem))
        np.add.at(flat, evrow * stride + c0 + 1, evsign * rem)
        rows = slice(r0 - by0, r1 - by0)
        counts[rows] += np.cumsum(diff[rows, :wb], axis=1)
    return bx0, by0, counts.astype(np.float64) / float(n * n)


# ---------------------------------------------------------------- coverage: implicit shapes
def implicit_coverage(inside_fn, bbox, img_w, img_h, n, strip_rows=8):
    """Coverage of a shape given by a vectorised inside test on pixel coords."""
    bx0 = max(int(math.floor(bbox[0])), 0)
    by0 = max(int(math.floor(bbox[1])), 0)
    bx1 = min(int(math.ceil(bbox[2])), img_w)
    by1 = min(int(math.ceil(bbox[3])), img_h)
    if bx1 <= bx0 or by1 <= by0:
        return None
    wb = bx1 - bx0
    sub = (np.arange(n) + 0.5) / n
    sx = (np.arange(bx0, bx1)[:, None] + sub[None, :]).ravel()
    cov = np.zeros((by1 - by0, wb), dtype=np.float64)
    for r0 in range(by0, by1, strip_rows):
        r1 = min(r0 + strip_rows, by1)
        sy = (np.arange(r0, r1)[:, None] + sub[None, :]).ravel()
        X = np.broadcast_to(sx[None, :], (sy.size, sx.size))
        Y = np.broadcast_to(sy[:, None], (sy.size, sx.size))
        ins = inside_fn(X, Y)
        c = ins.reshape(r1 - r0, n, wb, n).sum(axis=(1, 3))
        cov[r0 - by0:r1 - by0] = c / float(n * n)
    return bx0, by0, cov


def ring_inside(cx, cy, r_in, r_out):
    r_in2, r_out2 = r_in * r_in, r_out * r_out

    def fn(X, Y):
        d2 = (X - cx) ** 2 + (Y - cy) ** 2
        return (d2 >= r_in2) & (d2 <= r_out2)
    return fn


def _in_convex(X, Y, poly):
    """Inside test for a convex polygon (any orientation), boundary included."""
    pos = np.ones(X.shape, dtype=bool)
    neg = np.ones(X.shape, dtype=bool)
    m = len(poly)
    for i in range(m):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % m]
        cr = (bx - ax) * (Y - ay) - (by - ay) * (X - ax)
        pos &= cr >= 0
        neg &= cr <= 0
    return pos | neg


def polyline_stroke_inside(points, half_w, miter_limit=MITER_LIMIT):
    """Inside test for an open polyline stroke: butt caps, miter joins (bevel past the limit)."""
    pts = [np.array(p, dtype=np.float64) for p in points]
    segs = []
    for a, b in zip(pts[:-1], pts[1:]):
        d = b - a
        L = float(np.hypot(d[0], d[1]))
        if L == 0:
            continue
        u = d / L
        segs.append((a, b, u, np.array([-u[1], u[0]]), L))
    joins = []
    for i in range(len(segs) - 1):
        a1, v, u1, n1, _ = segs[i]
        _, _, u2, n2, _ = segs[i + 1]
        turn = u1[0] * u2[1] - u1[1] * u2[0]
        if abs(turn) < 1e-12:
            continue
        # outer side: the offset side facing away from the turn
        o1 = n1 if np.dot(n1, u2) < 0 else -n1
        o2 = n2 if np.dot(n2, -u1) < 0 else -n2
        p1 = v + half_w * o1
        p2 = v + half_w * o2
        cosphi = float(np.dot(o1, o2))
        miter_ratio = math.sqrt(2.0 / (1.0 + cosphi))   # = 1/sin(theta/2)
        if miter_ratio <= miter_limit:
            mp = v + half_w * (o1 + o2) / (1.0 + cosphi)
            joins.append([tuple(v), tuple(p1), tuple(mp), tuple(p2)])
        else:
            joins.append([tuple(v), tuple(p1), tuple(p2)])

    def fn(X, Y):
        ins = np.zeros(X.shape, dtype=bool)
        for a, _, u, nrm, L in segs:
            dx = X - a[0]
            dy = Y - a[1]
            t = dx * u[0] + dy * u[1]
            q = dx * nrm[0] + dy * nrm[1]
            ins |= (t >= 0) & (t <= L) & (np.abs(q) <= half_w)
        for poly in joins:
            ins |= _in_convex(X, Y, poly)
        return ins
    return fn


# ---------------------------------------------------------------- compositing
def composite(img, res, color, alpha):
    if res is None or alpha <= 0:
        return
    x0, y0, cov = res
    h, w = cov.shape
    a = (cov * alpha)[:, :, None]
    region = img[y0:y0 + h, x0:x0 + w]
    region *= (1.0 - a)
    region += a * np.asarray(color, dtype=np.float64)[None, None, :]


def draw_slider(img, side, p, center_y, color, W, H, s, offset, n):
    img_h, img_w = img.shape[:2]
    dx = -offset if side == "left" else offset
    # wave
    poly = wave_outline(side, center_y, p, W, H)
    poly = poly.copy()
    poly[:, 0] += dx
    composite(img, polygon_coverage_nonzero(poly * s, img_w, img_h, n), color, 1.0)
    # button
    op = button_opacity(p)
    if op <= 0:
        return
    bx, by = button_offset(side, p, center_y, W)
    bx += dx
    cx, cy = bx * s, by * s
    r_in = (BUTTON_RADIUS - RING_STROKE / 2) * s
    r_out = (BUTTON_RADIUS + RING_STROKE / 2) * s
    ring = implicit_coverage(ring_inside(cx, cy, r_in, r_out),
                             (cx - r_out, cy - r_out, cx + r_out, cy + r_out),
                             img_w, img_h, n)
    composite(img, ring, (0.0, 0.0, 0.0), RING_ALPHA * op)
    aw = side_sign(side) * ARROW_WIDTH / 2
    ah = ARROW_HEIGHT / 2
    pts = [((bx - aw) * s, (by - ah) * s), ((bx + aw) * s, by * s), ((bx - aw) * s, (by + ah) * s)]
    hw = CHEVRON_STROKE / 2 * s
    margin = hw * MITER_LIMIT
    xsr = [q[0] for q in pts]
    ysr = [q[1] for q in pts]
    chev = implicit_coverage(polyline_stroke_inside(pts, hw),
                             (min(xsr) - margin, min(ysr) - margin,
                              max(xsr) + margin, max(ysr) + margin),
                             img_w, img_h, n)
    composite(img, chev, (255.0, 255.0, 255.0), op)


def render(W, H, s, page, previous, nxt, left, right, top="right", slider_offset=0.0, n=16):
    """Return an (h, w, 4) uint8 RGBA image.  left/right = (progress, centerY)."""
    img_w = int(math.floor(W * s + 0.5))
    img_h = int(math.floor(H * s + 0.5))
    img = np.empty((img_h, img_w, 3), dtype=np.float64)
    img[:, :] = np.asarray(page, dtype=np.float64)
    sliders = {"left": (left, previous), "right": (right, nxt)}
    order = ["left", "right"] if top == "right" else ["right", "left"]
    for side in order:
        (p, cy), col = sliders[side]
        draw_slider(img, side, p, cy, col, W, H, s, slider_offset, n)
    out = np.empty((img_h, img_w, 4), dtype=np.uint8)
    out[:, :, :3] = np.clip(np.floor(img + 0.5), 0, 255).astype(np.uint8)
    out[:, :, 3] = 255
    return out


# ---------------------------------------------------------------- self-test
TABLE_3_3 = [
    # p, ledge, hr, vr, tip x, button x (None = not given), opacity
    (0.0, 15, 48.00, 82.0, 63.00, 31.00, 1.00),
    (0.1, 15, 111.00, 244.2, 126.00, 94.00, 0.50),
    (0.2, 15, 174.00, 406.4, 189.00, 157.00, 0.0),
    (0.3, 75, 237.00, 568.6, 312.00, 280.00, 0.0),
    (0.4, 135, 300.00, 730.8, 435.00, 403.00, 0.0),
    (0.5, 195, 151.88, 730.8, 346.88, None, 0.0),
    (0.6, 255, 1.84, 730.8, 256.84, None, 0.0),
    (0.7, 315, -75.06, 730.8, 239.94, None, 0.0),
    (0.8, 375, -76.93, 730.8, 298.07, None, 0.0),
    (0.9, 375, -39.88, 730.8, 335.12, None, 0.0),
    (1.0, 375, 300.00, 730.8, 675.00, None, 0.0),
]


def selftest():
    W, H = 375.0, 812.0
    tol = 0.01
    fails = []

    def check(name, got, want):
        if abs(got - want) > tol:
            fails.append("%s: got %.4f, want %.4f" % (name, got, want))

    for p, ledge, hr, vr, tip, bxw, op in TABLE_3_3:
        g_ledge = wave_ledge_x("left", p, W)
        g_hr = wave_horizontal_radius(p, W)
        g_vr = wave_vertical_radius(p, H)
        check("p=%.1f ledge" % p, g_ledge, ledge)
        check("p=%.1f hr" % p, g_hr, hr)
        check("p=%.1f vr" % p, g_vr, vr)
        check("p=%.1f tip x" % p, g_ledge + g_hr, tip)
        if bxw is not None:
            check("p=%.1f button x" % p, button_offset("left", p, 100.0, W)[0], bxw)
        check("p=%.1f opacity" % p, button_opacity(p), op)
        # the outline's 5th cubic ends at the bump tip (ledge + hr, centerY)
        outline = wave_outline("left", 100.0, p, W, H, n_per_cubic=256)
        tip_pt = outline[5 + 5 * 256 - 1]
        check("p=%.1f outline tip x" % p, tip_pt[0], tip)
        check("p=%.1f outline tip y" % p, tip_pt[1], 100.0)
    # coverage machinery: a square with fractional edges has exact-area coverage
    sq = np.array([[1.25, 1.5], [3.75, 1.5], [3.75, 3.0], [1.25, 3.0]])
    res = polygon_coverage_nonzero(sq, 6, 6, 16)
    if res is None:
        fails.append("square coverage: empty")
    else:
        x0, y0, cov = res
        total = cov.sum()
        check("square area", total, 2.5 * 1.5)
        check("square pixel (1,1) coverage", cov[1 - y0, 1 - x0], 0.75 * 0.5)
    if fails:
        for f in fails:
            print(f)
        return 1
    print("ok")
    return 0


# ---------------------------------------------------------------- CLI
def _hex(v, name):
    t = v[1:] if v.startswith("#") else v
    if len(t) != 6 or any(c not in "0123456789abcdefABCDEF" for c in t):
        bad("--%s must be RRGGBB, got %r" % (name, v))
    x = int(t, 16)
    return (float((x >> 16) & 255), float((x >> 8) & 255), float(x & 255))


def _slider(v, name):
    parts = v.split("@")
    if len(parts) != 2:
        bad("--%s must be P@Y, got %r" % (name, v))
    try:
        p, y = float(parts[0]), float(parts[1])
    except ValueError:
        bad("--%s must be P@Y with numbers, got %r" % (name, v))
    if not (math.isfinite(p) and math.isfinite(y)):
        bad("--%s values must be finite" % name)
    return p, y


def main(argv=None):
    ap = Parser("LiquidSwipe static-pose reference renderer")
    ap.add_argument("--page")
    ap.add_argument("--previous")
    ap.add_argument("--next")
    ap.add_argument("--left")
    ap.add_argument("--right")
    ap.add_argument("--top", default="right")
    ap.add_argument("--slider-offset", type=float, default=0.0)
    ap.add_argument("--samples", type=int, default=16)
    a = ap.parse_args(argv)
    if a.selftest:
        return selftest()
    check_screen(a, ("page", "previous", "next", "left", "right"))
    if a.top not in ("left", "right"):
        bad("--top must be left or right")
    if not math.isfinite(a.slider_offset):
        bad("--slider-offset must be finite")
    if a.samples < 1 or a.samples > 256:
        bad("--samples must be in 1...256")
    page = _hex(a.page, "page")
    prev = _hex(a.previous, "previous")
    nxt = _hex(a.next, "next")
    left = _slider(a.left, "left")
    right = _slider(a.right, "right")
    img = render(a.width, a.height, a.scale, page, prev, nxt, left, right,
                 top=a.top, slider_offset=a.slider_offset, n=a.samples)
    write_rgba(a.out, img)
    return 0


if __name__ == "__main__":
    sys.exit(main())
