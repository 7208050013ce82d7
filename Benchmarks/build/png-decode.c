/*
 * The floor of decoding one PNG: libpng reads every row of the file named on
 * the command line into memory, with the expansions a renderer needs for
 * 8-bit RGB(A) (palette to RGB, grey below 8 bits to 8, tRNS to alpha, 16
 * bits scaled to 8, interlacing undone) and libpng's default checks (CRCs,
 * zlib's Adler-32), and writes nothing. A PNG has no DCT scale to decode
 * smaller: every implementation inflates the whole image, so this is work no
 * build can skip (Benchmarks/build/floor.sh times it beside djpeg).
 *
 * Build: cc -O2 -o png-decode png-decode.c $(pkg-config --cflags --libs libpng)
 */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: png-decode FILE.png\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) return 1;
    png_bytep pixels = NULL;
    png_bytepp rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        fprintf(stderr, "%s: not a readable PNG\n", argv[1]);
        return 1;
    }
    png_init_io(png, file);
    png_read_info(png, info);
    const int colour = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (colour == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    const png_uint_32 height = png_get_image_height(png, info);
    const size_t stride = png_get_rowbytes(png, info);
    pixels = malloc(stride * height);
    rows = malloc(sizeof(png_bytep) * height);
    if (!pixels || !rows) return 1;
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * stride;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(file);
    free(rows);
    free(pixels);
    return 0;
}
