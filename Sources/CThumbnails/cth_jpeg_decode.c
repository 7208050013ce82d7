/*
 * JPEG decoding with libjpeg-turbo, every call behind setjmp.
 *
 * Warning policy ("corrupt data"): libjpeg reports damaged entropy data as warnings and goes on,
 * filling the damage with grey. Warnings that mean the pixels are damaged (premature end of data,
 * bad Huffman/arithmetic code, resync, bogus progression, truncated file) fail the decode unless
 * limits->allow_corrupt_data is set; with it, they are counted (cth_image.warnings) up to
 * CTH_MAX_WARNINGS, after which the decode fails anyway, so a file cannot make the decoder loop
 * through millions of warnings. Warnings that leave the pixels intact (extraneous bytes between
 * markers, which real camera files have; unknown JFIF revision; Adobe transform code; a bad ICC
 * marker, which only loses the profile) are counted and tolerated.
 *
 * CMYK/YCCK files are converted to sRGB through their embedded ICC profile with lcms2
 * (cth_cms.c), or with the naive formula when they have none (or an unusable one).
 */
#include "cth_private.h"
#include "cth_cms.h"
#include "cth_jpeg_planes.h"
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>

#define CTH_MAX_WARNINGS 1000u

typedef struct cth_jpeg_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    cth_error *error;
    int32_t code;
    uint32_t warnings;
    int allow_corrupt;
} cth_jpeg_error;

typedef struct cth_jpeg_progress {
    struct jpeg_progress_mgr pub;
    uint32_t max_scans;
} cth_jpeg_progress;

static void cth_jpeg_fail(j_common_ptr cinfo, int32_t code) {
    cth_jpeg_error *err = (cth_jpeg_error *)cinfo->err;
    if (err->code == CTH_OK) {
        char text[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, text);
        cth_set_error(err->error, code, "%s", text);
        err->code = code;
    }
    longjmp(err->jump, 1);
}

static void cth_jpeg_error_exit(j_common_ptr cinfo) {
    int msg = cinfo->err->msg_code;
    int32_t code = CTH_ERR_CORRUPT;
    if (msg == JERR_NO_BACKING_STORE || msg == JERR_OUT_OF_MEMORY) code = CTH_ERR_MEMORY_LIMIT;
    else if (msg == JERR_BAD_PRECISION || msg == JERR_NOT_COMPILED || msg == JERR_CONVERSION_NOTIMPL)
        code = CTH_ERR_UNSUPPORTED; /* e.g. 12-bit JPEG: valid, but not an 8-bit decoder's job */
    cth_jpeg_fail(cinfo, code);
}

static int cth_jpeg_warning_damages_pixels(int msg) {
    switch (msg) {
    case JWRN_HIT_MARKER: case JWRN_JPEG_EOF: case JWRN_HUFF_BAD_CODE: case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC: case JWRN_NOT_SEQUENTIAL: case JWRN_BOGUS_PROGRESSION:
    case JWRN_TOO_MUCH_DATA:
        return 1;
    default:
        return 0;
    }
}

static void cth_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return; /* trace messages */
    cth_jpeg_error *err = (cth_jpeg_error *)cinfo->err;
    err->warnings += 1;
    if (cth_jpeg_warning_damages_pixels(cinfo->err->msg_code) && !err->allow_corrupt)
        cth_jpeg_fail(cinfo, CTH_ERR_CORRUPT);
    if (err->warnings > CTH_MAX_WARNINGS)
        cth_jpeg_fail(cinfo, CTH_ERR_CORRUPT);
}

static void cth_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; /* never print */ }

static void cth_jpeg_progress_monitor(j_common_ptr cinfo) {
    cth_jpeg_progress *progress = (cth_jpeg_progress *)cinfo->progress;
    if (!cinfo->is_decompressor || progress->max_scans == 0) return;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (dinfo->input_scan_number > (int)progress->max_scans) {
        cth_jpeg_error *err = (cth_jpeg_error *)cinfo->err;
        if (err->code == CTH_OK) {
            cth_set_error(err->error, CTH_ERR_SCAN_LIMIT,
                          "progressive JPEG has more than %u scans", progress->max_scans);
            err->code = CTH_ERR_SCAN_LIMIT;
        }
        longjmp(err->jump, 1);
    }
}

