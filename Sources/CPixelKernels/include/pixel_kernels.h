/*
 * Pixel format kernels built for wider vector units than the Swift code's baseline
 * (x86-64 with SSE2), chosen at run time. Each one computes exactly what the Swift code
 * beside it computes (the same float operations, in the same order, on the same
 * coefficients), so the bytes do not depend on which one ran.
 */
#ifndef NOTCHWAVE_PIXEL_KERNELS_H
#define NOTCHWAVE_PIXEL_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// The factors of RGB to 4:2:0 YUV: luma from one pixel's R, G, B; Cb and Cr from the
/// sums of a 2x2 block's R, G, B (so they include the quarter of the mean).
typedef struct {
    float yR, yG, yB;
    float uR, uG, uB;
    float vR, vG, vB;
} nw_yuv420_factors;

/// Whether `nw_yuv420_avx2` can run here (an x86-64 CPU and OS with AVX2).
int nw_yuv420_avx2_available(void);

/// Converts `rows` rows (even) of `width` pixels (a multiple of 16) of straight RGBA8
/// pixels at `source` (`source_stride` bytes apart) into `rows` luma rows at `y` and
/// `rows / 2` rows of `width / 2` samples at `u` and `v`, 16 pixels of two rows at a
/// time:
///
///     Y  = round(((R yR + G yG) + B yB) + 16)
///     Cb = round((((Rs uR + Gs uG) + Bs uB) + 128))     (Rs: the sum of the 2x2 block's R)
///     Cr = round((((Rs vR + Gs vG) + Bs vB) + 128))
///
/// in float, each rounded to the nearest whole number, ties to even. A flat block (16 x 2
/// pixels whose 32-bit values, alpha included, are all the same) is remembered with the
/// bytes it gave; a later block of 32 pixels all equal to it gets those bytes again,
/// without the arithmetic (the same values would come out of it). Call it only when
/// `nw_yuv420_avx2_available()` is nonzero (on an x86-64 CPU without AVX2 its
/// instructions would fault); on other architectures it is a no-op.
void nw_yuv420_avx2(const nw_yuv420_factors *factors, int rows, int width,
                    const uint8_t *source, ptrdiff_t source_stride,
                    uint8_t *y, ptrdiff_t y_stride, uint8_t *u, ptrdiff_t u_stride,
                    uint8_t *v, ptrdiff_t v_stride);

#endif
