#ifndef CTH_PIXELS_H
#define CTH_PIXELS_H

#include <stddef.h>
#include <stdint.h>

/* The per-pixel loops of PixelBuffer, FilterBank and SRGB, in C so they run at
   full speed in debug builds too. Each gives exactly the bytes (and floats) the
   Swift loops they replace gave. Pure: no I/O, no allocation. */

/* Writes `src` (width x height x channels, rows top to bottom) as displayed for
   EXIF `orientation` 2...8 into `dst` (same sample count; width and height
   exchanged for 5...8). */
void cth_orient(const uint8_t *src, int32_t width, int32_t height, int32_t channels,
                int32_t orientation, uint8_t *dst);

/* 1 when any of `pixels` RGBA pixels has alpha below 255, else 0. */
int32_t cth_has_transparency(const uint8_t *rgba, size_t pixels);

/* RGBA -> RGB: copies the first three samples of each of `pixels` pixels; rgb may equal rgba (in place). */
void cth_drop_alpha(const uint8_t *rgba, size_t pixels, uint8_t *rgb);

/* Lanczos-3 filter bank for one axis (see FilterBank.swift): the number of
   taps every output's window has. input_count and output_count > 0. Output i's
   centre is input (i + 0.5) * input_extent / output_count - 0.5 + offset. */
int32_t cth_filter_taps(int32_t input_count, double input_extent, int32_t output_count, double offset);

/* Fills starts[output_count] and weights[output_count * taps] (taps from
   cth_filter_taps; weights must be zeroed), using scratch[taps]. */
void cth_filter_bank(int32_t input_count, double input_extent, int32_t output_count, double offset, int32_t taps,
                     int32_t *starts, float *weights, double *scratch);

/* sRGB (IEC 61966-2-1) tables: the linear value 0...1 of each 8-bit code, and
   the code of linear value i / (steps - 1) for i in 0..<steps. */
void cth_srgb_to_linear_table(float table[256]);
void cth_srgb_from_linear_table(uint8_t *table, int32_t steps);

#endif
