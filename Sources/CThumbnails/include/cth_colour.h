#ifndef CTH_COLOUR_H
#define CTH_COLOUR_H
/*
 * The public lcms2 colour helpers: CMYK to sRGB through a CMYK profile (the JPEG and TIFF decoders'
 * conversion, cth_cms.c), and ICC profiles synthesised for the colour spaces an HEIF nclx box or a
 * JPEG XL enumerated encoding names, with an ICC -> sRGB conversion to check what a browser shows
 * (cth_colour_profile.c). Public so tests can check them against references. Included from
 * CThumbnails.h.
 */
#include <stddef.h>
#include <stdint.h>

struct cth_error;

/*
 * Converts `count` CMYK pixels (4 bytes each, 0 = no ink; `inverted` 1 for Adobe's 255 = no ink)
 * to sRGB (3 bytes each) through the CMYK ICC profile `icc`, perceptual intent, with lcms2.
 * CTH_ERR_UNSUPPORTED when the profile is unreadable or not CMYK.
 */
int32_t cth_cms_cmyk_to_srgb(const uint8_t *icc, size_t icc_length, const uint8_t *cmyk, size_t count,
                             int32_t inverted, uint8_t *rgb, struct cth_error *error);

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
