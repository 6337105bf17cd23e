/*
 * Lane operations the Swift standard library does not lower to single vector
 * instructions on every target. Header-only; each function inlines into the Swift
 * caller. Eight floats map to Swift's SIMD8<Float>.
 */
#ifndef NOTCHWAVE_LANE_INTRINSICS_H
#define NOTCHWAVE_LANE_INTRINSICS_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

// The resizer's passes (compiled in resample.c), part of this module too.
#include "resample.h"

typedef float nw_float8 __attribute__((ext_vector_type(8)));

/// The correctly rounded square root of each lane (sqrtps; IEEE 754, like sqrtf).
static inline __attribute__((always_inline)) nw_float8 nw_sqrt8(nw_float8 v) {
    return __builtin_elementwise_sqrt(v);
}

/// Sets `count` 32-bit words from `p` on to `value` (packed pixels): the C library's
/// `wmemset` (wchar_t is 32 bits on Linux and Darwin), which chooses the widest stores the
/// CPU has at run time. Swift reaches neither it nor those stores otherwise: the Glibc
/// module leaves out <wchar.h>, and the Swift code is built for baseline x86-64 (SSE2).
static inline __attribute__((always_inline)) void nw_fill32(uint32_t *p, uint32_t value, size_t count) {
    _Static_assert(sizeof(wchar_t) == 4, "wchar_t is 32 bits");
    wmemset((wchar_t *)p, (wchar_t)value, count);
}

/// floor(x) as an integer for `x` clamped to +-2^30 (0 for NaN): truncate, then step down
/// where that rounded up. Exact: every float of magnitude 2^24 or more is already whole.
/// C rather than Swift because Swift's conversion checks its range and traps (two more
/// compares and branches per call), which the clamp already makes impossible here.
static inline __attribute__((always_inline)) int32_t nw_floor_index(float x) {
    if (x != x) return 0;
    float c = x < -1073741824.0f ? -1073741824.0f : (x > 1073741824.0f ? 1073741824.0f : x);
    int32_t t = (int32_t)c;
    return (float)t > c ? t - 1 : t;
}

/// ceil(x) the same way: -floor(-x), exactly (the clamp is symmetric).
static inline __attribute__((always_inline)) int32_t nw_ceil_index(float x) {
    return -nw_floor_index(-x);
}

#endif
