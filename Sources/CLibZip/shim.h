// libzip (Debian's libzip-dev): album downloads are written with it, archives
// built in memory (zip_source_buffer_create + zip_open_from_source) so no
// path in the output folder is ever opened by the library, and `cascade
// audit` reads the entries of ZIPs it finds through it.
#include <zip.h>
