/*
 * TIFF decoding with libtiff, first page only, from memory (TIFFClientOpenExt over the
 * caller's bytes, no mmap). Error and warning handlers are per file (TIFFOpenOptions), so
 * parallel decodes never share them and libtiff never prints; the process-wide handlers are
 * also silenced once, for the few messages libtiff emits without a file.
 *
 * The page size is checked against the pixel cap before any pixel memory. CMYK pages (8 or
 * 16 bits, contiguous strips) are read scanline by scanline and converted to sRGB through the
 * embedded ICC profile (lcms2), or naively without one. Everything else goes through
 * TIFFRGBAImage with its orientation forced to top-left, so rows come out in stored order and
 * the Orientation tag is applied once, by the caller (libtiff would otherwise only flip, which
 * is wrong for orientations 5-8 and doubled by the caller's turn).
 */
#include "cth_private.h"
#include "cth_cms.h"
#include <pthread.h>
#include <tiffio.h>

typedef struct cth_tiff_context {
    const uint8_t *data;
    size_t length;
    size_t offset;
    cth_error *error;
    int errors;
    uint32_t warnings;
} cth_tiff_context;

static tmsize_t cth_tiff_read(thandle_t handle, void *target, tmsize_t count) {
    cth_tiff_context *context = (cth_tiff_context *)handle;
    if (count <= 0 || context->offset >= context->length) return 0;
    size_t available = context->length - context->offset;
    size_t n = (size_t)count < available ? (size_t)count : available;
    memcpy(target, context->data + context->offset, n);
    context->offset += n;
    return (tmsize_t)n;
}

static tmsize_t cth_tiff_write(thandle_t handle, void *source, tmsize_t count) {
    (void)handle; (void)source; (void)count;
    return 0;
}

static toff_t cth_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    cth_tiff_context *context = (cth_tiff_context *)handle;
    uint64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? context->offset : context->length;
    if (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END) return (toff_t)-1;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    uint64_t target = base + offset;
    if (target > (uint64_t)SIZE_MAX) return (toff_t)-1;
    context->offset = (size_t)target; /* past the end is allowed; reads there return 0 bytes */
    return (toff_t)target;
}

static int cth_tiff_close(thandle_t handle) { (void)handle; return 0; }

static toff_t cth_tiff_size(thandle_t handle) { return (toff_t)((cth_tiff_context *)handle)->length; }

static int cth_tiff_map(thandle_t handle, void **base, toff_t *size) {
    (void)handle; (void)base; (void)size;
    return 0;
}

static void cth_tiff_unmap(thandle_t handle, void *base, toff_t size) { (void)handle; (void)base; (void)size; }

static int cth_tiff_on_error(TIFF *tif, void *user, const char *module, const char *format, va_list args) {
    (void)tif; (void)module;
    cth_tiff_context *context = (cth_tiff_context *)user;
    if (context != NULL && context->errors++ == 0 && context->error != NULL) {
        context->error->code = CTH_ERR_CORRUPT;
        vsnprintf(context->error->message, sizeof context->error->message, format, args);
    }
    return 1; /* handled: the process-wide handler is not called */
}

static int cth_tiff_on_warning(TIFF *tif, void *user, const char *module, const char *format, va_list args) {
    (void)tif; (void)module; (void)format; (void)args;
    cth_tiff_context *context = (cth_tiff_context *)user;
    if (context != NULL) context->warnings += 1;
    return 1;
}

static pthread_once_t cth_tiff_once = PTHREAD_ONCE_INIT;

static void cth_tiff_silence_globals(void) {
    TIFFSetErrorHandler(NULL);
    TIFFSetWarningHandler(NULL);
}

/* The corrupt-data result, with libtiff's first message when it gave one. */
static int32_t cth_tiff_corrupt(cth_tiff_context *context, const char *fallback) {
    if (context->errors == 0) cth_set_error(context->error, CTH_ERR_CORRUPT, "%s", fallback);
    else context->error->code = CTH_ERR_CORRUPT;
    return CTH_ERR_CORRUPT;
}

/* A CMYK page the scanline path converts: 4 samples of 8 or 16 bits, contiguous, in strips. */
static int cth_tiff_is_plain_cmyk(TIFF *tif) {
    uint16_t photometric = 0, samples = 0, bits = 0, planar = PLANARCONFIG_CONTIG, inkset = INKSET_CMYK;
    TIFFGetFieldDefaulted(tif, TIFFTAG_PHOTOMETRIC, &photometric);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &samples);
    TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &planar);
    TIFFGetFieldDefaulted(tif, TIFFTAG_INKSET, &inkset);
    return photometric == PHOTOMETRIC_SEPARATED && inkset == INKSET_CMYK && samples == 4
        && (bits == 8 || bits == 16) && planar == PLANARCONFIG_CONTIG && !TIFFIsTiled(tif);
}

