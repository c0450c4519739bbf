// The cell writer of NcursesTerminal (see include/cell_writer.h), in C compiled with the
// package's optimisation: as inline functions of CNcurses' header it was compiled by Swift's
// importer without it, at three times the instructions.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>
// term.h declares tputs, and defines `lines`, `columns` and the like as macros: declared here alone.
extern int tputs(const char *, int, int (*)(int));
#include <string.h>
#include <wchar.h>
#include "cell_writer.h"

// ncurses' record of one line of a window (`struct ldat`, as in CNcurses' shim.h).
struct tteok_ldat {
    cchar_t *text;
    NCURSES_SIZE_T firstchar;
    NCURSES_SIZE_T lastchar;
    NCURSES_SIZE_T oldindex;
};

// Writes the cells ncurses is about to update (stdscr's changed lines) that differ from what the
// terminal shows (curscr), as ncurses' wnoutrefresh and doupdate would, but without their
// planning: doupdate hashes every changed line to look for scrolls and weighs several cursor
// motions (building each candidate's escape string) before every run of changed cells — about
// 0.4 M instructions for a live message that moved 26 rows of a chat beside the channel list,
// half of what the client spent on it. Here a run is one absolute cursor address, the cells'
// attributes through ncurses' own `vid_puts` (so its record of the terminal's attributes stays
// true), and the characters as UTF-8; curscr and newscr then hold what was written and the lines
// are marked unchanged, exactly as after wnoutrefresh and doupdate, which are called next for what
// is left (the last row, whose last cell may scroll the screen; lines with a clear or a redraw
// pending) and the cursor.

// Where `vid_puts` writes: the bytes being gathered (the main thread's, during one call).
struct tteok_output {
    char *bytes;
    int used;
    int size;
    int overflowed;
};
static struct tteok_output *tteok_current_output = NULL;

static int tteok_output_byte(int c) {
    struct tteok_output *out = tteok_current_output;
    if (out == NULL) return c;
    if (out->used < out->size) out->bytes[out->used++] = (char)c; else out->overflowed = 1;
    return c;
}

static void tteok_output_text(const char *text) {
    while (text != NULL && *text != '\0') tteok_output_byte((unsigned char)*text++);
}

// A terminfo string, through tputs as ncurses writes them: its padding (`$<5>`) is not text.
static void tteok_output_capability(const char *capability) {
    if (capability != NULL) tputs(capability, 1, tteok_output_byte);
}

static void tteok_output_number(int value) {
    char digits[12];
    int count = 0;
    do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value > 0 && count < 11);
    while (count > 0) tteok_output_byte(digits[--count]);
}

