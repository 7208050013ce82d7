/* Finding a font file by family through fontconfig. */
#include "CWatermark.h"
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

int32_t cwm_font_find(const char *family, char *path, size_t path_capacity,
                      char *matched, size_t matched_capacity) {
    if (family == NULL || path == NULL || path_capacity == 0) return CWM_ERR_ARGUMENT;
    path[0] = 0;
    if (matched != NULL && matched_capacity > 0) matched[0] = 0;
    FcConfig *config = FcInitLoadConfigAndFonts();
    if (config == NULL) return CWM_ERR_NO_FONT;
    FcPattern *pattern = FcPatternCreate();
    int32_t code = CWM_ERR_NO_FONT;
    if (pattern == NULL) goto done_config;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddInteger(pattern, FC_WEIGHT, FC_WEIGHT_REGULAR);
    FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN);
    FcConfigSubstitute(config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern *font = FcFontMatch(config, pattern, &result);
    if (font != NULL) {
        FcChar8 *file = NULL, *found = NULL;
        if (FcPatternGetString(font, FC_FAMILY, 0, &found) == FcResultMatch && matched != NULL && matched_capacity > 0) {
            snprintf(matched, matched_capacity, "%s", (const char *)found);
        }
        /* A fallback of another family is not the font asked for. */
        int same = 0;
        for (int n = 0; FcPatternGetString(font, FC_FAMILY, n, &found) == FcResultMatch; n++) {
            if (strcasecmp((const char *)found, family) == 0) { same = 1; break; }
        }
        if (same && FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch
            && strlen((const char *)file) < path_capacity) {
            snprintf(path, path_capacity, "%s", (const char *)file);
            code = CWM_OK;
        }
        FcPatternDestroy(font);
    }
    FcPatternDestroy(pattern);
done_config:
    FcConfigDestroy(config);
    return code;
}
