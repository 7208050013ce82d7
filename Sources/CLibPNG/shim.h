// libpng's API, for the C shim CThumbnails.
#include <png.h>
