/* Shared helpers for the CThumbnails shim; not part of the public header. */
#ifndef CTH_PRIVATE_H
#define CTH_PRIVATE_H
#include "CThumbnails.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void cth_set_error(cth_error *error, int32_t code, const char *format, ...) {
    if (error == NULL) return;
    error->code = code;
    va_list args;
    va_start(args, format);
    vsnprintf(error->message, sizeof error->message, format, args);
    va_end(args);
}

/*
 * The start every full-size decoder shares: arguments checked, `out` cleared.
 * Returns CTH_OK, or CTH_ERR_ARGUMENT with the error set.
 */
static inline int32_t cth_decode_begin(const uint8_t *data, size_t length, const cth_limits *limits,
                                       cth_image *out, cth_error *error) {
    if (data == NULL || length == 0 || limits == NULL || out == NULL) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "no data");
        return CTH_ERR_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    return CTH_OK;
}

/*
 * The end every full-size decoder shares. On failure the pixels and profile
 * are released, and only the size the file claims is kept (the Swift side
 * names it in a pixel-limit error); on success the scale is 1/1.
 */
static inline int32_t cth_decode_end(int32_t code, cth_image *out) {
    if (code != CTH_OK) {
        uint32_t full_width = out->full_width, full_height = out->full_height;
        cth_image_release(out);
        memset(out, 0, sizeof *out);
        out->full_width = full_width;
        out->full_height = full_height;
        return code;
    }
    out->scale_num = 1;
    out->scale_denom = 1;
    return CTH_OK;
}

/* A growing output buffer for the encoders (malloc'd; the caller frees it on success). */
typedef struct cth_buffer {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
} cth_buffer;

/* Makes room for `extra` more bytes; returns 0 on overflow or malloc failure. */
static inline int cth_buffer_reserve(cth_buffer *buffer, size_t extra) {
    if (extra > SIZE_MAX - buffer->length) return 0;
    size_t needed = buffer->length + extra;
    if (needed <= buffer->capacity) return 1;
    size_t capacity = buffer->capacity ? buffer->capacity : 65536;
    while (capacity < needed) {
        if (capacity > SIZE_MAX / 2) return 0;
        capacity *= 2;
    }
    uint8_t *bytes = realloc(buffer->bytes, capacity);
    if (bytes == NULL) return 0;
    buffer->bytes = bytes;
    buffer->capacity = capacity;
    return 1;
}

#endif
