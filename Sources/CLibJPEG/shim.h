// libjpeg-turbo's API, for the C shim CThumbnails. jpeglib.h needs stdio.h first.
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
