#include "CThumbnails.h"
int cth_version(void) { return 0; }
