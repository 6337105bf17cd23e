// FreeType (glyph outlines), HarfBuzz (shaping: glyph choice, advances, kerning from the
// font's GPOS or kern tables), fontconfig (the installed fonts a run of text falls back
// to) and FriBidi (the Unicode bidirectional algorithm). Only NotchwaveText imports this
// module.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_ADVANCES_H
#include <hb.h>
#include <hb-ot.h>
#include <fontconfig/fontconfig.h>
#include <fribidi/fribidi.h>

// FriBidi's paragraph directions are macros of macros, which Swift does not import.
static inline FriBidiParType nw_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType nw_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType nw_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline int nw_fribidi_is_rtl(FriBidiParType type) { return FRIBIDI_IS_RTL(type) ? 1 : 0; }
