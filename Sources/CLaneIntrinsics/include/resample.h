/*
 * The two passes of notchwave's separable Catmull-Rom resizer (`Resampler` in the raster
 * module, which computes the taps and documents the filter). Built for baseline x86-64
 * and, where the CPU has it, AVX2 (chosen at run time); both give the same bits.
 */
#ifndef NOTCHWAVE_RESAMPLE_H
#define NOTCHWAVE_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>

/// One source row filtered across: `source` (`source_width` premultiplied RGBA8 pixels,
/// R in the low byte) widened into `widened` (4 floats a pixel), then output pixel `x` of
/// `out` (4 floats a pixel, `width` pixels) is the sum over `k < count[x]` of
/// `weights[offset[x] + k]` times source pixel `start[x] + k`, from zero, in `k` order.
void nw_resample_across(const uint32_t *source, int source_width, float *widened, float *out, int width,
                        const int32_t *start, const int32_t *count, const int32_t *offset, const float *weights);

/// One output row down: `sum` (4 `width` floats) is `lines[0] * weights[0]`, then each
/// `lines[k] * weights[k]` added in `k` order; each channel then rounded to a level (halves
/// up), the alpha clamped to 0...255 and the colours to 0...alpha, packed into `out`.
void nw_resample_down(const float *const *lines, const float *weights, int count, int width, float *sum, uint32_t *out);

#endif
