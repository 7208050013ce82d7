/* CMYK -> sRGB row conversion with lcms2, shared by the JPEG and TIFF decoders; not public. */
#ifndef CTH_CMS_H
#define CTH_CMS_H
#include <stddef.h>
#include <stdint.h>

typedef struct cth_cms_cmyk cth_cms_cmyk;

/*
 * A CMYK -> sRGB transform from an embedded profile, or NULL when there is none, it cannot be
 * read, or it is not a CMYK profile (the caller then converts naively). `inverted`: 255 = no ink
 * (Adobe JPEG); `sixteen_bit`: samples are native-endian uint16.
 */
cth_cms_cmyk *cth_cms_cmyk_open(const uint8_t *icc, size_t icc_length, int inverted, int sixteen_bit);

/* Converts `count` pixels of 4 samples to 3-byte sRGB. */
void cth_cms_cmyk_convert(cth_cms_cmyk *cms, const void *cmyk, uint8_t *rgb, size_t count);

void cth_cms_cmyk_close(cth_cms_cmyk *cms);

/* The naive conversion used without a profile: R = (1 - C)(1 - K) etc., 8-bit samples. */
void cth_cmyk8_naive(const uint8_t *cmyk, uint8_t *rgb, size_t count, int inverted);

#endif
