#ifndef CTH_RESAMPLE_FIXED_H
#define CTH_RESAMPLE_FIXED_H

/* The fixed-point resampler (cth_resample_fixed.c): 8-bit codes filtered with
   16-bit integer weights, as libvips and Pillow-SIMD do for 8-bit images.
   Private to CThumbnails; cth_resample() chooses it. */

#include <stddef.h>
#include <stdint.h>

#include "cth_resample_avx2.h"

/* Fraction bits of the 16-bit values between the two passes: code * 64, so a
   code and Lanczos overshoot of up to 2x fit in int16 with 1/64 code resolution. */
#define CTH_FIXED_FRACTION 6

/* Resamples `src` (channels 1 or 3), box-shrunk first by `box_factor`, with
   `h_weights`/`v_weights` (as cth_resample takes them) quantised to int16.
   Integer sums are exact, so every loop (AVX2 or portable: `avx2` 0) gives
   the same bytes. Returns 0; -1 when memory could not be allocated; 1 when
   the weights or the box factor are too large for 32-bit sums (the caller
   then uses the float loops). Sizes were checked by cth_resample. */
int cth_resample_fixed(const uint8_t *src, int32_t src_width, int32_t src_height, int32_t channels,
                       int32_t box_factor, const int32_t *h_starts, const float *h_weights, int32_t h_taps,
                       const int32_t *v_starts, const float *v_weights, int32_t v_taps,
                       uint8_t *dst, int32_t dst_width, int32_t dst_height, int simd);

#if CTH_HAVE_AVX2
/* Horizontal pass of one RGB row (`row`, of which `available` bytes may be
   read) into int16 RGB (`out`, 3 per pixel plus one spare), for outputs from 0
   while their 16-byte loads stay inside `available`; returns how many it did.
   `weights` holds, per output, `groups` blocks of 16 int16: taps 4g, 4g+1
   repeated four times, then taps 4g+2, 4g+3 four times (zero past the taps). */
CTH_AVX2 int32_t cth_fixed_rgb_row_avx2(const uint8_t *row, size_t available, int16_t *out, int32_t width,
                                         const int32_t *starts, const int16_t *weights, int32_t groups,
                                         int32_t shift);
/* Horizontal pass of one grey row into int16, eight outputs a step (the
   sums of eight outputs reduced together), for outputs from 0 while their
   16-byte loads stay inside `available`; returns how many it did. `weights`
   holds, per output, `groups` blocks of 16 taps (zero past the taps). */
CTH_AVX2 int32_t cth_fixed_grey_row_avx2(const uint8_t *row, size_t available, int16_t *out, int32_t width,
                                          const int32_t *starts, const int16_t *weights, int32_t groups,
                                          int32_t shift);
/* Vertical pass: out[i] = clamp((sum_k weights[k] * lines[k][i] + round) >> shift, 0, 255)
   for i < n in blocks of 32; `pairs` holds the taps as int32 pairs (tap 2j in
   the low half, 2j+1 in the high), `count` pairs. Returns how many it did. */
CTH_AVX2 size_t cth_fixed_column_avx2(uint8_t *out, const int16_t *const *lines, const int32_t *pairs,
                                       int32_t count, size_t n, int32_t shift);

/* The same on 128 bits (cth_resample_fixed_sse.c), for CPUs without AVX2:
   the RGB row with the AVX2 weight layout (needs SSSE3), the column in blocks
   of 16 (SSE2). */
#define CTH_SSSE3 __attribute__((target("ssse3")))
CTH_SSSE3 int32_t cth_fixed_rgb_row_ssse3(const uint8_t *row, size_t available, int16_t *out, int32_t width,
                                           const int32_t *starts, const int16_t *weights, int32_t groups,
                                           int32_t shift);
size_t cth_fixed_column_sse2(uint8_t *out, const int16_t *const *lines, const int32_t *pairs, int32_t count,
                             size_t n, int32_t shift);
/* A grey row (SSE2, for both paths); `weights` holds, per output, `groups`
   blocks of 8 taps (zero past the taps); each block's load reads 8 bytes. */
int32_t cth_fixed_grey_row_sse2(const uint8_t *row, size_t available, int16_t *out, int32_t width,
                                const int32_t *starts, const int16_t *weights, int32_t groups, int32_t shift);
int cth_cpu_has_ssse3(void);
#endif

#endif
