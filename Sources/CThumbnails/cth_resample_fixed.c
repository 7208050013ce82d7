/*
 * The fixed-point resampler (see cth_resample_fixed.h), for the sRGB codes
 * themselves (ResamplingSpace.gammaEncoded, the default), RGB or grey: every
 * rendition ladder of an opaque photo.
 *
 * Why: the float resampler spent a third of its time converting each source
 * byte to a float and its float rows were four times the bytes. Here the
 * horizontal pass reads the 8-bit rows directly (AVX2: a byte shuffle and a
 * 16-bit multiply-add per four taps, as Pillow-SIMD does), keeps the rows
 * between the passes as int16 (code * 64) and the vertical pass multiplies
 * pairs of them with pmaddwd.
 *
 * Determinism: weights are quantised from the float weights with exact double
 * arithmetic, each window's weights summing to exactly 1 << bits (so flat
 * stays flat), and every sum is of integers with no overflow (the bound is
 * checked when quantising), so summing in any order gives the same value:
 * the AVX2 and portable loops give the same bytes by construction.
 */
#include "cth_resample_fixed.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Rounds and shifts a sum right (arithmetically, as psrad does; gcc and clang
   define >> on negative ints that way). */
static inline int32_t shifted(int32_t sum, int32_t shift) { return (sum + (1 << (shift - 1))) >> shift; }

static inline int16_t to_value(int32_t sum, int32_t shift) {
    const int32_t v = shifted(sum, shift);
    return (int16_t)(v < -32768 ? -32768 : (v > 32767 ? 32767 : v));
}

static inline uint8_t to_code(int32_t sum, int32_t shift) {
    const int32_t v = shifted(sum, shift);
    return (uint8_t)(v < 0 ? 0 : (v > 255 ? 255 : v));
}

/* `count` windows of `taps` float weights -> int16 with the fraction bits
   returned (0 when they do not fit: the caller uses the float loops). The
   bits are the most (up to 14) for which every window's sum of magnitudes
   stays below 2^15, so an int32 sum of weights times int16 values cannot
   overflow. Each window is rounded, then its largest weight takes the
   rounding error so the window sums to exactly 1 << bits. */
static int32_t quantize(const float *weights, int32_t count, int32_t taps, int16_t *out) {
    double widest = 0;
    for (int32_t i = 0; i < count; i++) {
        double total = 0;
        for (int32_t k = 0; k < taps; k++) total += fabs((double)weights[(size_t)i * (size_t)taps + (size_t)k]);
        if (total > widest) widest = total;
    }
    int32_t bits = 14;
    while (bits > CTH_FIXED_FRACTION && widest * (double)(1 << bits) + (double)taps > 32767.0) bits--;
    if (bits <= CTH_FIXED_FRACTION) return 0;
    const double one = (double)(1 << bits);
    for (int32_t i = 0; i < count; i++) {
        const float *w = weights + (size_t)i * (size_t)taps;
        int16_t *q = out + (size_t)i * (size_t)taps;
        int32_t sum = 0, biggest = 0;
        for (int32_t k = 0; k < taps; k++) {
            q[k] = (int16_t)floor((double)w[k] * one + 0.5);
            sum += q[k];
            if (abs(q[k]) > abs(q[biggest])) biggest = k;
        }
        q[biggest] = (int16_t)(q[biggest] + ((1 << bits) - sum));
    }
    return bits;
}

static void row_portable(const uint8_t *row, int32_t channels, int16_t *out, int32_t from, int32_t width,
                         const int32_t *starts, const int16_t *weights, int32_t taps, int32_t shift) {
    for (int32_t x = from; x < width; x++) {
        const int16_t *w = weights + (size_t)x * (size_t)taps;
        if (channels == 3) {
            const uint8_t *p = row + 3 * (size_t)starts[x];
            int32_t r = 0, g = 0, b = 0;
            for (int32_t k = 0; k < taps; k++) {
                r += w[k] * p[3 * k];
                g += w[k] * p[3 * k + 1];
                b += w[k] * p[3 * k + 2];
            }
            out[3 * (size_t)x] = to_value(r, shift);
            out[3 * (size_t)x + 1] = to_value(g, shift);
            out[3 * (size_t)x + 2] = to_value(b, shift);
        } else {
            const uint8_t *p = row + starts[x];
            int32_t v = 0;
            for (int32_t k = 0; k < taps; k++) v += w[k] * p[k];
            out[x] = to_value(v, shift);
        }
    }
}

static void column_portable(uint8_t *out, const int16_t *const *lines, const int16_t *weights, int32_t taps,
                            size_t from, size_t n, int32_t shift) {
    for (size_t i = from; i < n; i++) {
        int32_t sum = 0;
        for (int32_t k = 0; k < taps; k++) sum += weights[k] * lines[k][i];
        out[i] = to_code(sum, shift);
    }
}

/* Row `row` of the box-shrunk image: the mean of each factor x factor block
   (edge blocks average what they have), rounded to a code, as libvips's
   shrink does for 8-bit images. `sums` holds a row of block sums. */
