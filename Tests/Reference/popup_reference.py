#!/usr/bin/env python3
"""Independent reference renderer for a still pose of the PopupView popup (no text).

Written only from the specification `shared/spec/seed-systems.md`: 0.2 (points, origin
top-left, y down), 0.3 (easeOut = cubic-bezier(0, 0, 0.58, 1), solved by bisection),
0.4 (system colours) and 4.1/4.2 (the tutorial popup and PV-2022's types, positions,
offsets and background); optionally 4.3's appear animations (hidden places only; the
displayed place stays 4.2's, the animation stays easeOut 0.3 s).  It does not use, and must not be derived from, the Swift
implementation under test.  Python 3 + numpy only.

Choices the spec leaves open, as issue 14 states them: the window is white; the
presenter's background `Color.red.opacity(0.2)` (systemRed #FF3B30 at alpha 0.2) covers
the whole screen; the presenter is the whole screen, so its midY is H/2; the popup is a
`--popup-size` rectangle (default 200x100) filled with `--color` (default systemBlue
#007AFF), centred horizontally; the dimming layer (`--background`, default clear)
covers the whole screen between the presenter and the popup.  Labels are not drawn
(compare poses whose text and button title are empty).

Usage:
    python3 popup_reference.py --width W --height H --scale S \
        [--type default|toast|floater] [--vertical-padding PT] [--position top|bottom] \
        [--state shown|hidden|showing:F|hiding:F] [--background RRGGBB[AA]] \
        [--color RRGGBB[AA]] [--popup-size WxH] [--appear top-slide|bottom-slide|left-slide|
        right-slide|center-scale] -o OUT.rgba
    python3 popup_reference.py --selftest

Output: raw straight RGBA8, rows top to bottom, alpha 255.  Prints `WIDTHxHEIGHT`.
Compositing: source-over on 8-bit sRGB numbers treated linearly, in float, rounded once
at the end (half up).  A rectangle's coverage of a pixel is the exact area of their
intersection (separable: x overlap times y overlap).
"""

import math
import sys

import numpy as np

from reference_cli import Parser, bad, check_screen, write_rgba

SYSTEM_RED = (255.0, 59.0, 48.0)
PRESENTER_ALPHA = 0.2
DEFAULT_COLOR = (0.0, 122.0, 255.0, 1.0)
HIDDEN_GAP = 5.0          # 4.1: the popup's top edge 5 pt below the screen when hidden
DURATION = 0.3            # 4.1 item 5 (the fraction F already normalises time)


