/*
 * AVIF encoding with libheif and its AV1 encoder (libaom in Debian 12's libheif 1.15, for
 * modern renditions): lossy at a quality 0...100, libheif's defaults otherwise (speed 6, 4:2:0,
 * full-range BT.601 YCbCr) but one thread, so the same pixels always give the same bytes and
 * Cascade's one-image-per-core parallelism is not oversubscribed. Grey stays grey (monochrome
 * AV1), alpha becomes the auxiliary alpha image. Nothing but pixels and, if given, the ICC
 * profile (`colr` prof, beside the `nclx` box naming the YCbCr matrix) is written: no Exif, no
 * XMP, no thumbnail. Every libheif failure is a code and a message, never a print or an exit.
 */
#include "cth_private.h"
#include "cth_codec_loader.h"

static int32_t cth_avif_fail(struct heif_error failure, cth_error *error, const char *step) {
    if (failure.code == heif_error_Ok) return CTH_OK;
    int32_t code = failure.code == heif_error_Memory_allocation_error ? CTH_ERR_OUT_OF_MEMORY
                 : failure.code == heif_error_Unsupported_feature || failure.code == heif_error_Unsupported_filetype
                     ? CTH_ERR_UNSUPPORTED : CTH_ERR_CORRUPT;
    cth_set_error(error, code, "AVIF encoder: %s: %s", step, failure.message ? failure.message : "libheif error");
    return code;
}

static struct heif_error cth_avif_write(struct heif_context *context, const void *data, size_t size, void *userdata) {
    (void)context;
    cth_buffer *buffer = (cth_buffer *)userdata;
    struct heif_error result = {heif_error_Ok, heif_suberror_Unspecified, "ok"};
    if (!cth_buffer_reserve(buffer, size)) {
        result.code = heif_error_Memory_allocation_error;
        result.message = "out of memory";
        return result;
    }
    memcpy(buffer->bytes + buffer->length, data, size);
    buffer->length += size;
    return result;
}

/* An 8-bit libheif image holding the rows: monochrome Y, interleaved RGB or RGBA. */
static int32_t cth_avif_image(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                              struct heif_image **image, cth_error *error) {
    enum heif_colorspace space = channels == 1 ? heif_colorspace_monochrome : heif_colorspace_RGB;
    enum heif_chroma chroma = channels == 1 ? heif_chroma_monochrome
                            : channels == 4 ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB;
    enum heif_channel plane = channels == 1 ? heif_channel_Y : heif_channel_interleaved;
    int32_t code = cth_avif_fail(cth_heif.heif_image_create((int)width, (int)height, space, chroma, image), error, "image");
    if (code != CTH_OK) return code;
    code = cth_avif_fail(cth_heif.heif_image_add_plane(*image, plane, (int)width, (int)height, 8), error, "plane");
    if (code != CTH_OK) return code;
    int stride = 0;
    uint8_t *rows = cth_heif.heif_image_get_plane(*image, plane, &stride);
    if (rows == NULL || stride <= 0) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "AVIF encoder: no image plane");
        return CTH_ERR_OUT_OF_MEMORY;
    }
    size_t row_bytes = (size_t)width * channels;
    for (uint32_t y = 0; y < height; y++) memcpy(rows + (size_t)y * (size_t)stride, pixels + (size_t)y * row_bytes, row_bytes);
    return CTH_OK;
}

/* Encodes `image` into `buffer` with the AV1 encoder; every libheif object is released here. */
static int32_t cth_avif_run(struct heif_image *image, int32_t quality, const uint8_t *icc, size_t icc_length,
                            cth_buffer *buffer, cth_error *error) {
    struct heif_context *context = cth_heif.heif_context_alloc();
    if (context == NULL) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "AVIF encoder: no libheif context");
        return CTH_ERR_OUT_OF_MEMORY;
    }
    struct heif_encoder *encoder = NULL;
    struct heif_encoding_options *options = NULL;
    int32_t code = cth_avif_fail(cth_heif.heif_context_get_encoder_for_format(context, heif_compression_AV1, &encoder),
                                 error, "no AV1 encoder");
    if (code == CTH_OK) code = cth_avif_fail(cth_heif.heif_encoder_set_lossy_quality(encoder, quality), error, "quality");
    if (code == CTH_OK) code = cth_avif_fail(cth_heif.heif_encoder_set_parameter_integer(encoder, "threads", 1), error, "threads");
    if (code == CTH_OK && icc != NULL && icc_length > 0)
        code = cth_avif_fail(cth_heif.heif_image_set_raw_color_profile(image, "prof", icc, icc_length), error, "ICC profile");
    if (code == CTH_OK) {
        options = cth_heif.heif_encoding_options_alloc();
        if (options == NULL) {
            cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "AVIF encoder: no options");
            code = CTH_ERR_OUT_OF_MEMORY;
        } else {
            options->save_alpha_channel = 1;
            /* With a profile, keep the nclx box too: it names the YCbCr matrix the samples use. */
            if (options->version >= 3) options->save_two_colr_boxes_when_ICC_and_nclx_available = 1;
        }
    }
    if (code == CTH_OK)
        code = cth_avif_fail(cth_heif.heif_context_encode_image(context, image, encoder, options, NULL), error, "encode");
    if (code == CTH_OK) {
        struct heif_writer writer = {1, cth_avif_write};
        code = cth_avif_fail(cth_heif.heif_context_write(context, &writer, buffer), error, "write");
    }
    if (options != NULL) cth_heif.heif_encoding_options_free(options);
    if (encoder != NULL) cth_heif.heif_encoder_release(encoder);
    cth_heif.heif_context_free(context);
    return code;
}

int32_t cth_avif_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                        int32_t quality, const uint8_t *icc, size_t icc_length,
                        uint8_t **out, size_t *out_length, cth_error *error) {
    if (pixels == NULL || out == NULL || out_length == NULL || width == 0 || height == 0
        || width > 65536 || height > 65536
        || (channels != 1 && channels != 3 && channels != 4) || quality < 0 || quality > 100) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "bad AVIF encoder arguments");
        return CTH_ERR_ARGUMENT;
    }
    int32_t loaded = cth_heif_load(error);
    if (loaded != CTH_OK) return loaded;
    struct heif_image *image = NULL;
    int32_t code = cth_avif_image(pixels, width, height, channels, &image, error);
    cth_buffer buffer;
    memset(&buffer, 0, sizeof buffer);
    if (code == CTH_OK) code = cth_avif_run(image, quality, icc, icc_length, &buffer, error);
    if (image != NULL) cth_heif.heif_image_release(image);
    if (code != CTH_OK) {
        free(buffer.bytes);
        return code;
    }
    *out = buffer.bytes;
    *out_length = buffer.length;
    return CTH_OK;
}
