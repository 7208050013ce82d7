/*
 * JPEG XL decoding with libjxl: the first frame of a codestream or container, oriented
 * by libjxl (keep_orientation off, so the codestream orientation is applied once, as the
 * scanner's display size says), alpha unpremultiplied into RGBA, any bit depth rounded to 8 by
 * libjxl itself, and the colour profile of the output pixels kept (JxlDecoderGetColorAsICCProfile)
 * unless it is plain sRGB. Lossy (XYB) files tagged with an ICC profile are asked for sRGB output
 * (libjxl would otherwise pick linear sRGB, which 8 bits would band).
 *
 * The pixel cap is checked at JXL_DEC_BASIC_INFO, before any output buffer exists.
 */
#include "cth_private.h"
#include "cth_codec_loader.h"

#define CTH_JXL_ICC_MAX (16u * 1024u * 1024u)

static int cth_jxl_is_srgb(const JxlColorEncoding *encoding) {
    return (encoding->color_space == JXL_COLOR_SPACE_RGB || encoding->color_space == JXL_COLOR_SPACE_GRAY)
        && encoding->white_point == JXL_WHITE_POINT_D65 && encoding->transfer_function == JXL_TRANSFER_FUNCTION_SRGB
        && (encoding->color_space == JXL_COLOR_SPACE_GRAY || encoding->primaries == JXL_PRIMARIES_SRGB);
}

/* At JXL_DEC_COLOR_ENCODING: choose the output space if libjxl has a choice, keep its profile. */
static void cth_jxl_colour(JxlDecoder *decoder, const JxlBasicInfo *info, cth_image *out) {
    JxlColorEncoding encoding;
    if (!info->uses_original_profile
        && cth_jxl.JxlDecoderGetColorAsEncodedProfile(decoder, NULL, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &encoding)
               != JXL_DEC_SUCCESS) {
        JxlColorEncoding srgb;
        memset(&srgb, 0, sizeof srgb);
        srgb.color_space = info->num_color_channels == 1 ? JXL_COLOR_SPACE_GRAY : JXL_COLOR_SPACE_RGB;
        srgb.white_point = JXL_WHITE_POINT_D65;
        srgb.primaries = JXL_PRIMARIES_SRGB;
        srgb.transfer_function = JXL_TRANSFER_FUNCTION_SRGB;
        srgb.rendering_intent = JXL_RENDERING_INTENT_RELATIVE;
        cth_jxl.JxlDecoderSetPreferredColorProfile(decoder, &srgb);
    }
    if (cth_jxl.JxlDecoderGetColorAsEncodedProfile(decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, &encoding) == JXL_DEC_SUCCESS
        && cth_jxl_is_srgb(&encoding))
        return;
    size_t size = 0;
    if (cth_jxl.JxlDecoderGetICCProfileSize(decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, &size) != JXL_DEC_SUCCESS
        || size == 0 || size > CTH_JXL_ICC_MAX)
        return;
    uint8_t *icc = malloc(size);
    if (icc == NULL) return;
    if (cth_jxl.JxlDecoderGetColorAsICCProfile(decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, icc, size) != JXL_DEC_SUCCESS) {
        free(icc);
        return;
    }
    out->icc = icc;
    out->icc_length = size;
}

/* Grey + alpha (2 channels) spread to RGBA in place; the buffer holds 4 bytes per pixel. */
static void cth_jxl_grey_alpha_to_rgba(uint8_t *pixels, size_t count) {
    for (size_t i = count; i-- > 0;) {
        uint8_t grey = pixels[2 * i], alpha = pixels[2 * i + 1];
        pixels[4 * i] = pixels[4 * i + 1] = pixels[4 * i + 2] = grey;
        pixels[4 * i + 3] = alpha;
    }
}

