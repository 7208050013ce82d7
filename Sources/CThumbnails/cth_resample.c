/*
 * The resampler's hot loops (see cth_resample.h). Swift computes the Lanczos
 * weights; this file only multiplies and adds, row by row, so memory is a
 * ring of filter-height rows however large the image is.
 *
 * Determinism: each output is sum_k w[k] * in[k] accumulated in k order,
 * starting from w[0] * in[0], with no fused multiply-add. The SSE2 and AVX2
 * loops keep exactly that order per output (they only process several
 * channels, columns or rows at once), so they produce the same bytes as the
 * portable loops. AVX2 is chosen at run time (__builtin_cpu_supports); the
 * AVX2 functions enable AVX2 only, not FMA.
 */
#include "cth_resample.h"

#include <stdlib.h>
#include <string.h>

/* CTH_RESAMPLE_PORTABLE_BUILD compiles only the portable loops, to check on
   x86-64 the build that aarch64 gets. */
#if defined(__SSE2__) && !defined(CTH_RESAMPLE_PORTABLE_BUILD)
#include <emmintrin.h>
#define CTH_HAVE_SSE2 1
#else
#define CTH_HAVE_SSE2 0
#endif

#pragma STDC FP_CONTRACT OFF
#if defined(__clang__)
#pragma clang fp contract(off)
#endif


#include "cth_resample_avx2.h"
#include "cth_resample_fixed.h"

typedef struct {
    const uint8_t *src;
    int32_t width, height, channels;
    int32_t factor, rows_width, rows_height;
    int32_t lanes;                 /* floats per pixel in a converted row: 1 or 4 */
    const float *decode_lut;       /* NULL: the code as a float */
} rows_t;

/* Source row `y` as floats: grey 1 lane; RGB as RGB0; RGBA premultiplied.
   A colour pixel x goes to out[step * x ...] (step 4, or 8 to write one row
   of an interleaved pair for filter_rows2_avx2). */
static void convert_row(const rows_t *r, int32_t y, float *out, size_t step, int scalar, int avx2) {
    (void)scalar; (void)avx2;   /* unused in a portable build */
    const uint8_t *in = r->src + (size_t)y * (size_t)r->width * (size_t)r->channels;
    const float *lut = r->decode_lut;
    const int32_t n = r->width;
    switch (r->channels) {
    case 4:
        for (int32_t x = 0; x < n; x++) {
            const uint8_t *p = in + 4 * (size_t)x;
            const float alpha = (float)p[3] / 255.0f;
            float *o = out + step * (size_t)x;
            o[0] = (lut ? lut[p[0]] : (float)p[0]) * alpha;
            o[1] = (lut ? lut[p[1]] : (float)p[1]) * alpha;
            o[2] = (lut ? lut[p[2]] : (float)p[2]) * alpha;
            o[3] = alpha;
        }
        break;
    case 3:
#if CTH_HAVE_AVX2
        if (avx2 && !lut) {
            for (int32_t x = cth_convert_rgb_avx2(in, n, out, step); x < n; x++) {
                const uint8_t *p = in + 3 * (size_t)x;
                float *o = out + step * (size_t)x;
                o[0] = (float)p[0]; o[1] = (float)p[1]; o[2] = (float)p[2]; o[3] = 0;
            }
            break;
        }
#else
        (void)avx2;
#endif
        if (lut) {
            for (int32_t x = 0; x < n; x++) {
                const uint8_t *p = in + 3 * (size_t)x;
                float *o = out + step * (size_t)x;
                o[0] = lut[p[0]]; o[1] = lut[p[1]]; o[2] = lut[p[2]]; o[3] = 0;
            }
        } else {
            int32_t x = 0;
#if CTH_HAVE_SSE2
            if (!scalar) {
                /* Four pixels per step from one 16-byte load (which reads 4 bytes
                   past them, so stop 6 pixels before the row's end). */
                const __m128i zero = _mm_setzero_si128();
                const __m128i rgb = _mm_set_epi32(0, -1, -1, -1);
                for (; x + 6 <= n; x += 4) {
                    const __m128i bytes = _mm_loadu_si128((const __m128i *)(in + 3 * (size_t)x));
                    const __m128i words = _mm_unpacklo_epi8(bytes, zero);                       /* bytes 0-7 */
                    const __m128i words2 = _mm_unpacklo_epi8(_mm_srli_si128(bytes, 6), zero);   /* bytes 6-13 */
                    float *o = out + step * (size_t)x;
                    _mm_storeu_ps(o, _mm_cvtepi32_ps(_mm_and_si128(_mm_unpacklo_epi16(words, zero), rgb)));
                    _mm_storeu_ps(o + step, _mm_cvtepi32_ps(_mm_and_si128(
                        _mm_unpacklo_epi16(_mm_srli_si128(words, 6), zero), rgb)));
                    _mm_storeu_ps(o + 2 * step, _mm_cvtepi32_ps(_mm_and_si128(_mm_unpacklo_epi16(words2, zero), rgb)));
                    _mm_storeu_ps(o + 3 * step, _mm_cvtepi32_ps(_mm_and_si128(
                        _mm_unpacklo_epi16(_mm_srli_si128(words2, 6), zero), rgb)));
                }
            }
#endif
            for (; x < n; x++) {
                const uint8_t *p = in + 3 * (size_t)x;
                float *o = out + step * (size_t)x;
                o[0] = (float)p[0]; o[1] = (float)p[1]; o[2] = (float)p[2]; o[3] = 0;
            }
        }
        break;
    default:
        if (lut) { for (int32_t x = 0; x < n; x++) out[x] = lut[in[x]]; }
        else { for (int32_t x = 0; x < n; x++) out[x] = (float)in[x]; }
    }
}

