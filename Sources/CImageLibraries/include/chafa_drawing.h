#ifndef TTEOK_CHAFA_DRAWING_H
#define TTEOK_CHAFA_DRAWING_H
// Pixels to terminal cells or a graphics sequence with libchafa, behind plain C types. In C, not
// Swift: chafa's header includes glib's, which need include folders that only pkg-config knows,
// and a `.systemLibrary(pkgConfig:)` giving them to Swift would also link libchafa and glib into
// every product (see Package.swift's `chafaHeaderFlags`). Only this target's C files see them.
#include <stddef.h>
#include <stdint.h>

/// Draws `width`×`height` pixels (RGBA, 8 bits a channel, not premultiplied, rows packed)
/// stretched over `columns`×`rows` cells with chafa's symbols: one-column block, border and space
/// characters, each cell with a true-colour foreground and background. Writes each cell's code
/// point and packed 0xRRGGBB colours (negative: transparent, the terminal's own) to the three
/// arrays, `columns * rows` long, row after row.
void tteok_chafa_symbols(const uint8_t *rgba, int width, int height, int columns, int rows, uint32_t *characters,
                         int32_t *foregrounds, int32_t *backgrounds);

typedef enum {
    TTEOK_CHAFA_KITTY,
    TTEOK_CHAFA_SIXEL,
} tteok_chafa_protocol;

/// The same pixels as one kitty or sixel sequence covering exactly `columns`×`rows` cells of
/// `cell_width`×`cell_height` pixels: a buffer the caller frees with `free`, its length in
/// `*length`; NULL when chafa printed nothing or memory ran out.
uint8_t *tteok_chafa_graphic(const uint8_t *rgba, int width, int height, int columns, int rows, int cell_width,
                             int cell_height, tteok_chafa_protocol protocol, size_t *length);
#endif
