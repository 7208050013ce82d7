/*
 * CMYK to sRGB with Little CMS 2, through the file's own ICC profile: CMYK numbers mean
 * nothing without the press they were made for, so the naive formula (kept as the fallback
 * for files with no profile) gets saturated colours visibly wrong. Perceptual intent, the one
 * profiles are built to serve for display. The output is sRGB and carries no profile.
 *
 * Each transform has its own lcms2 context with a silent error handler, so threads share
 * nothing and a hostile profile is a NULL transform (fallback), never a message or an abort.
 */
#include "cth_private.h"
#include "cth_cms.h"
#include <lcms2.h>

struct cth_cms_cmyk {
    cmsContext context;
    cmsHTRANSFORM transform;
};

static void cth_cms_silent(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context; (void)code; (void)text;
}

cth_cms_cmyk *cth_cms_cmyk_open(const uint8_t *icc, size_t icc_length, int inverted, int sixteen_bit) {
    if (icc == NULL || icc_length < 132 || icc_length > 0x7fffffffu) return NULL;
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (context == NULL) return NULL;
    cmsSetLogErrorHandlerTHR(context, cth_cms_silent);
    cmsHPROFILE input = cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)icc_length);
    cmsHPROFILE output = cmsCreate_sRGBProfileTHR(context);
    cmsHTRANSFORM transform = NULL;
    if (input != NULL && output != NULL && cmsGetColorSpace(input) == cmsSigCmykData) {
        cmsUInt32Number format = sixteen_bit ? (inverted ? TYPE_CMYK_16_REV : TYPE_CMYK_16)
                                             : (inverted ? TYPE_CMYK_8_REV : TYPE_CMYK_8);
        transform = cmsCreateTransformTHR(context, input, format, output, TYPE_RGB_8, INTENT_PERCEPTUAL, 0);
    }
    if (input != NULL) cmsCloseProfile(input);
    if (output != NULL) cmsCloseProfile(output);
    if (transform == NULL) {
        cmsDeleteContext(context);
        return NULL;
    }
    cth_cms_cmyk *cms = malloc(sizeof *cms);
    if (cms == NULL) {
        cmsDeleteTransform(transform);
        cmsDeleteContext(context);
        return NULL;
    }
    cms->context = context;
    cms->transform = transform;
    return cms;
}

void cth_cms_cmyk_convert(cth_cms_cmyk *cms, const void *cmyk, uint8_t *rgb, size_t count) {
    /* cmsDoTransform takes a 32-bit count: convert in pieces. */
    const size_t piece = 1u << 20;
    size_t sample_bytes = T_BYTES(cmsGetTransformInputFormat(cms->transform));
    const uint8_t *source = cmyk;
    for (size_t done = 0; done < count; done += piece) {
        size_t n = count - done < piece ? count - done : piece;
        cmsDoTransform(cms->transform, source + done * 4 * sample_bytes, rgb + done * 3, (cmsUInt32Number)n);
    }
}

void cth_cms_cmyk_close(cth_cms_cmyk *cms) {
    if (cms == NULL) return;
    cmsDeleteTransform(cms->transform);
    cmsDeleteContext(cms->context);
    free(cms);
}

void cth_cmyk8_naive(const uint8_t *cmyk, uint8_t *rgb, size_t count, int inverted) {
    for (size_t x = 0; x < count; x++) {
        unsigned c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgb[3 * x] = (uint8_t)((c * k + 127) / 255);
        rgb[3 * x + 1] = (uint8_t)((m * k + 127) / 255);
        rgb[3 * x + 2] = (uint8_t)((y * k + 127) / 255);
    }
}

int32_t cth_cms_cmyk_to_srgb(const uint8_t *icc, size_t icc_length, const uint8_t *cmyk, size_t count,
                             int32_t inverted, uint8_t *rgb, cth_error *error) {
    if (icc == NULL || cmyk == NULL || rgb == NULL) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "no profile or pixels");
        return CTH_ERR_ARGUMENT;
    }
    cth_cms_cmyk *cms = cth_cms_cmyk_open(icc, icc_length, inverted != 0, 0);
    if (cms == NULL) {
        cth_set_error(error, CTH_ERR_UNSUPPORTED, "not a usable CMYK ICC profile");
        return CTH_ERR_UNSUPPORTED;
    }
    cth_cms_cmyk_convert(cms, cmyk, rgb, count);
    cth_cms_cmyk_close(cms);
    return CTH_OK;
}