static void cth_jpeg_install(struct jpeg_decompress_struct *cinfo, cth_jpeg_error *err, cth_error *error,
                             int allow_corrupt) {
    memset(err, 0, sizeof *err);
    cinfo->err = jpeg_std_error(&err->pub);
    err->pub.error_exit = cth_jpeg_error_exit;
    err->pub.emit_message = cth_jpeg_emit_message;
    err->pub.output_message = cth_jpeg_output_message;
    err->error = error;
    err->allow_corrupt = allow_corrupt;
}

/*
 * The smallest n/8 of n = 1, 2, 4, 5, 8 whose scaled size covers the target; 8 when none smaller
 * does or there is no target. libjpeg-turbo's output size is ceil(size * n / 8), so is this one's.
 *
 * The powers of two have SIMD inverse DCTs. The other eighths run plain C, and on the 4:2:0
 * JPEGs cameras write they also upsample the chroma through a larger IDCT (10x10 for 5/8,
 * 12x12 for 6/8, 14x14 for 7/8): djpeg on a 12-megapixel 4:2:0 photo takes 34 ms at 8/8,
 * 40 ms at 5/8, 44 ms at 6/8, 56 ms at 7/8, 26 ms at 4/8 and 28 ms at 3/8 (a 4:4:4 one takes
 * about 98 ms at each, the entropy decoding dominating). 5/8 is kept: it leaves 39 % of the
 * pixels to resample, which more than pays for its 6 ms. 6/8 and 7/8 cost more in decoding than
 * they save in resampling (a cold build of 64 4000 px photos took 6 % more CPU at 6/8, of 38
 * turned ones 11 % more at 7/8), and 3/8 would save little next to 4/8.
 */
static const unsigned int cth_jpeg_scales[] = {1, 2, 4, 5};

unsigned int cth_jpeg_scale(uint32_t width, uint32_t height, uint32_t target_width, uint32_t target_height) {
    if (target_width == 0 && target_height == 0) return 8;
    for (size_t i = 0; i < sizeof cth_jpeg_scales / sizeof cth_jpeg_scales[0]; i++) {
        unsigned int n = cth_jpeg_scales[i];
        uint64_t w = ((uint64_t)width * n + 7) / 8;
        uint64_t h = ((uint64_t)height * n + 7) / 8;
        if (w >= target_width && h >= target_height) return n;
    }
    return 8;
}

int32_t cth_jpeg_header(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height,
                        uint32_t *components, cth_error *error) {
    if (data == NULL || length == 0 || width == NULL || height == NULL || components == NULL) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "no data");
        return CTH_ERR_ARGUMENT;
    }
    struct jpeg_decompress_struct cinfo;
    cth_jpeg_error err;
    cth_jpeg_install(&cinfo, &err, error, 1);
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return err.code;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    *width = cinfo.image_width;
    *height = cinfo.image_height;
    *components = (uint32_t)cinfo.num_components;
    jpeg_destroy_decompress(&cinfo);
    return CTH_OK;
}

/* Where the pixels go: a buffer of our own (target NULL), the caller's
   (`capacity` bytes, exactly the output size), or nowhere (layout only: the
   output size from the header and the scale, no pixel memory). */
typedef struct cth_jpeg_target {
    int layout_only;
    uint8_t *pixels;
    size_t capacity;
    cth_planes *planes;   /* Y'CbCr planes instead of RGB pixels (cth_jpeg_planes) */
} cth_jpeg_target;

