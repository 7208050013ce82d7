#include "cth_private.h"

void cth_free(void *pointer) { free(pointer); }

void cth_image_release(cth_image *image) {
    if (image == NULL) return;
    free(image->pixels);
    free(image->icc);
    image->pixels = NULL;
    image->icc = NULL;
    image->icc_length = 0;
}