/* CMYK rows -> sRGB (3 channels) into out->pixels; the profile, if used, is not carried on. */
static int32_t cth_tiff_read_cmyk(TIFF *tif, cth_tiff_context *context, const uint8_t *icc, uint32_t icc_length,
                                  cth_image *out) {
    uint16_t bits = 8;
    TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
    uint32_t width = out->full_width, height = out->full_height;
    tmsize_t line_size = TIFFScanlineSize(tif);
    size_t expected = (size_t)width * 4 * (bits / 8);
    if (line_size <= 0 || (size_t)line_size < expected) return cth_tiff_corrupt(context, "bad CMYK scanline size");
    uint8_t *line = malloc((size_t)line_size);
    uint8_t *cmyk8 = bits == 16 ? malloc((size_t)width * 4) : NULL;
    out->pixels = malloc((size_t)width * height * 3);
    cth_cms_cmyk *cms = icc != NULL ? cth_cms_cmyk_open(icc, icc_length, 0, bits == 16) : NULL;
    int32_t code = CTH_OK;
    if (line == NULL || out->pixels == NULL || (bits == 16 && cmyk8 == NULL)) {
        cth_set_error(context->error, CTH_ERR_OUT_OF_MEMORY, "out of memory for a %ux%u image", width, height);
        code = CTH_ERR_OUT_OF_MEMORY;
    }
    for (uint32_t y = 0; code == CTH_OK && y < height; y++) {
        if (TIFFReadScanline(tif, line, y, 0) < 0 || context->errors > 0) {
            code = cth_tiff_corrupt(context, "bad CMYK strip");
            break;
        }
        uint8_t *target = out->pixels + (size_t)y * width * 3;
        if (cms != NULL) {
            cth_cms_cmyk_convert(cms, line, target, width);
            continue;
        }
        const uint8_t *samples = line;
        if (bits == 16) {
            const uint16_t *wide = (const uint16_t *)(const void *)line;
            for (size_t i = 0; i < (size_t)width * 4; i++) cmyk8[i] = (uint8_t)((wide[i] * 255u + 32767u) / 65535u);
            samples = cmyk8;
        }
        cth_cmyk8_naive(samples, target, width, 0);
    }
    cth_cms_cmyk_close(cms);
    free(line);
    free(cmyk8);
    if (code == CTH_OK) out->channels = 3;
    return code;
}

/* Any other layout through TIFFRGBAImage, then packed to 1, 3 or 4 channels (alpha un-premultiplied). */
static int32_t cth_tiff_read_rgba(TIFF *tif, cth_tiff_context *context, cth_image *out) {
    char message[1024] = "";
    if (!TIFFRGBAImageOK(tif, message)) {
        cth_set_error(context->error, CTH_ERR_UNSUPPORTED, "%s", message[0] ? message : "TIFF layout not converted");
        return CTH_ERR_UNSUPPORTED;
    }
    TIFFRGBAImage image;
    if (!TIFFRGBAImageBegin(&image, tif, 1, message)) {
        if (context->errors > 0) return cth_tiff_corrupt(context, message);
        cth_set_error(context->error, CTH_ERR_UNSUPPORTED, "%s", message[0] ? message : "TIFF layout not converted");
        return CTH_ERR_UNSUPPORTED;
    }
    /* Stored row order: the caller applies the Orientation tag (see the file comment). */
    image.req_orientation = ORIENTATION_TOPLEFT;
    image.orientation = ORIENTATION_TOPLEFT;
    uint32_t width = out->full_width, height = out->full_height;
    uint32_t *raster = NULL;
    int32_t code = CTH_OK;
    if (image.width != width || image.height != height) {
        code = cth_tiff_corrupt(context, "TIFF size changed");
    } else if ((raster = malloc((size_t)width * height * 4)) == NULL) {
        cth_set_error(context->error, CTH_ERR_OUT_OF_MEMORY, "out of memory for a %ux%u image", width, height);
        code = CTH_ERR_OUT_OF_MEMORY;
    } else if (!TIFFRGBAImageGet(&image, raster, width, height) || context->errors > 0) {
        code = cth_tiff_corrupt(context, "TIFF image data does not decode");
    }
    int alpha = image.alpha != 0;
    int grey = !alpha && image.samplesperpixel == 1
        && (image.photometric == PHOTOMETRIC_MINISBLACK || image.photometric == PHOTOMETRIC_MINISWHITE);
    TIFFRGBAImageEnd(&image);
    if (code != CTH_OK) {
        free(raster);
        return code;
    }
    uint32_t channels = alpha ? 4 : grey ? 1 : 3;
    uint8_t *bytes = (uint8_t *)raster;
    size_t count = (size_t)width * height;
    /* In place: pixel i's output ends at or before its own 4 input bytes, which are read first. */
    for (size_t i = 0; i < count; i++) {
        uint32_t pixel = raster[i];
        unsigned r = TIFFGetR(pixel), g = TIFFGetG(pixel), b = TIFFGetB(pixel), a = TIFFGetA(pixel);
        uint8_t *target = bytes + i * channels;
        if (channels == 1) {
            target[0] = (uint8_t)r;
        } else if (channels == 3) {
            target[0] = (uint8_t)r; target[1] = (uint8_t)g; target[2] = (uint8_t)b;
        } else {
            if (a == 0) { r = g = b = 0; }
            else if (a < 255) {
                r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
                if (r > 255) r = 255;
                if (g > 255) g = 255;
                if (b > 255) b = 255;
            }
            target[0] = (uint8_t)r; target[1] = (uint8_t)g; target[2] = (uint8_t)b; target[3] = (uint8_t)a;
        }
    }
    uint8_t *packed = channels == 4 ? bytes : realloc(bytes, count * channels);
    out->pixels = packed ? packed : bytes;
    out->channels = channels;
    return CTH_OK;
}