static void box_row(const uint8_t *src, int32_t width, int32_t height, int32_t channels, int32_t factor,
                    int32_t row, uint32_t *sums, uint8_t *out, int32_t out_width) {
    const size_t n = (size_t)out_width * (size_t)channels, row_bytes = (size_t)width * (size_t)channels;
    const int32_t first = row * factor;
    const int32_t count = height - first < factor ? height - first : factor;
    int32_t block = 0;
    if (factor == 2 && count == 2) {
        /* The usual case (a photo a little over 4x its rendition), without
           the division: whole 2x2 blocks are (sum + 2) >> 2. */
        const uint8_t *in0 = src + (size_t)first * row_bytes, *in1 = in0 + row_bytes;
        const int32_t whole = width / 2;
        if (channels == 3) {
            for (int32_t b = 0; b < whole; b++) {
                const uint8_t *p = in0 + 6 * (size_t)b, *q = in1 + 6 * (size_t)b;
                uint8_t *o = out + 3 * (size_t)b;
                o[0] = (uint8_t)((p[0] + p[3] + q[0] + q[3] + 2) >> 2);
                o[1] = (uint8_t)((p[1] + p[4] + q[1] + q[4] + 2) >> 2);
                o[2] = (uint8_t)((p[2] + p[5] + q[2] + q[5] + 2) >> 2);
            }
        } else {
            for (int32_t b = 0; b < whole; b++) {
                const size_t at = 2 * (size_t)b;
                out[b] = (uint8_t)((in0[at] + in0[at + 1] + in1[at] + in1[at + 1] + 2) >> 2);
            }
        }
        block = whole;
        if (block == out_width) return;
    }
    memset(sums, 0, sizeof(uint32_t) * n);
    for (int32_t y = first; y < first + count; y++) {
        const uint8_t *in = src + (size_t)y * row_bytes;
        for (int32_t b = block; b < out_width; b++) {
            const size_t from = (size_t)b * (size_t)factor * (size_t)channels;
            const size_t to = b == out_width - 1 ? row_bytes : from + (size_t)factor * (size_t)channels;
            uint32_t *sum = sums + (size_t)b * (size_t)channels;
            for (size_t i = from; i < to; i += (size_t)channels)
                for (int32_t c = 0; c < channels; c++) sum[c] += in[i + (size_t)c];
        }
    }
    for (int32_t b = block; b < out_width; b++) {
        const int32_t columns = width - b * factor < factor ? width - b * factor : factor;
        const uint32_t area = (uint32_t)columns * (uint32_t)count;
        for (int32_t c = 0; c < channels; c++) {
            const size_t i = (size_t)b * (size_t)channels + (size_t)c;
            out[i] = (uint8_t)((sums[i] + area / 2) / area);
        }
    }
}

#if CTH_HAVE_AVX2
/* The horizontal weights as the SIMD row loops read them (see cth_resample_fixed.h). */
static int16_t *spread_weights(const int16_t *q, int32_t count, int32_t taps, int32_t channels, int simd,
                               int32_t *groups) {
    /* RGB: blocks of 4 taps as 16 values; grey: blocks of 16 taps (AVX2) or 8 (SSE2). */
    const int32_t block = channels == 3 ? 4 : (simd == 2 ? 16 : 8);
    const int32_t values = channels == 3 ? 16 : block;
    *groups = (taps + block - 1) / block;
    int16_t *out = calloc((size_t)count * (size_t)*groups * (size_t)values, sizeof(int16_t));
    if (!out) return NULL;
    for (int32_t i = 0; i < count; i++) {
        int16_t *o = out + (size_t)i * (size_t)*groups * (size_t)values;
        for (int32_t k = 0; k < taps; k++) {
            const int16_t w = q[(size_t)i * (size_t)taps + (size_t)k];
            if (channels == 3) {
                /* Tap k goes to block k/4, half (k%4)/2, slot k%2 of each of its four pairs. */
                int16_t *half = o + 16 * (size_t)(k / 4) + 8 * (size_t)((k % 4) / 2) + (size_t)(k % 2);
                for (int j = 0; j < 4; j++) half[2 * j] = w;
            } else {
                o[k] = w;
            }
        }
    }
    return out;
}
#endif

