/*
 * lcms2 helpers for the HEIF and JPEG XL decoders: an ICC profile for a colour space
 * given by primaries and a transfer function (what an nclx box or a JPEG XL enumerated colour
 * encoding names), and an ICC -> sRGB conversion to check what a browser shows.
 *
 * Why a synthesised profile rather than converting the pixels to sRGB: renditions already carry
 * the source's ICC profile (JPEG APP2, PNG iCCP), so a Display P3 photo tagged by nclx is treated
 * like one tagged by an ICC profile. Its wide-gamut colours survive on wide-gamut screens, every
 * colour-managed browser maps it to sRGB elsewhere, and no pixel is touched (no clipping, no
 * rounding, no transform cost per rendition).
 */
#include "cth_private.h"
#include <lcms2.h>

/* The ICC header's dateTimeNumber (bytes 24-35): 2000-01-01 00:00:00, for reproducible output. */
static const uint8_t cth_fixed_date[12] = {0x07, 0xD0, 0x00, 0x01, 0x00, 0x01, 0, 0, 0, 0, 0, 0};

static cmsToneCurve *cth_transfer_curve(int32_t transfer) {
    switch (transfer) {
    case CTH_TRANSFER_SRGB: {
        const cmsFloat64Number srgb[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
        return cmsBuildParametricToneCurve(NULL, 4, srgb);
    }
    case CTH_TRANSFER_BT709: {
        const cmsFloat64Number bt709[5] = {1.0 / 0.45, 1.0 / 1.099, 0.099 / 1.099, 1.0 / 4.5, 0.081};
        return cmsBuildParametricToneCurve(NULL, 4, bt709);
    }
    case CTH_TRANSFER_LINEAR: return cmsBuildGamma(NULL, 1.0);
    case CTH_TRANSFER_GAMMA22: return cmsBuildGamma(NULL, 2.2);
    case CTH_TRANSFER_GAMMA28: return cmsBuildGamma(NULL, 2.8);
    default: return NULL;
    }
}

int32_t cth_colour_rgb_profile(const double chromaticities[8], int32_t transfer, const char *description,
                               uint8_t **out, size_t *out_length, cth_error *error) {
    if (chromaticities == NULL || out == NULL || out_length == NULL) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "no chromaticities");
        return CTH_ERR_ARGUMENT;
    }
    *out = NULL;
    *out_length = 0;
    for (int i = 0; i < 8; i++) {
        /* y = 0 would divide by zero in lcms2's xyY -> XYZ; real primaries are inside (0, 1). */
        if (!(chromaticities[i] > 0.0 && chromaticities[i] < 1.0)) {
            cth_set_error(error, CTH_ERR_UNSUPPORTED, "chromaticity %d is %g", i, chromaticities[i]);
            return CTH_ERR_UNSUPPORTED;
        }
    }
    cmsCIExyY white = {chromaticities[6], chromaticities[7], 1.0};
    cmsCIExyYTRIPLE primaries = {
        {chromaticities[0], chromaticities[1], 1.0},
        {chromaticities[2], chromaticities[3], 1.0},
        {chromaticities[4], chromaticities[5], 1.0},
    };
    cmsToneCurve *curve = cth_transfer_curve(transfer);
    if (curve == NULL) {
        cth_set_error(error, CTH_ERR_UNSUPPORTED, "transfer function %d", (int)transfer);
        return CTH_ERR_UNSUPPORTED;
    }
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfile(&white, &primaries, curves);
    cmsFreeToneCurve(curve);
    if (profile == NULL) {
        cth_set_error(error, CTH_ERR_UNSUPPORTED, "lcms2 cannot build a profile for these primaries");
        return CTH_ERR_UNSUPPORTED;
    }
    cmsMLU *text = cmsMLUalloc(NULL, 1);
    if (text != NULL) {
        cmsMLUsetASCII(text, "en", "US", description ? description : "RGB");
        cmsWriteTag(profile, cmsSigProfileDescriptionTag, text);
        cmsMLUfree(text);
    }
    cmsUInt32Number length = 0;
    int32_t code = CTH_OK;
    if (!cmsSaveProfileToMem(profile, NULL, &length) || length < 128) {
        code = CTH_ERR_UNSUPPORTED;
        cth_set_error(error, code, "lcms2 cannot write the profile");
    } else if ((*out = malloc(length)) == NULL) {
        code = CTH_ERR_OUT_OF_MEMORY;
        cth_set_error(error, code, "out of memory for a %u-byte profile", (unsigned)length);
    } else if (!cmsSaveProfileToMem(profile, *out, &length)) {
        free(*out);
        *out = NULL;
        code = CTH_ERR_UNSUPPORTED;
        cth_set_error(error, code, "lcms2 cannot write the profile");
    } else {
        memcpy(*out + 24, cth_fixed_date, sizeof cth_fixed_date);
        *out_length = length;
    }
    cmsCloseProfile(profile);
    return code;
}

int32_t cth_colour_to_srgb(const uint8_t *icc, size_t icc_length, uint8_t *rgb, size_t count, cth_error *error) {
    if (icc == NULL || icc_length == 0 || icc_length > 0xffffffffu || rgb == NULL) {
        cth_set_error(error, CTH_ERR_ARGUMENT, "no profile or pixels");
        return CTH_ERR_ARGUMENT;
    }
    cmsHPROFILE source = cmsOpenProfileFromMem(icc, (cmsUInt32Number)icc_length);
    if (source == NULL) {
        cth_set_error(error, CTH_ERR_CORRUPT, "lcms2 cannot read the ICC profile");
        return CTH_ERR_CORRUPT;
    }
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    cmsHTRANSFORM transform = srgb ? cmsCreateTransform(source, TYPE_RGB_8, srgb, TYPE_RGB_8,
                                                        INTENT_RELATIVE_COLORIMETRIC, 0) : NULL;
    int32_t code = CTH_OK;
    if (transform == NULL) {
        code = CTH_ERR_UNSUPPORTED;
        cth_set_error(error, code, "lcms2 cannot convert this profile to sRGB");
    } else {
        /* cmsDoTransform takes a 32-bit count: convert in slices. */
        for (size_t done = 0; done < count;) {
            size_t slice = count - done > 0x1000000u ? 0x1000000u : count - done;
            cmsDoTransform(transform, rgb + done * 3, rgb + done * 3, (cmsUInt32Number)slice);
            done += slice;
        }
        cmsDeleteTransform(transform);
    }
    if (srgb) cmsCloseProfile(srgb);
    cmsCloseProfile(source);
    return code;
}