static void tteok_output_utf8(wchar_t character) {
    unsigned int c = (unsigned int)character;
    if (c < 0x80) {
        tteok_output_byte((int)c);
    } else if (c < 0x800) {
        tteok_output_byte((int)(0xC0 | (c >> 6)));
        tteok_output_byte((int)(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
        tteok_output_byte((int)(0xE0 | (c >> 12)));
        tteok_output_byte((int)(0x80 | ((c >> 6) & 0x3F)));
        tteok_output_byte((int)(0x80 | (c & 0x3F)));
    } else {
        tteok_output_byte((int)(0xF0 | (c >> 18)));
        tteok_output_byte((int)(0x80 | ((c >> 12) & 0x3F)));
        tteok_output_byte((int)(0x80 | ((c >> 6) & 0x3F)));
        tteok_output_byte((int)(0x80 | (c & 0x3F)));
    }
}

// The cursor to row, column (0-based): `cup` through tiparm, or written directly when the
// terminal's `cup` is the ANSI one (checked once per call: tiparm formats with vsprintf).
static void tteok_output_address(const char *address, int ansi, int row, int column) {
    if (!ansi) { tteok_output_capability(tiparm(address, row, column)); return; }
    tteok_output_text("\033[");
    tteok_output_number(row + 1);
    tteok_output_byte(';');
    tteok_output_number(column + 1);
    tteok_output_byte('H');
}

// ncurses' CharEq (a memcmp of the cell), without a call per cell.
static int tteok_same_cell(const cchar_t *a, const cchar_t *b) {
    return a->chars[0] == b->chars[0] && a->attr == b->attr && a->ext_color == b->ext_color && a->chars[1] == b->chars[1]
        && a->chars[2] == b->chars[2] && a->chars[3] == b->chars[3] && a->chars[4] == b->chars[4];
}

// ncurses' marks of the second column of a wide character (curses.priv.h: WidecExt).
static int tteok_cell_extension(const cchar_t *cell) { return (int)(cell->attr & A_CHARTEXT); }

static void tteok_output_attributes(const cchar_t *cell) {
    int pair = cell->ext_color ? cell->ext_color : (int)PAIR_NUMBER(cell->attr);
    vid_puts(cell->attr & ~A_CHARTEXT, (NCURSES_PAIRS_T)pair, &pair, tteok_output_byte);
}

// The most one cell can need: attributes (sgr0, four modes, two 24-bit colours: about 60) and five
// characters of four bytes; and a cursor address.
#define TTEOK_CELL_BYTES 96
#define TTEOK_LINE_SLACK 64

// Writes one line's differing cells in columns first..last into `out` and into curscr; newscr
// takes the whole line (outside the changed columns it already holds the same cells).
// Writes the glyph at x (its first column) and records it in curscr; returns its width.
static int tteok_put_cell(struct tteok_ldat *wanted, struct tteok_ldat *shown, int x, int columns) {
    cchar_t *cell = &wanted->text[x];
    tteok_output_attributes(cell);
    for (int k = 0; k < CCHARW_MAX && cell->chars[k] != 0; k++) tteok_output_utf8(cell->chars[k]);
    if (cell->chars[0] == 0) tteok_output_byte(' ');
    int width = tteok_cell_extension(cell) == 1 ? 2 : 1;
    for (int k = 0; k < width && x + k < columns; k++) shown->text[x + k] = wanted->text[x + k];
    return width;
}

// Unchanged cells this few between two changed ones are written again rather than jumped over,
// as ncurses does: cheaper than a cursor address, and a changed word stays whole in the output.
#define TTEOK_GAP_WRITTEN 6

static void tteok_write_line(struct tteok_ldat *wanted, struct tteok_ldat *shown, struct tteok_ldat *next, int row,
                             int first, int last, int columns, const char *address, int ansi) {
    memcpy(next->text, wanted->text, sizeof(cchar_t) * (size_t)columns);
    int x = first, cursor = -1;
    while (x <= last) {
        // Most cells are unchanged: eight at a time through memcmp's vector loop first.
        if (last - x >= 7 && memcmp(&wanted->text[x], &shown->text[x], 8 * sizeof(cchar_t)) == 0) {
            x += 8;
            continue;
        }
        cchar_t *cell = &wanted->text[x];
        if (tteok_same_cell(cell, &shown->text[x])) { x++; continue; }
        if (tteok_cell_extension(cell) > 1) {
            // The second column of a wide character is written with its first.
            if (x > 0 && tteok_cell_extension(&wanted->text[x - 1]) == 1) {
                x--;
            } else {
                shown->text[x] = *cell;
                x++;
                continue;
            }
        }
        // The cursor stands after the last glyph written: a short gap is written through.
        int bridged = cursor >= 0 && cursor < x && x - cursor <= TTEOK_GAP_WRITTEN;
        for (int g = cursor; bridged && g < x; g++) {
            if (tteok_cell_extension(&wanted->text[g]) > 1) bridged = 0;
        }
        if (bridged) {
            for (int g = cursor; g < x;) g += tteok_put_cell(wanted, shown, g, columns);
        } else if (cursor != x) {
            tteok_output_address(address, ansi, row, x);
        }
        x += tteok_put_cell(wanted, shown, x, columns);
        cursor = x;
    }
}

// Gathers into `bytes` (of `size`) the writes for every changed line of stdscr but the last,
// before wnoutrefresh (which would copy them cell by cell into newscr first: a tenth of what a
// live message cost), marks those lines unchanged, and returns how many bytes (0: nothing to
// write; -1: nothing done, everything left to wnoutrefresh and doupdate). The bytes are wrapped in
// save/restore cursor, so ncurses' record of where the cursor is stays true, and end with normal
// attributes, as every doupdate does.
int tteok_write_changes(char *bytes, int size) {
    WINDOW *wanted = stdscr, *next = newscr, *shown = curscr;
    if (wanted == NULL || next == NULL || shown == NULL || wanted->_clear || next->_clear || shown->_clear) return -1;
    if (wanted->_begy != 0 || wanted->_begx != 0 || getmaxy(next) != getmaxy(wanted) || getmaxx(next) != getmaxx(wanted)) return -1;
    const char *save = tigetstr("sc"), *restore = tigetstr("rc"), *address = tigetstr("cup");
    if (save == NULL || save == (char *)-1 || restore == NULL || restore == (char *)-1 || address == NULL || address == (char *)-1) return -1;
    int lines = getmaxy(wanted), columns = getmaxx(wanted);
    if (getmaxy(shown) != lines || getmaxx(shown) != columns) return -1;
    // Whether the terminal's `cup` is the ANSI one, asked once per terminal description.
    static const char *checkedAddress = NULL;
    static int ansi = 0;
    if (address != checkedAddress) {
        const char *probe = tiparm(address, 1, 2);
        ansi = probe != NULL && strcmp(probe, "\033[2;3H") == 0;
        checkedAddress = address;
    }
    struct tteok_output out = { bytes, 0, size, 0 };
    tteok_current_output = &out;
    tteok_output_capability(save);
    int begun = out.used;
    struct tteok_ldat *wantedLines = (struct tteok_ldat *)wanted->_line, *shownLines = (struct tteok_ldat *)shown->_line;
    struct tteok_ldat *nextLines = (struct tteok_ldat *)next->_line;
    for (int row = 0; row < lines - 1; row++) {
        struct tteok_ldat *line = &wantedLines[row];
        if (line->firstchar == _NOCHANGE || nextLines[row].firstchar != _NOCHANGE || shownLines[row].firstchar != _NOCHANGE) continue;
        int first = line->firstchar < 0 ? 0 : line->firstchar, last = line->lastchar >= columns ? columns - 1 : line->lastchar;
        // Room for the worst this line can need, or it is left to doupdate.
        if (out.size - out.used < (last - first + 1) * TTEOK_CELL_BYTES + TTEOK_LINE_SLACK) break;
        tteok_write_line(line, &shownLines[row], &nextLines[row], row, first, last, columns, address, ansi);
        line->firstchar = _NOCHANGE;
        line->lastchar = _NOCHANGE;
    }
    if (out.used > begun) {
        cchar_t normal;
        wchar_t space[2] = { L' ', 0 };
        setcchar(&normal, space, A_NORMAL, 0, NULL);
        tteok_output_attributes(&normal);
    }
    tteok_output_capability(restore);
    tteok_current_output = NULL;
    if (out.overflowed) {
        // Cannot happen (room is checked per line); if it did, ncurses repaints everything.
        clearok(shown, TRUE);
        return -1;
    }
    return out.used > begun ? out.used : 0;
}
