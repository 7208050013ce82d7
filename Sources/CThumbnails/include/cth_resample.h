#ifndef CTH_RESAMPLE_H
#define CTH_RESAMPLE_H

#include <stdint.h>

/* Separable resampling of an 8-bit image (1 grey, 3 RGB, 4 RGBA channels),
   streaming: rows are converted to floats, optionally box-shrunk by an integer
   factor, filtered horizontally into a ring of `v_taps` rows, and filtered
   vertically into the output. The filter weights come from the caller (one
   window of `taps` weights per output, starting at `starts[i]`).

   Every code path (AVX2, SSE2 or portable) sums each output in the same order with
   separate multiplies and adds, so the result is the same bytes on every
   machine. Without a decode table, RGB and grey go through a fixed-point
   path instead (int16 weights and rows, exact integer sums: the same bytes
   on every path too). */

/* Use the portable loops even where SIMD is available (for tests). */
#define CTH_RESAMPLE_SCALAR 1
/* On x86-64, use the SSE2 (and SSSE3) loops even when the CPU has AVX2 (for tests). */
#define CTH_RESAMPLE_NO_AVX2 2

typedef struct {
    /* Sample code -> filter value; NULL means the code itself as a float (0...255). */
    const float *decode_lut;
    /* Filter value in 0...1 -> code through `encode_steps` entries; NULL means
       round the value itself (0...255). Use both tables or neither. */
    const uint8_t *encode_lut;
    int32_t encode_steps;
} cth_resample_tables;

/* Returns 0, or -1 when working memory could not be allocated or the sizes
   are inconsistent. `dst` holds dst_width * dst_height * channels bytes. */
int cth_resample(const uint8_t *src, int32_t src_width, int32_t src_height, int32_t channels,
                 int32_t box_factor,
                 const int32_t *h_starts, const float *h_weights, int32_t h_taps,
                 const int32_t *v_starts, const float *v_weights, int32_t v_taps,
                 uint8_t *dst, int32_t dst_width, int32_t dst_height,
                 const cth_resample_tables *tables, int32_t flags);

#endif
