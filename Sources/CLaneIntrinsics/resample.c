// The Catmull-Rom resizer's two passes: see include/resample.h.
#include "resample.h"

// Every multiply and add stays a separate, correctly rounded operation: the AVX2 clone
// and the baseline one give the same bits (lanes are independent pixels' channels, and
// each channel's sum is taken in the same order).
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

// Each pass is one always-inlined body, built twice on x86-64: for baseline and, in a
// function with AVX2 enabled, for AVX2; the public function picks one at run time (a
// plain check, not an ifunc: an ifunc resolver runs before the sanitizers' runtimes are
// ready). Elsewhere the body is the function.
#define NW_BODY static inline __attribute__((always_inline))

NW_BODY
void nw_across_body(const uint32_t *source, int source_width, float *widened, float *out, int width,
                        const int32_t *start, const int32_t *count, const int32_t *offset, const float *weights) {
    for (int x = 0; x < source_width; x++) {
        uint32_t p = source[x];
        widened[4 * x + 0] = (float)(p & 0xFF);
        widened[4 * x + 1] = (float)((p >> 8) & 0xFF);
        widened[4 * x + 2] = (float)((p >> 16) & 0xFF);
        widened[4 * x + 3] = (float)(p >> 24);
    }
    for (int x = 0; x < width; x++) {
        const float *p = widened + 4 * (ptrdiff_t)start[x];
        const float *w = weights + offset[x];
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (int k = 0; k < count[x]; k++) {
            s0 += p[4 * k + 0] * w[k];
            s1 += p[4 * k + 1] * w[k];
            s2 += p[4 * k + 2] * w[k];
            s3 += p[4 * k + 3] * w[k];
        }
        out[4 * x + 0] = s0;
        out[4 * x + 1] = s1;
        out[4 * x + 2] = s2;
        out[4 * x + 3] = s3;
    }
}

/// A channel's sum as a level: clamped to 0...255, a half added, truncated.
static inline uint32_t nw_level(float c) {
    float clamped = c < 0 ? 0 : (c > 255 ? 255 : c);
    return (uint32_t)(clamped + 0.5f);
}

NW_BODY
void nw_down_body(const float *const *lines, const float *weights, int count, int width, float *sum, uint32_t *out) {
    const int n = 4 * width;
    const float *first = lines[0];
    const float w0 = weights[0];
    for (int i = 0; i < n; i++) sum[i] = first[i] * w0;
    for (int k = 1; k < count; k++) {
        const float *line = lines[k];
        const float w = weights[k];
        for (int i = 0; i < n; i++) sum[i] += line[i] * w;
    }
    for (int x = 0; x < width; x++) {
        uint32_t a = nw_level(sum[4 * x + 3]);
        uint32_t r = nw_level(sum[4 * x + 0]), g = nw_level(sum[4 * x + 1]), b = nw_level(sum[4 * x + 2]);
        r = r < a ? r : a;
        g = g < a ? g : a;
        b = b < a ? b : a;
        out[x] = r | g << 8 | b << 16 | a << 24;
    }
}

#if defined(__x86_64__)
static int nw_resample_has_avx2(void) {
    // 0 unknown, 1 no, 2 yes; threads that race only compute the same answer twice.
    static int known = 0;
    int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (answer == 0) {
        __builtin_cpu_init();
        answer = __builtin_cpu_supports("avx2") ? 2 : 1;
        __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
    }
    return answer == 2;
}

__attribute__((target("avx2")))
static void nw_across_avx2(const uint32_t *source, int source_width, float *widened, float *out, int width,
                           const int32_t *start, const int32_t *count, const int32_t *offset, const float *weights) {
    nw_across_body(source, source_width, widened, out, width, start, count, offset, weights);
}

__attribute__((target("avx2")))
static void nw_down_avx2(const float *const *lines, const float *weights, int count, int width, float *sum, uint32_t *out) {
    nw_down_body(lines, weights, count, width, sum, out);
}
#endif

void nw_resample_across(const uint32_t *source, int source_width, float *widened, float *out, int width,
                        const int32_t *start, const int32_t *count, const int32_t *offset, const float *weights) {
#if defined(__x86_64__)
    if (nw_resample_has_avx2()) {
        nw_across_avx2(source, source_width, widened, out, width, start, count, offset, weights);
        return;
    }
#endif
    nw_across_body(source, source_width, widened, out, width, start, count, offset, weights);
}

void nw_resample_down(const float *const *lines, const float *weights, int count, int width, float *sum, uint32_t *out) {
#if defined(__x86_64__)
    if (nw_resample_has_avx2()) {
        nw_down_avx2(lines, weights, count, width, sum, out);
        return;
    }
#endif
    nw_down_body(lines, weights, count, width, sum, out);
}
