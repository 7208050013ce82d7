/*
 * Watermarks for renditions: text shaped by HarfBuzz and rasterised by
 * FreeType at the rendition's own pixel size (so it is sharp at every width),
 * a font found by family through fontconfig, and the blends that lay a
 * coverage mask or an RGBA image over 8-bit pixels. No FreeType, HarfBuzz or
 * fontconfig type appears here, so Swift modules importing Foundation build.
 */
#ifndef CWATERMARK_H
#define CWATERMARK_H
#include <stddef.h>
#include <stdint.h>

enum {
    CWM_OK = 0,
    /* No installed font has the family asked for (fontconfig fell back to another). */
    CWM_ERR_NO_FONT = 1,
    /* FreeType could not open or size the font file. */
    CWM_ERR_FONT = 2,
    /* Nothing to draw, or an argument out of range. */
    CWM_ERR_ARGUMENT = 3,
    CWM_ERR_MEMORY = 4,
};

typedef struct cwm_error {
    int32_t code;
    char message[512];
} cwm_error;

/*
 * The file of the font fontconfig picks for `family` (regular weight, upright).
 * CWM_ERR_NO_FONT when the font it picks is of another family: fontconfig
 * always answers, with a fallback, and a watermark in a font the user did not
 * ask for is an error, not a surprise. `matched` gets the family it picked.
 */
int32_t cwm_font_find(const char *family, char *path, size_t path_capacity,
                      char *matched, size_t matched_capacity);

/*
 * Shapes the UTF-8 `text` (direction and script guessed from it, so Arabic
 * or Devanagari come out joined and ordered) with the font file at `font_path`
 * at `pixel_size` pixels per em, unhinted so the mark is the same shape at
 * every size, and rasterises it anti-aliased: an 8-bit coverage mask of
 * `*width` x `*height`, to be released with cwm_free.
 */
int32_t cwm_text_mask(const char *font_path, const char *text, size_t text_length, int32_t pixel_size,
                      uint8_t **mask, int32_t *width, int32_t *height, cwm_error *error);

void cwm_free(void *pointer);

/*
 * "freetype X.Y.Z harfbuzz A.B.C": the rasteriser and shaper in use, whose
 * upgrade may change a mark's pixels, so they enter the mark's digest.
 */
void cwm_versions(char *text, size_t capacity);

/*
 * Lays colour (r, g, b) over `pixels` (1, 3 or 4 channels, 8-bit, straight
 * alpha left as it is) where `mask` covers, its top-left at (x, y), clipped
 * to the image; `opacity` 0...256. Integer arithmetic: the same bytes on
 * every machine.
 */
void cwm_blend_mask(uint8_t *pixels, int32_t width, int32_t height, int32_t channels,
                    const uint8_t *mask, int32_t mask_width, int32_t mask_height, int32_t x, int32_t y,
                    uint8_t r, uint8_t g, uint8_t b, int32_t opacity);

/*
 * Lays the RGBA image `image` (straight alpha) over `pixels` as
 * cwm_blend_mask lays a colour, its own alpha times `opacity` (0...256).
 */
void cwm_blend_rgba(uint8_t *pixels, int32_t width, int32_t height, int32_t channels,
                    const uint8_t *image, int32_t image_width, int32_t image_height, int32_t x, int32_t y,
                    int32_t opacity);

#endif
