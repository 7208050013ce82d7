/*
 * PNG decoding and encoding with libpng (classic API), every call behind setjmp.
 * Decoding expands palette, low-bit grey, tRNS and 16-bit samples to 8 bits per channel and
 * de-interlaces; the pixel cap is checked after the header, before any pixel memory.
 * 16-bit samples are scaled to 8 as libpng reads each row, so the image costs at most
 * 4 bytes per pixel; cth_png_layout + cth_png_decode_to let the caller own that buffer
 * (no second copy).
 */
#include "cth_private.h"
#include <math.h>
#include <png.h>
#include <setjmp.h>

/* Longest ancillary chunk libpng may allocate (an iCCP profile, text): 16 MB. */
#define CTH_PNG_CHUNK_MAX (16u * 1024u * 1024u)

typedef struct cth_png_context {
    const uint8_t *data;
    size_t length;
    size_t offset;
    cth_error *error;
    int32_t code;
    uint32_t warnings;
    cth_buffer output;
} cth_png_context;

static void cth_png_error_fn(png_structp png, png_const_charp message) {
    cth_png_context *context = (cth_png_context *)png_get_error_ptr(png);
    if (context->code == CTH_OK) {
        context->code = CTH_ERR_CORRUPT;
        cth_set_error(context->error, CTH_ERR_CORRUPT, "%s", message ? message : "libpng error");
    }
    png_longjmp(png, 1);
}

static void cth_png_warning_fn(png_structp png, png_const_charp message) {
    (void)message;
    cth_png_context *context = (cth_png_context *)png_get_error_ptr(png);
    context->warnings += 1;
}

static void cth_png_read_fn(png_structp png, png_bytep target, size_t count) {
    cth_png_context *context = (cth_png_context *)png_get_io_ptr(png);
    if (count > context->length - context->offset) png_error(png, "unexpected end of file");
    memcpy(target, context->data + context->offset, count);
    context->offset += count;
}

/* Where the pixels go: a buffer the shim mallocs, the caller's own buffer, or nowhere (layout only). */
typedef struct cth_png_target {
    int layout_only;
    uint8_t *pixels; /* NULL: malloc into result->pixels */
    size_t capacity;
} cth_png_target;

