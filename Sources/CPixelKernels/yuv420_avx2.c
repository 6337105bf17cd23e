// RGBA8 to yuv420p with AVX2: see include/pixel_kernels.h.
#include "pixel_kernels.h"

// Every multiply and add stays a separate, correctly rounded operation, as in Swift.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <immintrin.h>

int nw_yuv420_avx2_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

#define NW_AVX2 __attribute__((target("avx2"), always_inline)) static inline

/// Channel `shift` (0 R, 8 G, 16 B) of eight pixels, as exact floats: one byte shuffle
/// moves the channel's byte of each pixel to the bottom of its lane, zeros above.
NW_AVX2 __m256 nw_channel(__m256i pixels, int shift) {
    const char k = (char)(shift / 8), z = (char)0x80;
    const __m256i pick = _mm256_setr_epi8(k, z, z, z, (char)(k + 4), z, z, z, (char)(k + 8), z, z, z, (char)(k + 12), z, z, z,
                                          k, z, z, z, (char)(k + 4), z, z, z, (char)(k + 8), z, z, z, (char)(k + 12), z, z, z);
    return _mm256_cvtepi32_ps(_mm256_shuffle_epi8(pixels, pick));
}

/// `value` (within 0...255) rounded to a whole number, ties to even: the conversion in
/// the current rounding mode, round to nearest even (the mode the Swift loop's adding of
/// 2^23 rounds in as well), which gives what that adding leaves in the low byte.
NW_AVX2 __m256i nw_round_byte(__m256 value) {
    return _mm256_cvtps_epi32(value);
}

/// Luma of eight pixels: ((R yR + G yG) + B yB) + 16, rounded.
NW_AVX2 __m256i nw_luma(__m256i pixels, __m256 yR, __m256 yG, __m256 yB) {
    __m256 r = nw_channel(pixels, 0), g = nw_channel(pixels, 8), b = nw_channel(pixels, 16);
    __m256 value = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(r, yR), _mm256_mul_ps(g, yG)), _mm256_mul_ps(b, yB)),
                                 _mm256_set1_ps(16.0f));
    return nw_round_byte(value);
}

/// Sixteen bytes 0...255 held in two vectors of eight 32-bit lanes, in order.
NW_AVX2 __m128i nw_bytes16(__m256i low, __m256i high) {
    // packus works within 128-bit halves: the dwords come out as
    // [l0-3 h0-3 l0-3 h0-3 | l4-7 h4-7 l4-7 h4-7].
    __m256i words = _mm256_packus_epi32(low, high);
    __m256i bytes = _mm256_packus_epi16(words, words);
    __m256i ordered = _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 0, 4, 1, 5));
    return _mm256_castsi256_si128(ordered);
}

/// Sums of the horizontal pairs of two rows of sixteen pixels (`a`, `b`: pixels 0-7 and
/// 8-15 of the top row; `c`, `d`: of the bottom row): (top pair) + (bottom pair), as
/// eight floats in order.
NW_AVX2 __m256 nw_block_sums(__m256 a, __m256 b, __m256 c, __m256 d) {
    // hadd gives [a01 a23 b01 b23 | a45 a67 b45 b67].
    __m256 sums = _mm256_add_ps(_mm256_hadd_ps(a, b), _mm256_hadd_ps(c, d));
    return _mm256_permutevar8x32_ps(sums, _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7));
}

/// Whether the 32 pixels of `a`...`d` are all `pixel` (every byte, alpha included).
NW_AVX2 int nw_all_equal(__m256i a, __m256i b, __m256i c, __m256i d, __m256i pixel) {
    __m256i same = _mm256_and_si256(_mm256_and_si256(_mm256_cmpeq_epi32(a, pixel), _mm256_cmpeq_epi32(b, pixel)),
                                    _mm256_and_si256(_mm256_cmpeq_epi32(c, pixel), _mm256_cmpeq_epi32(d, pixel)));
    return _mm256_movemask_epi8(same) == -1;
}