int cth_resample_fixed(const uint8_t *src, int32_t src_width, int32_t src_height, int32_t channels,
                       int32_t box_factor, const int32_t *h_starts, const float *h_weights, int32_t h_taps,
                       const int32_t *v_starts, const float *v_weights, int32_t v_taps,
                       uint8_t *dst, int32_t dst_width, int32_t dst_height, int simd) {
    (void)simd;   /* unused in a portable build */
    /* Block sums of up to 255 * factor^2 must fit in 32 bits. */
    if ((uint64_t)box_factor * (uint64_t)box_factor * 255u > UINT32_MAX) return 1;
    const int32_t rows_width = (src_width + box_factor - 1) / box_factor;
    const size_t row_bytes = (size_t)rows_width * (size_t)channels;
    /* The box row has 16 spare bytes for the AVX2 loads past its end. */
    uint8_t *boxed = box_factor > 1 ? malloc(row_bytes + 16) : NULL;
    uint32_t *sums = box_factor > 1 ? malloc(sizeof(uint32_t) * row_bytes) : NULL;
    const size_t n = (size_t)dst_width * (size_t)channels;
    /* A spare value per ring row: the AVX2 loop stores an RGB pixel as 4 values. */
    const size_t pitch = n + 1;
    const int32_t pairs = (v_taps + 1) / 2;
    int16_t *hq = malloc(sizeof(int16_t) * (size_t)dst_width * (size_t)h_taps);
    int16_t *vq = calloc((size_t)dst_height * (size_t)pairs * 2, sizeof(int16_t));
    int16_t *ring = malloc(sizeof(int16_t) * pitch * (size_t)v_taps);
    const int16_t **lines = malloc(sizeof(int16_t *) * (size_t)pairs * 2);
    int32_t *packed = malloc(sizeof(int32_t) * (size_t)pairs);
    int16_t *spread = NULL;
    int status = -1;
    if (!hq || !vq || !ring || !lines || !packed || (box_factor > 1 && (!boxed || !sums))) goto done;

    const int32_t h_bits = quantize(h_weights, dst_width, h_taps, hq);
    /* Vertical windows padded to whole pairs with a zero weight. */
    int16_t *vtight = malloc(sizeof(int16_t) * (size_t)dst_height * (size_t)v_taps);
    if (!vtight) goto done;
    const int32_t v_bits = quantize(v_weights, dst_height, v_taps, vtight);
    for (int32_t y = 0; y < dst_height; y++)
        memcpy(vq + (size_t)y * (size_t)pairs * 2, vtight + (size_t)y * (size_t)v_taps, sizeof(int16_t) * (size_t)v_taps);
    free(vtight);
    if (h_bits == 0 || v_bits == 0) { status = 1; goto done; }
    const int32_t h_shift = h_bits - CTH_FIXED_FRACTION, v_shift = v_bits + CTH_FIXED_FRACTION;

#if CTH_HAVE_AVX2
    int32_t groups = 0;
    if (simd) {
        spread = spread_weights(hq, dst_width, h_taps, channels, simd, &groups);
        if (!spread) goto done;
    }
#endif

    int32_t filtered = -1;   /* last source row filtered into the ring */
    for (int32_t y = 0; y < dst_height; y++) {
        const int32_t start = v_starts[y];
        while (filtered < start + v_taps - 1) {
            filtered++;
            int16_t *slot = ring + (size_t)(filtered % v_taps) * pitch;
            /* Loads may run past the row into the next ones (times zero
               weights), but not past the image or the box row's spare bytes. */
            const uint8_t *row = boxed;
            size_t available = row_bytes + 16;
            if (box_factor > 1) {
                box_row(src, src_width, src_height, channels, box_factor, filtered, sums, boxed, rows_width);
            } else {
                row = src + (size_t)filtered * row_bytes;
                available = (size_t)(src_height - filtered) * row_bytes;
            }
            int32_t done_x = 0;
#if CTH_HAVE_AVX2
            if (simd) {
                done_x = channels == 1
                    ? (simd == 2 ? cth_fixed_grey_row_avx2(row, available, slot, dst_width, h_starts, spread, groups, h_shift)
                                 : cth_fixed_grey_row_sse2(row, available, slot, dst_width, h_starts, spread, groups, h_shift))
                    : simd == 2
                    ? cth_fixed_rgb_row_avx2(row, available, slot, dst_width, h_starts, spread, groups, h_shift)
                    : cth_fixed_rgb_row_ssse3(row, available, slot, dst_width, h_starts, spread, groups, h_shift);
            }
#else
            (void)available;
#endif
            row_portable(row, channels, slot, done_x, dst_width, h_starts, hq, h_taps, h_shift);
        }
        const int16_t *w = vq + (size_t)y * (size_t)pairs * 2;
        for (int32_t k = 0; k < 2 * pairs; k++)
            lines[k] = ring + (size_t)((start + (k < v_taps ? k : 0)) % v_taps) * pitch;
        uint8_t *out = dst + (size_t)y * n;
        size_t done_i = 0;
#if CTH_HAVE_AVX2
        if (simd) {
            for (int32_t j = 0; j < pairs; j++)
                packed[j] = (int32_t)((uint32_t)(uint16_t)w[2 * j] | ((uint32_t)(uint16_t)w[2 * j + 1] << 16));
            done_i = simd == 2 ? cth_fixed_column_avx2(out, lines, packed, pairs, n, v_shift)
                               : cth_fixed_column_sse2(out, lines, packed, pairs, n, v_shift);
        }
#endif
        column_portable(out, lines, w, 2 * pairs, done_i, n, v_shift);
    }
    status = 0;
done:
    free(hq); free(vq); free(ring); free(lines); free(packed); free(spread); free(boxed); free(sums);
    return status;
}
