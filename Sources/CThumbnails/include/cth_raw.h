#ifndef CTH_RAW_H
#define CTH_RAW_H
/*
 * Camera RAW files (DNG, CR2, CR3, NEF, ARW, RAF, ORF, RW2) through LibRaw's thread-safe library.
 * Included from CThumbnails.h; no LibRaw type appears here. Like every decoder of the shim these
 * return CTH_* codes with a message, never print, exit or abort (LibRaw's data-error callback,
 * which prints by default, is replaced by a silent counter).
 *
 * Both the header scan (through cth_raw_inspect_file) and the decoder (cth_raw_inspect on the
 * bytes, then either the preview or cth_raw_develop) ask the same questions of the same library,
 * so the size the scan publishes is the size the decode produces.
 */
#include <stddef.h>
#include <stdint.h>

struct cth_limits;
struct cth_image;
struct cth_error;

/* What LibRaw reads from a RAW file without decoding its sensor data. */
typedef struct cth_raw_info {
    uint32_t width, height;  /* the developed image in stored orientation (LibRaw's flip not applied) */
    uint32_t raw_width, raw_height; /* the sensor data, for the pixel cap */
    int32_t orientation;     /* Exif orientation 1...8, from LibRaw's flip */
    uint8_t *preview;        /* the largest embedded JPEG preview (malloc'd), or NULL */
    size_t preview_length;
} cth_raw_info;

/* Reads the RAW in memory: sizes, orientation and the embedded JPEG preview's bytes. */
int32_t cth_raw_inspect(const uint8_t *data, size_t length, cth_raw_info *info, struct cth_error *error);

/* cth_raw_inspect on a file LibRaw opens itself (only the parts it needs are read). */
int32_t cth_raw_inspect_file(const char *path, cth_raw_info *info, struct cth_error *error);

/* Frees the preview and clears `info`. */
void cth_raw_info_release(cth_raw_info *info);

/*
 * Develops the sensor data: camera white balance, sRGB output, 8 bits, full size (never
 * half-size), LibRaw's flip NOT applied (the caller turns the pixels as for a JPEG's Exif).
 * 3 channels; out->width/height equal cth_raw_inspect's width/height. The raw size is checked
 * against limits->max_pixels and LibRaw's working memory (2 bytes per sensor pixel, 8 per
 * developed pixel for its 16-bit image, 3 for the 8-bit copy) against limits->max_memory
 * before anything is unpacked.
 */
int32_t cth_raw_develop(const uint8_t *data, size_t length, const struct cth_limits *limits,
                        struct cth_image *out, struct cth_error *error);

#endif
