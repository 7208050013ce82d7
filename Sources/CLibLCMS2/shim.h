// Little CMS 2 (CMYK -> sRGB through an embedded ICC profile), for the C shim CThumbnails.
#include <lcms2.h>
