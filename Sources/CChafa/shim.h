#ifndef TTEOK_CCHAFA_SHIM_H
#define TTEOK_CCHAFA_SHIM_H
// libchafa turns pixels into terminal cells (symbols) or graphics sequences (kitty, sixel).
// It does not decode files: CPng, CJpeg, CGif and CWebP do that.
#include <chafa.h>

// GString's fields are visible, but freeing it is a function taking a gboolean macro.
static inline void tteok_g_string_free_all(GString *string) { g_string_free(string, TRUE); }
#endif
