/* The raw Y'CbCr planes of a 4:2:0 JPEG (cth_jpeg_planes.c); private to CThumbnails. */
#ifndef CTH_JPEG_PLANES_H
#define CTH_JPEG_PLANES_H
#include "cth_private.h"
#include <jpeglib.h>

/* True for three Y'CbCr components, the luma sampled 2x2 and each chroma 1x1 (4:2:0). */
int cth_jpeg_is_420(const struct jpeg_decompress_struct *cinfo);
/* The planes' stride, rows, width and height at the scale chosen (after jpeg_calc_output_dimensions). */
void cth_jpeg_plane_layout(const struct jpeg_decompress_struct *cinfo, cth_planes *planes);
/* The bytes of scratch cth_jpeg_read_planes needs: one iMCU row of each plane. */
size_t cth_jpeg_plane_scratch(const struct jpeg_decompress_struct *cinfo, const cth_planes *planes);
/* Reads every iMCU row (after jpeg_start_decompress, raw_data_out set) into the caller's packed
   planes; errors go through the decoder's error manager (longjmp). */
void cth_jpeg_read_planes(struct jpeg_decompress_struct *cinfo, cth_planes *planes, uint8_t *scratch);

#endif
