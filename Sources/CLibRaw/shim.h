// LibRaw's C API, thread-safe build (libraw_r: renditions are made on several threads), for the
// C shim CThumbnails. No pkg-config: libraw_r's .pc adds -fopenmp, which SwiftPM refuses with a
// warning on every build; the header is in /usr/include/libraw and the library links as raw_r.
#include <libraw/libraw.h>
