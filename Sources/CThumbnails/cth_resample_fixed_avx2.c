/*
 * The fixed-point resampler's AVX2 loops (see cth_resample_fixed.h). Integer
 * sums are exact, so these give the portable loops' values whatever order
 * they add in.
 */
#include "cth_resample_fixed.h"

#if CTH_HAVE_AVX2
#include <immintrin.h>

/* One RGB output: sum over `groups` blocks of four taps, both 128-bit halves
   (two taps each) still apart. */
static inline __attribute__((always_inline, target("avx2"))) __m256i rgb_sums(const uint8_t *p, const int16_t *w,
                                                                              int32_t groups, __m256i spread) {
    __m256i acc = _mm256_setzero_si256();
    for (int32_t g = 0; g < groups; g++) {
        const __m256i bytes = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(p + 12 * (size_t)g)));
        const __m256i taps = _mm256_loadu_si256((const __m256i *)(w + 16 * (size_t)g));
        acc = _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_shuffle_epi8(bytes, spread), taps));
    }
    return acc;
}

/* The row loop for a given block count; inlined with each constant count
   below, so the compiler unrolls the taps. Two outputs per step share the
   rounding, shift and pack. */
static inline __attribute__((always_inline, target("avx2"))) int32_t rgb_row(
    const uint8_t *row, size_t available, int16_t *out, int32_t width, const int32_t *starts,
    const int16_t *weights, int32_t groups, int32_t shift) {
    /* Four pixels (12 of 16 loaded bytes) -> two taps' R, G, B pairs per
       128-bit half, as int16: pmaddwd then gives each half's R, G, B sums. */
    const __m256i spread = _mm256_setr_epi8(0, -1, 3, -1, 1, -1, 4, -1, 2, -1, 5, -1, -1, -1, -1, -1,
                                            6, -1, 9, -1, 7, -1, 10, -1, 8, -1, 11, -1, -1, -1, -1, -1);
    const __m256i round = _mm256_set1_epi32(1 << (shift - 1));
    const __m128i count = _mm_cvtsi32_si128(shift);
    const size_t reach = 12 * (size_t)(groups - 1) + 16;
    const size_t stride = (size_t)groups * 16;
    int32_t x = 0;
    for (; x + 2 <= width; x += 2) {
        if (3 * (size_t)starts[x + 1] + reach > available) break;
        const int16_t *w = weights + (size_t)x * stride;
        const __m256i a = rgb_sums(row + 3 * (size_t)starts[x], w, groups, spread);
        const __m256i b = rgb_sums(row + 3 * (size_t)starts[x + 1], w + stride, groups, spread);
        /* Halves added across: [a's R, G, B, 0 | b's R, G, B, 0]. */
        __m256i sum = _mm256_add_epi32(_mm256_permute2x128_si256(a, b, 0x20), _mm256_permute2x128_si256(a, b, 0x31));
        sum = _mm256_sra_epi32(_mm256_add_epi32(sum, round), count);
        const __m256i words = _mm256_packs_epi32(sum, sum);
        /* R, G, B and a spare, which the next pixel's store overwrites. */
        _mm_storel_epi64((__m128i *)(out + 3 * (size_t)x), _mm256_castsi256_si128(words));
        _mm_storel_epi64((__m128i *)(out + 3 * (size_t)x + 3), _mm256_extracti128_si256(words, 1));
    }
    return x;
}

CTH_AVX2 int32_t cth_fixed_rgb_row_avx2(const uint8_t *row, size_t available, int16_t *out, int32_t width,
                                         const int32_t *starts, const int16_t *weights, int32_t groups,
                                         int32_t shift) {
    switch (groups) {
    case 1: return rgb_row(row, available, out, width, starts, weights, 1, shift);
    case 2: return rgb_row(row, available, out, width, starts, weights, 2, shift);
    case 3: return rgb_row(row, available, out, width, starts, weights, 3, shift);
    case 4: return rgb_row(row, available, out, width, starts, weights, 4, shift);
    case 5: return rgb_row(row, available, out, width, starts, weights, 5, shift);
    case 6: return rgb_row(row, available, out, width, starts, weights, 6, shift);
    case 7: return rgb_row(row, available, out, width, starts, weights, 7, shift);
    default: return rgb_row(row, available, out, width, starts, weights, groups, shift);
    }
}

/* One grey output's eight int32 partial sums: `groups` blocks of 16 taps. */
static inline __attribute__((always_inline, target("avx2"))) __m256i grey_sums(const uint8_t *p, const int16_t *w,
                                                                               int32_t groups) {
    __m256i acc = _mm256_madd_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)p)),
                                    _mm256_loadu_si256((const __m256i *)w));
    for (int32_t g = 1; g < groups; g++)
        acc = _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p + 16 * g))),
                                                      _mm256_loadu_si256((const __m256i *)(w + 16 * g))));
    return acc;
}

/* The grey row loop for a given block count (inlined with each constant
   count below). A grey output's sum is spread over eight lanes; adding them
   up one output at a time cost more than the taps, so eight outputs' lanes
   are added together: four horizontal adds leave each output's sum in two
   halves, a permute lines the halves up, one add joins them. */