/* Row `row` of the box-shrunk image (`rows_width * lanes` floats) into `out`;
   `scratch` holds one converted source row, `sums` one box row in doubles.
   Each source row's block sums are made in floats (at most `factor` terms),
   then added up in doubles: a float running total over a huge block (a
   1-pixel rendition of a big photo) would stop growing once its step passes
   the values added. Edge blocks average what they have. */
static void fill_row(const rows_t *r, int32_t row, float *out, float *scratch, double *sums, int scalar, int avx2) {
    if (r->factor == 1) {
        convert_row(r, row, out, 4, scalar, avx2);
        return;
    }
    const int32_t f = r->factor, l = r->lanes;
    const size_t n = (size_t)r->rows_width * (size_t)l;
    const int32_t first = row * f;
    const int32_t count = (r->height - first < f) ? r->height - first : f;
    memset(sums, 0, sizeof(double) * n);
    for (int32_t y = first; y < first + count; y++) {
        convert_row(r, y, scratch, 4, scalar, avx2);
        int done = 0;
#if CTH_HAVE_SSE2
        if (!scalar && l == 4) {
            /* Per block, the pixels are added in the same order as below. */
            for (int32_t block = 0; block < r->rows_width; block++) {
                const int32_t x0 = block * f;
                const int32_t x1 = (x0 + f < r->width) ? x0 + f : r->width;
                __m128 sum = _mm_setzero_ps();
                for (int32_t x = x0; x < x1; x++) sum = _mm_add_ps(sum, _mm_loadu_ps(scratch + 4 * (size_t)x));
                _mm_storeu_ps(out + 4 * (size_t)block, sum);
            }
            done = 1;
        }
#endif
        if (!done) {
            memset(out, 0, sizeof(float) * n);
            for (int32_t x = 0; x < r->width; x++) {
                float *t = out + (size_t)(x / f) * (size_t)l;
                const float *p = scratch + (size_t)x * (size_t)l;
                for (int32_t k = 0; k < l; k++) t[k] += p[k];
            }
        }
        for (size_t i = 0; i < n; i++) sums[i] += (double)out[i];
    }
    for (int32_t block = 0; block < r->rows_width; block++) {
        const int32_t columns = (r->width - block * f < f) ? r->width - block * f : f;
        const double area = (double)columns * (double)count;
        for (int32_t k = 0; k < l; k++) {
            const size_t i = (size_t)block * (size_t)l + (size_t)k;
            out[i] = (float)(sums[i] / area);
        }
    }
}

/* One row through the horizontal bank; writes `out_lanes` floats per output
   pixel (3 for RGB: the 4th lane of a colour pixel is dropped). `out` has one
   spare float at the end for the SSE store of the last RGB pixel. */
