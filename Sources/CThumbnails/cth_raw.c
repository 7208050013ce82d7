/*
 * Camera RAW files through LibRaw (libraw_r, the thread-safe build: every call has its own
 * libraw_data_t). Two jobs: inspecting a file (sizes, LibRaw's flip as an Exif orientation, the
 * embedded JPEG preview), which the header scan and the decoder share, and developing the
 * sensor data when the preview is too small to publish.
 */
#include "cth_private.h"
#include <libraw/libraw.h>

/* LibRaw's flip (dcraw's: bit 0 mirror, bit 1 flip, bit 2 transpose) as an Exif orientation. */
static int32_t cth_raw_orientation(int flip) {
    switch (flip) {
    case 1: return 2;
    case 3: return 3;
    case 2: return 4;
    case 4: return 5;
    case 6: return 6;
    case 7: return 7;
    case 5: return 8;
    default: return 1;
    }
}

/* LibRaw's data errors (a truncated file, a bad tag) are counted, never printed. */
static void cth_raw_data_error(void *data, const char *file, const int offset) {
    (void)file;
    (void)offset;
    if (data != NULL) (*(uint32_t *)data)++;
}

static int32_t cth_raw_fail(int code, cth_error *error, const char *step) {
    int32_t mapped;
    switch (code) {
    case LIBRAW_FILE_UNSUPPORTED:
    case LIBRAW_NOT_IMPLEMENTED: mapped = CTH_ERR_UNSUPPORTED; break;
    case LIBRAW_UNSUFFICIENT_MEMORY: mapped = CTH_ERR_OUT_OF_MEMORY; break;
    case LIBRAW_TOO_BIG: mapped = CTH_ERR_MEMORY_LIMIT; break;
    default: mapped = CTH_ERR_CORRUPT; break;
    }
    cth_set_error(error, mapped, "%s: %s", step, libraw_strerror(code));
    return mapped;
}

/* A LibRaw handle for one call: silent, flip not applied to the output. */
static libraw_data_t *cth_raw_open(uint32_t *warnings, cth_error *error) {
    libraw_data_t *raw = libraw_init(0);
    if (raw == NULL) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "LibRaw: cannot allocate its state");
        return NULL;
    }
    libraw_set_dataerror_handler(raw, cth_raw_data_error, warnings);
    return raw;
}

/* Fills `info` from an opened file: the flip first, before adjust_sizes_info_only resets it. */
static int32_t cth_raw_read_info(libraw_data_t *raw, cth_raw_info *info, cth_error *error) {
    info->orientation = cth_raw_orientation(raw->sizes.flip);
    info->raw_width = raw->sizes.raw_width;
    info->raw_height = raw->sizes.raw_height;
    if (libraw_unpack_thumb(raw) == LIBRAW_SUCCESS && raw->thumbnail.tformat == LIBRAW_THUMBNAIL_JPEG
        && raw->thumbnail.thumb != NULL && raw->thumbnail.tlength > 0) {
        info->preview = malloc(raw->thumbnail.tlength);
        if (info->preview == NULL) {
            cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "LibRaw: no memory for the preview");
            return CTH_ERR_OUT_OF_MEMORY;
        }
        memcpy(info->preview, raw->thumbnail.thumb, raw->thumbnail.tlength);
        info->preview_length = raw->thumbnail.tlength;
    }
    raw->params.user_flip = 0;
    int code = libraw_adjust_sizes_info_only(raw);
    if (code != LIBRAW_SUCCESS) return cth_raw_fail(code, error, "LibRaw sizes");
    info->width = raw->sizes.iwidth;
    info->height = raw->sizes.iheight;
    if (info->width == 0 || info->height == 0) {
        cth_set_error(error, CTH_ERR_CORRUPT, "LibRaw: no image size");
        return CTH_ERR_CORRUPT;
    }
    return CTH_OK;
}

static int32_t cth_raw_inspect_opened(libraw_data_t *raw, int opened, cth_raw_info *info, cth_error *error) {
    int32_t code = opened == LIBRAW_SUCCESS ? cth_raw_read_info(raw, info, error) : cth_raw_fail(opened, error, "LibRaw open");
    libraw_close(raw);
    if (code != CTH_OK) cth_raw_info_release(info);
    return code;
}

int32_t cth_raw_inspect(const uint8_t *data, size_t length, cth_raw_info *info, cth_error *error) {
    if (data == NULL || length == 0 || info == NULL) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "no data");
        return CTH_ERR_ARGUMENT;
    }
    memset(info, 0, sizeof *info);
    uint32_t warnings = 0;
    libraw_data_t *raw = cth_raw_open(&warnings, error);
    if (raw == NULL) return CTH_ERR_OUT_OF_MEMORY;
    /* LibRaw only reads the buffer; its API is not const-qualified. */
    return cth_raw_inspect_opened(raw, libraw_open_buffer(raw, (void *)data, length), info, error);
}

