/*
 * The fixed-point resampler's SSE loops (see cth_resample_fixed.h), for
 * x86-64 CPUs without AVX2 (many Celeron and Pentium boxes, the usual NAS):
 * the AVX2 loops' method on 128 bits. Integer sums are exact, so these give
 * the portable loops' values whatever order they add in.
 */
#include "cth_resample_fixed.h"

#if CTH_HAVE_AVX2
#include <immintrin.h>

CTH_SSSE3 int32_t cth_fixed_rgb_row_ssse3(const uint8_t *row, size_t available, int16_t *out, int32_t width,
                                           const int32_t *starts, const int16_t *weights, int32_t groups,
                                           int32_t shift) {
    /* Two pixels (6 of 8 loaded bytes) -> R, G, B pairs as int16 for pmaddwd. */
    const __m128i spread = _mm_setr_epi8(0, -1, 3, -1, 1, -1, 4, -1, 2, -1, 5, -1, -1, -1, -1, -1);
    const __m128i round = _mm_set1_epi32(1 << (shift - 1));
    const __m128i count = _mm_cvtsi32_si128(shift);
    /* The AVX2 layout: each block of four taps is two blocks of a pair. */
    const int32_t blocks = 2 * groups;
    const size_t reach = 6 * (size_t)(blocks - 1) + 8;
    int32_t x = 0;
    for (; x < width; x++) {
        const size_t first = 3 * (size_t)starts[x];
        if (first + reach > available) break;
        const uint8_t *p = row + first;
        const int16_t *w = weights + (size_t)x * (size_t)blocks * 8;
        __m128i acc = _mm_setzero_si128();
        for (int32_t b = 0; b < blocks; b++) {
            const __m128i bytes = _mm_loadl_epi64((const __m128i *)(p + 6 * (size_t)b));
            acc = _mm_add_epi32(acc, _mm_madd_epi16(_mm_shuffle_epi8(bytes, spread),
                                                    _mm_loadu_si128((const __m128i *)(w + 8 * (size_t)b))));
        }
        acc = _mm_sra_epi32(_mm_add_epi32(acc, round), count);
        /* R, G, B and a spare, which the next pixel's store overwrites. */
        _mm_storel_epi64((__m128i *)(out + 3 * (size_t)x), _mm_packs_epi32(acc, acc));
    }
    return x;
}

/* SSE2 only, so both the AVX2 and the SSSE3 paths use it. */
int32_t cth_fixed_grey_row_sse2(const uint8_t *row, size_t available, int16_t *out, int32_t width,
                                const int32_t *starts, const int16_t *weights, int32_t groups, int32_t shift) {
    const size_t reach = 8 * (size_t)groups;
    const __m128i zero = _mm_setzero_si128();
    int32_t x = 0;
    for (; x < width; x++) {
        const size_t first = (size_t)starts[x];
        if (first + reach > available) break;
        const uint8_t *p = row + first;
        const int16_t *w = weights + (size_t)x * (size_t)groups * 8;
        __m128i acc = zero;
        for (int32_t g = 0; g < groups; g++) {
            const __m128i pixels = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(p + 8 * (size_t)g)), zero);
            acc = _mm_add_epi32(acc, _mm_madd_epi16(pixels, _mm_loadu_si128((const __m128i *)(w + 8 * (size_t)g))));
        }
        acc = _mm_add_epi32(acc, _mm_shuffle_epi32(acc, 0x4E));
        acc = _mm_add_epi32(acc, _mm_shuffle_epi32(acc, 0xB1));
        const int32_t v = (_mm_cvtsi128_si32(acc) + (1 << (shift - 1))) >> shift;
        out[x] = (int16_t)(v < -32768 ? -32768 : (v > 32767 ? 32767 : v));
    }
    return x;
}

size_t cth_fixed_column_sse2(uint8_t *out, const int16_t *const *lines, const int32_t *pairs, int32_t count,
                             size_t n, int32_t shift) {
    const __m128i round = _mm_set1_epi32(1 << (shift - 1));
    const __m128i bits = _mm_cvtsi32_si128(shift);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m128i a0 = _mm_setzero_si128(), a1 = a0, a2 = a0, a3 = a0;
        for (int32_t j = 0; j < count; j++) {
            const __m128i w = _mm_set1_epi32(pairs[j]);
            const int16_t *l0 = lines[2 * j] + i, *l1 = lines[2 * j + 1] + i;
            const __m128i x0 = _mm_loadu_si128((const __m128i *)l0), y0 = _mm_loadu_si128((const __m128i *)l1);
            const __m128i x1 = _mm_loadu_si128((const __m128i *)(l0 + 8));
            const __m128i y1 = _mm_loadu_si128((const __m128i *)(l1 + 8));
            a0 = _mm_add_epi32(a0, _mm_madd_epi16(_mm_unpacklo_epi16(x0, y0), w));
            a1 = _mm_add_epi32(a1, _mm_madd_epi16(_mm_unpackhi_epi16(x0, y0), w));
            a2 = _mm_add_epi32(a2, _mm_madd_epi16(_mm_unpacklo_epi16(x1, y1), w));
            a3 = _mm_add_epi32(a3, _mm_madd_epi16(_mm_unpackhi_epi16(x1, y1), w));
        }
        a0 = _mm_sra_epi32(_mm_add_epi32(a0, round), bits);
        a1 = _mm_sra_epi32(_mm_add_epi32(a1, round), bits);
        a2 = _mm_sra_epi32(_mm_add_epi32(a2, round), bits);
        a3 = _mm_sra_epi32(_mm_add_epi32(a3, round), bits);
        _mm_storeu_si128((__m128i *)(out + i),
                         _mm_packus_epi16(_mm_packs_epi32(a0, a1), _mm_packs_epi32(a2, a3)));
    }
    return i;
}

int cth_cpu_has_ssse3(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("ssse3") ? 1 : 0;
}
#endif
