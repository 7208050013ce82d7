/* Text shaped by HarfBuzz and rasterised by FreeType into a coverage mask. */
#include "CWatermark.h"
#include <ft2build.h>
#include FT_FREETYPE_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void cwm_set_error(cwm_error *error, int32_t code, const char *format, ...) {
    if (error == NULL) return;
    error->code = code;
    va_list args;
    va_start(args, format);
    vsnprintf(error->message, sizeof error->message, format, args);
    va_end(args);
}

void cwm_free(void *pointer) { free(pointer); }

void cwm_versions(char *text, size_t capacity) {
    if (text == NULL || capacity == 0) return;
    FT_Int major = 0, minor = 0, patch = 0;
    FT_Library library = NULL;
    if (FT_Init_FreeType(&library) == 0) {
        FT_Library_Version(library, &major, &minor, &patch);
        FT_Done_FreeType(library);
    }
    snprintf(text, capacity, "freetype %d.%d.%d harfbuzz %s", major, minor, patch, hb_version_string());
}

/* Unhinted outlines, anti-aliased: the same shape at every size. */
static const FT_Int32 load_flags = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;

/*
 * Walks the shaped glyphs, rasterising each at its pen position (rounded to
 * whole pixels, from 26.6 units). Without `mask` it only grows the bounding
 * box; with it, it lays each glyph's coverage into the mask (the larger of
 * overlapping coverages, so a ligature's overlap is not darker).
 */
static int walk_glyphs(FT_Face face, hb_buffer_t *buffer, int32_t *min_x, int32_t *min_y, int32_t *max_x,
                       int32_t *max_y, uint8_t *mask, int32_t mask_width, int32_t mask_height) {
    unsigned int count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    int64_t pen_x = 0, pen_y = 0;
    for (unsigned int n = 0; n < count; n++) {
        if (FT_Load_Glyph(face, infos[n].codepoint, load_flags) != 0) return -1;
        if (FT_Render_Glyph(face->glyph, FT_RENDER_MODE_NORMAL) != 0) return -1;
        FT_Bitmap *bitmap = &face->glyph->bitmap;
        int64_t origin_x = (pen_x + positions[n].x_offset + 32) >> 6;
        int64_t origin_y = (pen_y + positions[n].y_offset + 32) >> 6;
        /* Image rows grow downwards: y here is minus the baseline's y. */
        int64_t left = origin_x + face->glyph->bitmap_left;
        int64_t top = -(origin_y + face->glyph->bitmap_top);
        if (bitmap->width > 0 && bitmap->rows > 0) {
            if (left < INT32_MIN / 2 || left > INT32_MAX / 2 || top < INT32_MIN / 2 || top > INT32_MAX / 2) return -1;
            if (mask == NULL) {
                if (left < *min_x) *min_x = (int32_t)left;
                if (top < *min_y) *min_y = (int32_t)top;
                if (left + (int64_t)bitmap->width > *max_x) *max_x = (int32_t)(left + bitmap->width);
                if (top + (int64_t)bitmap->rows > *max_y) *max_y = (int32_t)(top + bitmap->rows);
            } else {
                for (unsigned int row = 0; row < bitmap->rows; row++) {
                    int64_t y = top - *min_y + row;
                    if (y < 0 || y >= mask_height) continue;
                    const uint8_t *source = bitmap->buffer + (int64_t)row * bitmap->pitch;
                    for (unsigned int column = 0; column < bitmap->width; column++) {
                        int64_t x = left - *min_x + column;
                        if (x < 0 || x >= mask_width) continue;
                        uint8_t *target = mask + y * mask_width + x;
                        if (source[column] > *target) *target = source[column];
                    }
                }
            }
        }
        pen_x += positions[n].x_advance;
        pen_y += positions[n].y_advance;
    }
    return 0;
}

int32_t cwm_text_mask(const char *font_path, const char *text, size_t text_length, int32_t pixel_size,
                      uint8_t **mask, int32_t *width, int32_t *height, cwm_error *error) {
    if (font_path == NULL || text == NULL || mask == NULL || width == NULL || height == NULL
        || text_length == 0 || text_length > 4096 || pixel_size < 1 || pixel_size > 4096) {
        cwm_set_error(error, CWM_ERR_ARGUMENT, "no text, or a size out of range");
        return CWM_ERR_ARGUMENT;
    }
    *mask = NULL;
    *width = *height = 0;
    FT_Library library = NULL;
    if (FT_Init_FreeType(&library) != 0) {
        cwm_set_error(error, CWM_ERR_MEMORY, "FreeType could not start");
        return CWM_ERR_MEMORY;
    }
    int32_t code = CWM_OK;
    FT_Face face = NULL;
    hb_font_t *font = NULL;
    hb_buffer_t *buffer = NULL;
    if (FT_New_Face(library, font_path, 0, &face) != 0 || FT_Set_Pixel_Sizes(face, 0, (FT_UInt)pixel_size) != 0) {
        cwm_set_error(error, CWM_ERR_FONT, "FreeType cannot use the font file %s", font_path);
        code = CWM_ERR_FONT;
        goto done;
    }
    font = hb_ft_font_create_referenced(face);
    hb_ft_font_set_load_flags(font, load_flags);
    buffer = hb_buffer_create();
    hb_buffer_add_utf8(buffer, text, (int)text_length, 0, (int)text_length);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font, buffer, NULL, 0);
    int32_t min_x = INT32_MAX, min_y = INT32_MAX, max_x = INT32_MIN, max_y = INT32_MIN;
    if (walk_glyphs(face, buffer, &min_x, &min_y, &max_x, &max_y, NULL, 0, 0) != 0) {
        cwm_set_error(error, CWM_ERR_FONT, "FreeType cannot draw a glyph of %s", font_path);
        code = CWM_ERR_FONT;
        goto done;
    }
    if (max_x <= min_x || max_y <= min_y) {
        cwm_set_error(error, CWM_ERR_ARGUMENT, "the text draws nothing in %s", font_path);
        code = CWM_ERR_ARGUMENT;
        goto done;
    }
    int64_t mask_width = (int64_t)max_x - min_x, mask_height = (int64_t)max_y - min_y;
    if (mask_width > 65536 || mask_height > 65536) {
        cwm_set_error(error, CWM_ERR_ARGUMENT, "the text is too long to draw");
        code = CWM_ERR_ARGUMENT;
        goto done;
    }
    uint8_t *pixels = calloc((size_t)(mask_width * mask_height), 1);
    if (pixels == NULL) {
        cwm_set_error(error, CWM_ERR_MEMORY, "out of memory");
        code = CWM_ERR_MEMORY;
        goto done;
    }
    if (walk_glyphs(face, buffer, &min_x, &min_y, &max_x, &max_y, pixels, (int32_t)mask_width, (int32_t)mask_height) != 0) {
        free(pixels);
        cwm_set_error(error, CWM_ERR_FONT, "FreeType cannot draw a glyph of %s", font_path);
        code = CWM_ERR_FONT;
        goto done;
    }
    *mask = pixels;
    *width = (int32_t)mask_width;
    *height = (int32_t)mask_height;
done:
    if (buffer != NULL) hb_buffer_destroy(buffer);
    /* The font holds the face's reference: destroying it releases the face. */
    if (font != NULL) hb_font_destroy(font);
    else if (face != NULL) FT_Done_Face(face);
    FT_Done_FreeType(library);
    return code;
}
