/*
 * Writes two ICC profiles for the format fixtures (make-formats.sh), with lcms2:
 *   cmyk-test.icc  a small CMYK profile (A2B0 only, 5-point grid) whose colours are the naive
 *                  CMYK -> RGB formula with red and blue swapped, so a test can tell a
 *                  conversion through the profile (CMYK 0/255/255/0 -> blue) from the naive
 *                  fallback (-> red);
 *   srgb.icc       lcms2's built-in sRGB, the target for ImageMagick's reference conversion.
 * Build: cc make-cmyk-profile.c -llcms2 -o make-cmyk-profile
 */
#include <lcms2.h>
#include <stdio.h>

static cmsHTRANSFORM srgb_to_lab;

/* Saves `profile` with a fixed creation date (2026-01-01; lcms2 writes the current time), so
   the fixtures are the same on every run. Returns 0 on failure. */
static int save(cmsHPROFILE profile, const char *path) {
    cmsUInt32Number length = 0;
    static unsigned char bytes[65536];
    if (!cmsSaveProfileToMem(profile, NULL, &length) || length > sizeof bytes
        || !cmsSaveProfileToMem(profile, bytes, &length)) return 0;
    static const unsigned char date[12] = {0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 12; i++) bytes[24 + i] = date[i];
    FILE *file = fopen(path, "wb");
    if (file == NULL) return 0;
    int ok = fwrite(bytes, 1, length, file) == length;
    return fclose(file) == 0 && ok;
}

static int sample(const cmsUInt16Number in[], cmsUInt16Number out[], void *cargo) {
    (void)cargo;
    double c = in[0] / 65535.0, m = in[1] / 65535.0, y = in[2] / 65535.0, k = in[3] / 65535.0;
    double rgb[3] = {(1 - y) * (1 - k), (1 - m) * (1 - k), (1 - c) * (1 - k)}; /* R and B swapped */
    cmsCIELab lab;
    cmsDoTransform(srgb_to_lab, rgb, &lab, 1);
    cmsFloat2LabEncoded(out, &lab);
    return 1;
}

int main(void) {
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    cmsHPROFILE lab = cmsCreateLab4Profile(NULL);
    srgb_to_lab = cmsCreateTransform(srgb, TYPE_RGB_DBL, lab, TYPE_Lab_DBL, INTENT_RELATIVE_COLORIMETRIC, 0);
    if (!srgb_to_lab) return 1;

    cmsHPROFILE cmyk = cmsCreateProfilePlaceholder(NULL);
    cmsSetProfileVersion(cmyk, 4.3);
    cmsSetDeviceClass(cmyk, cmsSigOutputClass);
    cmsSetColorSpace(cmyk, cmsSigCmykData);
    cmsSetPCS(cmyk, cmsSigLabData);
    cmsSetHeaderRenderingIntent(cmyk, INTENT_PERCEPTUAL);
    cmsMLU *description = cmsMLUalloc(NULL, 1);
    cmsMLUsetASCII(description, "en", "US", "Cascade test CMYK (red/blue swapped)");
    cmsWriteTag(cmyk, cmsSigProfileDescriptionTag, description);
    cmsWriteTag(cmyk, cmsSigMediaWhitePointTag, cmsD50_XYZ());
    cmsPipeline *pipeline = cmsPipelineAlloc(NULL, 4, 3);
    cmsStage *clut = cmsStageAllocCLut16bit(NULL, 5, 4, 3, NULL);
    if (!pipeline || !clut || !cmsStageSampleCLut16bit(clut, sample, NULL, 0)) return 1;
    /* lutAtoBType wants A curves, CLUT, B curves: identity curves around the grid. */
    cmsPipelineInsertStage(pipeline, cmsAT_END, cmsStageAllocToneCurves(NULL, 4, NULL));
    cmsPipelineInsertStage(pipeline, cmsAT_END, clut);
    cmsPipelineInsertStage(pipeline, cmsAT_END, cmsStageAllocToneCurves(NULL, 3, NULL));
    cmsWriteTag(cmyk, cmsSigAToB0Tag, pipeline);
    if (!save(cmyk, "cmyk-test.icc") || !save(srgb, "srgb.icc")) return 1;
    return 0;
}
