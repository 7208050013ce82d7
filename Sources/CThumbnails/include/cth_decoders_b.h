#ifndef CTH_DECODERS_B_H
#define CTH_DECODERS_B_H
/*
 * HEIF/HEIC and AVIF (libheif), JPEG XL (libjxl) decoders and the lcms2 colour helpers they use
 * (issue 12). Included from CThumbnails.h; like the JPEG and PNG shims they return CTH_* codes
 * with a message, never exit or crash, check limits->max_pixels against the header before any
 * pixel memory, and give 8-bit RGB (3) or RGBA (4, not premultiplied) rows top to bottom.
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

/* Transfer functions cth_colour_rgb_profile writes as the profile's tone curves. */
enum {
    CTH_TRANSFER_SRGB = 0,    /* IEC 61966-2-1 (also Display P3's) */
    CTH_TRANSFER_BT709 = 1,   /* inverse of the BT.709 / BT.601 / BT.2020 OETF */
    CTH_TRANSFER_LINEAR = 2,
    CTH_TRANSFER_GAMMA22 = 3, /* BT.470 System M */
    CTH_TRANSFER_GAMMA28 = 4  /* BT.470 System B, G */
};

/*
 * A matrix/TRC ICC v4 profile (lcms2) for RGB with the given CIE xy chromaticities
 * (red, green, blue, white: x then y each) and transfer; malloc'd into *out (free with cth_free).
 * The creation date is fixed, so the same colour space always gives the same bytes.
 */
int32_t cth_colour_rgb_profile(const double chromaticities[8], int32_t transfer, const char *description,
                               uint8_t **out, size_t *out_length, struct cth_error *error);

/*
 * Converts `count` 8-bit RGB pixels from the ICC profile `icc` to sRGB (relative colorimetric,
 * lcms2), in place: what a colour-managed browser shows of pixels tagged with that profile.
 */
int32_t cth_colour_to_srgb(const uint8_t *icc, size_t icc_length, uint8_t *rgb, size_t count,
                           struct cth_error *error);

#endif
