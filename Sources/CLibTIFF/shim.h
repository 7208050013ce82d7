// libtiff's API, for the C shim CThumbnails.
#include <tiffio.h>
