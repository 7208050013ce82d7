// FreeType (glyph rasterising), HarfBuzz (shaping) and fontconfig (finding a
// font by family), for the C shim CWatermark. HarfBuzz and fontconfig are
// named by their folder under /usr/include, so freetype2's pkg-config flags
// are the only ones needed.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
#include <fontconfig/fontconfig.h>
