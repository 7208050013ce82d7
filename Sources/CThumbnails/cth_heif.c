/*
 * HEIF/HEIC and AVIF decoding with libheif: the primary image, with libheif applying
 * its clap, irot and imir (the transformative properties, which MIAF makes the only orientation:
 * Exif inside a HEIF is never applied), the auxiliary alpha image as RGBA, 10/12-bit samples
 * rounded to 8, and the colour profile kept: an ICC profile (`prof`/`rICC`) as it is, an `nclx`
 * one with non-sRGB primaries or transfer as a synthesised ICC profile (cth_colour_profile.c).
 *
 * The pixel cap is checked on the handle (ispe and the transformed size) before libheif decodes
 * anything; libheif's own per-side limit is lifted to the cap so the check here reports the size.
 */
#include "cth_private.h"
#include "cth_codec_loader.h"
#include <limits.h>

/* Longest ICC profile kept: 16 MB, as for PNG's iCCP. */
#define CTH_HEIF_ICC_MAX (16u * 1024u * 1024u)

static int32_t cth_heif_fail(struct heif_error failure, cth_error *error, const char *step) {
    int32_t code;
    switch (failure.code) {
    case heif_error_Ok: return CTH_OK;
    case heif_error_Unsupported_feature:
    case heif_error_Unsupported_filetype: code = CTH_ERR_UNSUPPORTED; break;
    case heif_error_Memory_allocation_error:
        code = failure.subcode == heif_suberror_Security_limit_exceeded ? CTH_ERR_CORRUPT : CTH_ERR_OUT_OF_MEMORY;
        break;
    default: code = CTH_ERR_CORRUPT; break;
    }
    cth_set_error(error, code, "%s: %s", step, failure.message ? failure.message : "libheif error");
    return code;
}

/* The transfer function cth_colour_rgb_profile writes for an H.273 transfer code, or -1. */
static int cth_heif_transfer(int transfer) {
    switch (transfer) {
    case heif_transfer_characteristic_IEC_61966_2_1:
    case heif_transfer_characteristic_unspecified: return CTH_TRANSFER_SRGB;
    case heif_transfer_characteristic_ITU_R_BT_709_5:
    case heif_transfer_characteristic_ITU_R_BT_601_6:
    case heif_transfer_characteristic_ITU_R_BT_2020_2_10bit:
    case heif_transfer_characteristic_ITU_R_BT_2020_2_12bit: return CTH_TRANSFER_BT709;
    case heif_transfer_characteristic_linear: return CTH_TRANSFER_LINEAR;
    case heif_transfer_characteristic_ITU_R_BT_470_6_System_M: return CTH_TRANSFER_GAMMA22;
    case heif_transfer_characteristic_ITU_R_BT_470_6_System_B_G: return CTH_TRANSFER_GAMMA28;
    default: return -1; /* PQ, HLG, log: HDR, which an 8-bit rendition cannot show as such */
    }
}

/*
 * The profile of the pixels: the raw ICC profile if there is one, else one synthesised from the
 * nclx primaries and transfer when they are not sRGB's. BT.709-family transfers with sRGB
 * primaries count as sRGB, as libvips and browsers show them. Failures leave no profile.
 */
static void cth_heif_profile(const struct heif_image_handle *handle, cth_image *out) {
    size_t size = cth_heif.heif_image_handle_get_raw_color_profile_size(handle);
    if (size > 0 && size <= CTH_HEIF_ICC_MAX) {
        uint8_t *icc = malloc(size);
        if (icc == NULL) return;
        struct heif_error failure = cth_heif.heif_image_handle_get_raw_color_profile(handle, icc);
        if (failure.code != heif_error_Ok) {
            free(icc);
            return;
        }
        out->icc = icc;
        out->icc_length = size;
        return;
    }
    struct heif_color_profile_nclx *nclx = NULL;
    struct heif_error failure = cth_heif.heif_image_handle_get_nclx_color_profile(handle, &nclx);
    if (failure.code != heif_error_Ok || nclx == NULL) return;
    int primaries = nclx->color_primaries, transfer = cth_heif_transfer(nclx->transfer_characteristics);
    int srgb_primaries = primaries == heif_color_primaries_ITU_R_BT_709_5 || primaries == heif_color_primaries_unspecified;
    int srgb_like_transfer = transfer == CTH_TRANSFER_SRGB || transfer == CTH_TRANSFER_BT709;
    if (transfer >= 0 && !(srgb_primaries && srgb_like_transfer)) {
        const double xy[8] = {nclx->color_primary_red_x, nclx->color_primary_red_y,
                              nclx->color_primary_green_x, nclx->color_primary_green_y,
                              nclx->color_primary_blue_x, nclx->color_primary_blue_y,
                              nclx->color_primary_white_x, nclx->color_primary_white_y};
        char description[64];
        snprintf(description, sizeof description, "nclx primaries %d transfer %d", primaries,
                 (int)nclx->transfer_characteristics);
        cth_error ignored;
        cth_colour_rgb_profile(xy, transfer, description, &out->icc, &out->icc_length, &ignored);
    }
    cth_heif.heif_nclx_color_profile_free(nclx);
}

