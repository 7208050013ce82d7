/*
 * The per-pixel loops of the Swift side (see cth_pixels.h). They were Swift
 * loops that needed -O to be fast; here they are fast in every build. The
 * arithmetic is the Swift code's, operation for operation, in double where it
 * was Double, with no contraction into fused multiply-adds, so the results are
 * the same bits.
 */
#include "cth_pixels.h"

#include <math.h>
#include <string.h>

#pragma STDC FP_CONTRACT OFF
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

void cth_orient(const uint8_t *src, int32_t width, int32_t height, int32_t channels,
                int32_t orientation, uint8_t *dst) {
    const ptrdiff_t c = channels, w = width, h = height, row = w * c;
    const int swaps = orientation >= 5 && orientation <= 8;
    const ptrdiff_t out_width = swaps ? h : w, out_height = swaps ? w : h;
    /* The stored sample shown at display (x, y) is origin + x * step_x + y * step_y. */
    ptrdiff_t origin, step_x, step_y;
    switch (orientation) {
    case 2: origin = (w - 1) * c; step_x = -c; step_y = row; break;
    case 3: origin = (h - 1) * row + (w - 1) * c; step_x = -c; step_y = -row; break;
    case 4: origin = (h - 1) * row; step_x = c; step_y = -row; break;
    case 5: origin = 0; step_x = row; step_y = c; break;
    case 6: origin = (h - 1) * row; step_x = -row; step_y = c; break;
    case 7: origin = (h - 1) * row + (w - 1) * c; step_x = -row; step_y = -c; break;
    case 8: origin = (w - 1) * c; step_x = row; step_y = -c; break;
    default:
        memcpy(dst, src, (size_t)(row * h));
        return;
    }
    /* A quarter turn reads the source down its columns: done a whole output
       row at a time, each source cache line is fetched once per output row
       and evicted long before the next row needs it again (a 2048-pixel
       rendition is 6 kB a row). Tiles of `tile` x `tile` output pixels read
       `tile` consecutive bytes of each source row in turn, so the lines are
       reused while cached. Mirrors and half turns read rows forwards or
       backwards and need no tiles. */
    const ptrdiff_t tile = swaps ? 32 : (out_width > 0 ? out_width : 1);
    for (ptrdiff_t y0 = 0; y0 < out_height; y0 += tile) {
        const ptrdiff_t y1 = y0 + tile < out_height ? y0 + tile : out_height;
        for (ptrdiff_t x0 = 0; x0 < out_width; x0 += tile) {
            const ptrdiff_t x1 = x0 + tile < out_width ? x0 + tile : out_width;
            for (ptrdiff_t y = y0; y < y1; y++) {
                const uint8_t *in = src + origin + y * step_y + x0 * step_x;
                uint8_t *out = dst + (y * out_width + x0) * c;
                switch (c) {
                case 1:
                    for (ptrdiff_t x = x0; x < x1; x++, in += step_x) *out++ = in[0];
                    break;
                case 3: {
                    /* Four bytes a pixel moved at once, the fourth overwritten by
                       the next pixel: all but the tile row's last pixel (whose
                       fourth byte may be another tile's, written already) and
                       the first and last output rows (whose corners may be the
                       source's last pixel, with no fourth byte after it). */
                    ptrdiff_t x = x0;
                    if (y > 0 && y + 1 < out_height) {
                        for (; x + 1 < x1; x++, in += step_x, out += 3) memcpy(out, in, 4);
                    }
                    for (; x < x1; x++, in += step_x, out += 3) {
                        out[0] = in[0]; out[1] = in[1]; out[2] = in[2];
                    }
                    break;
                }
                default:
                    for (ptrdiff_t x = x0; x < x1; x++, in += step_x, out += c) memcpy(out, in, (size_t)c);
                    break;
                }
            }
        }
    }
}

int32_t cth_has_transparency(const uint8_t *rgba, size_t pixels) {
    for (size_t i = 0; i < pixels; i++) {
        if (rgba[4 * i + 3] != 255) return 1;
    }
    return 0;
}

