// Little CMS 2 (ICC profiles and colour transforms: CMYK -> sRGB, nclx -> ICC), for the C shim CThumbnails.
#include <lcms2.h>