/* Premultiplied RGBA (HEIF `prem` reference) back to straight alpha, rounding to nearest. */
static void cth_heif_unpremultiply(uint8_t *rgba, size_t count) {
    for (size_t i = 0; i < count; i++, rgba += 4) {
        uint32_t alpha = rgba[3];
        if (alpha == 255) continue;
        for (int c = 0; c < 3; c++) {
            uint32_t value = alpha == 0 ? 0 : (rgba[c] * 255u + alpha / 2) / alpha;
            rgba[c] = (uint8_t)(value > 255 ? 255 : value);
        }
    }
}

/* Copies the interleaved plane into out->pixels, rounding samples of more than 8 bits. */
static int32_t cth_heif_copy(const struct heif_image *image, uint32_t width, uint32_t height, uint32_t channels,
                             cth_image *out, cth_error *error) {
    int stride = 0;
    const uint8_t *plane = cth_heif.heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    int bits = cth_heif.heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved);
    if (plane == NULL || stride <= 0 || bits < 8 || bits > 16) {
        cth_set_error(error, CTH_ERR_CORRUPT, "no interleaved plane (%d bits)", bits);
        return CTH_ERR_CORRUPT;
    }
    size_t row = (size_t)width * channels;
    size_t sample_bytes = bits > 8 ? 2 : 1;
    if ((size_t)stride < row * sample_bytes) {
        cth_set_error(error, CTH_ERR_CORRUPT, "plane stride %d for %u pixels", stride, (unsigned)width);
        return CTH_ERR_CORRUPT;
    }
    uint8_t *pixels = malloc(row * height);
    if (pixels == NULL) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "out of memory for %ux%u", (unsigned)width, (unsigned)height);
        return CTH_ERR_OUT_OF_MEMORY;
    }
    uint32_t max = (1u << bits) - 1;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *source = plane + (size_t)y * (size_t)stride;
        uint8_t *target = pixels + (size_t)y * row;
        if (sample_bytes == 1) {
            memcpy(target, source, row);
            continue;
        }
        for (size_t i = 0; i < row; i++) {
            uint32_t value = (uint32_t)source[2 * i] | (uint32_t)source[2 * i + 1] << 8; /* little-endian */
            if (value > max) value = max;
            target[i] = (uint8_t)((value * 255u + max / 2) / max);
        }
    }
    out->pixels = pixels;
    return CTH_OK;
}

