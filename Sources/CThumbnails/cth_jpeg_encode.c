/*
 * JPEG encoding with libjpeg-turbo: progressive, optimised Huffman tables, JFIF APP0 and an
 * optional ICC profile (APP2) — no other metadata, so no EXIF, no GPS and no orientation tag.
 */
#include "cth_private.h"
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>

typedef struct cth_encode_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    cth_error *error;
} cth_encode_error;

typedef struct cth_destination {
    struct jpeg_destination_mgr pub;
    cth_buffer buffer;
} cth_destination;

static void cth_encode_error_exit(j_common_ptr cinfo) {
    cth_encode_error *err = (cth_encode_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    cth_set_error(err->error, CTH_ERR_CORRUPT, "JPEG encoder: %s", text);
    longjmp(err->jump, 1);
}

static void cth_encode_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void cth_destination_init(j_compress_ptr cinfo) {
    cth_destination *dest = (cth_destination *)cinfo->dest;
    if (!cth_buffer_reserve(&dest->buffer, 65536)) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 1);
    dest->pub.next_output_byte = dest->buffer.bytes;
    dest->pub.free_in_buffer = dest->buffer.capacity;
}

/* Called when the whole buffer is full: keep it all and double the room. */
static boolean cth_destination_empty(j_compress_ptr cinfo) {
    cth_destination *dest = (cth_destination *)cinfo->dest;
    dest->buffer.length = dest->buffer.capacity;
    if (!cth_buffer_reserve(&dest->buffer, dest->buffer.capacity)) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 2);
    dest->pub.next_output_byte = dest->buffer.bytes + dest->buffer.length;
    dest->pub.free_in_buffer = dest->buffer.capacity - dest->buffer.length;
    return TRUE;
}

static void cth_destination_term(j_compress_ptr cinfo) {
    cth_destination *dest = (cth_destination *)cinfo->dest;
    dest->buffer.length = dest->buffer.capacity - dest->pub.free_in_buffer;
}

/* Writes Y'CbCr planes (luma width x height, chroma (width+1)/2 x (height+1)/2) a whole iMCU row
   (16 luma rows, 8 chroma) at a time through `scratch`: libjpeg reads whole blocks, so each row is
   copied out with its last sample repeated to the padded width, and rows past the bottom repeat
   the last, as libjpeg's own downsampler pads RGB input. */
static void cth_jpeg_write_planes(j_compress_ptr cinfo, const uint8_t *const planes[3], uint8_t *scratch) {
    JSAMPROW rows[3][16];
    JSAMPARRAY arrays[3] = {rows[0], rows[1], rows[2]};
    uint32_t width[3], height[3], padded[3];
    uint8_t *at = scratch;
    for (int k = 0; k < 3; k++) {
        width[k] = k == 0 ? cinfo->image_width : (cinfo->image_width + 1) / 2;
        height[k] = k == 0 ? cinfo->image_height : (cinfo->image_height + 1) / 2;
        padded[k] = (uint32_t)cinfo->comp_info[k].width_in_blocks * DCTSIZE;
        for (int i = 0; i < (k == 0 ? 16 : 8); i++) { rows[k][i] = at; at += padded[k]; }
    }
    while (cinfo->next_scanline < cinfo->image_height) {
        for (int k = 0; k < 3; k++) {
            const uint32_t count = k == 0 ? 16 : 8, first = k == 0 ? cinfo->next_scanline : cinfo->next_scanline / 2;
            for (uint32_t i = 0; i < count; i++) {
                const uint32_t y = first + i < height[k] ? first + i : height[k] - 1;
                const uint8_t *from = planes[k] + (size_t)y * width[k];
                memcpy(rows[k][i], from, width[k]);
                memset(rows[k][i] + width[k], from[width[k] - 1], padded[k] - width[k]);
            }
        }
        jpeg_write_raw_data(cinfo, arrays, 16);
    }
}

/* The setjmp lives here, and `dest` belongs to the caller, so its buffer pointer is well defined after a longjmp.
   `planes` (Y'CbCr, 4:2:0) replaces `pixels` when given. */
