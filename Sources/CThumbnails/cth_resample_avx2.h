#ifndef CTH_RESAMPLE_AVX2_H
#define CTH_RESAMPLE_AVX2_H

/* The AVX2 loops of the resampler (cth_resample_avx2.c); private to CThumbnails. */

#include <stddef.h>
#include <stdint.h>

/* CTH_RESAMPLE_PORTABLE_BUILD compiles only the portable loops, to check on
   x86-64 the build that aarch64 gets. */
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CTH_RESAMPLE_PORTABLE_BUILD)
#define CTH_HAVE_AVX2 1
#define CTH_AVX2 __attribute__((target("avx2")))

CTH_AVX2 void cth_filter_rows2_avx2(const float *both, float *out0, float *out1, int32_t out_lanes, int32_t width,
                                       const int32_t *starts, const float *weights, int32_t taps);
CTH_AVX2 void cth_interleave_rows_avx2(const float *first, const float *second, float *both, int32_t pixels);
CTH_AVX2 size_t cth_vertical_row_avx2(float *acc, const float *const *lines, const float *weights, int32_t taps,
                                         size_t n);
CTH_AVX2 int32_t cth_convert_rgb_avx2(const uint8_t *in, int32_t n, float *out, size_t step);
int cth_cpu_has_avx2(void);
#else
#define CTH_HAVE_AVX2 0
#endif

#endif
