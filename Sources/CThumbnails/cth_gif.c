/*
 * GIF decoding with giflib, first frame only, read record by record (not DGifSlurp, which
 * would decode every frame of an animation into memory); the records after it are walked to
 * the trailer, undecoded, so a file cut after its first frame is corrupt, not a still. The logical screen is the image:
 * it is checked against the pixel cap before the canvas is allocated, and the first frame's
 * own size before its LZW data is read (a tiny file can claim a 65535x65535 frame). The frame
 * is composited at its offset onto a transparent canvas, clipped to the screen, with
 * interlaced rows put back in order; the graphic control extension's transparent index
 * becomes alpha 0. A GIF with no colour table at all shows its indices as grey levels.
 * giflib keeps no global state and reports errors as codes.
 */
#include "cth_private.h"
#include <gif_lib.h>

typedef struct cth_gif_source {
    const uint8_t *data;
    size_t length;
    size_t offset;
} cth_gif_source;

static int cth_gif_read(GifFileType *gif, GifByteType *target, int count) {
    cth_gif_source *source = (cth_gif_source *)gif->UserData;
    if (count <= 0) return 0;
    size_t available = source->length - source->offset;
    size_t n = (size_t)count < available ? (size_t)count : available;
    memcpy(target, source->data + source->offset, n);
    source->offset += n;
    return (int)n;
}

static int32_t cth_gif_fail(GifFileType *gif, cth_error *error, const char *what) {
    const char *text = GifErrorString(gif->Error);
    cth_set_error(error, CTH_ERR_CORRUPT, "%s: %s", what, text ? text : "giflib error");
    return CTH_ERR_CORRUPT;
}

/* Skips an extension's sub-blocks; reads the transparent index from a graphic control block. */
static int32_t cth_gif_extension(GifFileType *gif, int *transparent, cth_error *error) {
    int function = 0;
    GifByteType *block = NULL;
    if (DGifGetExtension(gif, &function, &block) == GIF_ERROR) return cth_gif_fail(gif, error, "bad extension");
    if (function == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4)
        *transparent = (block[1] & 0x01) ? block[4] : -1;
    /* Every call consumes a sub-block, so this ends at the terminator or the end of the data. */
    while (block != NULL) {
        if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return cth_gif_fail(gif, error, "bad extension");
    }
    return CTH_OK;
}

/* Reads the frame described by gif->Image onto the canvas (screen-sized RGBA). */
static int32_t cth_gif_frame(GifFileType *gif, int transparent, const cth_limits *limits, uint8_t *canvas,
                             cth_error *error) {
    const GifImageDesc *desc = &gif->Image;
    /* The frame's own table, else the global one; with neither (bit 7 of the screen's and the
     * frame's flags both clear) the GIF spec leaves the colours to the decoder, and each index
     * is shown as that grey level, as Pillow reads such a file. */
    const ColorMapObject *map = desc->ColorMap ? desc->ColorMap : gif->SColorMap;
    if (map != NULL && (map->Colors == NULL || map->ColorCount <= 0)) map = NULL;
    if (desc->Width <= 0 || desc->Height <= 0) {
        cth_set_error(error, CTH_ERR_CORRUPT, "GIF frame of %dx%d", desc->Width, desc->Height);
        return CTH_ERR_CORRUPT;
    }
    if (limits->max_pixels > 0 && (uint64_t)desc->Width * (uint64_t)desc->Height > limits->max_pixels) {
        cth_set_error(error, CTH_ERR_PIXEL_LIMIT, "GIF frame is %dx%d", desc->Width, desc->Height);
        return CTH_ERR_PIXEL_LIMIT;
    }
    GifPixelType *line = malloc((size_t)desc->Width);
    if (line == NULL) {
        cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "out of memory for a GIF row");
        return CTH_ERR_OUT_OF_MEMORY;
    }
    static const int starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
    const int passes = desc->Interlace ? 4 : 1;
    const size_t screen_width = (size_t)gif->SWidth, screen_height = (size_t)gif->SHeight;
    for (int pass = 0; pass < passes; pass++) {
        int start = desc->Interlace ? starts[pass] : 0, step = desc->Interlace ? steps[pass] : 1;
        for (int y = start; y < desc->Height; y += step) {
            if (DGifGetLine(gif, line, desc->Width) == GIF_ERROR) {
                free(line);
                return cth_gif_fail(gif, error, "bad image data");
            }
            size_t row = (size_t)desc->Top + (size_t)y;
            if (row >= screen_height) continue;
            uint8_t *target = canvas + row * screen_width * 4;
            for (int x = 0; x < desc->Width; x++) {
                size_t column = (size_t)desc->Left + (size_t)x;
                if (column >= screen_width) break;
                int index = line[x];
                if (index == transparent) continue;
                uint8_t *pixel = target + column * 4;
                if (map == NULL) {
                    pixel[0] = pixel[1] = pixel[2] = (uint8_t)index;
                } else if (index < map->ColorCount) {
                    pixel[0] = map->Colors[index].Red;
                    pixel[1] = map->Colors[index].Green;
                    pixel[2] = map->Colors[index].Blue;
                } else {
                    pixel[0] = pixel[1] = pixel[2] = 0; /* an index past the table: black, as browsers show it */
                }
                pixel[3] = 255;
            }
        }
    }
    free(line);
    return CTH_OK;
}

/* The error for a GIF whose records stop before its trailer: after `frames` whole frames, or
 * inside the next one when `inside_frame`. */