static int32_t cth_jpeg_encode_into(cth_destination *destination, const uint8_t *pixels, const uint8_t *const *planes,
                                    uint32_t width, uint32_t height,
                                    uint32_t channels, int32_t quality, const uint8_t *icc, size_t icc_length,
                                    cth_error *error) {
    uint8_t *volatile scratch = NULL;
    struct jpeg_compress_struct cinfo;
    cth_encode_error err;
    memset(&err, 0, sizeof err);
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = cth_encode_error_exit;
    err.pub.output_message = cth_encode_output_message;
    err.error = error;
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(scratch);
        return CTH_ERR_CORRUPT;
    }
    jpeg_create_compress(&cinfo);
    destination->pub.init_destination = cth_destination_init;
    destination->pub.empty_output_buffer = cth_destination_empty;
    destination->pub.term_destination = cth_destination_term;
    cinfo.dest = &destination->pub;

    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = (int)channels;
    cinfo.in_color_space = channels == 1 ? JCS_GRAYSCALE : planes != NULL ? JCS_YCbCr : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (channels == 3 && quality >= 90) {
        cinfo.comp_info[0].h_samp_factor = 1;
        cinfo.comp_info[0].v_samp_factor = 1;
    }
    cinfo.dct_method = JDCT_ISLOW;
    cinfo.optimize_coding = TRUE;
    cinfo.raw_data_in = planes != NULL;
    jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (icc != NULL && icc_length > 0 && icc_length <= 0xFFFFFFFFu)
        jpeg_write_icc_profile(&cinfo, icc, (unsigned int)icc_length);
    if (planes != NULL) {
        const size_t luma = (size_t)cinfo.comp_info[0].width_in_blocks * DCTSIZE;
        const size_t chroma = (size_t)cinfo.comp_info[1].width_in_blocks * DCTSIZE;
        scratch = malloc(16 * luma + 16 * chroma);
        if (scratch == NULL) ERREXIT1(&cinfo, JERR_OUT_OF_MEMORY, 3);
        cth_jpeg_write_planes(&cinfo, planes, scratch);
    } else {
        size_t stride = (size_t)width * channels;
        while (cinfo.next_scanline < cinfo.image_height) {
            JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
            jpeg_write_scanlines(&cinfo, &row, 1);
        }
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(scratch);
    return CTH_OK;
}

int32_t cth_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                        int32_t quality, const uint8_t *icc, size_t icc_length,
                        uint8_t **out, size_t *out_length, cth_error *error) {
    if (pixels == NULL || out == NULL || out_length == NULL || width == 0 || height == 0
        || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION
        || (channels != 1 && channels != 3) || quality < 1 || quality > 100) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "bad JPEG encoder arguments");
        return CTH_ERR_ARGUMENT;
    }
    cth_destination destination;
    memset(&destination, 0, sizeof destination);
    int32_t code = cth_jpeg_encode_into(&destination, pixels, NULL, width, height, channels, quality, icc, icc_length, error);
    if (code != CTH_OK) {
        free(destination.buffer.bytes);
        return code;
    }
    *out = destination.buffer.bytes;
    *out_length = destination.buffer.length;
    return CTH_OK;
}

int32_t cth_jpeg_encode_planes(const uint8_t *luma, const uint8_t *blue, const uint8_t *red,
                               uint32_t width, uint32_t height, int32_t quality,
                               const uint8_t *icc, size_t icc_length,
                               uint8_t **out, size_t *out_length, cth_error *error) {
    if (luma == NULL || blue == NULL || red == NULL || out == NULL || out_length == NULL || width == 0 || height == 0
        || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION || quality < 1 || quality >= 90) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "bad JPEG plane encoder arguments");
        return CTH_ERR_ARGUMENT;
    }
    const uint8_t *const planes[3] = {luma, blue, red};
    cth_destination destination;
    memset(&destination, 0, sizeof destination);
    int32_t code = cth_jpeg_encode_into(&destination, NULL, planes, width, height, 3, quality, icc, icc_length, error);
    if (code != CTH_OK) {
        free(destination.buffer.bytes);
        return code;
    }
    *out = destination.buffer.bytes;
    *out_length = destination.buffer.length;
    return CTH_OK;
}
