/*
 * WebP encoding with libwebp (for modern renditions): lossy VP8 at a quality 0...100,
 * method 4 (libwebp's and libvips's default effort), single-threaded (Cascade runs one image
 * per core), with alpha when the pixels have it. Nothing but pixels and, if given, an ICC
 * profile (ICCP chunk, through libwebpmux) is written: no EXIF, no XMP. libwebp's encoder is
 * deterministic, reports failures as codes and never prints or aborts.
 */
#include "cth_private.h"
#include <webp/encode.h>
#include <webp/mux.h>

static int cth_webp_writer(const uint8_t *data, size_t size, const WebPPicture *picture) {
    cth_buffer *buffer = (cth_buffer *)picture->custom_ptr;
    if (!cth_buffer_reserve(buffer, size)) return 0;
    memcpy(buffer->bytes + buffer->length, data, size);
    buffer->length += size;
    return 1;
}

/* Grey rows widened to RGB: WebP has no grey mode. NULL when malloc fails. */
static uint8_t *cth_webp_grey_to_rgb(const uint8_t *pixels, size_t count) {
    uint8_t *rgb = malloc(count * 3);
    if (rgb == NULL) return NULL;
    for (size_t i = 0; i < count; i++) rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = pixels[i];
    return rgb;
}

/* Wraps a bare VP8/VP8L stream with its ICCP chunk (VP8X container). */
static int32_t cth_webp_add_icc(cth_buffer *bare, const uint8_t *icc, size_t icc_length, cth_error *error) {
    WebPMux *mux = WebPMuxNew();
    if (mux == NULL) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "libwebpmux ran out of memory");
        return CTH_ERR_OUT_OF_MEMORY;
    }
    WebPData image = {bare->bytes, bare->length}, profile = {icc, icc_length}, assembled = {NULL, 0};
    WebPMuxError status = WebPMuxSetImage(mux, &image, 0);
    if (status == WEBP_MUX_OK) status = WebPMuxSetChunk(mux, "ICCP", &profile, 0);
    if (status == WEBP_MUX_OK) status = WebPMuxAssemble(mux, &assembled);
    WebPMuxDelete(mux);
    if (status != WEBP_MUX_OK) {
        WebPDataClear(&assembled);
        cth_set_error(error, CTH_ERR_CORRUPT, "WebP encoder: libwebpmux error %d", (int)status);
        return CTH_ERR_CORRUPT;
    }
    free(bare->bytes);
    /* Copied so the caller frees it with cth_free (free), not WebPFree. */
    bare->bytes = malloc(assembled.size);
    bare->length = bare->capacity = 0;
    if (bare->bytes == NULL) {
        WebPDataClear(&assembled);
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "out of memory");
        return CTH_ERR_OUT_OF_MEMORY;
    }
    memcpy(bare->bytes, assembled.bytes, assembled.size);
    bare->length = bare->capacity = assembled.size;
    WebPDataClear(&assembled);
    return CTH_OK;
}

int32_t cth_webp_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                        int32_t quality, const uint8_t *icc, size_t icc_length,
                        uint8_t **out, size_t *out_length, cth_error *error) {
    if (pixels == NULL || out == NULL || out_length == NULL || width == 0 || height == 0
        || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION
        || (channels != 1 && channels != 3 && channels != 4) || quality < 0 || quality > 100) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "bad WebP encoder arguments");
        return CTH_ERR_ARGUMENT;
    }
    WebPConfig config;
    WebPPicture picture;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) {
        cth_set_error(error, CTH_ERR_UNSUPPORTED, "libwebp version mismatch");
        return CTH_ERR_UNSUPPORTED;
    }
    config.quality = (float)quality;
    config.method = 4;
    config.thread_level = 0;
    if (!WebPValidateConfig(&config)) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "invalid WebP encoder configuration");
        return CTH_ERR_ARGUMENT;
    }
    picture.use_argb = 0;
    picture.width = (int)width;
    picture.height = (int)height;

    uint8_t *widened = NULL;
    const uint8_t *rgb = pixels;
    if (channels == 1) {
        widened = cth_webp_grey_to_rgb(pixels, (size_t)width * height);
        if (widened == NULL) {
            cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "out of memory");
            return CTH_ERR_OUT_OF_MEMORY;
        }
        rgb = widened;
    }
    int imported = channels == 4 ? WebPPictureImportRGBA(&picture, pixels, (int)(width * 4))
                                 : WebPPictureImportRGB(&picture, rgb, (int)(width * 3));
    free(widened);
    if (!imported) {
        WebPPictureFree(&picture);
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "libwebp could not take the pixels");
        return CTH_ERR_OUT_OF_MEMORY;
    }
    cth_buffer buffer;
    memset(&buffer, 0, sizeof buffer);
    picture.writer = cth_webp_writer;
    picture.custom_ptr = &buffer;
    int ok = WebPEncode(&config, &picture);
    WebPEncodingError failure = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) {
        free(buffer.bytes);
        int32_t code = failure == VP8_ENC_ERROR_OUT_OF_MEMORY || failure == VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY
            ? CTH_ERR_OUT_OF_MEMORY : CTH_ERR_CORRUPT;
        cth_set_error(error, code, "WebP encoder: libwebp error %d", (int)failure);
        return code;
    }
    if (icc != NULL && icc_length > 0) {
        int32_t code = cth_webp_add_icc(&buffer, icc, icc_length, error);
        if (code != CTH_OK) {
            free(buffer.bytes);
            return code;
        }
    }
    *out = buffer.bytes;
    *out_length = buffer.length;
    return CTH_OK;
}