static int32_t cth_jxl_run(JxlDecoder *decoder, const uint8_t *data, size_t length, const cth_limits *limits,
                           cth_image *out, cth_error *error) {
    if (cth_jxl.JxlDecoderSubscribeEvents(decoder, JXL_DEC_BASIC_INFO | JXL_DEC_COLOR_ENCODING | JXL_DEC_FULL_IMAGE)
            != JXL_DEC_SUCCESS
        || cth_jxl.JxlDecoderSetKeepOrientation(decoder, JXL_FALSE) != JXL_DEC_SUCCESS
        || cth_jxl.JxlDecoderSetUnpremultiplyAlpha(decoder, JXL_TRUE) != JXL_DEC_SUCCESS
        || cth_jxl.JxlDecoderSetInput(decoder, data, length) != JXL_DEC_SUCCESS) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "libjxl refused its settings");
        return CTH_ERR_ARGUMENT;
    }
    cth_jxl.JxlDecoderCloseInput(decoder);
    JxlBasicInfo info;
    memset(&info, 0, sizeof info);
    JxlPixelFormat format = {3, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    uint32_t width = 0, height = 0, channels = 0;
    for (int events = 0; events < 64; events++) {
        JxlDecoderStatus status = cth_jxl.JxlDecoderProcessInput(decoder);
        switch (status) {
        case JXL_DEC_ERROR:
            cth_set_error(error, CTH_ERR_CORRUPT, "libjxl could not decode the %s",
                          width ? "image data" : "header");
            return CTH_ERR_CORRUPT;
        case JXL_DEC_NEED_MORE_INPUT:
            cth_set_error(error, CTH_ERR_CORRUPT, "truncated %s", width ? "image data" : "header");
            return CTH_ERR_CORRUPT;
        case JXL_DEC_BASIC_INFO: {
            if (cth_jxl.JxlDecoderGetBasicInfo(decoder, &info) != JXL_DEC_SUCCESS || info.xsize == 0 || info.ysize == 0) {
                cth_set_error(error, CTH_ERR_CORRUPT, "no basic info");
                return CTH_ERR_CORRUPT;
            }
            int swaps = info.orientation >= JXL_ORIENT_TRANSPOSE && info.orientation <= JXL_ORIENT_ROTATE_90_CCW;
            width = swaps ? info.ysize : info.xsize;
            height = swaps ? info.xsize : info.ysize;
            out->full_width = width;
            out->full_height = height;
            if (limits->max_pixels > 0 && (uint64_t)width * height > limits->max_pixels) {
                /* Report the size as stored, like the other decoders' limit errors. */
                out->full_width = info.xsize;
                out->full_height = info.ysize;
                cth_set_error(error, CTH_ERR_PIXEL_LIMIT, "image is %ux%u", info.xsize, info.ysize);
                return CTH_ERR_PIXEL_LIMIT;
            }
            uint32_t colour = info.num_color_channels == 1 ? 1 : 3;
            int alpha = info.alpha_bits > 0;
            format.num_channels = colour + (alpha ? 1 : 0);
            channels = alpha ? 4 : colour;
            break;
        }
        case JXL_DEC_COLOR_ENCODING:
            cth_jxl_colour(decoder, &info, out);
            break;
        case JXL_DEC_NEED_IMAGE_OUT_BUFFER: {
            size_t needed = 0;
            if (width == 0 || cth_jxl.JxlDecoderImageOutBufferSize(decoder, &format, &needed) != JXL_DEC_SUCCESS
                || needed != (size_t)width * height * format.num_channels) {
                cth_set_error(error, CTH_ERR_CORRUPT, "unexpected output size");
                return CTH_ERR_CORRUPT;
            }
            /* Room for RGBA when grey + alpha is spread out afterwards. */
            size_t bytes = (size_t)width * height * channels;
            free(out->pixels);
            out->pixels = malloc(bytes);
            if (out->pixels == NULL) {
                cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "out of memory for %ux%u", width, height);
                return CTH_ERR_OUT_OF_MEMORY;
            }
            if (cth_jxl.JxlDecoderSetImageOutBuffer(decoder, &format, out->pixels, needed) != JXL_DEC_SUCCESS) {
                cth_set_error(error, CTH_ERR_CORRUPT, "libjxl refused the output buffer");
                return CTH_ERR_CORRUPT;
            }
            break;
        }
        case JXL_DEC_FULL_IMAGE:
            if (out->pixels == NULL) break;
            if (format.num_channels == 2) cth_jxl_grey_alpha_to_rgba(out->pixels, (size_t)width * height);
            out->width = width;
            out->height = height;
            out->channels = channels;
            return CTH_OK; /* the first frame; later frames of an animation are not needed */
        case JXL_DEC_SUCCESS:
            cth_set_error(error, CTH_ERR_CORRUPT, "no image in the file");
            return CTH_ERR_CORRUPT;
        default:
            break;
        }
    }
    cth_set_error(error, CTH_ERR_CORRUPT, "libjxl did not finish");
    return CTH_ERR_CORRUPT;
}

int32_t cth_jxl_decode(const uint8_t *data, size_t length, const cth_limits *limits, cth_image *out,
                       cth_error *error) {
    int32_t begun = cth_decode_begin(data, length, limits, out, error);
    if (begun != CTH_OK) return begun;
    int32_t loaded = cth_jxl_load(error);
    if (loaded != CTH_OK) return loaded;
    JxlDecoder *decoder = cth_jxl.JxlDecoderCreate(NULL);
    if (decoder == NULL) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "libjxl could not start");
        return CTH_ERR_OUT_OF_MEMORY;
    }
    int32_t code = cth_jxl_run(decoder, data, length, limits, out, error);
    cth_jxl.JxlDecoderDestroy(decoder);
    return cth_decode_end(code, out);
}
