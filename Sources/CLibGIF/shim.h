// giflib's decoder (no pkg-config file, hence the plain link directive), for the C shim CThumbnails.
#include <gif_lib.h>
