// libjxl's decoder API (JPEG XL), for the C shim CThumbnails.
#include <jxl/decode.h>