/* rgb may be rgba itself: pixel i is read (bytes 4i..4i+2) no later than it is written
   (3i..3i+2), and a write never reaches a byte of a later pixel. */
void cth_drop_alpha(const uint8_t *rgba, size_t pixels, uint8_t *rgb) {
    for (size_t i = 0; i < pixels; i++) {
        rgb[3 * i] = rgba[4 * i];
        rgb[3 * i + 1] = rgba[4 * i + 1];
        rgb[3 * i + 2] = rgba[4 * i + 2];
    }
}

static double lanczos3(double x) {
    const double ax = fabs(x);
    if (ax < 1e-9) return 1;
    if (ax >= 3) return 0;
    const double px = 3.141592653589793 * x; /* Double.pi */
    return 3 * sin(px) * sin(px / 3) / (px * px);
}

/* One output's window before clamping: the input range its kernel covers. */
typedef struct {
    double center, stretch;
    int64_t first, last, low, high;
} window_t;

static window_t window_at(int32_t input_count, double input_extent, int32_t output_count, double offset, int64_t i) {
    const double scale = input_extent / (double)output_count;
    window_t win;
    win.stretch = scale > 1 ? scale : 1;
    const double radius = 3 * win.stretch;
    win.center = ((double)i + 0.5) * scale - 0.5 + offset;
    win.first = (int64_t)ceil(win.center - radius);
    win.last = (int64_t)floor(win.center + radius);
    const int64_t top = (int64_t)input_count - 1;
    win.low = win.first < 0 ? 0 : (win.first > top ? top : win.first);
    win.high = win.last < 0 ? 0 : (win.last > top ? top : win.last);
    return win;
}

int32_t cth_filter_taps(int32_t input_count, double input_extent, int32_t output_count, double offset) {
    int64_t widest = 1;
    for (int64_t i = 0; i < output_count; i++) {
        const window_t win = window_at(input_count, input_extent, output_count, offset, i);
        if (win.high - win.low + 1 > widest) widest = win.high - win.low + 1;
    }
    return (int32_t)(widest < input_count ? widest : input_count);
}

void cth_filter_bank(int32_t input_count, double input_extent, int32_t output_count, double offset, int32_t taps,
                     int32_t *starts, float *weights, double *scratch) {
    const int64_t top = (int64_t)input_count - 1;
    for (int64_t i = 0; i < output_count; i++) {
        const window_t win = window_at(input_count, input_extent, output_count, offset, i);
        const int64_t count = win.high - win.low + 1;
        for (int64_t k = 0; k < count; k++) scratch[k] = 0;
        double total = 0;
        for (int64_t j = win.first; j <= win.last; j++) {
            const double weight = lanczos3(((double)j - win.center) / win.stretch);
            const int64_t clamped = j < 0 ? 0 : (j > top ? top : j);
            scratch[clamped - win.low] += weight;
            total += weight;
        }
        if (total != 0) {
            for (int64_t k = 0; k < count; k++) scratch[k] = scratch[k] / total;
        } else {
            scratch[0] = 1;
        }
        /* Shift a window that would run past the end left; its weights move right by as much. */
        const int64_t start = win.low < (int64_t)input_count - taps ? win.low : (int64_t)input_count - taps;
        const int64_t offset = win.low - start;
        starts[i] = (int32_t)start;
        for (int64_t k = 0; k < count && offset + k < taps; k++) {
            weights[i * taps + offset + k] = (float)scratch[k];
        }
    }
}

void cth_srgb_to_linear_table(float table[256]) {
    for (int code = 0; code < 256; code++) {
        const double v = (double)code / 255;
        table[code] = (float)(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4));
    }
}

void cth_srgb_from_linear_table(uint8_t *table, int32_t steps) {
    for (int32_t index = 0; index < steps; index++) {
        const double v = (double)index / (double)(steps - 1);
        const double encoded = v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055;
        const double code = round(encoded * 255);
        table[index] = (uint8_t)(code < 0 ? 0 : (code > 255 ? 255 : code));
    }
}
