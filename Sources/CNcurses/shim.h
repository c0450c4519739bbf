#ifndef TTEOK_CNCURSES_SHIM_H
#define TTEOK_CNCURSES_SHIM_H
// Wide-character ncurses: these must be defined before curses.h is included.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

// ncurses macros are invisible to Swift; expose the ones we use as functions.
static inline attr_t tteok_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t tteok_A_BOLD(void) { return A_BOLD; }
static inline attr_t tteok_A_DIM(void) { return A_DIM; }
static inline attr_t tteok_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t tteok_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t tteok_A_ITALIC(void) { return A_ITALIC; }
static inline attr_t tteok_COLOR_PAIR(int n) { return COLOR_PAIR(n); }
static inline int tteok_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int tteok_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline WINDOW *tteok_stdscr(void) { return stdscr; }
static inline int tteok_COLORS(void) { return COLORS; }
static inline int tteok_COLOR_PAIRS(void) { return COLOR_PAIRS; }
static inline int tteok_ERR(void) { return ERR; }
static inline int tteok_OK(void) { return OK; }
static inline int tteok_KEY_RESIZE(void) { return KEY_RESIZE; }

// wcwidth is not visible through Glibc; the backend checks its glyph widths against it.
static inline int tteok_wcwidth(wchar_t c) { return wcwidth(c); }
// ioctl is variadic, so Swift cannot call it: the terminal's size in rows and columns.
static inline int tteok_window_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}
// The window's size in pixels (0 when the terminal does not say), for pictures sized to cells.
static inline int tteok_window_pixels(int fd, int *width, int *height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *width = size.ws_xpixel;
    *height = size.ws_ypixel;
    return 0;
}
static inline WINDOW *tteok_curscr(void) { return curscr; }
// ncurses' record of one line of a window (`struct ldat`, curses.priv.h; curses.h only declares
// it): its cells and the span changed since the last refresh (-1: none). Unchanged since ncurses 5;
// the ABI (libncursesw.so.6) fixes it.
struct tteok_ldat {
    cchar_t *text;
    NCURSES_SIZE_T firstchar;
    NCURSES_SIZE_T lastchar;
    NCURSES_SIZE_T oldindex;
};
// Moves the cells of a rectangle of `w` up by `count` rows (a region scrolling), row by row in
// ncurses' own cell arrays (a memcpy per row: reading and adding the cells through
// win_wchnstr/wadd_wchnstr cost about 2,400 instructions a row), so colours, attributes and wide
// glyphs move as they are, and marks each moved row's columns changed for the next refresh, as
// wadd_wchnstr does. The rectangle's sides must not cut a wide glyph. The bottom `count` rows keep
// what they held. All or nothing: the only failures (a rectangle outside the window) are refused
// before any move.
static inline int tteok_move_rows_up(WINDOW *w, int top, int left, int width, int height, int count) {
    if (w == NULL || width <= 0 || count <= 0 || count >= height || top < 0 || left < 0
        || top + height > getmaxy(w) || left + width > getmaxx(w)) return ERR;
    struct tteok_ldat *lines = (struct tteok_ldat *)w->_line;
    int right = left + width - 1;
    for (int y = top; y < top + height - count; y++) {
        struct tteok_ldat *line = &lines[y];
        memcpy(line->text + left, lines[y + count].text + left, sizeof(cchar_t) * (size_t)width);
        if (line->firstchar < 0 || line->firstchar > left) line->firstchar = (NCURSES_SIZE_T)left;
        if (line->lastchar < 0 || line->lastchar < right) line->lastchar = (NCURSES_SIZE_T)right;
    }
    return OK;
}
#endif
