// FreeType (glyph outlines) and HarfBuzz (shaping: glyph choice, advances, kerning from
// the font's GPOS or kern tables). Only NotchwaveText imports this module.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_ADVANCES_H
#include <hb.h>
#include <hb-ot.h>