static int32_t cth_gif_cut(GifFileType *gif, cth_error *error, int frames, int inside_frame) {
    if (gif->Error == D_GIF_ERR_READ_FAILED && inside_frame) {
        cth_set_error(error, CTH_ERR_CORRUPT, "the file ends inside frame %d (cut short)", frames + 1);
        return CTH_ERR_CORRUPT;
    }
    if (gif->Error == D_GIF_ERR_READ_FAILED) {
        cth_set_error(error, CTH_ERR_CORRUPT, "the file ends after %d frame%s, before the GIF trailer (cut short)",
                      frames, frames == 1 ? "" : "s");
        return CTH_ERR_CORRUPT;
    }
    const char *text = GifErrorString(gif->Error);
    cth_set_error(error, CTH_ERR_CORRUPT, "after frame %d: %s", frames, text ? text : "giflib error");
    return CTH_ERR_CORRUPT;
}

/*
 * Walks the records after the first frame up to the trailer (0x3B) without decoding a pixel:
 * each extension's and frame's sub-blocks are skipped by their lengths (DGifGetCode hands the
 * LZW data over undecoded). The first frame alone may look whole while the file was cut after
 * it (a download stopped, a copy to a full disk): such a GIF is corrupt, not a still image.
 */
static int32_t cth_gif_rest(GifFileType *gif, cth_error *error) {
    int frames = 1;
    for (;;) {
        GifRecordType type = UNDEFINED_RECORD_TYPE;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) return cth_gif_cut(gif, error, frames, 0);
        if (type == TERMINATE_RECORD_TYPE) return CTH_OK;
        GifByteType *block = NULL;
        if (type == EXTENSION_RECORD_TYPE) {
            int function = 0;
            if (DGifGetExtension(gif, &function, &block) == GIF_ERROR) return cth_gif_cut(gif, error, frames, 0);
            while (block != NULL) {
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return cth_gif_cut(gif, error, frames, 0);
            }
        } else if (type == IMAGE_DESC_RECORD_TYPE) {
            int code_size = 0;
            if (DGifGetImageDesc(gif) == GIF_ERROR || DGifGetCode(gif, &code_size, &block) == GIF_ERROR)
                return cth_gif_cut(gif, error, frames, 1);
            while (block != NULL) {
                if (DGifGetCodeNext(gif, &block) == GIF_ERROR) return cth_gif_cut(gif, error, frames, 1);
            }
            frames++;
        } else {
            cth_set_error(error, CTH_ERR_CORRUPT, "after frame %d: a record of unknown type", frames);
            return CTH_ERR_CORRUPT;
        }
    }
}

/* Walks records up to the first image and decodes it into out (canvas already checked). */
static int32_t cth_gif_first_frame(GifFileType *gif, const cth_limits *limits, cth_image *out, cth_error *error) {
    int transparent = -1;
    for (;;) {
        GifRecordType type = UNDEFINED_RECORD_TYPE;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) return cth_gif_fail(gif, error, "bad record");
        if (type == EXTENSION_RECORD_TYPE) {
            int32_t code = cth_gif_extension(gif, &transparent, error);
            if (code != CTH_OK) return code;
        } else if (type == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) == GIF_ERROR) return cth_gif_fail(gif, error, "bad image descriptor");
            size_t bytes = (size_t)out->full_width * out->full_height * 4;
            out->pixels = calloc(bytes, 1);
            if (out->pixels == NULL) {
                cth_set_error(error, CTH_ERR_OUT_OF_MEMORY, "out of memory for %zu bytes", bytes);
                return CTH_ERR_OUT_OF_MEMORY;
            }
            return cth_gif_frame(gif, transparent, limits, out->pixels, error);
        } else {
            cth_set_error(error, CTH_ERR_CORRUPT, "GIF has no image");
            return CTH_ERR_CORRUPT;
        }
    }
}

int32_t cth_gif_decode(const uint8_t *data, size_t length, const cth_limits *limits, cth_image *out,
                       cth_error *error) {
    int32_t begun = cth_decode_begin(data, length, limits, out, error);
    if (begun != CTH_OK) return begun;
    cth_gif_source source = {data, length, 0};
    int open_error = 0;
    GifFileType *gif = DGifOpen(&source, cth_gif_read, &open_error);
    if (gif == NULL) {
        const char *text = GifErrorString(open_error);
        int32_t code = open_error == D_GIF_ERR_NOT_ENOUGH_MEM ? CTH_ERR_OUT_OF_MEMORY : CTH_ERR_CORRUPT;
        cth_set_error(error, code, "%s", text ? text : "not a GIF");
        return code;
    }
    int32_t code = CTH_OK;
    if (gif->SWidth <= 0 || gif->SHeight <= 0) {
        code = CTH_ERR_CORRUPT;
        cth_set_error(error, code, "GIF screen of %dx%d", gif->SWidth, gif->SHeight);
    } else {
        out->full_width = (uint32_t)gif->SWidth;
        out->full_height = (uint32_t)gif->SHeight;
        if (limits->max_pixels > 0 && (uint64_t)out->full_width * out->full_height > limits->max_pixels) {
            code = CTH_ERR_PIXEL_LIMIT;
            cth_set_error(error, code, "image is %ux%u", out->full_width, out->full_height);
        } else {
            code = cth_gif_first_frame(gif, limits, out, error);
            if (code == CTH_OK) code = cth_gif_rest(gif, error);
        }
    }
    int close_error = 0;
    DGifCloseFile(gif, &close_error);
    if (code == CTH_OK) {
        out->width = out->full_width;
        out->height = out->full_height;
        out->channels = 4;
    }
    return cth_decode_end(code, out);
}
