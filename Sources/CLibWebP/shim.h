// libwebp's decoder and demuxer (animated WebP: first frame), encoder and muxer (ICC profile in
// WebP renditions), for the C shim CThumbnails.
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>
