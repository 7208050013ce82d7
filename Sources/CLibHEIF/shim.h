// libheif's API (HEIF/HEIC and AVIF; HEVC through libde265, AV1 through libaom/dav1d), for the C shim CThumbnails.
#include <libheif/heif.h>
