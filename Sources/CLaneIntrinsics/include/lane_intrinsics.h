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

#endif
