#ifndef TTEOK_CNCURSES_CELL_WRITER_H
#define TTEOK_CNCURSES_CELL_WRITER_H
// Included by shim.h, after curses.h and `struct tteok_ldat`.
//
// Writes the cells ncurses is about to update (newscr's changed lines, after wnoutrefresh) that
// differ from what the terminal shows (curscr), as ncurses' doupdate would, but without its
// planning: doupdate hashes every changed line to look for scrolls and weighs several cursor
// motions (building each candidate's escape string) before every run of changed cells — about
// 0.4 M instructions for a live message that moved 26 rows of a chat beside the channel list,
// half of what the client spent on it. Here a run is one absolute cursor address, the cells'
// attributes through ncurses' own `vid_puts` (so its record of the terminal's attributes stays
// true), and the characters as UTF-8; curscr then holds what was written and the lines are marked
// unchanged, exactly as after doupdate, which is called next for what is left (the last row,
// whose last cell may scroll the screen; lines with a clear or a redraw pending) and the cursor.

// Where `vid_puts` writes: the bytes being gathered (the main thread's, during one call).
struct tteok_output {
    char *bytes;
    int used;
    int size;
    int overflowed;
};
static struct tteok_output *tteok_current_output = NULL;

static inline int tteok_output_byte(int c) {
    struct tteok_output *out = tteok_current_output;
    if (out == NULL) return c;
    if (out->used < out->size) out->bytes[out->used++] = (char)c; else out->overflowed = 1;
    return c;
}

static inline void tteok_output_text(const char *text) {
    while (text != NULL && *text != '\0') tteok_output_byte((unsigned char)*text++);
}

static inline void tteok_output_number(int value) {
    char digits[12];
    int count = 0;
    do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value > 0 && count < 11);
    while (count > 0) tteok_output_byte(digits[--count]);
}

static inline void tteok_output_utf8(wchar_t character) {
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
static inline void tteok_output_address(const char *address, int ansi, int row, int column) {
    if (!ansi) { tteok_output_text(tiparm(address, row, column)); return; }
    tteok_output_text("\033[");
    tteok_output_number(row + 1);
    tteok_output_byte(';');
    tteok_output_number(column + 1);
    tteok_output_byte('H');
}

// ncurses' marks of the second column of a wide character (curses.priv.h: WidecExt).
static inline int tteok_cell_extension(const cchar_t *cell) { return (int)(cell->attr & A_CHARTEXT); }

static inline void tteok_output_attributes(const cchar_t *cell) {
    int pair = cell->ext_color ? cell->ext_color : (int)PAIR_NUMBER(cell->attr);
    vid_puts(cell->attr & ~A_CHARTEXT, (NCURSES_PAIRS_T)pair, &pair, tteok_output_byte);
}

// The most one cell can need: attributes (sgr0, four modes, two 24-bit colours: about 60) and five
// characters of four bytes; and a cursor address.
#define TTEOK_CELL_BYTES 96
#define TTEOK_LINE_SLACK 64

// Writes one line's differing cells in columns first..last into `out` and into curscr.
static inline void tteok_write_line(struct tteok_ldat *wanted, struct tteok_ldat *shown, int row, int first, int last,
                                    int columns, const char *address, int ansi) {
    int x = first, cursor = -1;
    while (x <= last) {
        cchar_t *cell = &wanted->text[x];
        if (memcmp(cell, &shown->text[x], sizeof(cchar_t)) == 0) { x++; continue; }
        if (tteok_cell_extension(cell) > 1) {
            // The second column of a wide character is written with its first.
            if (x > 0 && tteok_cell_extension(&wanted->text[x - 1]) == 1) {
                x--;
                cell = &wanted->text[x];
            } else {
                shown->text[x] = *cell;
                x++;
                continue;
            }
        }
        if (cursor != x) tteok_output_address(address, ansi, row, x);
        tteok_output_attributes(cell);
        for (int k = 0; k < CCHARW_MAX && cell->chars[k] != 0; k++) tteok_output_utf8(cell->chars[k]);
        if (cell->chars[0] == 0) tteok_output_byte(' ');
        int width = tteok_cell_extension(cell) == 1 ? 2 : 1;
        for (int k = 0; k < width && x + k < columns; k++) shown->text[x + k] = wanted->text[x + k];
        x += width;
        cursor = x;
    }
}

// Gathers into `bytes` (of `size`) the writes for every changed line but the last, marks those
// lines unchanged, and returns how many bytes (0: nothing to do here; -1: none, everything left
// to doupdate). The bytes are wrapped in save/restore cursor, so ncurses' record of where the
// cursor is stays true, and end with normal attributes, as every doupdate does.
static inline int tteok_write_changes(char *bytes, int size) {
    WINDOW *wanted = newscr, *shown = curscr;
    if (wanted == NULL || shown == NULL || wanted->_clear || shown->_clear) return -1;
    const char *save = tigetstr("sc"), *restore = tigetstr("rc"), *address = tigetstr("cup");
    if (save == NULL || save == (char *)-1 || restore == NULL || restore == (char *)-1 || address == NULL || address == (char *)-1) return -1;
    int lines = getmaxy(wanted), columns = getmaxx(wanted);
    if (getmaxy(shown) != lines || getmaxx(shown) != columns) return -1;
    const char *probe = tiparm(address, 1, 2);
    int ansi = probe != NULL && strcmp(probe, "\033[2;3H") == 0;
    struct tteok_output out = { bytes, 0, size, 0 };
    tteok_current_output = &out;
    tteok_output_text(save);
    int begun = out.used;
    struct tteok_ldat *wantedLines = (struct tteok_ldat *)wanted->_line, *shownLines = (struct tteok_ldat *)shown->_line;
    for (int row = 0; row < lines - 1; row++) {
        struct tteok_ldat *line = &wantedLines[row];
        if (line->firstchar == _NOCHANGE || shownLines[row].firstchar != _NOCHANGE) continue;
        int first = line->firstchar < 0 ? 0 : line->firstchar, last = line->lastchar >= columns ? columns - 1 : line->lastchar;
        // Room for the worst this line can need, or it is left to doupdate.
        if (out.size - out.used < (last - first + 1) * TTEOK_CELL_BYTES + TTEOK_LINE_SLACK) break;
        tteok_write_line(line, &shownLines[row], row, first, last, columns, address, ansi);
        line->firstchar = _NOCHANGE;
        line->lastchar = _NOCHANGE;
    }
    if (out.used > begun) {
        cchar_t normal;
        wchar_t space[2] = { L' ', 0 };
        setcchar(&normal, space, A_NORMAL, 0, NULL);
        tteok_output_attributes(&normal);
    }
    tteok_output_text(restore);
    tteok_current_output = NULL;
    if (out.overflowed) {
        // Cannot happen (room is checked per line); if it did, ncurses repaints everything.
        clearok(shown, TRUE);
        return -1;
    }
    return out.used > begun ? out.used : 0;
}
#endif
