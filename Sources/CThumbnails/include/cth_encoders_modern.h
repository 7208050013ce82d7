#ifndef CTH_ENCODERS_MODERN_H
#define CTH_ENCODERS_MODERN_H
/*
 * WebP (libwebp) and AVIF (libheif + libaom) encoders for the renditions browsers may pick over
 * the JPEG fallback. Same rules as cth_jpeg_encode: 1 (grey), 3 (RGB) or 4 (RGBA, not
 * premultiplied) channels of 8-bit rows top to bottom; quality 0...100; the ICC profile, if
 * given, embedded and nothing else (no EXIF, XMP or orientation); the same input always gives
 * the same bytes (both encoders single-threaded); output malloc'd, freed with cth_free; every
 * failure a CTH_* code with a message, never a print, exit or abort. No library types here.
 */
#include <stddef.h>
#include <stdint.h>

struct cth_error;

/* Lossy WebP, method 4; grey is widened to RGB (WebP has no grey mode); ICC in an ICCP chunk. */
int32_t cth_webp_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                        int32_t quality, const uint8_t *icc, size_t icc_length,
                        uint8_t **out, size_t *out_length, struct cth_error *error);

/* Lossy AVIF (AV1 still image in HEIF), libheif's defaults but one encoder thread; grey stays monochrome. */
int32_t cth_avif_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                        int32_t quality, const uint8_t *icc, size_t icc_length,
                        uint8_t **out, size_t *out_length, struct cth_error *error);

#endif
