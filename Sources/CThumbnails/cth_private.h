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
