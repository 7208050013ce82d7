#ifndef CTH_DECODERS_AS_STORED_H
#define CTH_DECODERS_AS_STORED_H
/*
 * The WebP, GIF and TIFF decoders: pixels come out in stored orientation, and the caller turns
 * them as the file's EXIF says (as for a JPEG). Included from CThumbnails.h; the rules of the
 * JPEG and PNG decoders hold: the same cth_limits (width x height checked against max_pixels
 * from the header, before any pixel memory), the same cth_image output (8-bit samples, rows top
 * to bottom, 1 grey / 3 RGB / 4 RGBA not premultiplied) and cth_error codes, and no library may
 * print, exit or abort. No library types appear here.
 */
#include <stddef.h>
#include <stdint.h>

/*
 * Decodes a WebP with libwebp: lossy, lossless, with alpha (4 channels) or without (3).
 * An animated WebP gives its first frame composited on the canvas (libwebpdemux), 4 channels.
 * The ICCP chunk, if any, is returned in out->icc.
 */
int32_t cth_webp_decode(const uint8_t *data, size_t length, const cth_limits *limits,
                        cth_image *out, cth_error *error);

/*
 * Decodes the first frame of a GIF with giflib, composited onto its logical screen (the
 * screen is the image size; parts of the frame outside it are clipped, parts of the screen
 * it does not cover are transparent), interlacing undone, the transparent index as alpha 0.
 * Always 4 channels (RGBA). Both the screen and the frame are checked against max_pixels.
 */
int32_t cth_gif_decode(const uint8_t *data, size_t length, const cth_limits *limits,
                       cth_image *out, cth_error *error);

/*
 * Decodes the first page of a TIFF with libtiff, read from memory (TIFFClientOpen), its error
 * and warning handlers per file (TIFFOpenOptions; safe when several threads decode at once).
 * Any layout TIFFRGBAImage reads (8/16-bit, RGB/RGBA/grey/palette/YCbCr, bilevel, JPEG/LZW/...)
 * comes out 8-bit in stored row order (the Orientation tag is NOT applied; the caller applies
 * it as for a JPEG's EXIF orientation): grey -> 1 channel, alpha -> 4 (un-premultiplied), else 3.
 * CMYK (8/16-bit, strips) is converted to sRGB through its embedded ICC profile with lcms2
 * (then no profile is returned), or naively without one; other profiles go to out->icc.
 */
int32_t cth_tiff_decode(const uint8_t *data, size_t length, const cth_limits *limits,
                        cth_image *out, cth_error *error);

#endif
