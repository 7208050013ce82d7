// zlib (Debian's zlib1g-dev, which libpng-dev already brings): Gallery keeps
// rendered pages deflated between their check and their write.
#include <zlib.h>