static inline __attribute__((always_inline, target("avx2"))) int32_t grey_row(
    const uint8_t *row, size_t available, int16_t *out, int32_t width, const int32_t *starts,
    const int16_t *weights, int32_t groups, int32_t shift) {
    const __m256i round = _mm256_set1_epi32(1 << (shift - 1));
    const __m128i count = _mm_cvtsi32_si128(shift);
    const size_t reach = 16 * (size_t)groups;
    int32_t x = 0;
    for (; x + 8 <= width; x += 8) {
        if ((size_t)starts[x + 7] + reach > available) break;
        const int16_t *w = weights + (size_t)x * reach;
        __m256i s[8];
        for (int j = 0; j < 8; j++) s[j] = grey_sums(row + starts[x + j], w + (size_t)j * reach, groups);
        const __m256i low = _mm256_hadd_epi32(_mm256_hadd_epi32(s[0], s[1]), _mm256_hadd_epi32(s[2], s[3]));
        const __m256i high = _mm256_hadd_epi32(_mm256_hadd_epi32(s[4], s[5]), _mm256_hadd_epi32(s[6], s[7]));
        __m256i sum = _mm256_add_epi32(_mm256_permute2x128_si256(low, high, 0x20),
                                       _mm256_permute2x128_si256(low, high, 0x31));
        sum = _mm256_sra_epi32(_mm256_add_epi32(sum, round), count);
        _mm_storeu_si128((__m128i *)(out + x),
                         _mm_packs_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1)));
    }
    return x;
}

CTH_AVX2 int32_t cth_fixed_grey_row_avx2(const uint8_t *row, size_t available, int16_t *out, int32_t width,
                                          const int32_t *starts, const int16_t *weights, int32_t groups,
                                          int32_t shift) {
    switch (groups) {
    case 1: return grey_row(row, available, out, width, starts, weights, 1, shift);
    case 2: return grey_row(row, available, out, width, starts, weights, 2, shift);
    case 3: return grey_row(row, available, out, width, starts, weights, 3, shift);
    default: return grey_row(row, available, out, width, starts, weights, groups, shift);
    }
}

CTH_AVX2 size_t cth_fixed_column_avx2(uint8_t *out, const int16_t *const *lines, const int32_t *pairs,
                                       int32_t count, size_t n, int32_t shift) {
    const __m256i round = _mm256_set1_epi32(1 << (shift - 1));
    const __m128i bits = _mm_cvtsi32_si128(shift);
    size_t i = 0;
    /* unpacklo/hi interleave two rows' values per 128-bit half; packs then
       puts each half's sums back in order, and the permute joins the halves. */
    for (; i + 32 <= n; i += 32) {
        __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
        for (int32_t j = 0; j < count; j++) {
            const __m256i w = _mm256_set1_epi32(pairs[j]);
            const int16_t *l0 = lines[2 * j] + i, *l1 = lines[2 * j + 1] + i;
            const __m256i x0 = _mm256_loadu_si256((const __m256i *)l0), y0 = _mm256_loadu_si256((const __m256i *)l1);
            const __m256i x1 = _mm256_loadu_si256((const __m256i *)(l0 + 16));
            const __m256i y1 = _mm256_loadu_si256((const __m256i *)(l1 + 16));
            a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(_mm256_unpacklo_epi16(x0, y0), w));
            a1 = _mm256_add_epi32(a1, _mm256_madd_epi16(_mm256_unpackhi_epi16(x0, y0), w));
            a2 = _mm256_add_epi32(a2, _mm256_madd_epi16(_mm256_unpacklo_epi16(x1, y1), w));
            a3 = _mm256_add_epi32(a3, _mm256_madd_epi16(_mm256_unpackhi_epi16(x1, y1), w));
        }
        a0 = _mm256_sra_epi32(_mm256_add_epi32(a0, round), bits);
        a1 = _mm256_sra_epi32(_mm256_add_epi32(a1, round), bits);
        a2 = _mm256_sra_epi32(_mm256_add_epi32(a2, round), bits);
        a3 = _mm256_sra_epi32(_mm256_add_epi32(a3, round), bits);
        const __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(a0, a1), _mm256_packs_epi32(a2, a3));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_permute4x64_epi64(bytes, 0xD8));
    }
    for (; i + 16 <= n; i += 16) {
        __m256i a0 = _mm256_setzero_si256(), a1 = a0;
        for (int32_t j = 0; j < count; j++) {
            const __m256i w = _mm256_set1_epi32(pairs[j]);
            const __m256i x0 = _mm256_loadu_si256((const __m256i *)(lines[2 * j] + i));
            const __m256i y0 = _mm256_loadu_si256((const __m256i *)(lines[2 * j + 1] + i));
            a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(_mm256_unpacklo_epi16(x0, y0), w));
            a1 = _mm256_add_epi32(a1, _mm256_madd_epi16(_mm256_unpackhi_epi16(x0, y0), w));
        }
        a0 = _mm256_sra_epi32(_mm256_add_epi32(a0, round), bits);
        a1 = _mm256_sra_epi32(_mm256_add_epi32(a1, round), bits);
        const __m256i words = _mm256_packs_epi32(a0, a1);
        const __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(words, words), 0x08);
        _mm_storeu_si128((__m128i *)(out + i), _mm256_castsi256_si128(bytes));
    }
    return i;
}
#endif
