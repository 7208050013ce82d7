#ifndef CTHUMBNAILS_H
#define CTHUMBNAILS_H
/*
 * C shim around libjpeg-turbo and libpng for the Thumbnails module (the other decoders and
 * encoders are in the headers included at the end).
 *
 * Every library call runs behind setjmp with an error handler that longjmps
 * back, so a corrupt or hostile image becomes an error code and a message,
 * never exit() or a crash. This header exposes no libjpeg or libpng types, so
 * Swift modules that import it also import Foundation without clashes.
 *
 * Memory returned through `cth_image.pixels`, `cth_image.icc` and encoder
 * outputs is malloc'd here and released with cth_free / cth_image_release.
 */
#include <stddef.h>
#include <stdint.h>

/* Result codes. */
enum {
    CTH_OK = 0,
    CTH_ERR_CORRUPT = 1,      /* the library reported a fatal error or a fatal warning */
    CTH_ERR_PIXEL_LIMIT = 2,  /* width x height over limits.max_pixels */
    CTH_ERR_SCAN_LIMIT = 3,   /* more progressive scans than limits.max_scans */
    CTH_ERR_MEMORY_LIMIT = 4, /* the decoder needed more than limits.max_memory */
    CTH_ERR_UNSUPPORTED = 5,  /* a colour space or layout the shim does not convert */
    CTH_ERR_OUT_OF_MEMORY = 6,/* malloc failed */
    CTH_ERR_ARGUMENT = 7      /* bad arguments from the caller */
};

/* Limits applied while decoding untrusted input. Zero means "no limit" for each. */
typedef struct cth_limits {
    uint64_t max_pixels;        /* full-size width x height, checked before any pixel memory */
    uint32_t max_scans;         /* progressive JPEG scans */
    uint64_t max_memory;        /* libjpeg max_memory_to_use; libpng chunk malloc cap */
    int32_t  allow_corrupt_data;/* 1: tolerate "corrupt data" warnings (grey areas); 0: fail on them */
} cth_limits;

/* A decoded image: 8-bit samples, rows top to bottom, `channels` interleaved (1 grey, 3 RGB, 4 RGBA). */
typedef struct cth_image {
    uint8_t *pixels;
    uint32_t width, height, channels;
    uint32_t full_width, full_height; /* the size stored in the file, before DCT scaling */
    uint8_t *icc;                     /* embedded ICC profile, or NULL */
    size_t   icc_length;
    uint32_t warnings;                /* library warnings seen (tolerated ones) */
    uint32_t scale_num, scale_denom;  /* DCT scale used (JPEG); 1/1 for PNG */
} cth_image;

/* Error detail: a code and the library's message. */
typedef struct cth_error {
    int32_t code;
    char message[200];
} cth_error;

/*
 * Decodes a JPEG. The DCT scale is the smallest n/8 (n = 1, 2, 4, 5, 8) whose output is at least
 * target_width x target_height (0 = full size): cth_jpeg_scale. Grey JPEGs decode to 1 channel; YCbCr/RGB to 3;
 * CMYK/YCCK to 3: sRGB through the embedded ICC profile (lcms2; then no profile is returned), naively without one.
 */
int32_t cth_jpeg_decode(const uint8_t *data, size_t length,
                        uint32_t target_width, uint32_t target_height,
                        const cth_limits *limits, cth_image *out, cth_error *error);

/*
 * The DCT scale numerator n (over 8) cth_jpeg_decode uses for a width x height JPEG and a target:
 * the smallest of n = 1, 2, 4, 5 whose output, ceil(size * n / 8) on each axis, is at least the
 * target; 8 when none is or the target is 0 x 0 (why these: cth_jpeg_decode.c). Exposed so the Swift decode planner's tests and the
 * benchmark floor can check they follow the same rule.
 */
unsigned int cth_jpeg_scale(uint32_t width, uint32_t height, uint32_t target_width, uint32_t target_height);

/*
 * The layout cth_jpeg_decode would produce for the same target (output width, height and
 * channels, the scale, the full size) from the header alone, limits applied; no pixel memory,
 * out->pixels and out->icc stay NULL.
 */
int32_t cth_jpeg_layout(const uint8_t *data, size_t length,
                        uint32_t target_width, uint32_t target_height,
                        const cth_limits *limits, cth_image *out, cth_error *error);

/*
 * cth_jpeg_decode into the caller's buffer (width * height * channels bytes, as cth_jpeg_layout
 * reports for the same target; any other size fails): the pixels are written there and
 * out->pixels stays NULL; the ICC profile is in out->icc. Saves copying a decode of tens of
 * megabytes out of a C buffer.
 */
