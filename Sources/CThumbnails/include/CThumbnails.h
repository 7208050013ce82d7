#ifndef CTHUMBNAILS_H
#define CTHUMBNAILS_H
/* C shim around libjpeg-turbo and libpng (issue 5). Exposes no library types. */
int cth_version(void);
#endif