static void filter_row(const float *in, int32_t lanes, float *out, int32_t out_lanes, int32_t width,
                       const int32_t *starts, const float *weights, const float *splat, int32_t taps, int scalar) {
    (void)splat; (void)scalar;   /* unused in a portable build */
    if (lanes == 4) {
#if CTH_HAVE_SSE2
        if (!scalar && splat) {
            /* `splat` holds each weight four times, so a tap is a load, a
               multiply and an add, with no shuffle to broadcast the weight. */
            /* Four outputs at a time: each keeps its own chain of adds (so its
               sum is ordered as in the portable loop), and the four chains
               overlap instead of waiting on each other's add latency. */
            int32_t x = 0;
            for (; x + 4 <= width; x += 4) {
                const float *p0 = in + (size_t)starts[x] * 4, *p1 = in + (size_t)starts[x + 1] * 4;
                const float *p2 = in + (size_t)starts[x + 2] * 4, *p3 = in + (size_t)starts[x + 3] * 4;
                const float *w0 = splat + 4 * (size_t)x * (size_t)taps;
                const float *w1 = w0 + 4 * (size_t)taps, *w2 = w1 + 4 * (size_t)taps, *w3 = w2 + 4 * (size_t)taps;
                __m128 a0 = _mm_mul_ps(_mm_load_ps(w0), _mm_loadu_ps(p0));
                __m128 a1 = _mm_mul_ps(_mm_load_ps(w1), _mm_loadu_ps(p1));
                __m128 a2 = _mm_mul_ps(_mm_load_ps(w2), _mm_loadu_ps(p2));
                __m128 a3 = _mm_mul_ps(_mm_load_ps(w3), _mm_loadu_ps(p3));
                for (int32_t k = 1; k < taps; k++) {
                    const size_t o = 4 * (size_t)k;
                    a0 = _mm_add_ps(a0, _mm_mul_ps(_mm_load_ps(w0 + o), _mm_loadu_ps(p0 + o)));
                    a1 = _mm_add_ps(a1, _mm_mul_ps(_mm_load_ps(w1 + o), _mm_loadu_ps(p1 + o)));
                    a2 = _mm_add_ps(a2, _mm_mul_ps(_mm_load_ps(w2 + o), _mm_loadu_ps(p2 + o)));
                    a3 = _mm_add_ps(a3, _mm_mul_ps(_mm_load_ps(w3 + o), _mm_loadu_ps(p3 + o)));
                }
                float *o = out + (size_t)x * (size_t)out_lanes;
                _mm_storeu_ps(o, a0);
                _mm_storeu_ps(o + out_lanes, a1);
                _mm_storeu_ps(o + 2 * out_lanes, a2);
                _mm_storeu_ps(o + 3 * out_lanes, a3);
            }
            for (; x < width; x++) {
                const float *p = in + (size_t)starts[x] * 4;
                const float *w = weights + (size_t)x * (size_t)taps;
                __m128 acc = _mm_mul_ps(_mm_set1_ps(w[0]), _mm_loadu_ps(p));
                for (int32_t k = 1; k < taps; k++)
                    acc = _mm_add_ps(acc, _mm_mul_ps(_mm_set1_ps(w[k]), _mm_loadu_ps(p + 4 * (size_t)k)));
                _mm_storeu_ps(out + (size_t)x * (size_t)out_lanes, acc);
            }
            return;
        }
#endif
        for (int32_t x = 0; x < width; x++) {
            const float *p = in + (size_t)starts[x] * 4;
            const float *w = weights + (size_t)x * (size_t)taps;
            float a0 = w[0] * p[0], a1 = w[0] * p[1], a2 = w[0] * p[2], a3 = w[0] * p[3];
            for (int32_t k = 1; k < taps; k++) {
                const float *q = p + 4 * (size_t)k;
                a0 = a0 + w[k] * q[0];
                a1 = a1 + w[k] * q[1];
                a2 = a2 + w[k] * q[2];
                a3 = a3 + w[k] * q[3];
            }
            float *o = out + (size_t)x * (size_t)out_lanes;
            o[0] = a0; o[1] = a1; o[2] = a2;
            if (out_lanes == 4) o[3] = a3;
        }
        return;
    }
    for (int32_t x = 0; x < width; x++) {
        const float *p = in + starts[x];
        const float *w = weights + (size_t)x * (size_t)taps;
        float a = w[0] * p[0];
        for (int32_t k = 1; k < taps; k++) a = a + w[k] * p[k];
        out[x] = a;
    }
}

/* acc[i] = sum_k weights[k] * lines[k][i], k ascending. The SSE2 loop keeps
   16 sums in registers across all taps rather than re-reading `acc` per tap;
   the order of each sum is unchanged. */
