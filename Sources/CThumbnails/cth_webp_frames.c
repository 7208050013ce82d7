/*
 * An animated WebP's frames through WebPAnimDecoder (libwebpdemux): each composited on the
 * canvas, RGBA, with its end time. libwebp reports errors as return values and never prints
 * or aborts, so no setjmp is needed here.
 */
#include "cth_webp_frames.h"
#include <stdlib.h>
#include <webp/demux.h>

struct cth_webp_frames {
    WebPData data;
    WebPAnimDecoder *decoder;
};

cth_webp_frames *cth_webp_frames_open(const uint8_t *data, size_t length, uint64_t max_pixels,
                                      uint32_t *width, uint32_t *height, uint32_t *frame_count) {
    if (data == NULL || length == 0 || width == NULL || height == NULL || frame_count == NULL) return NULL;
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return NULL;
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    cth_webp_frames *frames = calloc(1, sizeof(cth_webp_frames));
    if (frames == NULL) return NULL;
    frames->data.bytes = data;
    frames->data.size = length;
    frames->decoder = WebPAnimDecoderNew(&frames->data, &options);
    WebPAnimInfo info;
    if (frames->decoder == NULL || !WebPAnimDecoderGetInfo(frames->decoder, &info) || info.frame_count == 0
        || info.canvas_width == 0 || info.canvas_height == 0
        || (max_pixels > 0 && (uint64_t)info.canvas_width * info.canvas_height > max_pixels)) {
        cth_webp_frames_close(frames);
        return NULL;
    }
    *width = info.canvas_width;
    *height = info.canvas_height;
    *frame_count = info.frame_count;
    return frames;
}

int32_t cth_webp_frames_next(cth_webp_frames *frames, const uint8_t **rgba, int32_t *end_ms) {
    if (frames == NULL || rgba == NULL || end_ms == NULL) return -1;
    if (!WebPAnimDecoderHasMoreFrames(frames->decoder)) return 0;
    uint8_t *pixels = NULL;
    int timestamp = 0;
    if (!WebPAnimDecoderGetNext(frames->decoder, &pixels, &timestamp) || pixels == NULL) return -1;
    *rgba = pixels;
    *end_ms = timestamp;
    return 1;
}

void cth_webp_frames_close(cth_webp_frames *frames) {
    if (frames == NULL) return;
    if (frames->decoder != NULL) WebPAnimDecoderDelete(frames->decoder);
    free(frames);
}