/* The setjmp lives here; `result` belongs to the caller so its pointers survive a longjmp. */
static void cth_png_decode_into(cth_png_context *context, const cth_limits *limits, const cth_png_target *target,
                                cth_image *result, png_bytep **rows) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, context, cth_png_error_fn, cth_png_warning_fn);
    if (png == NULL) {
        context->code = CTH_ERR_OUT_OF_MEMORY;
        cth_set_error(context->error, CTH_ERR_OUT_OF_MEMORY, "libpng could not start");
        return;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        if (context->code == CTH_OK) context->code = CTH_ERR_CORRUPT;
        return;
    }
    png_set_read_fn(png, context, cth_png_read_fn);
    png_set_user_limits(png, 0x7fffffffu, 0x7fffffffu); /* the pixel cap below is the real limit */
    png_set_chunk_cache_max(png, 1000);
    png_set_chunk_malloc_max(png, CTH_PNG_CHUNK_MAX);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    result->full_width = width;
    result->full_height = height;
    if (limits->max_pixels > 0 && (uint64_t)width * height > limits->max_pixels) {
        context->code = CTH_ERR_PIXEL_LIMIT;
        cth_set_error(context->error, CTH_ERR_PIXEL_LIMIT, "image is %ux%u", (unsigned)width, (unsigned)height);
        png_longjmp(png, 1);
    }

    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_length = 0;
    if (!target->layout_only
        && png_get_iCCP(png, info, &name, &compression, &profile, &profile_length) && profile && profile_length > 0) {
        result->icc = malloc(profile_length);
        if (result->icc) {
            memcpy(result->icc, profile, profile_length);
            result->icc_length = profile_length;
        }
    }

    /* A gAMA chunk says how the samples encode light, and browsers honour it
       (unless sRGB or iCCP, which take precedence, is present). Renditions
       are sRGB images with no such chunk, so the encoding is moved into the
       pixels — else a PNG with gAMA 1.0 would publish far darker than it
       shows. A gamma within rounding of sRGB's 1/2.2 is left alone. */
    double file_gamma = 0;
    if (!png_get_valid(png, info, PNG_INFO_iCCP) && !png_get_valid(png, info, PNG_INFO_sRGB)
        && png_get_gAMA(png, info, &file_gamma) && file_gamma > 0.01 && file_gamma < 100
        && fabs(file_gamma - 1 / 2.2) > 0.005) {
        png_set_gamma(png, PNG_DEFAULT_sRGB, file_gamma);
    }

    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_trns) png_set_tRNS_to_alpha(png);
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY_ALPHA || (color_type == PNG_COLOR_TYPE_GRAY && has_trns))
        png_set_gray_to_rgb(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    png_byte channels = png_get_channels(png, info);
    size_t rowbytes = png_get_rowbytes(png, info);
    if ((channels != 1 && channels != 3 && channels != 4) || png_get_bit_depth(png, info) != 8
        || rowbytes != (size_t)width * channels) {
        context->code = CTH_ERR_UNSUPPORTED;
        cth_set_error(context->error, CTH_ERR_UNSUPPORTED, "PNG layout not converted (%d channels)", channels);
        png_longjmp(png, 1);
    }
    uint64_t bytes = (uint64_t)rowbytes * height;
    if (bytes == 0 || bytes > (uint64_t)SIZE_MAX / 2) {
        context->code = CTH_ERR_CORRUPT;
        cth_set_error(context->error, CTH_ERR_CORRUPT, "bad PNG size");
        png_longjmp(png, 1);
    }
    if (target->layout_only) {
        result->width = width;
        result->height = height;
        result->channels = channels;
        png_destroy_read_struct(&png, &info, NULL);
        return;
    }
    uint8_t *pixels;
    if (target->pixels != NULL) {
        if (target->capacity < bytes) {
            context->code = CTH_ERR_ARGUMENT;
            cth_set_error(context->error, CTH_ERR_ARGUMENT, "buffer of %zu bytes for %llu", target->capacity,
                          (unsigned long long)bytes);
            png_longjmp(png, 1);
        }
        pixels = target->pixels;
    } else {
        pixels = result->pixels = malloc((size_t)bytes);
    }
    *rows = malloc(sizeof(png_bytep) * height);
    if (pixels == NULL || *rows == NULL) {
        context->code = CTH_ERR_OUT_OF_MEMORY;
        cth_set_error(context->error, CTH_ERR_OUT_OF_MEMORY, "out of memory for %llu bytes", (unsigned long long)bytes);
        png_longjmp(png, 1);
    }
    for (png_uint_32 y = 0; y < height; y++) (*rows)[y] = pixels + (size_t)y * rowbytes;
    png_read_image(png, *rows);
    /* png_read_end is skipped on purpose: the pixels are complete, and chunks after IDAT are only metadata. */
    result->width = width;
    result->height = height;
    result->channels = channels;
    png_destroy_read_struct(&png, &info, NULL);
}

static int32_t cth_png_run(const uint8_t *data, size_t length, const cth_limits *limits,
                           const cth_png_target *target, cth_image *out, cth_error *error) {
    if (data == NULL || length == 0 || limits == NULL || out == NULL) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "no data");
        return CTH_ERR_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    cth_png_context context;
    memset(&context, 0, sizeof context);
    context.data = data;
    context.length = length;
    context.error = error;
    png_bytep *rows = NULL;
    cth_png_decode_into(&context, limits, target, out, &rows);
    free(rows);
    if (context.code != CTH_OK) {
        uint32_t full_width = out->full_width, full_height = out->full_height;
        cth_image_release(out);
        memset(out, 0, sizeof *out);
        out->full_width = full_width;
        out->full_height = full_height;
        return context.code;
    }
    out->warnings = context.warnings;
    out->scale_num = 1;
    out->scale_denom = 1;
    return CTH_OK;
}

