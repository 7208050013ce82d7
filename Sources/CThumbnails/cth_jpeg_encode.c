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

/* The setjmp lives here, and `dest` belongs to the caller, so its buffer pointer is well defined after a longjmp. */
static int32_t cth_jpeg_encode_into(cth_destination *destination, const uint8_t *pixels, uint32_t width, uint32_t height,
                                    uint32_t channels, int32_t quality, const uint8_t *icc, size_t icc_length,
                                    cth_error *error) {
    struct jpeg_compress_struct cinfo;
    cth_encode_error err;
    memset(&err, 0, sizeof err);
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = cth_encode_error_exit;
    err.pub.output_message = cth_encode_output_message;
    err.error = error;
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
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
    cinfo.in_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (channels == 3 && quality >= 90) {
        cinfo.comp_info[0].h_samp_factor = 1;
        cinfo.comp_info[0].v_samp_factor = 1;
    }
    cinfo.dct_method = JDCT_ISLOW;
    cinfo.optimize_coding = TRUE;
    jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (icc != NULL && icc_length > 0 && icc_length <= 0xFFFFFFFFu)
        jpeg_write_icc_profile(&cinfo, icc, (unsigned int)icc_length);
    size_t stride = (size_t)width * channels;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
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
    int32_t code = cth_jpeg_encode_into(&destination, pixels, width, height, channels, quality, icc, icc_length, error);
    if (code != CTH_OK) {
        free(destination.buffer.bytes);
        return code;
    }
    *out = destination.buffer.bytes;
    *out_length = destination.buffer.length;
    return CTH_OK;
}
