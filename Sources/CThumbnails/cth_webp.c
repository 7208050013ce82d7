/*
 * WebP decoding with libwebp. The header (WebPGetFeatures: the canvas size for VP8X files,
 * the frame size otherwise) is checked against the pixel cap before any pixel memory; stills
 * decode straight into one malloc'd buffer (RGB, or RGBA when the file has alpha); animations
 * give their first frame composited on the canvas by WebPAnimDecoder (RGBA). libwebp reports
 * errors as status codes and never prints or aborts, so no setjmp is needed here.
 */
#include "cth_private.h"
#include <webp/decode.h>
#include <webp/demux.h>

static int32_t cth_webp_status(VP8StatusCode status, cth_error *error) {
    switch (status) {
    case VP8_STATUS_OK:
        return CTH_OK;
    case VP8_STATUS_OUT_OF_MEMORY:
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "libwebp ran out of memory");
        return CTH_ERR_OUT_OF_MEMORY;
    case VP8_STATUS_UNSUPPORTED_FEATURE:
        cth_set_error(error, CTH_ERR_UNSUPPORTED, "a WebP feature libwebp does not decode");
        return CTH_ERR_UNSUPPORTED;
    case VP8_STATUS_NOT_ENOUGH_DATA:
        cth_set_error(error, CTH_ERR_CORRUPT, "truncated WebP data");
        return CTH_ERR_CORRUPT;
    default:
        cth_set_error(error, CTH_ERR_CORRUPT, "invalid WebP bitstream (libwebp status %d)", (int)status);
        return CTH_ERR_CORRUPT;
    }
}

/* The ICCP chunk (VP8X files only), copied; NULL when absent or the container does not parse. */
static void cth_webp_icc(const WebPData *webp, cth_image *out) {
    WebPDemuxer *demux = WebPDemux(webp);
    if (demux == NULL) return;
    WebPChunkIterator chunk;
    if (WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
        if (chunk.chunk.size > 0 && (out->icc = malloc(chunk.chunk.size)) != NULL) {
            memcpy(out->icc, chunk.chunk.bytes, chunk.chunk.size);
            out->icc_length = chunk.chunk.size;
        }
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    WebPDemuxDelete(demux);
}

/* The first frame of an animation, composited on the canvas (RGBA). */
static int32_t cth_webp_first_frame(const WebPData *webp, cth_image *out, cth_error *error) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) {
        cth_set_error(error, CTH_ERR_UNSUPPORTED, "libwebp demux version mismatch");
        return CTH_ERR_UNSUPPORTED;
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(webp, &options);
    if (decoder == NULL) {
        cth_set_error(error, CTH_ERR_CORRUPT, "invalid animated WebP");
        return CTH_ERR_CORRUPT;
    }
    WebPAnimInfo info;
    uint8_t *frame = NULL;
    int timestamp = 0;
    int32_t code = CTH_OK;
    if (!WebPAnimDecoderGetInfo(decoder, &info) || info.canvas_width != out->full_width
        || info.canvas_height != out->full_height) {
        code = CTH_ERR_CORRUPT;
        cth_set_error(error, code, "animated WebP canvas disagrees with its header");
    } else if (!WebPAnimDecoderGetNext(decoder, &frame, &timestamp) || frame == NULL) {
        code = CTH_ERR_CORRUPT;
        cth_set_error(error, code, "the first WebP frame does not decode");
    } else {
        size_t bytes = (size_t)info.canvas_width * info.canvas_height * 4;
        out->pixels = malloc(bytes);
        if (out->pixels == NULL) {
            code = CTH_ERR_OUT_OF_MEMORY;
            cth_set_error(error, code, "out of memory for %zu bytes", bytes);
        } else {
            memcpy(out->pixels, frame, bytes);
            out->width = info.canvas_width;
            out->height = info.canvas_height;
            out->channels = 4;
        }
    }
    WebPAnimDecoderDelete(decoder);
    return code;
}

/* A still image decoded into one malloc'd buffer. */
static int32_t cth_webp_still(const uint8_t *data, size_t length, int has_alpha, cth_image *out, cth_error *error) {
    uint32_t channels = has_alpha ? 4 : 3;
    size_t stride = (size_t)out->full_width * channels;
    size_t bytes = stride * out->full_height;
    uint8_t *pixels = malloc(bytes);
    if (pixels == NULL) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "out of memory for %zu bytes", bytes);
        return CTH_ERR_OUT_OF_MEMORY;
    }
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        free(pixels);
        cth_set_error(error, CTH_ERR_UNSUPPORTED, "libwebp version mismatch");
        return CTH_ERR_UNSUPPORTED;
    }
    config.output.colorspace = has_alpha ? MODE_RGBA : MODE_RGB;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = pixels;
    config.output.u.RGBA.stride = (int)stride;
    config.output.u.RGBA.size = bytes;
    VP8StatusCode status = WebPDecode(data, length, &config);
    WebPFreeDecBuffer(&config.output);
    int32_t code = cth_webp_status(status, error);
    if (code != CTH_OK) {
        free(pixels);
        return code;
    }
    out->pixels = pixels;
    out->width = out->full_width;
    out->height = out->full_height;
    out->channels = channels;
    return CTH_OK;
}

int32_t cth_webp_decode(const uint8_t *data, size_t length, const cth_limits *limits, cth_image *out,
                        cth_error *error) {
    int32_t begun = cth_decode_begin(data, length, limits, out, error);
    if (begun != CTH_OK) return begun;
    WebPBitstreamFeatures features;
    int32_t code = cth_webp_status(WebPGetFeatures(data, length, &features), error);
    if (code != CTH_OK) return code;
    if (features.width <= 0 || features.height <= 0) {
        cth_set_error(error, CTH_ERR_CORRUPT, "WebP of %dx%d", features.width, features.height);
        return CTH_ERR_CORRUPT;
    }
    out->full_width = (uint32_t)features.width;
    out->full_height = (uint32_t)features.height;
    uint64_t pixels = (uint64_t)out->full_width * out->full_height;
    if (limits->max_pixels > 0 && pixels > limits->max_pixels) {
        cth_set_error(error, CTH_ERR_PIXEL_LIMIT, "image is %ux%u", out->full_width, out->full_height);
        return CTH_ERR_PIXEL_LIMIT;
    }
    if (pixels > (uint64_t)SIZE_MAX / 8) {
        cth_set_error(error, CTH_ERR_CORRUPT, "bad WebP size");
        return CTH_ERR_CORRUPT;
    }
    const WebPData webp = {data, length};
    code = features.has_animation ? cth_webp_first_frame(&webp, out, error)
                                  : cth_webp_still(data, length, features.has_alpha, out, error);
    if (code == CTH_OK) cth_webp_icc(&webp, out);
    return cth_decode_end(code, out);
}
