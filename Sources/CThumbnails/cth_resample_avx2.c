/*
 * The resampler's AVX2 loops (see cth_resample.c), in their own file so the
 * portable and SSE2 file stays readable. Each function does what its SSE2
 * counterpart does, on 8 floats per instruction, summing each output in the
 * same order; the target enables AVX2 only, not FMA, and FP contraction is
 * off, so nothing can fuse a multiply and an add.
 */
#include "cth_resample_avx2.h"

#if CTH_HAVE_AVX2
#include <immintrin.h>

#pragma STDC FP_CONTRACT OFF
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

/* The AVX2 loops do the SSE2 loops' work on 8 floats per instruction. The
   target enables AVX2 only, not FMA, so nothing can fuse a multiply and add. */

/* Horizontal pass over two rows at once, for 4-lane pixels: `both` holds
   the rows interleaved per pixel (8 floats: the first row's pixel, then the
   second's), so one 8-float load gives a tap's pixel in both rows, and one
   broadcast weight serves both. Four outputs at a time keep four chains of
   adds overlapping; each output's sum is still taken in tap order. */
CTH_AVX2 void cth_filter_rows2_avx2(const float *both, float *out0, float *out1, int32_t out_lanes, int32_t width,
                                       const int32_t *starts, const float *weights, int32_t taps) {
    int32_t x = 0;
    for (; x + 4 <= width; x += 4) {
        const float *p0 = both + (size_t)starts[x] * 8, *p1 = both + (size_t)starts[x + 1] * 8;
        const float *p2 = both + (size_t)starts[x + 2] * 8, *p3 = both + (size_t)starts[x + 3] * 8;
        const float *w0 = weights + (size_t)x * (size_t)taps, *w1 = w0 + taps, *w2 = w1 + taps, *w3 = w2 + taps;
        __m256 a0 = _mm256_mul_ps(_mm256_broadcast_ss(w0), _mm256_loadu_ps(p0));
        __m256 a1 = _mm256_mul_ps(_mm256_broadcast_ss(w1), _mm256_loadu_ps(p1));
        __m256 a2 = _mm256_mul_ps(_mm256_broadcast_ss(w2), _mm256_loadu_ps(p2));
        __m256 a3 = _mm256_mul_ps(_mm256_broadcast_ss(w3), _mm256_loadu_ps(p3));
        for (int32_t k = 1; k < taps; k++) {
            const size_t o = 8 * (size_t)k;
            a0 = _mm256_add_ps(a0, _mm256_mul_ps(_mm256_broadcast_ss(w0 + k), _mm256_loadu_ps(p0 + o)));
            a1 = _mm256_add_ps(a1, _mm256_mul_ps(_mm256_broadcast_ss(w1 + k), _mm256_loadu_ps(p1 + o)));
            a2 = _mm256_add_ps(a2, _mm256_mul_ps(_mm256_broadcast_ss(w2 + k), _mm256_loadu_ps(p2 + o)));
            a3 = _mm256_add_ps(a3, _mm256_mul_ps(_mm256_broadcast_ss(w3 + k), _mm256_loadu_ps(p3 + o)));
        }
        const __m256 sums[4] = {a0, a1, a2, a3};
        /* In output order, so with 3 lanes each store overwrites the previous one's spare lane. */
        for (int j = 0; j < 4; j++) {
            const size_t o = (size_t)(x + j) * (size_t)out_lanes;
            _mm_storeu_ps(out0 + o, _mm256_castps256_ps128(sums[j]));
            _mm_storeu_ps(out1 + o, _mm256_extractf128_ps(sums[j], 1));
        }
    }
    for (; x < width; x++) {
        const float *p = both + (size_t)starts[x] * 8;
        const float *w = weights + (size_t)x * (size_t)taps;
        __m256 a = _mm256_mul_ps(_mm256_broadcast_ss(w), _mm256_loadu_ps(p));
        for (int32_t k = 1; k < taps; k++)
            a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_broadcast_ss(w + k), _mm256_loadu_ps(p + 8 * (size_t)k)));
        _mm_storeu_ps(out0 + (size_t)x * (size_t)out_lanes, _mm256_castps256_ps128(a));
        _mm_storeu_ps(out1 + (size_t)x * (size_t)out_lanes, _mm256_extractf128_ps(a, 1));
    }
}