static int32_t cth_jpeg_run(const uint8_t *data, size_t length, uint32_t target_width, uint32_t target_height,
                            const cth_limits *limits, const cth_jpeg_target *target, cth_image *out, cth_error *error) {
    if (data == NULL || length == 0 || limits == NULL || out == NULL) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "no data");
        return CTH_ERR_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    struct jpeg_decompress_struct cinfo;
    cth_jpeg_error err;
    cth_jpeg_progress progress;
    uint8_t *volatile pixels = NULL;
    JSAMPLE *volatile cmyk_row = NULL;
    JOCTET *volatile icc = NULL;
    cth_cms_cmyk *volatile cms = NULL;
    cth_jpeg_install(&cinfo, &err, error, limits->allow_corrupt_data != 0);
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        if (target->pixels == NULL) free(pixels);
        free(cmyk_row);
        free(icc);
        cth_cms_cmyk_close(cms);
        out->pixels = NULL;
        out->icc = NULL;
        out->icc_length = 0;
        return err.code;
    }
    jpeg_create_decompress(&cinfo);
    if (limits->max_memory > 0) cinfo.mem->max_memory_to_use = (long)limits->max_memory;
    memset(&progress, 0, sizeof progress);
    progress.pub.progress_monitor = cth_jpeg_progress_monitor;
    progress.max_scans = limits->max_scans;
    cinfo.progress = &progress.pub;
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);

    out->full_width = cinfo.image_width;
    out->full_height = cinfo.image_height;
    uint64_t full_pixels = (uint64_t)cinfo.image_width * (uint64_t)cinfo.image_height;
    if (limits->max_pixels > 0 && full_pixels > limits->max_pixels) {
        cth_set_error(error, CTH_ERR_PIXEL_LIMIT, "image is %ux%u", cinfo.image_width, cinfo.image_height);
        err.code = CTH_ERR_PIXEL_LIMIT;
        longjmp(err.jump, 1);
    }

    int cmyk = 0;
    uint32_t channels;
    switch (cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE:
        cinfo.out_color_space = JCS_GRAYSCALE;
        channels = 1;
        break;
    case JCS_CMYK: case JCS_YCCK:
        cinfo.out_color_space = JCS_CMYK;
        channels = 3;
        cmyk = 1;
        break;
    case JCS_YCbCr: case JCS_RGB: case JCS_UNKNOWN:
        if (cinfo.num_components != 3) {
            cth_set_error(error, CTH_ERR_UNSUPPORTED, "JPEG with %d components", cinfo.num_components);
            err.code = CTH_ERR_UNSUPPORTED;
            longjmp(err.jump, 1);
        }
        cinfo.out_color_space = JCS_RGB;
        channels = 3;
        break;
    default:
        cth_set_error(error, CTH_ERR_UNSUPPORTED, "unsupported JPEG colour space %d", (int)cinfo.jpeg_color_space);
        err.code = CTH_ERR_UNSUPPORTED;
        longjmp(err.jump, 1);
    }
    {
        JOCTET *profile = NULL;
        unsigned int profile_length = 0;
        if (jpeg_read_icc_profile(&cinfo, &profile, &profile_length)) icc = profile;
        out->icc_length = icc ? profile_length : 0;
    }

    unsigned int n = cth_jpeg_scale(cinfo.image_width, cinfo.image_height, target_width, target_height);
    cinfo.scale_num = n;
    cinfo.scale_denom = 8;
    cinfo.dct_method = JDCT_ISLOW;
    if (target->planes != NULL) {
        if (!cth_jpeg_is_420(&cinfo)) {
            cth_set_error(error, CTH_ERR_UNSUPPORTED, "not a 4:2:0 Y'CbCr JPEG");
            err.code = CTH_ERR_UNSUPPORTED;
            longjmp(err.jump, 1);
        }
        cinfo.raw_data_out = TRUE;
    }
    jpeg_calc_output_dimensions(&cinfo);
    if (target->planes != NULL) cth_jpeg_plane_layout(&cinfo, target->planes);
    uint64_t bytes = (uint64_t)cinfo.output_width * cinfo.output_height * channels;
    if (bytes == 0 || bytes > (uint64_t)SIZE_MAX) {
        cth_set_error(error, CTH_ERR_CORRUPT, "bad JPEG output size");
        err.code = CTH_ERR_CORRUPT;
        longjmp(err.jump, 1);
    }
    if (target->layout_only) {
        free(icc);
        icc = NULL;
        out->icc_length = 0;
        out->width = cinfo.output_width;
        out->height = cinfo.output_height;
        out->channels = channels;
        out->scale_num = n;
        out->scale_denom = 8;
        jpeg_destroy_decompress(&cinfo);
        return CTH_OK;
    }
    if (target->planes != NULL) {
        for (int k = 0; k < 3; k++) {
            cth_planes *planes = target->planes;
            if (planes->data[k] == NULL || planes->capacity[k] != (size_t)planes->width[k] * planes->height[k]) {
                cth_set_error(error, CTH_ERR_ARGUMENT, "plane %d buffer of %zu bytes", k, planes->capacity[k]);
                err.code = CTH_ERR_ARGUMENT;
                longjmp(err.jump, 1);
            }
        }
        pixels = malloc(cth_jpeg_plane_scratch(&cinfo, target->planes));
        if (pixels == NULL) {
            cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "out of memory for a row of blocks");
            err.code = CTH_ERR_OUT_OF_MEMORY;
            longjmp(err.jump, 1);
        }
        jpeg_start_decompress(&cinfo);
        cth_jpeg_read_planes(&cinfo, target->planes, pixels);
        jpeg_finish_decompress(&cinfo);
        free(pixels);
        out->width = cinfo.output_width;
        out->height = cinfo.output_height;
        out->channels = 3;
        out->icc = icc;
        out->warnings = err.warnings;
        out->scale_num = n;
        out->scale_denom = 8;
        jpeg_destroy_decompress(&cinfo);
        return CTH_OK;
    }
    if (target->pixels != NULL && target->capacity != bytes) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "buffer of %zu bytes for %llu", target->capacity,
                      (unsigned long long)bytes);
        err.code = CTH_ERR_ARGUMENT;
        longjmp(err.jump, 1);
    }
    if (cmyk) {
        /* The pixels become sRGB: the CMYK profile is used here and not carried on. */
        if (icc != NULL) cms = cth_cms_cmyk_open(icc, out->icc_length, cinfo.saw_Adobe_marker, 0);
        free(icc);
        icc = NULL;
        out->icc_length = 0;
    }
    pixels = target->pixels != NULL ? target->pixels : malloc((size_t)bytes);
    if (cmyk) cmyk_row = malloc((size_t)cinfo.output_width * 4);
    if (pixels == NULL || (cmyk && cmyk_row == NULL)) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "out of memory for %llu bytes", (unsigned long long)bytes);
        err.code = CTH_ERR_OUT_OF_MEMORY;
        longjmp(err.jump, 1);
    }

    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)cinfo.output_width * channels;
    while (cinfo.output_scanline < cinfo.output_height) {
        JDIMENSION row = cinfo.output_scanline;
        JSAMPROW into = cmyk ? cmyk_row : (JSAMPROW)(pixels + (size_t)row * stride);
        if (jpeg_read_scanlines(&cinfo, &into, 1) != 1) {
            cth_set_error(error, CTH_ERR_CORRUPT, "JPEG decoder returned no scanline");
            err.code = CTH_ERR_CORRUPT;
            longjmp(err.jump, 1);
        }
        if (cms != NULL) cth_cms_cmyk_convert(cms, cmyk_row, pixels + (size_t)row * stride, cinfo.output_width);
        else if (cmyk) cth_cmyk8_naive(cmyk_row, pixels + (size_t)row * stride, cinfo.output_width, cinfo.saw_Adobe_marker);
    }
    jpeg_finish_decompress(&cinfo);

    out->pixels = target->pixels != NULL ? NULL : pixels;
    out->width = cinfo.output_width;
    out->height = cinfo.output_height;
    out->channels = channels;
    out->icc = icc;
    out->warnings = err.warnings;
    out->scale_num = n;
    out->scale_denom = 8;
    free(cmyk_row);
    cth_cms_cmyk_close(cms);
    jpeg_destroy_decompress(&cinfo);
    return CTH_OK;
}

