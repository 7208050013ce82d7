#ifndef CTH_DECODERS_AS_DISPLAYED_H
#define CTH_DECODERS_AS_DISPLAYED_H
/*
 * The HEIF/HEIC and AVIF (libheif) and JPEG XL (libjxl) decoders, which turn the image as the file
 * says (the lcms2 colour helpers they use are in cth_colour.h). Included from CThumbnails.h; like
 * the JPEG and PNG shims they return CTH_* codes with a message, never exit or crash, check
 * limits->max_pixels against the header before any pixel memory, and give 8-bit RGB (3) or
 * RGBA (4, not premultiplied) rows top to bottom.
 *
 * Both decoders hand back the image as displayed: libheif applies the primary item's
 * clap/irot/imir and libjxl the codestream orientation, so out->width/height (and full_width/
 * full_height) are the display size, and the caller must not turn the pixels again. An Exif
 * orientation inside the file is ignored, as MIAF and the JPEG XL spec require.
 *
 * out->icc is the profile the pixels are in, or NULL when they are plain sRGB: the embedded ICC
 * profile, or (HEIF nclx, JPEG XL enumerated colour) a profile synthesised with lcms2 for
 * non-sRGB primaries or transfer, so renditions that embed it show the same colours.
 */
#include <stddef.h>
#include <stdint.h>

struct cth_limits;
struct cth_image;
struct cth_error;

/* Decodes the primary image of a HEIF/HEIC/AVIF file; 10/12-bit samples are rounded to 8. */
int32_t cth_heif_decode(const uint8_t *data, size_t length, const struct cth_limits *limits,
                        struct cth_image *out, struct cth_error *error);

/* Decodes the first frame of a JPEG XL codestream or container; higher bit depths rounded to 8. */
int32_t cth_jxl_decode(const uint8_t *data, size_t length, const struct cth_limits *limits,
                       struct cth_image *out, struct cth_error *error);

#endif