int32_t cth_jpeg_decode_to(const uint8_t *data, size_t length,
                           uint32_t target_width, uint32_t target_height, const cth_limits *limits,
                           uint8_t *pixels, size_t capacity, cth_image *out, cth_error *error);

/*
 * A 4:2:0 JPEG's Y', Cb and Cr planes (cth_jpeg_planes), each packed width x height bytes.
 * libjpeg writes whole blocks of whole iMCU rows, stride x rows per plane, of which the image is
 * the top-left width x height.
 */
typedef struct cth_planes {
    uint8_t *data[3];               /* the caller's buffers, width * height bytes each; NULL: layout only */
    size_t capacity[3];
    uint32_t stride[3], rows[3];    /* set by every call */
    uint32_t width[3], height[3];   /* set by every call */
} cth_planes;

/*
 * Decodes a 4:2:0 Y'CbCr JPEG (luma 2x2, chroma 1x1) at cth_jpeg_decode's DCT scale into its
 * planes, with no chroma upsampling and no conversion to RGB: a resampler that works on the planes
 * and an encoder that takes them (cth_jpeg_encode_planes) skip both conversions and resample the
 * chroma at its own size. With planes->data[0] NULL it only fills in the layout. At scales of
 * 4/8 and below libjpeg-turbo upsamples chroma inside its inverse DCT, so the chroma planes come
 * out the luma's size; at 5/8 and 8/8 they are half its size (rounded up). Any other JPEG fails
 * with CTH_ERR_UNSUPPORTED, which callers take as "use cth_jpeg_decode". The ICC profile is in out->icc.
 */
int32_t cth_jpeg_planes(const uint8_t *data, size_t length,
                        uint32_t target_width, uint32_t target_height, const cth_limits *limits,
                        cth_planes *planes, cth_image *out, cth_error *error);

/*
 * Encodes Y'CbCr planes as cth_jpeg_encode encodes RGB below quality 90 (4:2:0, progressive,
 * optimised tables, JFIF, the ICC profile if given): luma width x height, each chroma plane
 * (width + 1) / 2 x (height + 1) / 2, packed rows. quality 1...89.
 */
int32_t cth_jpeg_encode_planes(const uint8_t *luma, const uint8_t *blue, const uint8_t *red,
                               uint32_t width, uint32_t height, int32_t quality,
                               const uint8_t *icc, size_t icc_length,
                               uint8_t **out, size_t *out_length, cth_error *error);

/* Reads only the JPEG header: the full stored size and component count. */
int32_t cth_jpeg_header(const uint8_t *data, size_t length,
                        uint32_t *width, uint32_t *height, uint32_t *components, cth_error *error);

/*
 * Decodes a PNG (palette, grey, 16-bit, alpha, tRNS, interlaced) to 8 bits: grey -> 1 channel,
 * grey+alpha and anything with transparency -> 4 (RGBA), otherwise 3 (RGB). Not premultiplied.
 */
int32_t cth_png_decode(const uint8_t *data, size_t length,
                       const cth_limits *limits, cth_image *out, cth_error *error);

/*
 * The layout cth_png_decode would produce (width, height, channels, full size) from the header
 * alone, limits applied; no pixel memory, out->pixels stays NULL.
 */
int32_t cth_png_layout(const uint8_t *data, size_t length,
                       const cth_limits *limits, cth_image *out, cth_error *error);

/*
 * cth_png_decode into the caller's buffer (width * height * channels bytes, as cth_png_layout
 * reports): the pixels are written there and out->pixels stays NULL; the ICC profile is in out->icc.
 */
int32_t cth_png_decode_to(const uint8_t *data, size_t length, const cth_limits *limits,
                          uint8_t *pixels, size_t capacity, cth_image *out, cth_error *error);

/*
 * Encodes 1- or 3-channel pixels as a progressive JPEG with optimised Huffman tables, a JFIF
 * APP0 segment and, if given, the ICC profile in APP2; nothing else. quality 1...100.
 * Chroma subsampling: 4:2:0 below quality 90, 4:4:4 from 90 (as libvips does).
 */
int32_t cth_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                        int32_t quality, const uint8_t *icc, size_t icc_length,
                        uint8_t **out, size_t *out_length, cth_error *error);

/* Encodes 1-, 3- or 4-channel pixels as PNG (zlib level 6), with an iCCP chunk if icc is given. */
int32_t cth_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                       const uint8_t *icc, size_t icc_length,
                       uint8_t **out, size_t *out_length, cth_error *error);

void cth_free(void *pointer);
void cth_image_release(cth_image *image);

#include "cth_resample.h"
#include "cth_pixels.h"
#include "cth_decoders_as_displayed.h"
#include "cth_decoders_as_stored.h"
#include "cth_raw.h"
#include "cth_colour.h"
#include "cth_encoders_modern.h"
#include "cth_webp_frames.h"

#endif