int32_t cth_jpeg_decode(const uint8_t *data, size_t length, uint32_t target_width, uint32_t target_height,
                        const cth_limits *limits, cth_image *out, cth_error *error) {
    const cth_jpeg_target target = {0, NULL, 0, NULL};
    return cth_jpeg_run(data, length, target_width, target_height, limits, &target, out, error);
}

int32_t cth_jpeg_layout(const uint8_t *data, size_t length, uint32_t target_width, uint32_t target_height,
                        const cth_limits *limits, cth_image *out, cth_error *error) {
    const cth_jpeg_target target = {1, NULL, 0, NULL};
    return cth_jpeg_run(data, length, target_width, target_height, limits, &target, out, error);
}

int32_t cth_jpeg_decode_to(const uint8_t *data, size_t length, uint32_t target_width, uint32_t target_height,
                           const cth_limits *limits, uint8_t *pixels, size_t capacity, cth_image *out,
                           cth_error *error) {
    if (pixels == NULL) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "no pixel buffer");
        return CTH_ERR_ARGUMENT;
    }
    const cth_jpeg_target target = {0, pixels, capacity, NULL};
    return cth_jpeg_run(data, length, target_width, target_height, limits, &target, out, error);
}

int32_t cth_jpeg_planes(const uint8_t *data, size_t length, uint32_t target_width, uint32_t target_height,
                        const cth_limits *limits, cth_planes *planes, cth_image *out, cth_error *error) {
    if (planes == NULL) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "no planes");
        return CTH_ERR_ARGUMENT;
    }
    const cth_jpeg_target target = {planes->data[0] == NULL, NULL, 0, planes};
    return cth_jpeg_run(data, length, target_width, target_height, limits, &target, out, error);
}
