// libchafa's functions that chafa_drawing.c calls, and glib's g_string_free, which frees what
// chafa_canvas_print returns: it is looked up in chafa's handle, whose search covers the
// libraries chafa needs (glib among them).
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// After the C library's headers: only what chafa's and glib's headers declare is hidden.
#pragma GCC visibility push(hidden)
#include "lazy_library.h"
#include <chafa.h>

TTEOK_LAZY_LIBRARY(tteok_chafa_library, "libchafa.so.0")

TTEOK_LAZY(tteok_chafa_library, ChafaCanvasConfig *, chafa_canvas_config_new, (void), ())
TTEOK_LAZY(tteok_chafa_library, void, chafa_canvas_config_set_canvas_mode, (ChafaCanvasConfig * config, ChafaCanvasMode mode),
           (config, mode))
TTEOK_LAZY(tteok_chafa_library, void, chafa_canvas_config_set_cell_geometry,
           (ChafaCanvasConfig * config, gint cell_width, gint cell_height), (config, cell_width, cell_height))
TTEOK_LAZY(tteok_chafa_library, void, chafa_canvas_config_set_geometry, (ChafaCanvasConfig * config, gint width, gint height),
           (config, width, height))
TTEOK_LAZY(tteok_chafa_library, void, chafa_canvas_config_set_pixel_mode, (ChafaCanvasConfig * config, ChafaPixelMode pixel_mode),
           (config, pixel_mode))
TTEOK_LAZY(tteok_chafa_library, void, chafa_canvas_config_set_symbol_map,
           (ChafaCanvasConfig * config, const ChafaSymbolMap *symbol_map), (config, symbol_map))
TTEOK_LAZY(tteok_chafa_library, void, chafa_canvas_config_unref, (ChafaCanvasConfig * config), (config))
TTEOK_LAZY(tteok_chafa_library, ChafaCanvas *, chafa_canvas_new, (const ChafaCanvasConfig *config), (config))
TTEOK_LAZY(tteok_chafa_library, void, chafa_canvas_unref, (ChafaCanvas * canvas), (canvas))
TTEOK_LAZY(tteok_chafa_library, void, chafa_canvas_draw_all_pixels,
           (ChafaCanvas * canvas, ChafaPixelType src_pixel_type, const guint8 *src_pixels, gint src_width, gint src_height,
            gint src_rowstride),
           (canvas, src_pixel_type, src_pixels, src_width, src_height, src_rowstride))
TTEOK_LAZY(tteok_chafa_library, gunichar, chafa_canvas_get_char_at, (ChafaCanvas * canvas, gint x, gint y), (canvas, x, y))
TTEOK_LAZY(tteok_chafa_library, void, chafa_canvas_get_colors_at,
           (ChafaCanvas * canvas, gint x, gint y, gint *fg_out, gint *bg_out), (canvas, x, y, fg_out, bg_out))
TTEOK_LAZY(tteok_chafa_library, GString *, chafa_canvas_print, (ChafaCanvas * canvas, ChafaTermInfo *term_info),
           (canvas, term_info))
TTEOK_LAZY(tteok_chafa_library, ChafaSymbolMap *, chafa_symbol_map_new, (void), ())
TTEOK_LAZY(tteok_chafa_library, void, chafa_symbol_map_add_by_tags, (ChafaSymbolMap * symbol_map, ChafaSymbolTags tags),
           (symbol_map, tags))
TTEOK_LAZY(tteok_chafa_library, void, chafa_symbol_map_remove_by_tags, (ChafaSymbolMap * symbol_map, ChafaSymbolTags tags),
           (symbol_map, tags))
TTEOK_LAZY(tteok_chafa_library, void, chafa_symbol_map_unref, (ChafaSymbolMap * symbol_map), (symbol_map))
TTEOK_LAZY(tteok_chafa_library, ChafaTermDb *, chafa_term_db_get_default, (void), ())
TTEOK_LAZY(tteok_chafa_library, ChafaTermInfo *, chafa_term_db_get_fallback_info, (ChafaTermDb * term_db), (term_db))
TTEOK_LAZY(tteok_chafa_library, void, chafa_term_info_unref, (ChafaTermInfo * term_info), (term_info))

TTEOK_LAZY(tteok_chafa_library, gchar *, g_string_free, (GString * string, gboolean free_segment), (string, free_segment))

#pragma GCC visibility pop