def cubic_bezier_y(x, x1, y1, x2, y2):
    """y of the CSS cubic-bezier at x, by bisection on the curve's x(t) (spec 0.3)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0

    def bez(t, p1, p2):
        u = 1.0 - t
        return 3.0 * u * u * t * p1 + 3.0 * u * t * t * p2 + t * t * t

    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if bez(mid, x1, x2) < x:
            lo = mid
        else:
            hi = mid
    return bez(0.5 * (lo + hi), y1, y2)


def ease_out(x):
    return cubic_bezier_y(x, 0.0, 0.0, 0.58, 1.0)


def displayed_center_y(kind, position, H, h, vpad):
    """4.2: centre of the popup when displayed, in screen coordinates."""
    if kind == "default":
        return H / 2.0
    if kind == "toast":
        return H - h / 2.0 if position == "bottom" else h / 2.0
    # floater
    return H - h / 2.0 - vpad if position == "bottom" else h / 2.0 + vpad


def hidden_center_y(position, H, h):
    """4.1 item 4 / 4.2: 5 pt beyond the screen edge on the side of `position`."""
    if position == "bottom":
        return H + h / 2.0 + HIDDEN_GAP
    return -h / 2.0 - HIDDEN_GAP


def hidden_frame_43(appear, kind, position, W, H, w, h, vpad):
    """4.3 (PV-HEAD AppearAnimation) hidden place as (centre x, centre y, scale).  The
    displayed place stays 4.2's.  topSlide: y offset presenter.minY - sheet.maxY, i.e. the
    sheet's bottom edge on the screen's top; bottomSlide: its top edge on the screen's
    bottom; left/right analogous in x at the displayed height; centerScale: scale 0 in
    place."""
    shown_y = displayed_center_y(kind, position, H, h, vpad)
    if appear == "top-slide":
        return W / 2.0, -h / 2.0, 1.0
    if appear == "bottom-slide":
        return W / 2.0, H + h / 2.0, 1.0
    if appear == "left-slide":
        return -w / 2.0, shown_y, 1.0
    if appear == "right-slide":
        return W + w / 2.0, shown_y, 1.0
    return W / 2.0, shown_y, 0.0


def presence(state):
    """(eased position fraction 0 hidden .. 1 displayed, background opacity)."""
    if state == "shown":
        return 1.0, 1.0
    if state == "hidden":
        return 0.0, 0.0
    kind, f = state.split(":")
    e = ease_out(float(f))
    if kind == "showing":
        return e, e
    return 1.0 - e, 1.0 - e


def coverage_1d(lo, hi, n):
    """Length of [lo, hi] inside each unit cell [i, i+1], i = 0..n-1."""
    i = np.arange(n, dtype=np.float64)
    return np.clip(np.minimum(hi, i + 1.0) - np.maximum(lo, i), 0.0, 1.0)


def render(W, H, scale, kind="default", position="bottom", vpad=50.0, state="hidden",
           background=(0.0, 0.0, 0.0, 0.0), color=DEFAULT_COLOR, size=(200.0, 100.0), appear=None):
    img_w = int(math.floor(W * scale + 0.5))
    img_h = int(math.floor(H * scale + 0.5))
    img = np.empty((img_h, img_w, 3), dtype=np.float64)
    img[:] = 255.0

    def over(rgb, alpha):
        # alpha: scalar or (img_h, img_w) array
        a = np.asarray(alpha, dtype=np.float64)
        if a.ndim == 2:
            a = a[:, :, None]
        img[:] = np.asarray(rgb, dtype=np.float64) * a + img * (1.0 - a)

    over(SYSTEM_RED, PRESENTER_ALPHA)
    p, bg = presence(state)
    if background[3] > 0 and bg > 0:
        over(background[:3], background[3] * bg)
    w, h = size
    shown_x, shown_y, shown_k = W / 2.0, displayed_center_y(kind, position, H, h, vpad), 1.0
    if appear is None:
        hidden_x, hidden_y, hidden_k = W / 2.0, hidden_center_y(position, H, h), 1.0
    else:
        hidden_x, hidden_y, hidden_k = hidden_frame_43(appear, kind, position, W, H, w, h, vpad)
    cx = hidden_x + (shown_x - hidden_x) * p
    cy = hidden_y + (shown_y - hidden_y) * p
    k = hidden_k + (shown_k - hidden_k) * p
    x0, x1 = (cx - k * w / 2.0) * scale, (cx + k * w / 2.0) * scale
    y0, y1 = (cy - k * h / 2.0) * scale, (cy + k * h / 2.0) * scale
    cov = np.outer(coverage_1d(y0, y1, img_h), coverage_1d(x0, x1, img_w))
    over(color[:3], cov * color[3])
    out = np.empty((img_h, img_w, 4), dtype=np.uint8)
    out[:, :, :3] = np.floor(np.clip(img, 0.0, 255.0) + 0.5).astype(np.uint8)
    out[:, :, 3] = 255
    return out


def selftest():
    # Spec 0.3's easeOut table.
    for x, y in [(0.1, 0.1606), (0.3, 0.4452), (0.5, 0.6846), (0.9, 0.9830)]:
        assert abs(ease_out(x) - y) < 5e-5, (x, ease_out(x))
    # Shown default popup on 375x667 @1: blue from x 87.5 to 287.5, y 283.5 to 383.5.
    img = render(375, 667, 1, state="shown")
    assert tuple(img[333, 187, :3]) == (0, 122, 255)
    # Half-covered column at x = 87 (0.5 of the pixel): mix of blue and the pink screen.
    pink = (255 * 0.8 + 255 * 0.2, 255 * 0.8 + 59 * 0.2, 255 * 0.8 + 48 * 0.2)
    exp = [math.floor(0.5 * b + 0.5 * q + 0.5) for b, q in zip((0, 122, 255), pink)]
    assert list(img[333, 87, :3]) == exp, (img[333, 87, :3], exp)
    # Hidden: no blue anywhere on the screen.
    img = render(375, 667, 2, state="hidden")
    assert (img[:, :, 2] < 250).all()
    # Top toast shown: flush with the top edge.
    img = render(375, 667, 1, kind="toast", position="top", state="shown")
    assert tuple(img[0, 187, :3]) == (0, 122, 255) and tuple(img[100, 187, :3]) != (0, 122, 255)
    # Centre-scale half way: a rectangle easeOut(0.5) the size, centred.
    img = render(375, 667, 1, state="showing:0.5", appear="center-scale")
    e = ease_out(0.5)
    assert tuple(img[333, 187, :3]) == (0, 122, 255)
    assert tuple(img[333, int(187.5 + 100 * e) + 2, :3]) != (0, 122, 255)
    # Left slide hidden: nothing blue.
    assert (render(375, 667, 1, state="hidden", appear="left-slide")[:, :, 2] < 250).all()
    print("selftest ok")
    return 0


def _color(v, name):
    t = v[1:] if v.startswith("#") else v
    if len(t) not in (6, 8) or any(c not in "0123456789abcdefABCDEF" for c in t):
        bad("--%s must be RRGGBB or RRGGBBAA, got %r" % (name, v))
    x = int(t, 16)
    if len(t) == 6:
        x = (x << 8) | 255
    return (float((x >> 24) & 255), float((x >> 16) & 255), float((x >> 8) & 255), (x & 255) / 255.0)


def main(argv=None):
    ap = Parser("PopupView still-pose reference renderer (no text)")
    ap.add_argument("--type", default="default", choices=["default", "toast", "floater"])
    ap.add_argument("--vertical-padding", type=float, default=50.0)
    ap.add_argument("--position", default="bottom", choices=["top", "bottom"])
    ap.add_argument("--state", default="hidden")
    ap.add_argument("--background", default="00000000")
    ap.add_argument("--color", default="007AFF")
    ap.add_argument("--popup-size", default="200x100")
    ap.add_argument("--appear", choices=["top-slide", "bottom-slide", "left-slide", "right-slide", "center-scale"])
    a = ap.parse_args(argv)
    if a.selftest:
        return selftest()
    check_screen(a)
    st = a.state
    if st not in ("shown", "hidden"):
        parts = st.split(":")
        try:
            ok = len(parts) == 2 and parts[0] in ("showing", "hiding") and 0.0 <= float(parts[1]) <= 1.0
        except ValueError:
            ok = False
        if not ok:
            bad("--state must be shown, hidden, showing:F or hiding:F (0 <= F <= 1)")
    try:
        sw, sh = (float(v) for v in a.popup_size.split("x"))
    except ValueError:
        bad("--popup-size must be WxH")
    img = render(a.width, a.height, a.scale, kind=a.type, position=a.position, vpad=a.vertical_padding,
                 state=st, background=_color(a.background, "background"), color=_color(a.color, "color"),
                 size=(sw, sh), appear=a.appear)
    write_rgba(a.out, img)
    return 0


if __name__ == "__main__":
    sys.exit(main())