static void vertical_row(float *acc, const float *const *lines, const float *weights, int32_t taps, size_t n,
                         int scalar, int avx2) {
    size_t i = 0;
#if CTH_HAVE_AVX2
    if (avx2) i = cth_vertical_row_avx2(acc, lines, weights, taps, n);
#else
    (void)avx2;
#endif
#if CTH_HAVE_SSE2
    if (!scalar) {
        for (; i + 16 <= n; i += 16) {
            const float *line = lines[0] + i;
            __m128 w = _mm_set1_ps(weights[0]);
            __m128 a0 = _mm_mul_ps(w, _mm_loadu_ps(line)), a1 = _mm_mul_ps(w, _mm_loadu_ps(line + 4));
            __m128 a2 = _mm_mul_ps(w, _mm_loadu_ps(line + 8)), a3 = _mm_mul_ps(w, _mm_loadu_ps(line + 12));
            for (int32_t k = 1; k < taps; k++) {
                line = lines[k] + i;
                w = _mm_set1_ps(weights[k]);
                a0 = _mm_add_ps(a0, _mm_mul_ps(w, _mm_loadu_ps(line)));
                a1 = _mm_add_ps(a1, _mm_mul_ps(w, _mm_loadu_ps(line + 4)));
                a2 = _mm_add_ps(a2, _mm_mul_ps(w, _mm_loadu_ps(line + 8)));
                a3 = _mm_add_ps(a3, _mm_mul_ps(w, _mm_loadu_ps(line + 12)));
            }
            _mm_storeu_ps(acc + i, a0);
            _mm_storeu_ps(acc + i + 4, a1);
            _mm_storeu_ps(acc + i + 8, a2);
            _mm_storeu_ps(acc + i + 12, a3);
        }
    }
#else
    (void)scalar;
#endif
    for (; i < n; i++) {
        float a = weights[0] * lines[0][i];
        for (int32_t k = 1; k < taps; k++) a = a + weights[k] * lines[k][i];
        acc[i] = a;
    }
}

static inline float clampf(float v, float low, float high) { return v < low ? low : (v > high ? high : v); }

static inline uint8_t encode(float v, const cth_resample_tables *t) {
    if (t->encode_lut) {
        const float top = (float)(t->encode_steps - 1);
        return t->encode_lut[(int32_t)(clampf(v, 0.0f, 1.0f) * top + 0.5f)];
    }
    return (uint8_t)(clampf(v, 0.0f, 255.0f) + 0.5f);
}

/* Filter values of one output row -> 8-bit samples, un-premultiplying RGBA
   and clamping Lanczos overshoot. */
static void store_row(const float *v, int32_t width, int32_t channels, const cth_resample_tables *t, uint8_t *out,
                      int scalar) {
    if (channels == 4) {
        for (int32_t x = 0; x < width; x++) {
            const float *p = v + 4 * (size_t)x;
            const float alpha = clampf(p[3], 0.0f, 1.0f);
            const float scale = alpha > 0 ? 1.0f / alpha : 0.0f;
            uint8_t *o = out + 4 * (size_t)x;
            o[0] = encode(p[0] * scale, t);
            o[1] = encode(p[1] * scale, t);
            o[2] = encode(p[2] * scale, t);
            o[3] = (uint8_t)(alpha * 255.0f + 0.5f);
        }
        return;
    }
    const size_t n = (size_t)width * (size_t)channels;
    size_t i = 0;
#if CTH_HAVE_SSE2
    if (!scalar && !t->encode_lut) {
        /* The same clamp, +0.5 and truncation as encode(), 16 samples at a time. */
        const __m128 low = _mm_setzero_ps(), high = _mm_set1_ps(255.0f), half = _mm_set1_ps(0.5f);
        for (; i + 16 <= n; i += 16) {
            __m128i q[4];
            for (int j = 0; j < 4; j++) {
                __m128 x = _mm_loadu_ps(v + i + 4 * (size_t)j);
                x = _mm_add_ps(_mm_max_ps(_mm_min_ps(x, high), low), half);
                q[j] = _mm_cvttps_epi32(x);
            }
            const __m128i words = _mm_packs_epi32(q[0], q[1]), words2 = _mm_packs_epi32(q[2], q[3]);
            _mm_storeu_si128((__m128i *)(out + i), _mm_packus_epi16(words, words2));
        }
    }
#else
    (void)scalar;
#endif
#if CTH_HAVE_SSE2
    if (!scalar && t->encode_lut) {
        /* The table index as encode() computes it, 4 samples at a time; the look-ups stay scalar. */
        const __m128 low = _mm_setzero_ps(), high = _mm_set1_ps(1.0f), half = _mm_set1_ps(0.5f);
        const __m128 top = _mm_set1_ps((float)(t->encode_steps - 1));
        int32_t index[4];
        for (; i + 4 <= n; i += 4) {
            const __m128 x = _mm_max_ps(_mm_min_ps(_mm_loadu_ps(v + i), high), low);
            _mm_storeu_si128((__m128i *)index, _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(x, top), half)));
            out[i] = t->encode_lut[index[0]];
            out[i + 1] = t->encode_lut[index[1]];
            out[i + 2] = t->encode_lut[index[2]];
            out[i + 3] = t->encode_lut[index[3]];
        }
    }
