/*
 * Lane operations the Swift standard library does not lower to single vector
 * instructions on every target. Header-only; each function inlines into the Swift
 * caller. Eight floats map to Swift's SIMD8<Float>.
 */
#ifndef NOTCHWAVE_LANE_INTRINSICS_H
#define NOTCHWAVE_LANE_INTRINSICS_H

typedef float nw_float8 __attribute__((ext_vector_type(8)));

/// The correctly rounded square root of each lane (sqrtps; IEEE 754, like sqrtf).
static inline __attribute__((always_inline)) nw_float8 nw_sqrt8(nw_float8 v) {
    return __builtin_elementwise_sqrt(v);
}

#endif