static int32_t cth_tiff_page(TIFF *tif, cth_tiff_context *context, const cth_limits *limits, cth_image *out) {
    uint32_t width = 0, height = 0;
    if (!TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &width) || !TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &height)
        || width == 0 || height == 0)
        return cth_tiff_corrupt(context, "TIFF without a size");
    out->full_width = width;
    out->full_height = height;
    if (limits->max_pixels > 0 && (uint64_t)width * height > limits->max_pixels) {
        cth_set_error(context->error, CTH_ERR_PIXEL_LIMIT, "image is %ux%u", width, height);
        return CTH_ERR_PIXEL_LIMIT;
    }
    if ((uint64_t)width * height > (uint64_t)SIZE_MAX / 8) return cth_tiff_corrupt(context, "bad TIFF size");
    uint32_t icc_length = 0;
    const uint8_t *icc = NULL;
    if (!TIFFGetField(tif, TIFFTAG_ICCPROFILE, &icc_length, &icc) || icc_length == 0) icc = NULL;
    int32_t code;
    if (cth_tiff_is_plain_cmyk(tif)) {
        code = cth_tiff_read_cmyk(tif, context, icc, icc_length, out);
    } else {
        code = cth_tiff_read_rgba(tif, context, out);
        if (code == CTH_OK && icc != NULL && (out->icc = malloc(icc_length)) != NULL) {
            memcpy(out->icc, icc, icc_length);
            out->icc_length = icc_length;
        }
    }
    if (code == CTH_OK) {
        out->width = width;
        out->height = height;
    }
    return code;
}

int32_t cth_tiff_decode(const uint8_t *data, size_t length, const cth_limits *limits, cth_image *out,
                        cth_error *error) {
    int32_t begun = cth_decode_begin(data, length, limits, out, error);
    if (begun != CTH_OK) return begun;
    pthread_once(&cth_tiff_once, cth_tiff_silence_globals);
    cth_tiff_context context;
    memset(&context, 0, sizeof context);
    context.data = data;
    context.length = length;
    context.error = error;
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "libtiff could not start");
        return CTH_ERR_OUT_OF_MEMORY;
    }
    TIFFOpenOptionsSetErrorHandlerExtR(options, cth_tiff_on_error, &context);
    TIFFOpenOptionsSetWarningHandlerExtR(options, cth_tiff_on_warning, &context);
    if (limits->max_memory > 0) TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)limits->max_memory);
    TIFF *tif = TIFFClientOpenExt("memory", "rm", &context, cth_tiff_read, cth_tiff_write, cth_tiff_seek,
                                  cth_tiff_close, cth_tiff_size, cth_tiff_map, cth_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    if (tif == NULL) return cth_tiff_corrupt(&context, "not a readable TIFF");
    int32_t code = cth_tiff_page(tif, &context, limits, out);
    TIFFClose(tif);
    if (code == CTH_OK) {
        out->warnings = context.warnings;
    }
    return cth_decode_end(code, out);
}