int32_t cth_raw_inspect_file(const char *path, cth_raw_info *info, cth_error *error) {
    if (path == NULL || info == NULL) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "no path");
        return CTH_ERR_ARGUMENT;
    }
    memset(info, 0, sizeof *info);
    uint32_t warnings = 0;
    libraw_data_t *raw = cth_raw_open(&warnings, error);
    if (raw == NULL) return CTH_ERR_OUT_OF_MEMORY;
    return cth_raw_inspect_opened(raw, libraw_open_file(raw, path), info, error);
}

void cth_raw_info_release(cth_raw_info *info) {
    if (info == NULL) return;
    free(info->preview);
    memset(info, 0, sizeof *info);
}

/* Sensor pixels and LibRaw's working memory against the limits, before anything is unpacked. */
static int32_t cth_raw_check_limits(libraw_data_t *raw, const cth_limits *limits, cth_image *out, cth_error *error) {
    uint64_t sensor = (uint64_t)raw->sizes.raw_width * raw->sizes.raw_height;
    uint64_t developed = (uint64_t)raw->sizes.width * raw->sizes.height;
    out->full_width = raw->sizes.width;
    out->full_height = raw->sizes.height;
    if (sensor == 0 || developed == 0) {
        cth_set_error(error, CTH_ERR_CORRUPT, "LibRaw: no image size");
        return CTH_ERR_CORRUPT;
    }
    if (limits->max_pixels > 0 && (sensor > limits->max_pixels || developed > limits->max_pixels)) {
        cth_set_error(error, CTH_ERR_PIXEL_LIMIT, "%ux%u sensor pixels", raw->sizes.raw_width, raw->sizes.raw_height);
        return CTH_ERR_PIXEL_LIMIT;
    }
    uint64_t memory = sensor * 2 + developed * (8 + 3);
    if (limits->max_memory > 0 && memory > limits->max_memory) {
        cth_set_error(error, CTH_ERR_MEMORY_LIMIT, "developing needs about %llu MiB",
                      (unsigned long long)(memory >> 20));
        return CTH_ERR_MEMORY_LIMIT;
    }
    return CTH_OK;
}

static int32_t cth_raw_develop_opened(libraw_data_t *raw, const cth_limits *limits, cth_image *out, cth_error *error) {
    raw->params.use_camera_wb = 1;
    raw->params.output_color = 1; /* sRGB */
    raw->params.output_bps = 8;
    raw->params.half_size = 0;
    raw->params.user_flip = 0;
    /* Not adjust_sizes_info_only: it marks the file as past unpacking, which unpack then refuses. */
    int32_t checked = cth_raw_check_limits(raw, limits, out, error);
    if (checked != CTH_OK) return checked;
    int code;
    if ((code = libraw_unpack(raw)) != LIBRAW_SUCCESS) return cth_raw_fail(code, error, "LibRaw unpack");
    if ((code = libraw_dcraw_process(raw)) != LIBRAW_SUCCESS) return cth_raw_fail(code, error, "LibRaw develop");
    int made = LIBRAW_SUCCESS;
    libraw_processed_image_t *image = libraw_dcraw_make_mem_image(raw, &made);
    if (image == NULL) return cth_raw_fail(made == LIBRAW_SUCCESS ? LIBRAW_UNSPECIFIED_ERROR : made, error, "LibRaw output");
    int32_t result = CTH_OK;
    size_t count = (size_t)image->width * image->height * 3;
    if (image->type != LIBRAW_IMAGE_BITMAP || image->colors != 3 || image->bits != 8 || image->data_size < count) {
        cth_set_error(error, CTH_ERR_UNSUPPORTED, "LibRaw gave %u colours of %u bits", image->colors, image->bits);
        result = CTH_ERR_UNSUPPORTED;
    } else if ((out->pixels = malloc(count)) == NULL) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "no memory for %ux%u pixels", image->width, image->height);
        result = CTH_ERR_OUT_OF_MEMORY;
    } else {
        memcpy(out->pixels, image->data, count);
        out->width = out->full_width = image->width;
        out->height = out->full_height = image->height;
        out->channels = 3;
    }
    libraw_dcraw_clear_mem(image);
    return result;
}

int32_t cth_raw_develop(const uint8_t *data, size_t length, const cth_limits *limits, cth_image *out, cth_error *error) {
    int32_t code = cth_decode_begin(data, length, limits, out, error);
    if (code != CTH_OK) return code;
    uint32_t warnings = 0;
    libraw_data_t *raw = cth_raw_open(&warnings, error);
    if (raw == NULL) return CTH_ERR_OUT_OF_MEMORY;
    int opened = libraw_open_buffer(raw, (void *)data, length);
    code = opened == LIBRAW_SUCCESS ? cth_raw_develop_opened(raw, limits, out, error) : cth_raw_fail(opened, error, "LibRaw open");
    out->warnings = warnings;
    libraw_close(raw);
    return cth_decode_end(code, out);
}