/* Two 4-lane rows -> one row interleaved per pixel, for cth_filter_rows2_avx2. */
CTH_AVX2 void cth_interleave_rows_avx2(const float *first, const float *second, float *both, int32_t pixels) {
    for (int32_t x = 0; x < pixels; x++) {
        const __m256 pair = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(first + 4 * (size_t)x)),
                                                 _mm_loadu_ps(second + 4 * (size_t)x), 1);
        _mm256_storeu_ps(both + 8 * (size_t)x, pair);
    }
}

/* vertical_row with 32 sums in registers; returns how many it did (a multiple of 8). */
CTH_AVX2 size_t cth_vertical_row_avx2(float *acc, const float *const *lines, const float *weights, int32_t taps,
                                         size_t n) {
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        const float *line = lines[0] + i;
        __m256 w = _mm256_set1_ps(weights[0]);
        __m256 a0 = _mm256_mul_ps(w, _mm256_loadu_ps(line)), a1 = _mm256_mul_ps(w, _mm256_loadu_ps(line + 8));
        __m256 a2 = _mm256_mul_ps(w, _mm256_loadu_ps(line + 16)), a3 = _mm256_mul_ps(w, _mm256_loadu_ps(line + 24));
        for (int32_t k = 1; k < taps; k++) {
            line = lines[k] + i;
            w = _mm256_set1_ps(weights[k]);
            a0 = _mm256_add_ps(a0, _mm256_mul_ps(w, _mm256_loadu_ps(line)));
            a1 = _mm256_add_ps(a1, _mm256_mul_ps(w, _mm256_loadu_ps(line + 8)));
            a2 = _mm256_add_ps(a2, _mm256_mul_ps(w, _mm256_loadu_ps(line + 16)));
            a3 = _mm256_add_ps(a3, _mm256_mul_ps(w, _mm256_loadu_ps(line + 24)));
        }
        _mm256_storeu_ps(acc + i, a0);
        _mm256_storeu_ps(acc + i + 8, a1);
        _mm256_storeu_ps(acc + i + 16, a2);
        _mm256_storeu_ps(acc + i + 24, a3);
    }
    for (; i + 8 <= n; i += 8) {
        __m256 a = _mm256_mul_ps(_mm256_set1_ps(weights[0]), _mm256_loadu_ps(lines[0] + i));
        for (int32_t k = 1; k < taps; k++)
            a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_set1_ps(weights[k]), _mm256_loadu_ps(lines[k] + i)));
        _mm256_storeu_ps(acc + i, a);
    }
    return i;
}

/* RGB bytes -> RGB0 floats, four pixels per step; returns how many pixels it
   did. A step reads 16 bytes for its 12, so it stops 6 pixels before the end.
   (With a table the scalar loop is faster: AVX2 gathers are slow on the CPUs
   measured.) */
CTH_AVX2 int32_t cth_convert_rgb_avx2(const uint8_t *in, int32_t n, float *out, size_t step) {
    const __m128i spread = _mm_setr_epi8(0, 1, 2, -128, 3, 4, 5, -128, 6, 7, 8, -128, 9, 10, 11, -128);
    int32_t x = 0;
    for (; x + 6 <= n; x += 4) {
        const __m128i bytes = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 3 * (size_t)x)), spread);
        float *o = out + step * (size_t)x;
        const __m256 first = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(bytes));
        const __m256 second = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_srli_si128(bytes, 8)));
        _mm_storeu_ps(o, _mm256_castps256_ps128(first));
        _mm_storeu_ps(o + step, _mm256_extractf128_ps(first, 1));
        _mm_storeu_ps(o + 2 * step, _mm256_castps256_ps128(second));
        _mm_storeu_ps(o + 3 * step, _mm256_extractf128_ps(second, 1));
    }
    return x;
}

int cth_cpu_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}
#endif
