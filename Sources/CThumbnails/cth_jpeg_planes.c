/*
 * The raw Y'CbCr side of the JPEG decoder (cth_jpeg_planes, called from
 * cth_jpeg_run in cth_jpeg_decode.c, which owns the error handling): which
 * JPEGs it serves, the planes' layout at a DCT scale, and the read.
 */
#include "cth_jpeg_planes.h"
#include <jerror.h>

/* True for the layout cth_jpeg_planes serves: three Y'CbCr components, the
   luma sampled 2x2 and each chroma 1x1 (4:2:0, what cameras and phones write). */
int cth_jpeg_is_420(const struct jpeg_decompress_struct *cinfo) {
    const jpeg_component_info *c = cinfo->comp_info;
    return cinfo->jpeg_color_space == JCS_YCbCr && cinfo->num_components == 3
        && c[0].h_samp_factor == 2 && c[0].v_samp_factor == 2
        && c[1].h_samp_factor == 1 && c[1].v_samp_factor == 1
        && c[2].h_samp_factor == 1 && c[2].v_samp_factor == 1;
}

/* The planes' sizes for the scale chosen: libjpeg writes whole blocks of
   whole iMCU rows (stride x rows), of which width x height are the image. */
void cth_jpeg_plane_layout(const struct jpeg_decompress_struct *cinfo, cth_planes *planes) {
    const unsigned int mcu_columns = (cinfo->image_width + 8 * (unsigned)cinfo->max_h_samp_factor - 1)
                                     / (8 * (unsigned)cinfo->max_h_samp_factor);
    for (int k = 0; k < 3; k++) {
        const jpeg_component_info *c = &cinfo->comp_info[k];
        const unsigned int size = (unsigned)c->DCT_scaled_size;
        planes->stride[k] = mcu_columns * (unsigned)c->h_samp_factor * size;
        planes->rows[k] = cinfo->total_iMCU_rows * (unsigned)c->v_samp_factor * size;
        planes->width[k] = c->downsampled_width;
        planes->height[k] = c->downsampled_height;
    }
}

/* Reads the raw planes an iMCU row at a time into `scratch` (whole blocks:
   stride x rows_per_iMCU bytes per plane) and copies each image row to the
   caller's packed width x height planes. */
void cth_jpeg_read_planes(struct jpeg_decompress_struct *cinfo, cth_planes *planes, uint8_t *scratch) {
    JSAMPROW rows[3][32];
    JSAMPARRAY arrays[3] = {rows[0], rows[1], rows[2]};
    unsigned int counts[3];
    uint8_t *at = scratch;
    for (int k = 0; k < 3; k++) {
        const jpeg_component_info *c = &cinfo->comp_info[k];
        counts[k] = (unsigned)(c->v_samp_factor * c->DCT_scaled_size);
        if (counts[k] > 32) ERREXIT(cinfo, JERR_NOT_COMPILED);
        for (unsigned int i = 0; i < counts[k]; i++) { rows[k][i] = at; at += planes->stride[k]; }
    }
    const JDIMENSION lines = (JDIMENSION)(cinfo->max_v_samp_factor * cinfo->min_DCT_scaled_size);
    for (unsigned int imcu = 0; cinfo->output_scanline < cinfo->output_height; imcu++) {
        if (jpeg_read_raw_data(cinfo, arrays, lines) == 0) ERREXIT(cinfo, JERR_INPUT_EOF);
        for (int k = 0; k < 3; k++)
            for (unsigned int i = 0; i < counts[k]; i++) {
                const size_t y = (size_t)imcu * counts[k] + i;
                if (y < planes->height[k])
                    memcpy(planes->data[k] + y * planes->width[k], rows[k][i], planes->width[k]);
            }
    }
}

/* The scratch cth_jpeg_read_planes needs: one iMCU row of each plane. */
size_t cth_jpeg_plane_scratch(const struct jpeg_decompress_struct *cinfo, const cth_planes *planes) {
    size_t bytes = 0;
    for (int k = 0; k < 3; k++)
        bytes += (size_t)planes->stride[k] * (size_t)(cinfo->comp_info[k].v_samp_factor * cinfo->comp_info[k].DCT_scaled_size);
    return bytes;
}