#endif
    for (; i < n; i++) out[i] = encode(v[i], t);
}

static int fits(int64_t count) { return count > 0 && count < ((int64_t)1 << 40); }

int cth_resample(const uint8_t *src, int32_t src_width, int32_t src_height, int32_t channels,
                 int32_t box_factor,
                 const int32_t *h_starts, const float *h_weights, int32_t h_taps,
                 const int32_t *v_starts, const float *v_weights, int32_t v_taps,
                 uint8_t *dst, int32_t dst_width, int32_t dst_height,
                 const cth_resample_tables *tables, int32_t flags) {
    if (!src || !dst || !tables || src_width < 1 || src_height < 1 || dst_width < 1 || dst_height < 1
        || box_factor < 1 || h_taps < 1 || v_taps < 1 || (channels != 1 && channels != 3 && channels != 4)
        || (tables->encode_lut && tables->encode_steps < 2))
        return -1;
    rows_t r;
    r.src = src;
    r.width = src_width;
    r.height = src_height;
    r.channels = channels;
    r.factor = box_factor;
    r.rows_width = (src_width + box_factor - 1) / box_factor;
    r.rows_height = (src_height + box_factor - 1) / box_factor;
    r.lanes = channels == 1 ? 1 : 4;
    r.decode_lut = tables->decode_lut;
    if (h_taps > r.rows_width || v_taps > r.rows_height) return -1;
    /* Every window must lie inside its row or column. */
    for (int32_t i = 0; i < dst_width; i++)
        if (h_starts[i] < 0 || h_starts[i] > r.rows_width - h_taps) return -1;
    for (int32_t i = 0; i < dst_height; i++)
        /* The ring holds the last v_taps rows, so windows may only move down. */
        if (v_starts[i] < 0 || v_starts[i] > r.rows_height - v_taps || (i > 0 && v_starts[i] < v_starts[i - 1]))
            return -1;

    const int scalar = (flags & CTH_RESAMPLE_SCALAR) != 0;
    const int32_t out_lanes = channels;           /* 1, 3 (RGB) or 4 (RGBA) */
    const int64_t stride = (int64_t)dst_width * out_lanes;
    if (!fits((int64_t)r.rows_width * r.lanes) || !fits((int64_t)src_width * r.lanes) || !fits((stride + 1) * ((int64_t)v_taps + 1)))
        return -1;
#if CTH_HAVE_AVX2
    const int avx2 = !scalar && !(flags & CTH_RESAMPLE_NO_AVX2) && cth_cpu_has_avx2();
#else
    const int avx2 = 0;
#endif
    /* The sRGB codes themselves (every rendition of an opaque photo): in fixed
       point, unless the weights or box are too large for it (status 1). */
    if (channels != 4 && !tables->decode_lut && !tables->encode_lut
        && fits((int64_t)dst_width * h_taps * 16) && fits((int64_t)dst_height * (v_taps + 1))) {
#if CTH_HAVE_AVX2
        const int simd = avx2 ? 2 : (!scalar && cth_cpu_has_ssse3() ? 1 : 0);
#else
        const int simd = 0;
#endif
        const int status = cth_resample_fixed(src, src_width, src_height, channels, box_factor,
                                              h_starts, h_weights, h_taps,
                                              v_starts, v_weights, v_taps, dst, dst_width, dst_height, simd);
        if (status <= 0) return status;
    }
    /* A spare float per ring row: the SSE store of an RGB row's last pixel
       writes one lane past it, which must not land in the next row. */
    const int64_t pitch = stride + 1;
    /* One row more than the filter needs: the two-row AVX2 pass may run a row
       ahead of the window, which must not overwrite the window's first row. */
    const int32_t ring_rows = v_taps + 1;
    float *ring = malloc(sizeof(float) * (size_t)(pitch * ring_rows));
    float *input = malloc(sizeof(float) * (size_t)r.rows_width * (size_t)r.lanes);
    float *scratch = box_factor > 1 ? malloc(sizeof(float) * (size_t)src_width * (size_t)r.lanes) : NULL;
    double *sums = box_factor > 1 ? malloc(sizeof(double) * (size_t)r.rows_width * (size_t)r.lanes) : NULL;
    float *acc = malloc(sizeof(float) * (size_t)(stride + 1));
    const float **lines = malloc(sizeof(float *) * (size_t)v_taps);
    float *splat = NULL;
    /* AVX2 filters colour rows two at a time: a second input row and the pair interleaved. */
    const int two_rows = avx2 && r.lanes == 4;
    float *input2 = two_rows ? malloc(sizeof(float) * (size_t)r.rows_width * 4) : NULL;
    float *both = two_rows ? malloc(sizeof(float) * (size_t)r.rows_width * 8) : NULL;
#if CTH_HAVE_SSE2
    if (!scalar && !two_rows && r.lanes == 4 && fits((int64_t)dst_width * h_taps * 4)) {
        const size_t count = (size_t)dst_width * (size_t)h_taps;
        splat = aligned_alloc(16, sizeof(float) * 4 * count);
        if (splat)
            for (size_t i = 0; i < count; i++)
                splat[4 * i] = splat[4 * i + 1] = splat[4 * i + 2] = splat[4 * i + 3] = h_weights[i];
    }
#endif
    if (!ring || !input || !acc || !lines || (box_factor > 1 && (!scratch || !sums)) || (two_rows && (!input2 || !both))) {
        free(ring); free(input); free(scratch); free(sums); free(acc); free(splat); free(input2); free(both); free(lines);
        return -1;
    }

    int32_t filtered = -1;   /* last box row filtered into the ring */
    for (int32_t y = 0; y < dst_height; y++) {
        const int32_t start = v_starts[y];
        while (filtered < start + v_taps - 1) {
            float *slot = ring + (size_t)((filtered + 1) % ring_rows) * (size_t)pitch;
#if CTH_HAVE_AVX2
            if (two_rows) {
                /* Two rows if the image has them, else the last row paired with itself
                   (both halves give the same values, stored to the same slot). */
                const int32_t count = filtered + 2 < r.rows_height ? 2 : 1;
                float *slot2 = count == 2 ? ring + (size_t)((filtered + 2) % ring_rows) * (size_t)pitch : slot;
                if (box_factor == 1) {
                    /* Converted straight into the interleaved pair. */
                    convert_row(&r, filtered + 1, both, 8, scalar, avx2);
                    convert_row(&r, filtered + count, both + 4, 8, scalar, avx2);
                } else {
                    fill_row(&r, filtered + 1, input, scratch, sums, scalar, avx2);
                    if (count == 2) fill_row(&r, filtered + 2, input2, scratch, sums, scalar, avx2);
                    cth_interleave_rows_avx2(input, count == 2 ? input2 : input, both, r.rows_width);
                }
                cth_filter_rows2_avx2(both, slot, slot2, out_lanes, dst_width, h_starts, h_weights, h_taps);
                filtered += count;
                continue;
            }
#endif
            filtered++;
            fill_row(&r, filtered, input, scratch, sums, scalar, avx2);
            filter_row(input, r.lanes, slot, out_lanes, dst_width, h_starts, h_weights, splat, h_taps, scalar);
        }
        for (int32_t k = 0; k < v_taps; k++) lines[k] = ring + (size_t)((start + k) % ring_rows) * (size_t)pitch;
        vertical_row(acc, lines, v_weights + (size_t)y * (size_t)v_taps, v_taps, (size_t)stride, scalar, avx2);
        store_row(acc, dst_width, channels, tables, dst + (size_t)y * (size_t)stride, scalar);
    }
    free(ring); free(input); free(scratch); free(sums); free(acc); free(splat); free(input2); free(both); free(lines);
    return 0;
}
