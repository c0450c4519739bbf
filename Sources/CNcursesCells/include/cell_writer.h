#ifndef TTEOK_CELL_WRITER_H
#define TTEOK_CELL_WRITER_H
// Writes the cells ncurses is about to update (stdscr's changed lines, all but the last) that
// differ from what the terminal shows (curscr), as ncurses' wnoutrefresh and doupdate would, but
// without their planning; see cell_writer.c. Gathers the terminal's bytes into `bytes` (of
// `size`) and returns how many (0: nothing to write; -1: nothing done, all left to ncurses).
// Call before wnoutrefresh and doupdate, on the thread that uses ncurses.
int tteok_write_changes(char *bytes, int size);
#endif