int32_t cth_png_decode(const uint8_t *data, size_t length, const cth_limits *limits, cth_image *out, cth_error *error) {
    const cth_png_target target = {0, NULL, 0};
    return cth_png_run(data, length, limits, &target, out, error);
}

int32_t cth_png_layout(const uint8_t *data, size_t length, const cth_limits *limits, cth_image *out,
                       cth_error *error) {
    const cth_png_target target = {1, NULL, 0};
    return cth_png_run(data, length, limits, &target, out, error);
}

int32_t cth_png_decode_to(const uint8_t *data, size_t length, const cth_limits *limits, uint8_t *pixels,
                          size_t capacity, cth_image *out, cth_error *error) {
    if (pixels == NULL) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "no pixel buffer");
        return CTH_ERR_ARGUMENT;
    }
    const cth_png_target target = {0, pixels, capacity};
    return cth_png_run(data, length, limits, &target, out, error);
}

static void cth_png_write_fn(png_structp png, png_bytep bytes, size_t count) {
    cth_png_context *context = (cth_png_context *)png_get_io_ptr(png);
    if (!cth_buffer_reserve(&context->output, count)) png_error(png, "out of memory");
    memcpy(context->output.bytes + context->output.length, bytes, count);
    context->output.length += count;
}

static void cth_png_flush_fn(png_structp png) { (void)png; }

static void cth_png_encode_into(cth_png_context *context, const uint8_t *pixels, uint32_t width, uint32_t height,
                                uint32_t channels, const uint8_t *icc, size_t icc_length) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, context, cth_png_error_fn, cth_png_warning_fn);
    if (png == NULL) {
        context->code = CTH_ERR_OUT_OF_MEMORY;
        cth_set_error(context->error, CTH_ERR_OUT_OF_MEMORY, "libpng could not start");
        return;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        if (context->code == CTH_OK) context->code = CTH_ERR_CORRUPT;
        return;
    }
    png_set_write_fn(png, context, cth_png_write_fn, cth_png_flush_fn);
    png_set_compression_level(png, 6);
    int color_type = channels == 1 ? PNG_COLOR_TYPE_GRAY : channels == 3 ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA;
    png_set_IHDR(png, info, width, height, 8, color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (icc != NULL && icc_length > 0 && icc_length <= 0x7fffffffu)
        png_set_iCCP(png, info, "ICC profile", PNG_COMPRESSION_TYPE_BASE, icc, (png_uint_32)icc_length);
    png_write_info(png, info);
    size_t stride = (size_t)width * channels;
    for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
}

int32_t cth_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                       const uint8_t *icc, size_t icc_length, uint8_t **out, size_t *out_length, cth_error *error) {
    if (pixels == NULL || out == NULL || out_length == NULL || width == 0 || height == 0
        || width > 0x7fffffffu || height > 0x7fffffffu || (channels != 1 && channels != 3 && channels != 4)) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "bad PNG encoder arguments");
        return CTH_ERR_ARGUMENT;
    }
    for (int attempt = 0; attempt < 2; attempt++) {
        cth_png_context context;
        memset(&context, 0, sizeof context);
        context.error = error;
        /* A profile libpng refuses to write is dropped rather than failing the rendition. */
        cth_png_encode_into(&context, pixels, width, height, channels, attempt == 0 ? icc : NULL, icc_length);
        if (context.code == CTH_OK) {
            *out = context.output.bytes;
            *out_length = context.output.length;
            return CTH_OK;
        }
        free(context.output.bytes);
        if (icc == NULL || attempt == 1) return context.code;
    }
    return CTH_ERR_CORRUPT;
}
