/* Laying a watermark over 8-bit pixels, in integers so every machine agrees. */
#include "CWatermark.h"

/* (value * (255 - alpha) + colour * alpha) / 255, rounded. */
static inline uint8_t mix(uint8_t value, uint8_t colour, uint32_t alpha) {
    uint32_t sum = (uint32_t)value * (255 - alpha) + (uint32_t)colour * alpha + 127;
    return (uint8_t)((sum + (sum >> 8)) >> 8);
}

static inline void lay(uint8_t *pixel, int32_t channels, uint8_t r, uint8_t g, uint8_t b, uint32_t alpha) {
    if (alpha == 0) return;
    if (channels < 3) {
        uint8_t grey = (uint8_t)((77u * r + 150u * g + 29u * b + 128) >> 8);
        pixel[0] = mix(pixel[0], grey, alpha);
        return;
    }
    pixel[0] = mix(pixel[0], r, alpha);
    pixel[1] = mix(pixel[1], g, alpha);
    pixel[2] = mix(pixel[2], b, alpha);
}

static inline uint32_t scaled(uint32_t coverage, int32_t opacity) {
    if (opacity <= 0) return 0;
    if (opacity > 256) opacity = 256;
    return (coverage * (uint32_t)opacity + 128) >> 8;
}

void cwm_blend_mask(uint8_t *pixels, int32_t width, int32_t height, int32_t channels,
                    const uint8_t *mask, int32_t mask_width, int32_t mask_height, int32_t x, int32_t y,
                    uint8_t r, uint8_t g, uint8_t b, int32_t opacity) {
    if (pixels == NULL || mask == NULL || channels < 1 || channels > 4) return;
    for (int32_t row = 0; row < mask_height; row++) {
        int64_t ty = (int64_t)y + row;
        if (ty < 0 || ty >= height) continue;
        for (int32_t column = 0; column < mask_width; column++) {
            int64_t tx = (int64_t)x + column;
            if (tx < 0 || tx >= width) continue;
            uint32_t alpha = scaled(mask[(int64_t)row * mask_width + column], opacity);
            lay(pixels + (ty * width + tx) * channels, channels, r, g, b, alpha);
        }
    }
}

void cwm_blend_rgba(uint8_t *pixels, int32_t width, int32_t height, int32_t channels,
                    const uint8_t *image, int32_t image_width, int32_t image_height, int32_t x, int32_t y,
                    int32_t opacity) {
    if (pixels == NULL || image == NULL || channels < 1 || channels > 4) return;
    for (int32_t row = 0; row < image_height; row++) {
        int64_t ty = (int64_t)y + row;
        if (ty < 0 || ty >= height) continue;
        for (int32_t column = 0; column < image_width; column++) {
            int64_t tx = (int64_t)x + column;
            if (tx < 0 || tx >= width) continue;
            const uint8_t *source = image + ((int64_t)row * image_width + column) * 4;
            lay(pixels + (ty * width + tx) * channels, channels, source[0], source[1], source[2],
                scaled(source[3], opacity));
        }
    }
}
