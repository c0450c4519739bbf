// The two drawings ImagePreview asks of libchafa (include/chafa_drawing.h). Every chafa and glib
// function called here is one of chafa_lazy.c's wrappers: ImageLibrary.chafa is asked for first.
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// After the C library's headers: only what chafa's and glib's headers declare is hidden.
#pragma GCC visibility push(hidden)
#include "chafa_drawing.h"
#include <chafa.h>

/// A canvas for `config` with all of the pixels drawn on it; the caller unrefs it.
static ChafaCanvas *drawn_canvas(ChafaCanvasConfig *config, const uint8_t *rgba, int width, int height) {
    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, width * 4);
    return canvas;
}

void tteok_chafa_symbols(const uint8_t *rgba, int width, int height, int columns, int rows, uint32_t *characters,
                         int32_t *foregrounds, int32_t *backgrounds) {
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(config, columns, rows);
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR);
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS);
    ChafaSymbolMap *symbols = chafa_symbol_map_new();
    // One-column symbols only: a cell of ours has no room for chafa's wide ones.
    chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_BORDER | CHAFA_SYMBOL_TAG_SPACE);
    chafa_symbol_map_remove_by_tags(symbols, CHAFA_SYMBOL_TAG_WIDE);
    chafa_canvas_config_set_symbol_map(config, symbols);
    ChafaCanvas *canvas = drawn_canvas(config, rgba, width, height);
    for (int row = 0; row < rows; row++) {
        for (int column = 0; column < columns; column++) {
            size_t cell = (size_t)row * (size_t)columns + (size_t)column;
            gint foreground = -1, background = -1;
            characters[cell] = chafa_canvas_get_char_at(canvas, column, row);
            chafa_canvas_get_colors_at(canvas, column, row, &foreground, &background);
            foregrounds[cell] = foreground;
            backgrounds[cell] = background;
        }
    }
    chafa_canvas_unref(canvas);
    chafa_symbol_map_unref(symbols);
    chafa_canvas_config_unref(config);
}

uint8_t *tteok_chafa_graphic(const uint8_t *rgba, int width, int height, int columns, int rows, int cell_width,
                             int cell_height, tteok_chafa_protocol protocol, size_t *length) {
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(config, columns, rows);
    chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
    chafa_canvas_config_set_pixel_mode(config, protocol == TTEOK_CHAFA_KITTY ? CHAFA_PIXEL_MODE_KITTY : CHAFA_PIXEL_MODE_SIXELS);
    ChafaCanvas *canvas = drawn_canvas(config, rgba, width, height);
    // The fallback description knows every sequence chafa can emit, kitty's and sixel's.
    ChafaTermInfo *info = chafa_term_db_get_fallback_info(chafa_term_db_get_default());
    GString *printed = chafa_canvas_print(canvas, info);
    uint8_t *bytes = NULL;
    *length = 0;
    if (printed && printed->len > 0 && (bytes = malloc(printed->len))) {
        memcpy(bytes, printed->str, printed->len);
        *length = printed->len;
    }
    if (printed) g_string_free(printed, TRUE);
    chafa_term_info_unref(info);
    chafa_canvas_unref(canvas);
    chafa_canvas_config_unref(config);
    return bytes;
}

#pragma GCC visibility pop