__attribute__((target("avx2")))
void nw_yuv420_avx2(const nw_yuv420_factors *f, int rows, int width,
                    const uint8_t *source, ptrdiff_t source_stride,
                    uint8_t *y, ptrdiff_t y_stride, uint8_t *u, ptrdiff_t u_stride,
                    uint8_t *v, ptrdiff_t v_stride) {
    const __m256 yR = _mm256_set1_ps(f->yR), yG = _mm256_set1_ps(f->yG), yB = _mm256_set1_ps(f->yB);
    const __m256 uR = _mm256_set1_ps(f->uR), uG = _mm256_set1_ps(f->uG), uB = _mm256_set1_ps(f->uB);
    const __m256 vR = _mm256_set1_ps(f->vR), vG = _mm256_set1_ps(f->vG), vB = _mm256_set1_ps(f->vB);
    const __m256 c128 = _mm256_set1_ps(128.0f);
    // The last flat block met (all 32 pixels one colour) and the bytes it gave: a block
    // of that same colour gives the same bytes (the same operations on the same values),
    // so they are stored again without the arithmetic. Whole-screen scenes are mostly
    // flat colour: most of their blocks repeat the flat block before them.
    int remembered = 0;
    __m256i flatPixel = _mm256_setzero_si256();
    __m128i flatLuma = _mm_setzero_si128(), flatChroma = _mm_setzero_si128();
    for (int pair = 0; pair < rows / 2; pair++) {
        const uint8_t *top = source + 2 * pair * source_stride, *bottom = top + source_stride;
        uint8_t *yTop = y + 2 * pair * y_stride, *yBottom = yTop + y_stride;
        uint8_t *uRow = u + pair * u_stride, *vRow = v + pair * v_stride;
        for (int x = 0; x + 16 <= width; x += 16) {
            __m256i t0 = _mm256_loadu_si256((const __m256i *)(top + 4 * x));
            __m256i t1 = _mm256_loadu_si256((const __m256i *)(top + 4 * x + 32));
            __m256i b0 = _mm256_loadu_si256((const __m256i *)(bottom + 4 * x));
            __m256i b1 = _mm256_loadu_si256((const __m256i *)(bottom + 4 * x + 32));
            if (remembered && nw_all_equal(t0, t1, b0, b1, flatPixel)) {
                _mm_storeu_si128((__m128i *)(yTop + x), flatLuma);
                _mm_storeu_si128((__m128i *)(yBottom + x), flatLuma);
                _mm_storel_epi64((__m128i *)(uRow + x / 2), flatChroma);
                _mm_storel_epi64((__m128i *)(vRow + x / 2), _mm_unpackhi_epi64(flatChroma, flatChroma));
                continue;
            }
            __m128i lumaTop = nw_bytes16(nw_luma(t0, yR, yG, yB), nw_luma(t1, yR, yG, yB));
            _mm_storeu_si128((__m128i *)(yTop + x), lumaTop);
            _mm_storeu_si128((__m128i *)(yBottom + x), nw_bytes16(nw_luma(b0, yR, yG, yB), nw_luma(b1, yR, yG, yB)));
            __m256 r = nw_block_sums(nw_channel(t0, 0), nw_channel(t1, 0), nw_channel(b0, 0), nw_channel(b1, 0));
            __m256 g = nw_block_sums(nw_channel(t0, 8), nw_channel(t1, 8), nw_channel(b0, 8), nw_channel(b1, 8));
            __m256 b = nw_block_sums(nw_channel(t0, 16), nw_channel(t1, 16), nw_channel(b0, 16), nw_channel(b1, 16));
            __m256 cb = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(r, uR), _mm256_mul_ps(g, uG)), _mm256_mul_ps(b, uB)), c128);
            __m256 cr = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(r, vR), _mm256_mul_ps(g, vG)), _mm256_mul_ps(b, vB)), c128);
            __m128i chroma = nw_bytes16(nw_round_byte(cb), nw_round_byte(cr));
            _mm_storel_epi64((__m128i *)(uRow + x / 2), chroma);
            _mm_storel_epi64((__m128i *)(vRow + x / 2), _mm_unpackhi_epi64(chroma, chroma));
            __m256i first = _mm256_broadcastd_epi32(_mm256_castsi256_si128(t0));
            if (nw_all_equal(t0, t1, b0, b1, first)) {
                // Flat: every luma byte is the same and so are the chroma pairs, so these
                // are what any block of this colour stores.
                remembered = 1;
                flatPixel = first;
                flatLuma = lumaTop;
                flatChroma = chroma;
            }
        }
    }
}

#else

int nw_yuv420_avx2_available(void) { return 0; }

void nw_yuv420_avx2(const nw_yuv420_factors *f, int rows, int width, const uint8_t *source, ptrdiff_t source_stride,
                    uint8_t *y, ptrdiff_t y_stride, uint8_t *u, ptrdiff_t u_stride, uint8_t *v, ptrdiff_t v_stride) {
    (void)f; (void)rows; (void)width; (void)source; (void)source_stride;
    (void)y; (void)y_stride; (void)u; (void)u_stride; (void)v; (void)v_stride;
}

#endif