/* Reads the file, checks the limits, decodes; `context`, `handle`, `image` are the caller's to release. */
static int32_t cth_heif_run(const uint8_t *data, size_t length, const cth_limits *limits, struct heif_context *context,
                            struct heif_image_handle **handle, struct heif_image **image, cth_image *out,
                            cth_error *error) {
    /* A side longer than the pixel cap cannot pass it, so libheif may refuse those itself; with
       no cap (0) its default 32768 would still refuse what the caller allowed, so it is lifted. */
    cth_heif.heif_context_set_maximum_image_size_limit(context, limits->max_pixels == 0 || limits->max_pixels >= INT_MAX
                                                           ? INT_MAX : (int)limits->max_pixels + 1);
    cth_heif.heif_context_set_max_decoding_threads(context, 0); /* renditions already use every core, one file each */
    struct heif_error failure = cth_heif.heif_context_read_from_memory_without_copy(context, data, length, NULL);
    if (failure.code != heif_error_Ok) {
        /* libheif's message: "...: Security limit exceeded: Image size WxH exceeds the maximum ...". */
        unsigned claimed_width = 0, claimed_height = 0;
        const char *size = failure.message ? strstr(failure.message, "Image size ") : NULL;
        if (failure.subcode == heif_suberror_Security_limit_exceeded && size
            && sscanf(size, "Image size %ux%u", &claimed_width, &claimed_height) == 2) {
            out->full_width = claimed_width;
            out->full_height = claimed_height;
            cth_set_error(error, CTH_ERR_PIXEL_LIMIT, "image is %ux%u", claimed_width, claimed_height);
            return CTH_ERR_PIXEL_LIMIT;
        }
        return cth_heif_fail(failure, error, "reading the file");
    }
    failure = cth_heif.heif_context_get_primary_image_handle(context, handle);
    if (failure.code != heif_error_Ok) return cth_heif_fail(failure, error, "primary image");

    int width = cth_heif.heif_image_handle_get_width(*handle), height = cth_heif.heif_image_handle_get_height(*handle);
    int stored_width = cth_heif.heif_image_handle_get_ispe_width(*handle);
    int stored_height = cth_heif.heif_image_handle_get_ispe_height(*handle);
    if (width <= 0 || height <= 0) {
        cth_set_error(error, CTH_ERR_CORRUPT, "primary image is %dx%d", width, height);
        return CTH_ERR_CORRUPT;
    }
    out->full_width = (uint32_t)width;
    out->full_height = (uint32_t)height;
    uint64_t shown = (uint64_t)width * (uint64_t)height;
    uint64_t stored = stored_width > 0 && stored_height > 0 ? (uint64_t)stored_width * (uint64_t)stored_height : 0;
    if (limits->max_pixels > 0 && (shown > limits->max_pixels || stored > limits->max_pixels)) {
        if (stored > shown) {
            out->full_width = (uint32_t)stored_width;
            out->full_height = (uint32_t)stored_height;
        }
        cth_set_error(error, CTH_ERR_PIXEL_LIMIT, "image is %ux%u", out->full_width, out->full_height);
        return CTH_ERR_PIXEL_LIMIT;
    }

    int alpha = cth_heif.heif_image_handle_has_alpha_channel(*handle);
    int bits = cth_heif.heif_image_handle_get_luma_bits_per_pixel(*handle);
    enum heif_chroma chroma = bits > 8 ? (alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE)
                                       : (alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB);
    struct heif_decoding_options *options = cth_heif.heif_decoding_options_alloc();
    if (options == NULL) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "libheif options");
        return CTH_ERR_OUT_OF_MEMORY;
    }
    options->ignore_transformations = 0;
    /* Damaged data is an error unless the caller tolerates it (as for JPEG's corrupt-data warnings). */
    if (options->version >= 3) options->strict_decoding = limits->allow_corrupt_data ? 0 : 1;
    failure = cth_heif.heif_decode_image(*handle, image, heif_colorspace_RGB, chroma, options);
    cth_heif.heif_decoding_options_free(options);
    if (failure.code != heif_error_Ok) return cth_heif_fail(failure, error, "decoding");

    int decoded_width = cth_heif.heif_image_get_width(*image, heif_channel_interleaved);
    int decoded_height = cth_heif.heif_image_get_height(*image, heif_channel_interleaved);
    if (decoded_width != width || decoded_height != height) {
        cth_set_error(error, CTH_ERR_CORRUPT, "decoded %dx%d, the file says %dx%d", decoded_width, decoded_height,
                      width, height);
        return CTH_ERR_CORRUPT;
    }
    uint32_t channels = alpha ? 4 : 3;
    int32_t code = cth_heif_copy(*image, (uint32_t)width, (uint32_t)height, channels, out, error);
    if (code != CTH_OK) return code;
    if (alpha && cth_heif.heif_image_is_premultiplied_alpha(*image)) cth_heif_unpremultiply(out->pixels, (size_t)width * height);
    out->width = (uint32_t)width;
    out->height = (uint32_t)height;
    out->channels = channels;
    cth_heif_profile(*handle, out);
    return CTH_OK;
}

int32_t cth_heif_decode(const uint8_t *data, size_t length, const cth_limits *limits, cth_image *out,
                        cth_error *error) {
    int32_t begun = cth_decode_begin(data, length, limits, out, error);
    if (begun != CTH_OK) return begun;
    int32_t loaded = cth_heif_load(error);
    if (loaded != CTH_OK) return loaded;
    struct heif_context *context = cth_heif.heif_context_alloc();
    if (context == NULL) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "libheif could not start");
        return CTH_ERR_OUT_OF_MEMORY;
    }
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    int32_t code = cth_heif_run(data, length, limits, context, &handle, &image, out, error);
    if (image) cth_heif.heif_image_release(image);
    if (handle) cth_heif.heif_image_handle_release(handle);
    cth_heif.heif_context_free(context);
    return cth_decode_end(code, out);
}
