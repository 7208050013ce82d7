// Little CMS 2 (ICC profiles and colour transforms), for the C shim CThumbnails.
#include <lcms2.h>
