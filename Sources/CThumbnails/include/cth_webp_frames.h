#ifndef CTH_WEBP_FRAMES_H
#define CTH_WEBP_FRAMES_H
/*
 * Every frame of an animated WebP, composited on its canvas (RGBA) by libwebp's
 * WebPAnimDecoder: what ffmpeg cannot decode itself, handed to it frame by frame
 * for a motion clip. The caller keeps `data` alive until cth_webp_frames_close.
 */
#include <stddef.h>
#include <stdint.h>

typedef struct cth_webp_frames cth_webp_frames;

/* Opens the animation; NULL when it does not parse, has no frames, or its canvas is over
   `max_pixels` (0: no cap). Sets the canvas size and the frame count. */
cth_webp_frames *cth_webp_frames_open(const uint8_t *data, size_t length, uint64_t max_pixels,
                                      uint32_t *width, uint32_t *height, uint32_t *frame_count);

/* The next frame: 1 with `rgba` (width x height x 4, valid until the next call) and its end
   time in milliseconds from the start; 0 after the last; -1 when a frame does not decode. */
int32_t cth_webp_frames_next(cth_webp_frames *frames, const uint8_t **rgba, int32_t *end_ms);

void cth_webp_frames_close(cth_webp_frames *frames);
#endif
