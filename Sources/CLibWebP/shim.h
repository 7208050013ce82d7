// libwebp's decoder and demuxer (animated WebP: first frame), for the C shim CThumbnails.
#include <webp/decode.h>
#include <webp/demux.h>
